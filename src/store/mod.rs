//! Storage: every SQL statement of the application lives in this module, one file per aggregate.
//!
//! Two backends behind the same functions, through `sqlx::Any`: SQLite, the embedded default (WAL
//! mode, foreign keys on), and PostgreSQL for a hosted server (`postgres://…`). Queries use `$1`
//! placeholders, `RETURNING` and `ON CONFLICT`, which both accept; where the SQL differs a function
//! asks [`backend`] and runs the query of its backend. The schemas agree column by column (INTEGER
//! is BIGINT on PostgreSQL, 0/1 flags included, so every bind is an `i64` and `archived = 0` works on
//! both; text columns compare in `"C"` order there, SQLite's byte order).

pub mod audit;
pub mod backup;
pub mod checkin;
pub mod copy;
pub mod deals;
pub mod entries;
pub mod events;
pub mod knockout;
pub mod knockout_reports;
pub mod notify;
pub mod players;
pub mod prizes;
pub mod ratings;
pub mod records;
pub mod report_links;
pub mod rounds;
pub mod sessions;
pub mod side;
pub mod snapshot;
pub mod throttle;
pub mod users;
mod write;

pub use write::{
    CONTENTION_LOG, PG_IDLE_WRITE_LIMIT, Write, begin_write, committed, labelled, route_label,
    write_generation,
};

use std::str::FromStr;

use sqlx::AnyPool;
use sqlx::ConnectOptions;
use sqlx::any::AnyPoolOptions;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode};

/// The connection pool handed to every store function (SQLite or PostgreSQL, see [`backend`]).
pub type Db = AnyPool;

/// A connection of either backend (a write transaction dereferences to one).
pub type Conn = sqlx::AnyConnection;

/// A row of either backend.
pub(crate) type Row = sqlx::any::AnyRow;

/// The database behind a [`Db`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// An embedded SQLite file (`sqlite://…`).
    Sqlite,
    /// A PostgreSQL server (`postgres://…` or `postgresql://…`).
    Postgres,
}

impl Backend {
    /// The backend a database URL names, or `None` for another scheme.
    pub fn of_url(url: &str) -> Option<Backend> {
        let scheme = url.split(':').next().unwrap_or("");
        match scheme {
            "sqlite" => Some(Backend::Sqlite),
            "postgres" | "postgresql" => Some(Backend::Postgres),
            _ => None,
        }
    }
}

/// The backend of `db` (from its URL's scheme).
pub fn backend(db: &Db) -> Backend {
    Backend::of_url(db.connect_options().database_url.as_str()).unwrap_or(Backend::Sqlite)
}

/// A 0/1 flag: stored as an integer on both backends (bound as `i64`), read from an integer column
/// or from a boolean expression (`EXISTS …` is an integer on SQLite, a boolean on PostgreSQL).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Flag(pub bool);

impl From<Flag> for bool {
    fn from(f: Flag) -> bool {
        f.0
    }
}

impl sqlx::Type<sqlx::Any> for Flag {
    fn type_info() -> sqlx::any::AnyTypeInfo {
        <i64 as sqlx::Type<sqlx::Any>>::type_info()
    }
    fn compatible(ty: &sqlx::any::AnyTypeInfo) -> bool {
        <i64 as sqlx::Type<sqlx::Any>>::compatible(ty)
            || <bool as sqlx::Type<sqlx::Any>>::compatible(ty)
    }
}

impl<'r> sqlx::Decode<'r, sqlx::Any> for Flag {
    fn decode(value: sqlx::any::AnyValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
        match <i64 as sqlx::Decode<sqlx::Any>>::decode(value.clone()) {
            Ok(n) => Ok(Flag(n != 0)),
            Err(_) => <bool as sqlx::Decode<sqlx::Any>>::decode(value).map(Flag),
        }
    }
}

impl sqlx::Encode<'_, sqlx::Any> for Flag {
    fn encode_by_ref(
        &self,
        buf: &mut <sqlx::Any as sqlx::Database>::ArgumentBuffer,
    ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
        <i64 as sqlx::Encode<sqlx::Any>>::encode_by_ref(&i64::from(self.0), buf)
    }
}

/// A storage failure, with the unique-constraint case separated so handlers can answer 409/400.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A UNIQUE constraint rejected the write (e.g. a user name that already exists).
    #[error("already exists")]
    Conflict,
    /// The row was not there.
    #[error("not found")]
    NotFound,
    /// Anything else from the database.
    #[error("database error: {0}")]
    Database(sqlx::Error),
    /// A stored value does not decode (a corrupt or hand-edited row): never masked by a default.
    #[error("{table} row {id}: column {column} holds '{value}', which is not valid")]
    Corrupt {
        /// The table.
        table: &'static str,
        /// The row's id.
        id: i64,
        /// The column.
        column: &'static str,
        /// What it holds.
        value: String,
    },
    /// The event is archived: read-only until it is un-archived.
    #[error("the event is archived")]
    Archived,
    /// The database's disk is full: the write was rolled back, nothing was saved.
    #[error("the server's disk is full; nothing was saved")]
    DiskFull,
    /// Applying the migrations failed.
    #[error("migration failed: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        match &e {
            sqlx::Error::RowNotFound => StoreError::NotFound,
            sqlx::Error::Database(db) if db.is_unique_violation() => StoreError::Conflict,
            _ if disk_full(&e) => StoreError::DiskFull,
            _ => StoreError::Database(e),
        }
    }
}

