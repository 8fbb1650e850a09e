//! Storage: every SQL statement of the application lives in this module, one file per aggregate.
//!
//! SQLite is the embedded default (WAL mode, foreign keys on). Queries use `$1` placeholders and
//! `RETURNING`, which PostgreSQL accepts too, so a second backend can be added behind the same functions.

pub mod audit;
pub mod backup;
pub mod deals;
pub mod events;
pub mod knockout;
pub mod notify;
pub mod players;
pub mod prizes;
pub mod ratings;
pub mod records;
pub mod rounds;
pub mod sessions;
pub mod snapshot;
pub mod throttle;
pub mod users;
mod write;

pub use write::{CONTENTION_LOG, Write, begin_write, committed, labelled, write_generation};

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};

/// The connection pool handed to every store function.
pub type Db = SqlitePool;

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
    /// Applying the migrations failed.
    #[error("migration failed: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        match &e {
            sqlx::Error::RowNotFound => StoreError::NotFound,
            sqlx::Error::Database(db) if db.is_unique_violation() => StoreError::Conflict,
            _ => StoreError::Database(e),
        }
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

/// The migrations this binary knows (`migrations/`), applied by [`open`].
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// The schema version this binary knows: its highest migration.
pub fn binary_schema_version() -> i64 {
    MIGRATOR.iter().map(|m| m.version).max().unwrap_or(0)
}

/// One SQL statement with its bound values.
pub(crate) type Statement<'q> =
    sqlx::query::Query<'q, sqlx::Sqlite, <sqlx::Sqlite as sqlx::Database>::Arguments>;

/// Begin, write, audit, commit — for a correction that changes one row: runs `change`; when it
/// changed exactly one row, runs `then` (tidying that goes with it) and commits with the audit
/// entry `(action, detail)`. False, with nothing written, when `change` changed no row (or more).
pub(crate) async fn write_one(
    db: &Db,
    (user_id, event_id): (Option<i64>, Option<i64>),
    (action, detail): (&str, &str),
    change: Statement<'_>,
    then: Option<Statement<'_>>,
) -> StoreResult<bool> {
    let mut tx = begin_write(db).await?;
    if change.execute(&mut *tx).await?.rows_affected() != 1 {
        return Ok(false);
    }
    if let Some(then) = then {
        then.execute(&mut *tx).await?;
    }
    tx.commit_audited(user_id, event_id, action, detail).await?;
    Ok(true)
}

/// Opens (creating if missing) the database at `url` and applies the migrations.
pub async fn open(url: &str) -> StoreResult<Db> {
    let options = SqliteConnectOptions::from_str(url)?
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .foreign_keys(true)
        .busy_timeout(Duration::from_secs(10));
    let pool = SqlitePoolOptions::new()
        .max_connections(8)
        .connect_with(options)
        .await?;
    MIGRATOR.run(&pool).await?;
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

/// The current time as stored in the database (RFC 3339, UTC, seconds).
pub fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}
