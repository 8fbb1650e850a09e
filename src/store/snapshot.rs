//! Whole-database copies: the online backup (`anqi backup`, the administrator's download) and the
//! restore (`anqi restore`). Not to be confused with [`super::backup`], the JSON export of one event.
//!
//! A copy is made with SQLite's `VACUUM INTO`, which reads the database in one read transaction: it is
//! consistent (every write committed before it started, none after) and the server keeps serving,
//! reads and writes alike, while it runs (WAL mode). On PostgreSQL (a later issue) the same job is
//! `pg_dump`'s.
//!
//! A restore replaces the database file, so it must not run while anything has the database open: a
//! server (or another command) using it would go on writing to the file it opened and lose those writes,
//! or the restored file would be mixed with its write-ahead log. It is detected soundly by SQLite's own
//! locks: the restore opens the database in exclusive locking mode and begins an exclusive transaction
//! without waiting, which fails while any other connection — even an idle one of a server pool — has
//! the database open in WAL mode. Holding that lock it empties the log, then moves the checked copy in
//! place with a rename (atomic on one file system).

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqliteLockingMode};
use sqlx::{ConnectOptions, Connection};

use super::{Backend, Db, StoreError, StoreResult};

/// Why a restore (or a copy) was refused.
#[derive(Debug, thiserror::Error)]
pub enum SnapshotError {
    /// The database URL does not name a file.
    #[error("'{0}' is not the URL of a SQLite database file")]
    NotAFile(String),
    /// The database is PostgreSQL's: its copies are `pg_dump`'s and `pg_restore`'s.
    #[error(
        "the database is a PostgreSQL database: back it up with pg_dump and restore it with pg_restore (anqi backup and anqi restore copy SQLite files)"
    )]
    Postgres,
    /// The database is open elsewhere (a running server, another command).
    #[error(
        "the database {0} is in use (a server or another command has it open): stop it before restoring"
    )]
    InUse(PathBuf),
    /// The file to restore is not a sound Anqi database.
    #[error("{path} is not an Anqi database backup: {why}")]
    NotABackup {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// The backup file already exists (a copy never overwrites a file).
    #[error("{0} already exists: choose a new file name")]
    Exists(PathBuf),
    /// `anqi backup` names a database that does not exist (it never creates one).
    #[error("the database {0} does not exist")]
    Missing(PathBuf),
    /// The database's schema is not the one this binary knows: a copy is taken without migrating.
    #[error(
        "the database {path} has schema version {found}, newer than this Anqi's {known}: back it up with the Anqi that serves it"
    )]
    Newer {
        /// The database file.
        path: PathBuf,
        /// Its highest applied migration.
        found: i64,
        /// This binary's highest migration.
        known: i64,
    },
    /// The database lacks migrations this binary has (it was never served by this version).
    #[error(
        "the database {path} has schema version {found}, older than this Anqi's {known}: back it up with the Anqi that serves it (a backup never migrates the database)"
    )]
    Older {
        /// The database file.
        path: PathBuf,
        /// Its highest applied migration (0 when none).
        found: i64,
        /// This binary's highest migration.
        known: i64,
    },
    /// The file to restore is the database itself.
    #[error("{0} is the database itself")]
    SameFile(PathBuf),
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// The database refused.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<sqlx::Error> for SnapshotError {
    fn from(e: sqlx::Error) -> Self {
        SnapshotError::Store(e.into())
    }
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> SnapshotError + '_ {
    move |source| SnapshotError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The file of a `sqlite://…` database URL.
pub fn database_file(url: &str) -> Result<PathBuf, SnapshotError> {
    if Backend::of_url(url) == Some(Backend::Postgres) {
        return Err(SnapshotError::Postgres);
    }
    let options =
        SqliteConnectOptions::from_str(url).map_err(|_| SnapshotError::NotAFile(url.into()))?;
    let file = options.get_filename();
    // An in-memory database has no file (sqlx names it `file:sqlx-in-memory-…`).
    let in_memory = url.contains(":memory:") || url.contains("mode=memory");
    if in_memory || file.as_os_str().is_empty() {
        return Err(SnapshotError::NotAFile(url.into()));
    }
    Ok(file.to_path_buf())
}

/// Moves what the write-ahead log of the SQLite database at `url` holds into the database file and
/// empties the log, so that the file alone is the whole database (a command that wrote it, as
/// `anqi copy-db`, runs this before it reports: the file is then copied elsewhere). Nothing to do
/// on PostgreSQL.
pub async fn checkpoint(url: &str) -> StoreResult<()> {
    if Backend::of_url(url) != Some(Backend::Sqlite) {
        return Ok(());
    }
    let mut conn = SqliteConnectOptions::from_str(url)?.connect().await?;
    let done = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .execute(&mut conn)
        .await;
    let _ = conn.close().await;
    done?;
    Ok(())
}