/// Whether an error says the disk is full: SQLite's `SQLITE_FULL` (13, also written for `ENOSPC`),
/// PostgreSQL's `disk_full` (53100), or the operating system's `ENOSPC` on a file of the driver's.
fn disk_full(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Database(db) => {
            let code = db.code();
            let code = code.as_deref().unwrap_or("");
            // SQLite's extended codes keep the primary code in the low byte.
            code == "53100" || code.parse::<u32>().is_ok_and(|c| c & 0xff == 13)
        }
        sqlx::Error::Io(io) => io.raw_os_error() == Some(28),
        _ => false,
    }
}

/// Result of a store call.
pub type StoreResult<T> = Result<T, StoreError>;

/// A stored value that does not decode into its domain type (a row written by hand or by a bug).
pub(crate) fn corrupt(what: String) -> StoreError {
    StoreError::Database(sqlx::Error::Decode(what.into()))
}

/// The [`StoreError::Corrupt`] of a row whose `column` holds `value`, which does not decode.
pub(crate) fn bad_value(
    table: &'static str,
    id: i64,
    column: &'static str,
    value: impl ToString,
) -> StoreError {
    StoreError::Corrupt {
        table,
        id,
        column,
        value: value.to_string(),
    }
}

/// A stored count, number or place as `u32` ([`bad_value`] when it does not fit).
pub(crate) fn small_number(
    table: &'static str,
    id: i64,
    column: &'static str,
    v: i64,
) -> StoreResult<u32> {
    u32::try_from(v).map_err(|_| bad_value(table, id, column, v))
}

/// The SQLite migrations this binary knows (`migrations/`), applied by [`open`].
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// The PostgreSQL migrations (`migrations/postgres/`): the same schema, numbered so that each
/// backend's highest version is the same [`binary_schema_version`].
pub static PG_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

/// The migrations of `backend`.
pub fn migrator(backend: Backend) -> &'static sqlx::migrate::Migrator {
    match backend {
        Backend::Sqlite => &MIGRATOR,
        Backend::Postgres => &PG_MIGRATOR,
    }
}

/// The schema version this binary knows: its highest migration.
pub fn binary_schema_version() -> i64 {
    MIGRATOR.iter().map(|m| m.version).max().unwrap_or(0)
}

/// One SQL statement with its bound values.
pub(crate) type Statement<'q> =
    sqlx::query::Query<'q, sqlx::Any, <sqlx::Any as sqlx::Database>::Arguments>;

/// Begin, write, audit, commit — for a correction that changes one row: runs `change`; when it
/// changed exactly one row, runs the statements of `then` (tidying that goes with it) and commits with the audit
/// entry `(action, detail)`. False, with nothing written, when `change` changed no row (or more).
pub(crate) async fn write_one(
    db: &Db,
    (user_id, event_id): (Option<i64>, Option<i64>),
    (action, detail): (&str, &str),
    change: Statement<'_>,
    then: Vec<Statement<'_>>,
) -> StoreResult<bool> {
    let mut tx = begin_write(db).await?;
    if change.execute(&mut *tx).await?.rows_affected() != 1 {
        return Ok(false);
    }
    for then in then {
        then.execute(&mut *tx).await?;
    }
    tx.commit_audited(user_id, event_id, action, detail).await?;
    Ok(true)
}

/// What every SQLite connection sets when it opens (WAL mode itself is kept by the file, set by
/// [`open`]): foreign keys enforced, the commit durable at checkpoints (WAL), and a writer of
/// another process waited for up to 10 s.
pub(crate) const SQLITE_SESSION: &str =
    "PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 10000;";

/// A database URL as it may be shown (logs, messages): its password, if any, replaced by `***`.
pub fn shown_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, path) = rest.split_at(end);
    let Some((user_info, host)) = authority.rsplit_once('@') else {
        return url.to_string();
    };
    match user_info.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{host}{path}"),
        None => url.to_string(),
    }
}

/// A pooled connection idle this long is pinged before it is used again ([`pool`]).
const IDLE_BEFORE_PING: std::time::Duration = std::time::Duration::from_secs(10);

/// A pool on `url` (either backend), each SQLite connection set up with [`SQLITE_SESSION`].
pub(crate) async fn pool(url: &str, max: u32) -> StoreResult<Db> {
    Ok(pool_options(url, max)?.connect(url).await?)
}

