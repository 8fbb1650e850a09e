//! Write transactions: every write of the application begins with [`begin_write`] (`BEGIN
//! IMMEDIATE`, so concurrent writers wait for each other instead of failing half-way when a read
//! turns into a write) and commits with its audit entry ([`Write::commit_audited`]).
//!
//! SQLite has one writer at a time, so the writers of this process take turns, and each database
//! file has **its own writer connection**, kept for the process's life beside the pool: a writer in
//! its turn never waits for a pooled connection the readers are using (that wait was most of a
//! result's time under load), and no writer waiting for its turn holds a connection the readers
//! need (eight writers asleep in SQLite's busy handler once left the pages waiting for seconds).
//! The busy timeout still orders this process against another one on the same file. A database
//! without a file (in memory) writes through a pooled connection after a process-wide turn.
//!
//! On PostgreSQL a write is a pooled connection's transaction, begun after this process's turn on
//! that database (so no more than one pooled connection waits for the lock) and then the **database
//! lock**: `pg_advisory_xact_lock` on one key for the whole application (`pg_write_lock!`), held
//! until the commit or rollback. Every writer of every instance on the database takes it, so writes
//! are serialized exactly as SQLite serializes them: two instances pairing the same round take turns,
//! the second sees the first's round and is refused (409), and every check-then-write of a
//! workflow stays one step. Just before the commit a write sends `NOTIFY anqi_changes` with the id
//! of each event it wrote an audit entry for (the entry is the event's new version; an empty
//! payload for a write of no event), which PostgreSQL delivers to the listeners (`store::notify`)
//! when, and only if, the transaction commits. A write that never reaches its commit or rollback
//! (its request dropped while it waited for the lock, say) closes its connection, so neither the
//! transaction nor the lock outlives it (`LockedConn`).
//!
//! A writer that waited or held its turn for [`CONTENTION_LOG`] or more is logged on stderr with the
//! route it served ([`labelled`]).

use std::collections::HashMap;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock};
use std::time::{Duration, Instant};

use sqlx::ConnectOptions;
use sqlx::any::AnyConnectOptions;
use sqlx::sqlite::SqliteConnectOptions;
use tokio::sync::{Mutex, OwnedMutexGuard};

use super::{Backend, Conn, Db, SQLITE_SESSION, StoreResult, audit, backend, now};

/// A writer that waited, or held the turn, this long is logged with its route.
pub const CONTENTION_LOG: Duration = Duration::from_millis(100);

/// The key of PostgreSQL's advisory lock that every write transaction of the application takes
/// (see the module text): "anqi" in ASCII, 0x616e_7169, as a literal for [`PG_BEGIN_LOCKED`].
macro_rules! pg_write_lock {
    () => {
        1634627945
    };
}

/// How long a write transaction may sit idle on PostgreSQL before the server ends it, as
/// PostgreSQL shows the setting (a literal for `PG_BEGIN_LOCKED`).
macro_rules! pg_idle_write_limit {
    () => {
        "30s"
    };
}

/// The statement that begins a write transaction on PostgreSQL: `BEGIN`, then the database lock
/// (`pg_write_lock!`, written out: the statement takes no bound values). A write transaction left
/// idle for [`PG_IDLE_WRITE_LIMIT`] is ended by PostgreSQL, whatever left it so: no write ever
/// waits that long between its statements, and every writer of every instance waits for its lock.
const PG_BEGIN_LOCKED: &str = concat!(
    "BEGIN; SET LOCAL idle_in_transaction_session_timeout = '",
    pg_idle_write_limit!(),
    "'; SELECT pg_advisory_xact_lock(",
    pg_write_lock!(),
    ")"
);

/// `pg_idle_write_limit!`, for the tests that read the setting back.
pub const PG_IDLE_WRITE_LIMIT: &str = pg_idle_write_limit!();

/// The channel of PostgreSQL's change notifications (the payload is an event id, or empty).
pub const PG_CHANNEL: &str = "anqi_changes";
tokio::task_local! {
    /// What the current task is doing, for the contention log (the request's method and path).
    static ROUTE: String;
}

/// Runs `work` under a label (e.g. `PUT /api/events/1/rounds/6/boards/3/result`) that the
/// contention log names.
pub async fn labelled<F: std::future::Future>(label: String, work: F) -> F::Output {
    ROUTE.scope(label, work).await
}

