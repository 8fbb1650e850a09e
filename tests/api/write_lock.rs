//! The database lock every write takes (`store::begin_write`): a write given up while it waits for
//! the lock (its request dropped, say) must not leave a transaction or the lock behind it. On
//! PostgreSQL the lock is the advisory lock another instance holds; on SQLite, another connection's
//! `BEGIN IMMEDIATE` on the file.

use std::time::Duration;

use sqlx::Connection;

use crate::support::{TempDir, on_postgres};

/// The application's write lock on PostgreSQL (`pg_write_lock!` in `store::write`: "anqi").
const PG_WRITE_LOCK: i64 = 0x616e_7169;

/// Runs the statement for the suite's database on `other`: `postgres` or `sqlite`.
async fn run_on(other: &mut sqlx::AnyConnection, postgres: String, sqlite: &str) {
    let statement = if on_postgres() {
        postgres
    } else {
        sqlite.to_string()
    };
    sqlx::raw_sql(sqlx::AssertSqlSafe(statement.clone()))
        .execute(other)
        .await
        .unwrap_or_else(|e| panic!("{statement}: {e}"));
}

/// Takes the database's write lock on a connection of its own, as another instance would.
async fn hold_the_lock(url: &str) -> sqlx::AnyConnection {
    let mut other = sqlx::AnyConnection::connect(url).await.expect("connect");
    let hold = format!("SELECT pg_advisory_lock({PG_WRITE_LOCK})");
    run_on(&mut other, hold, "BEGIN IMMEDIATE").await;
    other
}

async fn release_the_lock(mut other: sqlx::AnyConnection) {
    let release = format!("SELECT pg_advisory_unlock({PG_WRITE_LOCK})");
    run_on(&mut other, release, "COMMIT").await;
    other.close().await.expect("close");
}

#[test]
fn a_write_given_up_while_it_waits_for_the_lock_leaves_nothing_behind() {
    let dir = TempDir::new("write-lock");
    let url = dir.database_url();
    actix_web::rt::System::new().block_on(async move {
        let db = anqi::store::open(&url).await.expect("open");
        let other = hold_the_lock(&url).await;

        // A write waits for the lock, and is given up.
        let waited =
            tokio::time::timeout(Duration::from_millis(300), anqi::store::begin_write(&db)).await;
        assert!(
            waited.is_err(),
            "the write waited for the lock another holds"
        );
        // Give the pool the time to take back what the dropped write had.
        tokio::time::sleep(Duration::from_millis(100)).await;
        release_the_lock(other).await;

        if on_postgres() {
            // No connection of the database is left inside a transaction (the given-up write's
            // would have taken the lock now and kept it).
            tokio::time::sleep(Duration::from_millis(200)).await;
            let open: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM pg_stat_activity
                  WHERE datname = current_database() AND state LIKE 'idle in transaction%'",
            )
            .fetch_one(&db)
            .await
            .expect("pg_stat_activity");
            assert_eq!(open, 0, "a connection was left inside a transaction");
        }

        // The next writes get the lock at once and commit; reads still work.
        for n in 0..3 {
            let mut write =
                tokio::time::timeout(Duration::from_secs(5), anqi::store::begin_write(&db))
                    .await
                    .unwrap_or_else(|_| {
                        panic!("write {n} still waits for the lock after its release")
                    })
                    .expect("begin");
            if on_postgres() {
                // A write left idle (by whatever cause) is ended by PostgreSQL after this long.
                let limit: String = sqlx::query_scalar("SHOW idle_in_transaction_session_timeout")
                    .fetch_one(&mut *write)
                    .await
                    .expect("show");
                assert_eq!(limit, anqi::store::PG_IDLE_WRITE_LIMIT);
            }
            write.commit().await.expect("commit");
        }
        let events: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM events")
            .fetch_one(&db)
            .await
            .expect("read");
        assert_eq!(events, 0);
        db.close().await;
    });
}