/// Opens the live database of `url` for `anqi backup`: never created, never migrated (the server
/// that uses it owns its schema), and refused unless its applied migrations are exactly this
/// binary's — a newer schema may hold what this binary cannot copy faithfully, an older one means
/// the server running on it is another version.
pub async fn open_existing(url: &str) -> Result<Db, SnapshotError> {
    let file = database_file(url)?;
    if !file.is_file() {
        return Err(SnapshotError::Missing(file));
    }
    // The URL's default mode opens an existing file only.
    let db = super::pool(url, 1).await?;
    let checked = check_schema(&db, &file).await;
    if let Err(e) = checked {
        db.close().await;
        return Err(e);
    }
    Ok(db)
}

/// Compares the applied migrations of `db` with this binary's (see [`open_existing`]).
async fn check_schema(db: &Db, file: &Path) -> Result<(), SnapshotError> {
    let has_table: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations'",
    )
    .fetch_one(db)
    .await?;
    let applied: Vec<i64> = if has_table > 0 {
        sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success = TRUE")
            .fetch_all(db)
            .await?
    } else {
        vec![]
    };
    let found = applied.iter().copied().max().unwrap_or(0);
    let known = super::binary_schema_version();
    if found > known || applied.iter().any(|v| !super::MIGRATOR.version_exists(*v)) {
        return Err(SnapshotError::Newer {
            path: file.to_path_buf(),
            found,
            known,
        });
    }
    if super::MIGRATOR
        .iter()
        .any(|m| !applied.contains(&m.version))
    {
        return Err(SnapshotError::Older {
            path: file.to_path_buf(),
            found,
            known,
        });
    }
    Ok(())
}

/// Writes a consistent copy of the live database to `path`, a new file (refused if it exists).
pub async fn copy_into(db: &Db, path: &Path) -> Result<(), SnapshotError> {
    if super::backend(db) == Backend::Postgres {
        return Err(SnapshotError::Postgres);
    }
    if path.exists() {
        return Err(SnapshotError::Exists(path.to_path_buf()));
    }
    let target = path
        .to_str()
        .ok_or_else(|| SnapshotError::NotAFile(path.display().to_string()))?;
    sqlx::query("VACUUM INTO $1")
        .bind(target)
        .execute(db)
        .await?;
    Ok(())
}

/// A consistent copy of the live database as bytes (the administrator's download), made through a
/// temporary file that is removed again.
pub async fn copy_bytes(db: &Db) -> Result<Vec<u8>, SnapshotError> {
    let dir = std::env::temp_dir();
    let mut nonce = [0u8; 8];
    getrandom::fill(&mut nonce).map_err(|e| SnapshotError::Io {
        path: dir.clone(),
        source: std::io::Error::other(e.to_string()),
    })?;
    let path = dir.join(format!("anqi-backup-{}.db", crate::accounts::hex(&nonce)));
    let copied = copy_into(db, &path).await;
    let bytes = match copied {
        Ok(()) => tokio::fs::read(&path).await.map_err(io(&path)),
        Err(e) => Err(e),
    };
    let _ = tokio::fs::remove_file(&path).await;
    bytes
}

/// Checks that `path` is a sound Anqi database: SQLite's integrity check passes and it has the
/// migrations table. Returns its schema version.
pub async fn check_copy(path: &Path) -> Result<i64, SnapshotError> {
    let not = |why: String| SnapshotError::NotABackup {
        path: path.to_path_buf(),
        why,
    };
    if !path.is_file() {
        return Err(not("no such file".into()));
    }
    let mut conn = SqliteConnectOptions::new()
        .filename(path)
        .read_only(true)
        .connect()
        .await
        .map_err(|e| not(e.to_string()))?;
    let verdict: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .map_err(|e| not(e.to_string()))?;
    if verdict != "ok" {
        return Err(not(format!("integrity check: {verdict}")));
    }
    let version: Option<i64> =
        sqlx::query_scalar("SELECT MAX(version) FROM _sqlx_migrations WHERE success = TRUE")
            .fetch_one(&mut conn)
            .await
            .map_err(|_| not("it has no Anqi schema".into()))?;
    let _ = conn.close().await;
    version.ok_or_else(|| not("it has no Anqi schema".into()))
}

/// Replaces the database of `url` with the copy at `backup`, refused while the database is in use
/// (see the module text). A missing database is simply created from the copy.
pub async fn restore(backup: &Path, url: &str) -> Result<(), SnapshotError> {
    let target = database_file(url)?;
    if target.exists()
        && let (Ok(a), Ok(b)) = (backup.canonicalize(), target.canonicalize())
        && a == b
    {
        return Err(SnapshotError::SameFile(target));
    }
    check_copy(backup).await?;
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    // The copy first goes next to the database (same file system), then is renamed over it.
    let staged = dir.join(format!(
        ".{}.restoring",
        target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "anqi.db".into())
    ));
    // Copied by SQLite (`VACUUM INTO`), not byte for byte: a copy whose last writes are still in
    // its write-ahead log (`-wal` beside it, as a file another process wrote and did not close
    // cleanly leaves it) is restored whole, as one file without a log.
    let _ = tokio::fs::remove_file(&staged).await;
    let copied = vacuum_into(backup, &staged).await;
    if let Err(e) = copied {
        let _ = tokio::fs::remove_file(&staged).await;
        return Err(e);
    }
    let placed = place(&staged, &target).await;
    if placed.is_err() {
        let _ = tokio::fs::remove_file(&staged).await;
    }
    placed
}