/// The label of the current task's route, if it runs under one (for work sent to another task).
pub fn route_label() -> Option<String> {
    ROUTE.try_with(|r| r.clone()).ok()
}

/// Logs a writer's wait or hold that reached [`CONTENTION_LOG`], with the route.
fn log_contention(what: &str, took: Duration) {
    if took >= CONTENTION_LOG {
        let route = ROUTE
            .try_with(|r| r.clone())
            .unwrap_or_else(|_| "(no route)".into());
        eprintln!(
            "[{}] contention: {route} {what} {} ms",
            now(),
            took.as_millis()
        );
    }
}

/// Counts the write transactions this process has ended with a commit (or tried to), in any
/// database (see [`write_generation`]).
static WRITES: AtomicU64 = AtomicU64::new(0);

/// The number of write transactions this process has ended with a commit so far. Read it before
/// reading a version: while it is unchanged, no write of this process has committed since (writes
/// of another process are not counted; readers of it re-read versions now and then).
pub fn write_generation() -> u64 {
    WRITES.load(Ordering::Acquire)
}

/// Woken after each commit counted by [`write_generation`], for whoever waits on it (the live
/// pages' hub, `service::live`, learns of this process's writes at once instead of at its next
/// periodic version query).
pub fn committed() -> &'static tokio::sync::Notify {
    static COMMITTED: tokio::sync::Notify = tokio::sync::Notify::const_new();
    &COMMITTED
}

/// A database file's writer connection, behind its turn.
#[derive(Default)]
struct Writer {
    /// The connection (`None` before the first write, or after it broke); taken out while a
    /// [`Write`] has it.
    conn: Option<Conn>,
    /// A transaction was left open on it (a write dropped where no task could roll it back): the
    /// next writer rolls it back first.
    open: bool,
    /// The file it was opened on: a file replaced since (a restore, a test's new database at the
    /// same path) gets a new connection.
    file: Option<FileId>,
}

/// A file's identity (device and inode), where the platform has one.
pub(super) type FileId = (u64, u64);

pub(super) fn file_id(path: &std::path::Path) -> Option<FileId> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// The writers of each database file.
static WRITERS: LazyLock<std::sync::Mutex<HashMap<PathBuf, Arc<Mutex<Writer>>>>> =
    LazyLock::new(Default::default);

/// The turns of the databases written through pooled connections (PostgreSQL, SQLite in memory),
/// by URL.
static POOLED_TURNS: LazyLock<std::sync::Mutex<HashMap<String, Arc<Mutex<()>>>>> =
    LazyLock::new(Default::default);

fn pooled_turn(url: &str) -> Arc<Mutex<()>> {
    let mut turns = POOLED_TURNS.lock().unwrap_or_else(|p| p.into_inner());
    turns.entry(url.to_string()).or_default().clone()
}

/// A write transaction (see the module text). It dereferences to the connection (`&mut *tx` is an
/// executor); dropping it without committing rolls it back.
pub struct Write {
    inner: Option<Inner>,
    /// When the turn came.
    turned: Instant,
}

enum Inner {
    /// The file's writer connection, in its turn.
    Own {
        conn: Conn,
        turn: OwnedMutexGuard<Writer>,
    },
    /// A pooled transaction on a database in memory, after the process's turn on it.
    Pooled {
        tx: sqlx::Transaction<'static, sqlx::Any>,
        _turn: OwnedMutexGuard<()>,
    },
    /// On PostgreSQL: a pooled connection in the write transaction begun on it, after the
    /// process's turn on the database.
    Locked {
        conn: LockedConn,
        turn: OwnedMutexGuard<()>,
        /// The highest audit entry id when the lock was taken: the entries above it are this
        /// write's, and name the events its change notification names.
        audit_mark: i64,
    },
}

/// A pooled PostgreSQL connection with a write transaction open on it (`PG_BEGIN_LOCKED`), begun
/// here rather than as sqlx's transaction: sqlx counts a transaction only once its `BEGIN` has
/// answered, so a begin dropped while it waited for the database lock (a request whose client went
/// away, or an extractor dropped when another extractor of the same handler failed first) sent the
/// connection back to the pool still inside the transaction, where it took the lock and held it for
/// good, and every later write waited for it. Unless its transaction ended through
/// [`LockedConn::end`], dropping it closes the connection: PostgreSQL then aborts the transaction
/// and frees the lock.
struct LockedConn(Option<sqlx::pool::PoolConnection<sqlx::Any>>);

