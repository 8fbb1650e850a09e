//! Side pools: a small pool of connections on the same SQLite file as the application's pool, for
//! work that runs on a runtime of its own (`service::lane`).
//!
//! A pooled connection goes back to its pool through a task on the runtime where it was let go,
//! after a ping of the connection: on a busy request worker that task waits for the worker's whole
//! queue, and all the while the connection is neither in use nor free. Under load the shared pool
//! is mostly such connections, and a lane that borrowed from it would wait for the request workers
//! after all. A side pool is only ever used on the lanes, so its connections come back at once.

use std::collections::HashMap;
use std::sync::LazyLock;
use std::time::Duration;

use super::write::{FileId, file_id, sqlite_file};
use super::{Backend, Db, backend};

/// Connections of a side pool (the lanes run a few workflows at a time).
const SIDE_CONNECTIONS: u32 = 6;

/// A side pool's connection idle this long is closed (a process that served many databases, a
/// test run say, does not keep them all open).
const SIDE_IDLE: Duration = Duration::from_secs(30);

/// The side pools, by database file, with the identity of the file they opened.
static SIDE_POOLS: LazyLock<tokio::sync::Mutex<HashMap<std::path::PathBuf, (FileId, Db)>>> =
    LazyLock::new(Default::default);

/// Whether `db` is a SQLite file, which [`side_pool`] opens a side pool on.
pub fn has_side_pool(db: &Db) -> bool {
    backend(db) == Backend::Sqlite
        && sqlite_file(db.connect_options().database_url.as_ref()).is_some_and(|p| p.is_file())
}

/// The side pool of `db`'s SQLite file, opened at the first call; `None` for a database that is not
/// a SQLite file (PostgreSQL, SQLite in memory: a second pool there would be another database), or
/// when the pool cannot be opened (the caller then uses `db`). A file replaced since the pool was
/// opened (a restore, a test's new database at the same path) gets a new pool.
pub async fn side_pool(db: &Db) -> Option<Db> {
    if db.is_closed() || !has_side_pool(db) {
        return None;
    }
    let url = db.connect_options().database_url.to_string();
    let path = sqlite_file(&url)?;
    let file = file_id(&path)?;
    let mut pools = SIDE_POOLS.lock().await;
    if let Some((opened, pool)) = pools.get(&path) {
        if *opened == file && !pool.is_closed() {
            return Some(pool.clone());
        }
        // Closed once its connections are back (a workflow may still be using one).
        let replaced = pool.clone();
        tokio::spawn(async move { replaced.close().await });
    }
    let pool = super::pool_options(&url, SIDE_CONNECTIONS)
        .ok()?
        .idle_timeout(SIDE_IDLE)
        .connect(&url)
        .await
        .ok()?;
    pools.insert(path, (file, pool.clone()));
    Some(pool)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn each_database_file_has_one_side_pool_and_memory_none() {
        let dir = std::env::temp_dir().join(format!("anqi-side-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("side.db");
        let url = format!("sqlite://{}", path.display());
        let names = |db: Db| async move {
            sqlx::query_scalar::<_, String>("SELECT name FROM users ORDER BY id")
                .fetch_all(&db)
                .await
                .expect("names")
        };
        let db = super::super::open(&url).await.expect("open");
        super::super::users::create(&db, "first", crate::accounts::Role::Organizer, "x")
            .await
            .expect("user");
        let side = side_pool(&db).await.expect("a side pool");
        assert_eq!(names(side.clone()).await, ["first"]);
        let again = side_pool(&db).await.expect("kept");
        assert_eq!(names(again).await, ["first"]);
        // Another database's side pool is its own.
        let other_url = format!("sqlite://{}", dir.join("other.db").display());
        let other = super::super::open(&other_url).await.expect("open");
        super::super::users::create(&other, "second", crate::accounts::Role::Organizer, "x")
            .await
            .expect("user");
        let other_side = side_pool(&other).await.expect("a side pool");
        assert_eq!(names(other_side).await, ["second"]);
        assert_eq!(names(side_pool(&db).await.expect("kept")).await, ["first"]);
        other.close().await;
        db.close().await;
        assert!(side_pool(&db).await.is_none(), "none for a closed pool");
        let memory = super::super::pool("sqlite::memory:", 1)
            .await
            .expect("memory");
        assert!(!has_side_pool(&memory));
        assert!(side_pool(&memory).await.is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
