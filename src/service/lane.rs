//! Lanes: threads of their own for the workflows that wait on the database many times in a row —
//! a result entered through the API ([`Lane::Writes`]) and the computation of an event's state
//! ([`Lane::Loads`]).
//!
//! A request's task on a busy request worker waits for the worker's whole queue of other requests
//! each time one of its database answers arrives. A result entry awaits about eight answers (the
//! token, the event, the round, the board, the writer's turn, the write), and while it waits it
//! holds pooled connections, and in its write the database's one writer turn, so other requests
//! wait for those waits too; an event's new state after a write reads five tables and computes the
//! standings, and every page that missed the cache waits for it. On a lane, which runs nothing
//! else, each answer is taken up at once: the request's task waits for its worker once, for the
//! whole workflow's outcome, and the computation no longer holds up the worker's other requests.
//! A lane's workflow reads through the database's side pool (`store::side`), whose connections
//! come back at once, not after a request worker's queue.
//!
//! Lanes serve databases in SQLite files, whose connections answer through threads of their own. A
//! PostgreSQL connection answers through the runtime that opened it (a request worker's, which may
//! have stopped since), so there, and for SQLite in memory, the workflow runs on the caller's own
//! task with the caller's pool, as it did before.

use std::future::Future;
use std::sync::LazyLock;

use super::ServiceError;
use crate::store::Db;

/// A lane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lane {
    /// Result entries: one thread (the writes take turns on the database anyway).
    Writes,
    /// Event state computations: two threads (a long computation of one event does not hold up
    /// another's).
    Loads,
}

impl Lane {
    /// The name of the lane's threads.
    pub fn thread_name(self) -> &'static str {
        match self {
            Lane::Writes => "anqi-writes",
            Lane::Loads => "anqi-loads",
        }
    }
}

type Runtime = Result<tokio::runtime::Runtime, String>;

/// The lanes' runtimes, started with their first workflow and kept for the process's life (every
/// application of the process shares them).
static WRITES: LazyLock<Runtime> = LazyLock::new(|| start(Lane::Writes, 1));
static LOADS: LazyLock<Runtime> = LazyLock::new(|| start(Lane::Loads, 2));

fn start(lane: Lane, threads: usize) -> Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(threads)
        .thread_name(lane.thread_name())
        .enable_all()
        .build()
        .map_err(|e| format!("{}: {e}", lane.thread_name()))
}

/// Runs the workflow `work` makes of a database on `lane`, given the side pool of `db`, when `db`
/// is a SQLite file; else on the caller's task, given `db`. Its outcome either way. The workflow
/// runs to its end even if the caller stops waiting (a client that hung up), and the contention
/// log's route label goes along.
pub async fn run<W, F, T>(lane: Lane, db: &Db, work: W) -> Result<T, ServiceError>
where
    W: FnOnce(Db) -> F + Send + 'static,
    F: Future<Output = T> + Send + 'static,
    T: Send + 'static,
{
    if !crate::store::side::has_side_pool(db) {
        return Ok(work(db.clone()).await);
    }
    let runtime = match lane {
        Lane::Writes => &*WRITES,
        Lane::Loads => &*LOADS,
    }
    .as_ref()
    .map_err(|e| ServiceError::Internal(e.clone()))?;
    let shared = db.clone();
    let label = crate::store::route_label();
    let work = async move {
        let db = crate::store::side::side_pool(&shared)
            .await
            .unwrap_or(shared);
        match label {
            Some(label) => crate::store::labelled(label, work(db)).await,
            None => work(db).await,
        }
    };
    runtime
        .spawn(work)
        .await
        .map_err(|e| ServiceError::Internal(format!("{}: {e}", lane.thread_name())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_sqlite_file_s_workflow_runs_on_the_lane_with_the_side_pool() {
        let dir = std::env::temp_dir().join(format!("anqi-lane-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}", dir.join("lane.db").display());
        let db = crate::store::open(&url).await.unwrap();
        let (thread, pool_size) = run(Lane::Writes, &db, |db| async move {
            let version = crate::store::schema_version(&db).await.unwrap();
            assert_eq!(version, crate::store::binary_schema_version());
            (
                std::thread::current().name().map(str::to_string),
                db.options().get_max_connections(),
            )
        })
        .await
        .unwrap();
        assert_eq!(thread.as_deref(), Some("anqi-writes"));
        assert_ne!(
            pool_size,
            db.options().get_max_connections(),
            "the side pool, not the shared one"
        );
        db.close().await;
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[tokio::test]
    async fn a_database_in_memory_runs_its_workflow_in_place() {
        let db = crate::store::pool("sqlite::memory:", 1).await.unwrap();
        let thread = run(Lane::Loads, &db, |_| async {
            std::thread::current().name().map(str::to_string)
        })
        .await
        .unwrap();
        assert_ne!(thread.as_deref(), Some("anqi-loads"));
    }
}