impl LockedConn {
    /// Begins the write transaction on a connection of `db`'s pool and takes the database lock.
    async fn begin(db: &Db) -> StoreResult<LockedConn> {
        let mut conn = LockedConn(Some(db.acquire().await?));
        sqlx::raw_sql(PG_BEGIN_LOCKED).execute(&mut *conn).await?;
        Ok(conn)
    }

    /// Ends the transaction with `statement` (`COMMIT` or `ROLLBACK`); the connection goes back to
    /// the pool only if that answered.
    async fn end(mut self, statement: &'static str) -> Result<(), sqlx::Error> {
        sqlx::raw_sql(statement).execute(&mut *self).await?;
        drop(self.0.take());
        Ok(())
    }
}

impl Drop for LockedConn {
    fn drop(&mut self) {
        if let Some(mut conn) = self.0.take() {
            conn.close_on_drop();
        }
    }
}

impl std::ops::Deref for LockedConn {
    type Target = Conn;
    fn deref(&self) -> &Conn {
        // `0` is only taken by `end` and `drop`, which consume it.
        self.0
            .as_deref()
            .expect("a locked connection is used after it ended")
    }
}

impl std::ops::DerefMut for LockedConn {
    fn deref_mut(&mut self) -> &mut Conn {
        self.0
            .as_deref_mut()
            .expect("a locked connection is used after it ended")
    }
}

/// The file of a SQLite database URL (`None` for PostgreSQL or a URL without a file).
pub(super) fn sqlite_file(url: &str) -> Option<PathBuf> {
    static FILES: LazyLock<std::sync::Mutex<HashMap<String, Option<PathBuf>>>> =
        LazyLock::new(Default::default);
    let mut files = FILES.lock().unwrap_or_else(|p| p.into_inner());
    files
        .entry(url.to_string())
        .or_insert_with(|| {
            if Backend::of_url(url) != Some(Backend::Sqlite) {
                return None;
            }
            SqliteConnectOptions::from_str(url)
                .ok()
                .map(|o| o.get_filename().to_path_buf())
        })
        .clone()
}

/// The writer of the database's file, or `None` for a database without one.
fn writer_of(url: &str) -> Option<Arc<Mutex<Writer>>> {
    let file = sqlite_file(url)?;
    let mut writers = WRITERS.lock().ok()?;
    if let Some(w) = writers.get(&file) {
        return Some(w.clone());
    }
    // In-memory databases are named, not files: a second connection would be another database.
    if !file.is_file() {
        return None;
    }
    let w = Arc::new(Mutex::new(Writer::default()));
    writers.insert(file, w.clone());
    Some(w)
}

/// Opens a SQLite writer connection on `url`, set up as the pool's are.
async fn connect_sqlite(url: &str) -> StoreResult<Conn> {
    let mut conn = AnyConnectOptions::from_str(url)?.connect().await?;
    sqlx::raw_sql(SQLITE_SESSION).execute(&mut conn).await?;
    Ok(conn)
}

/// The file's writer connection of `db` in its turn, with a transaction left open on it rolled
/// back, and when the turn came.
async fn file_writer(
    db: &Db,
    url: &str,
    writer: Arc<Mutex<Writer>>,
    asked: Instant,
) -> StoreResult<(Conn, OwnedMutexGuard<Writer>, Instant)> {
    let mut turn = writer.lock_owned().await;
    let turned = Instant::now();
    log_contention("waited for the writer's turn", turned - asked);
    if db.is_closed() {
        return Err(sqlx::Error::PoolClosed.into());
    }
    let path = sqlite_file(url).unwrap_or_default();
    let file = file_id(&path);
    let kept = turn.conn.take().filter(|_| turn.file == file);
    if kept.is_none() {
        turn.open = false;
    }
    let mut conn = match kept {
        Some(c) => c,
        None => {
            let c = connect_sqlite(url).await?;
            turn.file = file;
            c
        }
    };
    if turn.open {
        // A connection that cannot roll back is replaced (closing it ends its transaction).
        if sqlx::raw_sql("ROLLBACK").execute(&mut conn).await.is_err() {
            conn = connect_sqlite(url).await?;
        }
        turn.open = false;
    }
    Ok((conn, turn, turned))
}

