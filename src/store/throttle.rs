//! Login throttle counters, keyed by client address (`ip:…`) and by account name (`account:…`). A
//! login attempt is checked and counted in one write transaction, so parallel guesses cannot slip
//! through between the check and the count.

use chrono::{DateTime, Utc};

use super::{Db, StoreResult, begin_write, now};

/// Counters older than this are forgotten.
const FORGET_AFTER_HOURS: i64 = 24;

/// The failures counted under one key.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Count {
    /// Consecutive failures (attempts in flight included).
    pub failures: i64,
    /// When the last one was counted.
    pub last_failed_at: Option<DateTime<Utc>>,
}

async fn count(conn: &mut super::Conn, key: &str) -> StoreResult<Count> {
    let row: Option<(i64, String)> =
        sqlx::query_as("SELECT failures, last_failed_at FROM login_throttle WHERE key = $1")
            .bind(key)
            .fetch_optional(&mut *conn)
            .await?;
    Ok(match row {
        None => Count::default(),
        Some((failures, at)) => Count {
            failures,
            last_failed_at: DateTime::parse_from_rfc3339(&at)
                .ok()
                .map(|t| t.with_timezone(&Utc)),
        },
    })
}

/// Reads the counters of `keys`, asks `decide` whether the attempt may go on, and if so counts it
/// under every key as a failure (undone by [`release`] when it succeeds) — all in one transaction.
/// Returns what `decide` returned.
pub async fn reserve<T>(
    db: &Db,
    keys: &[String],
    decide: impl FnOnce(&[Count]) -> Result<(), T>,
) -> StoreResult<Result<(), T>> {
    let mut tx = begin_write(db).await?;
    let cutoff = (Utc::now() - chrono::Duration::hours(FORGET_AFTER_HOURS))
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    sqlx::query("DELETE FROM login_throttle WHERE last_failed_at < $1")
        .bind(cutoff)
        .execute(&mut *tx)
        .await?;
    let mut counts = Vec::with_capacity(keys.len());
    for key in keys {
        counts.push(count(&mut tx, key).await?);
    }
    if let Err(refusal) = decide(&counts) {
        tx.rollback().await?;
        return Ok(Err(refusal));
    }
    let at = now();
    for key in keys {
        sqlx::query(
            "INSERT INTO login_throttle (key, failures, last_failed_at) VALUES ($1, 1, $2)
             ON CONFLICT (key) DO UPDATE SET failures = login_throttle.failures + 1, last_failed_at = $2",
        )
        .bind(key)
        .bind(&at)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(Ok(()))
}

/// Takes back the count of an attempt that succeeded (it was not a failure).
pub async fn release(db: &Db, key: &str) -> StoreResult<()> {
    sqlx::query("UPDATE login_throttle SET failures = max(failures - 1, 0) WHERE key = $1")
        .bind(key)
        .execute(db)
        .await?;
    Ok(())
}

/// Forgets the failures under a key (the account's owner has signed in).
pub async fn clear(db: &Db, key: &str) -> StoreResult<()> {
    sqlx::query("DELETE FROM login_throttle WHERE key = $1")
        .bind(key)
        .execute(db)
        .await?;
    Ok(())
}