/// Writes the database in the file `from` (with its write-ahead log, if any) to the new file `to`.
async fn vacuum_into(from: &Path, to: &Path) -> Result<(), SnapshotError> {
    let target = to
        .to_str()
        .ok_or_else(|| SnapshotError::NotAFile(to.display().to_string()))?;
    let mut conn = SqliteConnectOptions::new()
        .filename(from)
        .read_only(true)
        .connect()
        .await?;
    let done = sqlx::query("VACUUM INTO $1")
        .bind(target)
        .execute(&mut conn)
        .await;
    let _ = conn.close().await;
    done?;
    Ok(())
}

/// Takes the exclusive lock on `target` (if it exists), empties its log and renames `staged` over it.
async fn place(staged: &Path, target: &Path) -> Result<(), SnapshotError> {
    let in_use = || SnapshotError::InUse(target.to_path_buf());
    if !target.exists() {
        return tokio::fs::rename(staged, target).await.map_err(io(target));
    }
    let mut lock = SqliteConnectOptions::new()
        .filename(target)
        .journal_mode(SqliteJournalMode::Wal)
        .locking_mode(SqliteLockingMode::Exclusive)
        .busy_timeout(Duration::ZERO)
        .connect()
        .await
        .map_err(|e| busy_or(e, in_use))?;
    let locked = async {
        sqlx::raw_sql("BEGIN EXCLUSIVE; COMMIT;")
            .execute(&mut lock)
            .await
            .map_err(|e| busy_or(e, in_use))?;
        // In exclusive mode the lock outlives the transaction: nobody can open the database now.
        sqlx::raw_sql("PRAGMA wal_checkpoint(TRUNCATE);")
            .execute(&mut lock)
            .await?;
        tokio::fs::rename(staged, target).await.map_err(io(target))
    }
    .await;
    let _ = lock.close().await;
    // The log and shared-memory files belonged to the replaced database (emptied above).
    for suffix in ["-wal", "-shm"] {
        let mut name = target.as_os_str().to_owned();
        name.push(suffix);
        let _ = tokio::fs::remove_file(PathBuf::from(name)).await;
    }
    locked
}

/// "In use" for SQLite's busy and locked answers, the database error otherwise.
fn busy_or(e: sqlx::Error, in_use: impl FnOnce() -> SnapshotError) -> SnapshotError {
    match &e {
        sqlx::Error::Database(d)
            if matches!(d.code().as_deref(), Some("5" | "6" | "261" | "517")) =>
        {
            in_use()
        }
        _ => e.into(),
    }
}

/// A connection a server keeps open for as long as it runs, so that a restore sees the database in
/// use even when the pool has closed its idle connections. It has read the database once, which is
/// what holds SQLite's shared lock in WAL mode. Dropping it ends the presence.
#[derive(Debug)]
pub struct Presence {
    _conn: Option<sqlx::SqliteConnection>,
}

/// Opens the [`Presence`] of a server on the database at `url` (none on PostgreSQL, which
/// `anqi restore` does not replace).
pub async fn presence(url: &str) -> StoreResult<Presence> {
    if Backend::of_url(url) == Some(Backend::Postgres) {
        return Ok(Presence { _conn: None });
    }
    let mut conn = SqliteConnectOptions::from_str(url)?.connect().await?;
    sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM sqlite_master")
        .fetch_one(&mut conn)
        .await?;
    Ok(Presence { _conn: Some(conn) })
}

/// Records the administrator's download in the audit log (the copy holds password hashes and sealed
/// deals).
pub async fn record_download(db: &Db, by_id: i64) -> StoreResult<()> {
    let tx = super::begin_write(db).await?;
    tx.commit_audited(
        Some(by_id),
        None,
        "database.backup",
        &crate::i18n::Reason::new("audit_d_database_copy").audit(),
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_url_names_its_file() {
        assert_eq!(
            database_file("sqlite://data/anqi.db").expect("file"),
            PathBuf::from("data/anqi.db")
        );
        assert_eq!(
            database_file("sqlite:///var/lib/anqi.db?mode=rwc").expect("file"),
            PathBuf::from("/var/lib/anqi.db")
        );
        assert!(matches!(
            database_file("sqlite::memory:"),
            Err(SnapshotError::NotAFile(_))
        ));
    }
}
