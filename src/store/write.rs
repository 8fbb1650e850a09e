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
//! A writer that waited or held its turn for [`CONTENTION_LOG`] or more is logged on stderr with the
//! route it served ([`labelled`]).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock};
use std::time::{Duration, Instant};

use sqlx::ConnectOptions;
use sqlx::SqliteConnection;
use tokio::sync::{Mutex, OwnedMutexGuard};

use super::{Db, StoreResult, audit, now};

/// A writer that waited, or held the turn, this long is logged with its route.
pub const CONTENTION_LOG: Duration = Duration::from_millis(100);

tokio::task_local! {
    /// What the current task is doing, for the contention log (the request's method and path).
    static ROUTE: String;
}

/// Runs `work` under a label (e.g. `PUT /api/events/1/rounds/6/boards/3/result`) that the
/// contention log names.
pub async fn labelled<F: std::future::Future>(label: String, work: F) -> F::Output {
    ROUTE.scope(label, work).await
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
    conn: Option<SqliteConnection>,
    /// A transaction was left open on it (a write dropped where no task could roll it back): the
    /// next writer rolls it back first.
    open: bool,
    /// The file it was opened on: a file replaced since (a restore, a test's new database at the
    /// same path) gets a new connection.
    file: Option<FileId>,
}

/// A file's identity (device and inode), where the platform has one.
type FileId = (u64, u64);

fn file_id(path: &std::path::Path) -> Option<FileId> {
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

/// The turn of the databases without a file.
static POOLED_TURN: LazyLock<Arc<Mutex<()>>> = LazyLock::new(Default::default);

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
        conn: SqliteConnection,
        turn: OwnedMutexGuard<Writer>,
    },
    /// A pooled transaction, after the process-wide turn.
    Pooled {
        tx: sqlx::Transaction<'static, sqlx::Sqlite>,
        _turn: OwnedMutexGuard<()>,
    },
}

/// The writer of the database's file, or `None` for a database without one.
fn writer_of(db: &Db) -> Option<Arc<Mutex<Writer>>> {
    let options = db.connect_options();
    let file = options.get_filename();
    let mut writers = WRITERS.lock().ok()?;
    if let Some(w) = writers.get(file) {
        return Some(w.clone());
    }
    // In-memory databases are named, not files: a second connection would be another database.
    if !file.is_file() {
        return None;
    }
    let w = Arc::new(Mutex::new(Writer::default()));
    writers.insert(file.to_path_buf(), w.clone());
    Some(w)
}

/// Begins a write transaction (see [`Write`]).
pub async fn begin_write(db: &Db) -> StoreResult<Write> {
    let asked = Instant::now();
    let Some(writer) = writer_of(db) else {
        let turn = POOLED_TURN.clone().lock_owned().await;
        let turned = Instant::now();
        let tx = db.begin_with("BEGIN IMMEDIATE").await?;
        log_contention("waited for the writer's turn", turned - asked);
        return Ok(Write {
            inner: Some(Inner::Pooled { tx, _turn: turn }),
            turned,
        });
    };
    let mut turn = writer.lock_owned().await;
    let turned = Instant::now();
    log_contention("waited for the writer's turn", turned - asked);
    if db.is_closed() {
        return Err(sqlx::Error::PoolClosed.into());
    }
    let options = db.connect_options();
    let file = file_id(options.get_filename());
    let kept = turn.conn.take().filter(|_| turn.file == file);
    if kept.is_none() {
        turn.open = false;
    }
    let mut conn = match kept {
        Some(c) => c,
        None => {
            let c = options.connect().await?;
            turn.file = file;
            c
        }
    };
    if turn.open {
        // A connection that cannot roll back is replaced (closing it ends its transaction).
        if sqlx::raw_sql("ROLLBACK").execute(&mut conn).await.is_err() {
            conn = options.connect().await?;
        }
        turn.open = false;
    }
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
            None => Ok(()),
        };
        log_contention("held the writer's turn", self.turned.elapsed());
        // Counted after the commit (even a failed one: it may have reached the file), so a reader
        // that saw the old count read the old data, or reads again.
        WRITES.fetch_add(1, Ordering::AcqRel);
        committed().notify_waiters();
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
            Some(Inner::Pooled { tx, _turn }) => tx.rollback().await?,
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
}

impl Drop for Write {
    fn drop(&mut self) {
        // A pooled transaction rolls itself back; the file's connection is rolled back by a task
        // that keeps the turn until it is done (or, with no runtime to run it, by the next writer).
        if let Some(Inner::Own { mut conn, mut turn }) = self.inner.take() {
            match tokio::runtime::Handle::try_current() {
                Ok(rt) => {
                    rt.spawn(async move {
                        turn.open = sqlx::raw_sql("ROLLBACK").execute(&mut conn).await.is_err();
                        turn.conn = Some(conn);
                    });
                }
                Err(_) => {
                    turn.open = true;
                    turn.conn = Some(conn);
                }
            }
        }
    }
}

impl std::ops::Deref for Write {
    type Target = SqliteConnection;
    fn deref(&self) -> &SqliteConnection {
        match &self.inner {
            Some(Inner::Own { conn, .. }) => conn,
            Some(Inner::Pooled { tx, .. }) => tx,
            // `inner` is only taken by `commit`, `rollback` and `drop`, which consume the write.
            None => unreachable!("a write is used after it ended"),
        }
    }
}

impl std::ops::DerefMut for Write {
    fn deref_mut(&mut self) -> &mut SqliteConnection {
        match &mut self.inner {
            Some(Inner::Own { conn, .. }) => conn,
            Some(Inner::Pooled { tx, .. }) => tx,
            None => unreachable!("a write is used after it ended"),
        }
    }
}