/// Begins a write transaction (see [`Write`]).
pub async fn begin_write(db: &Db) -> StoreResult<Write> {
    let asked = Instant::now();
    let url = db.connect_options().database_url.to_string();
    let Some(writer) = writer_of(&url) else {
        let turn = pooled_turn(&url).lock_owned().await;
        let turned = Instant::now();
        let inner = match backend(db) {
            Backend::Postgres => {
                // BEGIN and the lock in one round trip: the lock is held across the whole write
                // transaction, so each step less in it is a step less every writer waits for.
                let mut conn = LockedConn::begin(db).await?;
                // Under the lock no other writer adds entries, so the ones above are this write's.
                let audit_mark: i64 =
                    sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM audit_log")
                        .fetch_one(&mut *conn)
                        .await?;
                Inner::Locked {
                    conn,
                    turn,
                    audit_mark,
                }
            }
            Backend::Sqlite => Inner::Pooled {
                tx: db.begin_with("BEGIN IMMEDIATE").await?,
                _turn: turn,
            },
        };
        log_contention("waited for the writer's turn", turned - asked);
        log_contention("waited to begin (the database lock)", turned.elapsed());
        return Ok(Write {
            inner: Some(inner),
            turned: Instant::now(),
        });
    };
    let (mut conn, mut turn, turned) = file_writer(db, &url, writer, asked).await?;
    if let Err(e) = sqlx::raw_sql("BEGIN IMMEDIATE").execute(&mut conn).await {
        // Kept for the next writer unless the connection itself failed.
        if matches!(e, sqlx::Error::Database(_)) {
            turn.conn = Some(conn);
        }
        return Err(e.into());
    }
    log_contention("waited to begin (the database lock)", turned.elapsed());
    Ok(Write {
        inner: Some(Inner::Own { conn, turn }),
        turned,
    })
}

/// A whole write transaction in one round trip to the SQLite file's writer connection, in its
/// turn: `script` is `BEGIN IMMEDIATE; …; COMMIT;`, its statements taking their parameters from one
/// list (`$n` is the same value in each). Under a stream of writes the writer's turn is then held
/// for one round trip instead of one per statement. The rows the script returns come back (an
/// audit entry's `RETURNING id`, say); on an error whatever ran is rolled back. `Ok(None)` when
/// the database has no file writer (PostgreSQL, SQLite in memory): write in steps ([`begin_write`]).
pub async fn in_one_trip(
    db: &Db,
    script: sqlx::query::Query<'_, sqlx::Any, sqlx::any::AnyArguments>,
) -> StoreResult<Option<Vec<sqlx::any::AnyRow>>> {
    let asked = Instant::now();
    let url = db.connect_options().database_url.to_string();
    let Some(writer) = writer_of(&url) else {
        return Ok(None);
    };
    let (mut conn, mut turn, turned) = file_writer(db, &url, writer, asked).await?;
    let done = script.fetch_all(&mut conn).await;
    if done.is_err() && sqlx::raw_sql("ROLLBACK").execute(&mut conn).await.is_err() {
        // The next writer rolls it back, or replaces the connection.
        turn.open = true;
    }
    turn.conn = Some(conn);
    drop(turn);
    log_contention("held the writer's turn", turned.elapsed());
    count_commit();
    Ok(Some(done?))
}

/// Counts a write transaction's end (see [`write_generation`]) and wakes who waits for commits.
/// Called after the commit, even a failed one (it may have reached the file), so a reader that saw
/// the old count read the old data, or reads again.
fn count_commit() {
    WRITES.fetch_add(1, Ordering::AcqRel);
    committed().notify_waiters();
}