/// The options of [`pool`].
fn pool_options(url: &str, max: u32) -> StoreResult<AnyPoolOptions> {
    sqlx::any::install_default_drivers();
    let backend = Backend::of_url(url).ok_or_else(|| {
        StoreError::Database(sqlx::Error::Configuration(
            format!("'{url}' is neither a sqlite:// nor a postgres:// URL").into(),
        ))
    })?;
    // A connection is checked (pinged) before use only after it sat idle a while: a ping on every
    // acquire is a round trip more for every request, and inside a write (on PostgreSQL under the
    // database lock, which every writer of every instance waits for). A connection found broken
    // is dropped and another one taken; one that broke while busy fails its query as before.
    let mut options = AnyPoolOptions::new()
        .max_connections(max)
        .test_before_acquire(false)
        .before_acquire(|conn, meta| {
            Box::pin(async move {
                if meta.idle_for < IDLE_BEFORE_PING {
                    return Ok(true);
                }
                Ok(sqlx::Connection::ping(conn).await.is_ok())
            })
        });
    if backend == Backend::Sqlite {
        options = options.after_connect(|conn, _| {
            Box::pin(async move {
                sqlx::raw_sql(SQLITE_SESSION).execute(conn).await?;
                Ok(())
            })
        });
    }
    Ok(options)
}

/// Opens the database at `url` (a SQLite file is created if missing) and applies the migrations
/// of its backend.
pub async fn open(url: &str) -> StoreResult<Db> {
    if Backend::of_url(url) == Some(Backend::Sqlite) {
        // Created, and put in WAL mode (a setting of the file), once before the pool opens it.
        let created = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .connect()
            .await?;
        sqlx::Connection::close(created).await?;
    }
    let pool = pool(url, 8).await?;
    migrator(backend(&pool)).run(&pool).await?;
    // Rating lists stored before their state was kept get it now, once (migration 0012).
    ratings::compute_stale(&pool, None).await?;
    Ok(pool)
}

/// The schema version: the highest applied migration.
pub async fn schema_version(db: &Db) -> StoreResult<i64> {
    let v: Option<i64> =
        sqlx::query_scalar("SELECT MAX(version) FROM _sqlx_migrations WHERE success = TRUE")
            .fetch_one(db)
            .await?;
    Ok(v.unwrap_or(0))
}

/// The text columns of `table` (by the schema of the connection's backend).
pub(crate) async fn text_columns(
    conn: &mut Conn,
    table: &str,
) -> StoreResult<std::collections::HashSet<String>> {
    let sql = if conn.backend_name().eq_ignore_ascii_case("postgresql") {
        "SELECT CAST(column_name AS TEXT) FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = $1 AND data_type = 'text'"
    } else {
        "SELECT name FROM pragma_table_info($1) WHERE upper(type) = 'TEXT'"
    };
    let names: Vec<String> = sqlx::query_scalar(sql).bind(table).fetch_all(conn).await?;
    Ok(names.into_iter().collect())
}

/// The current time as stored in the database (RFC 3339, UTC, seconds).
pub fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

#[cfg(test)]
mod tests {
    use super::{StoreError, pool, shown_url};

    /// A write that finds the disk full is `DiskFull` (the web answers 507), not a bare database error:
    /// SQLite says so with the same code when its page limit is reached.
    #[tokio::test]
    async fn a_write_on_a_full_disk_is_disk_full() {
        let db = pool("sqlite::memory:", 1).await.expect("memory");
        sqlx::query("CREATE TABLE filler (b BLOB)")
            .execute(&db)
            .await
            .expect("table");
        sqlx::query("PRAGMA max_page_count = 8")
            .execute(&db)
            .await
            .expect("limit");
        let mut refused = None;
        for _ in 0..64 {
            let write = sqlx::query("INSERT INTO filler (b) VALUES (zeroblob(4096))")
                .execute(&db)
                .await;
            if let Err(e) = write {
                refused = Some(StoreError::from(e));
                break;
            }
        }
        let refused = refused.expect("the page limit refuses a write");
        assert!(matches!(refused, StoreError::DiskFull), "{refused:?}");
    }

    #[test]
    fn shown_urls_hide_the_password_only() {
        assert_eq!(
            shown_url("postgres://anqi:p%40ss:w@10.0.0.5:5432/anqi?sslmode=require"),
            "postgres://anqi:***@10.0.0.5:5432/anqi?sslmode=require"
        );
        assert_eq!(
            shown_url("postgres://anqi@127.0.0.1/anqi"),
            "postgres://anqi@127.0.0.1/anqi"
        );
        assert_eq!(
            shown_url("sqlite:///var/lib/anqi/anqi.db"),
            "sqlite:///var/lib/anqi/anqi.db"
        );
        assert_eq!(shown_url("sqlite://anqi.db"), "sqlite://anqi.db");
    }
}