impl Write {
    /// Commits.
    pub async fn commit(mut self) -> StoreResult<()> {
        let done = match self.inner.take() {
            Some(Inner::Own { mut conn, mut turn }) => {
                let done = sqlx::raw_sql("COMMIT").execute(&mut conn).await;
                if done.is_err() {
                    // Whatever the failure, the next writer starts clean.
                    turn.open = true;
                }
                turn.conn = Some(conn);
                done.map(|_| ())
            }
            Some(Inner::Pooled { tx, _turn }) => tx.commit().await,
            Some(Inner::Locked {
                mut conn,
                turn: _turn,
                audit_mark,
            }) => {
                // One notification per event with a new audit entry (its version changed), or one
                // empty one; PostgreSQL delivers them at the commit, and only if it commits.
                let notified = sqlx::query(
                    "SELECT pg_notify($1, e) FROM (
                       SELECT DISTINCT COALESCE(CAST(event_id AS TEXT), '') AS e
                         FROM audit_log WHERE id > $2
                       UNION SELECT '' WHERE NOT EXISTS (SELECT 1 FROM audit_log WHERE id > $2)
                     ) AS changed",
                )
                .bind(PG_CHANNEL)
                .bind(audit_mark)
                .execute(&mut *conn)
                .await;
                match notified {
                    Ok(_) => conn.end("COMMIT").await,
                    Err(e) => Err(e),
                }
            }
            None => Ok(()),
        };
        log_contention("held the writer's turn", self.turned.elapsed());
        count_commit();
        done?;
        Ok(())
    }

    /// Rolls back (dropping a `Write` does too).
    pub async fn rollback(mut self) -> StoreResult<()> {
        match self.inner.take() {
            Some(Inner::Own { mut conn, mut turn }) => {
                let done = sqlx::raw_sql("ROLLBACK").execute(&mut conn).await;
                turn.open = done.is_err();
                turn.conn = Some(conn);
                done?;
            }
            Some(Inner::Pooled { tx, .. }) => tx.rollback().await?,
            Some(Inner::Locked { conn, .. }) => conn.end("ROLLBACK").await?,
            None => {}
        }
        Ok(())
    }

    /// Appends the audit entry of the change, then commits both together.
    pub async fn commit_audited(
        mut self,
        user_id: Option<i64>,
        event_id: Option<i64>,
        action: &str,
        detail: &str,
    ) -> StoreResult<()> {
        audit::record(&mut *self, user_id, event_id, action, detail).await?;
        self.commit().await
    }

    /// [`Write::commit_audited`] for an entry that carries the reason typed for the change.
    pub async fn commit_audited_with_reason(
        mut self,
        (user_id, event_id): (Option<i64>, Option<i64>),
        action: &str,
        detail: &str,
        reason: &str,
    ) -> StoreResult<()> {
        audit::record_with_reason(&mut *self, user_id, event_id, action, detail, reason).await?;
        self.commit().await
    }
}

impl Drop for Write {
    fn drop(&mut self) {
        // A pooled transaction in memory rolls itself back. The file's connection, and a locked
        // PostgreSQL one, are rolled back by a task that keeps the turn until it is done; with no
        // runtime to run it, the file's next writer rolls back, and the PostgreSQL connection is
        // dropped (closed: see `LockedConn`).
        let Ok(rt) = tokio::runtime::Handle::try_current() else {
            if let Some(Inner::Own { conn, mut turn }) = self.inner.take() {
                turn.open = true;
                turn.conn = Some(conn);
            }
            return;
        };
        match self.inner.take() {
            Some(Inner::Own { mut conn, mut turn }) => {
                rt.spawn(async move {
                    turn.open = sqlx::raw_sql("ROLLBACK").execute(&mut conn).await.is_err();
                    turn.conn = Some(conn);
                });
            }
            Some(Inner::Locked { conn, turn, .. }) => {
                rt.spawn(async move {
                    // A connection that cannot roll back is closed instead.
                    let _ = conn.end("ROLLBACK").await;
                    drop(turn);
                });
            }
            Some(Inner::Pooled { .. }) | None => {}
        }
    }
}

impl std::ops::Deref for Write {
    type Target = Conn;
    fn deref(&self) -> &Conn {
        match &self.inner {
            Some(Inner::Own { conn, .. }) => conn,
            Some(Inner::Pooled { tx, .. }) => tx,
            Some(Inner::Locked { conn, .. }) => conn,
            // `inner` is only taken by `commit`, `rollback` and `drop`, which consume the write.
            None => unreachable!("a write is used after it ended"),
        }
    }
}

impl std::ops::DerefMut for Write {
    fn deref_mut(&mut self) -> &mut Conn {
        match &mut self.inner {
            Some(Inner::Own { conn, .. }) => conn,
            Some(Inner::Pooled { tx, .. }) => tx,
            Some(Inner::Locked { conn, .. }) => conn,
            None => unreachable!("a write is used after it ended"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_begin_statement_takes_the_write_lock_named_anqi() {
        assert_eq!(pg_write_lock!(), 0x616e_7169_i64);
        assert_eq!(&0x616e_7169_i64.to_be_bytes()[4..], b"anqi");
        assert_eq!(
            PG_BEGIN_LOCKED,
            "BEGIN; SET LOCAL idle_in_transaction_session_timeout = '30s'; \
             SELECT pg_advisory_xact_lock(1634627945)"
        );
    }
}
