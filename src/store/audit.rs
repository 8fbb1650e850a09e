//! The audit log: who changed what and when, and why when the change was a correction. Rows are
//! only ever appended.

use sqlx::AssertSqlSafe;

use super::{Db, StoreResult, now};

/// One audit entry.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AuditEntry {
    /// When (RFC 3339, UTC).
    pub at: String,
    /// Who (user name), if a user did it.
    #[sqlx(rename = "user_name")]
    pub user: Option<String>,
    /// What kind of change (`event.create`, `players.import`, …).
    pub action: String,
    /// Details: old and new values where there are any.
    pub detail: String,
    /// The reason the user typed for a correction (empty for other changes).
    pub reason: String,
}

/// Appends an entry; use inside the transaction of the change it describes.
pub async fn record<'e, E>(
    exec: E,
    user_id: Option<i64>,
    event_id: Option<i64>,
    action: &str,
    detail: &str,
) -> StoreResult<()>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    record_with_reason(exec, user_id, event_id, action, detail, "").await
}

/// Actions that may be logged for an archived event: its un-archiving, and the import that
/// creates an archived copy. Every other change of an archived event is refused here (the policy
/// refuses it before; this keeps a write that slipped past from landing).
const ON_ARCHIVED: &[&str] = &["event.unarchive", "event.import"];

/// Changes the public never sees as they are written: a draft pairing (published later), and the
/// writes of move records, whose visibility depends on the round's deals: the workflow that stores a record the
/// public may see says so with [`super::events::note_public_change`]. Their entries leave the
/// event's public version where it was (the `audit_log_public_version` trigger, migration 0021).
const UNSEEN: &[&str] = &[
    "round.pair",
    "checkin.set",
    "record.submit",
    "record.upload",
    "record.delete",
    "record.readjudicate",
    "knockout.record",
    "knockout.record_delete",
];

/// Appends the entry of a correction, with the reason the user typed. `Archived` (nothing written;
/// the caller's transaction must roll back) when the event is archived.
pub async fn record_with_reason<'e, E>(
    exec: E,
    user_id: Option<i64>,
    event_id: Option<i64>,
    action: &str,
    detail: &str,
    reason: &str,
) -> StoreResult<()>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let exempt = ON_ARCHIVED.contains(&action);
    let public = i64::from(!UNSEEN.contains(&action));
    let done = sqlx::query(
        "INSERT INTO audit_log (at, user_id, event_id, action, detail, reason, public)
         SELECT $1, $2, $3, $4, $5, $6, $8
         WHERE $7 OR NOT EXISTS (SELECT 1 FROM events WHERE id = $3 AND archived = 1)",
    )
    .bind(now())
    .bind(user_id)
    .bind(event_id)
    .bind(action)
    .bind(detail)
    .bind(reason)
    .bind(exempt)
    .bind(public)
    .execute(exec)
    .await?;
    if done.rows_affected() == 0 {
        return Err(super::StoreError::Archived);
    }
    Ok(())
}

/// The entries of an event, newest first.
pub async fn for_event(db: &Db, event_id: i64) -> StoreResult<Vec<AuditEntry>> {
    Ok(sqlx::query_as(
        "SELECT a.at, u.name AS user_name, a.action, a.detail, a.reason FROM audit_log a
         LEFT JOIN users u ON u.id = a.user_id WHERE a.event_id = $1 ORDER BY a.id DESC",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?)
}

/// Which entries of an event a page of the log shows.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// Only this action (`event.settings` …), or every action.
    pub action: Option<String>,
    /// Only the entries of this user (login name), or everyone's.
    pub user: Option<String>,
    /// Only entries at or after this moment (RFC 3339, UTC).
    pub from: Option<String>,
    /// Only entries before this moment (RFC 3339, UTC).
    pub until: Option<String>,
}

/// One page of an event's entries matching `filter`, newest first, and how many match in all.
pub async fn page(
    db: &Db,
    event_id: i64,
    filter: &Filter,
    offset: u32,
    limit: u32,
) -> StoreResult<(Vec<AuditEntry>, u32)> {
    const MATCHING: &str = "FROM audit_log a LEFT JOIN users u ON u.id = a.user_id
         WHERE a.event_id = $1 AND ($2 IS NULL OR a.action = $2) AND ($3 IS NULL OR u.name = $3)
         AND ($4 IS NULL OR a.at >= $4) AND ($5 IS NULL OR a.at < $5)";
    let total: i64 = sqlx::query_scalar(AssertSqlSafe(format!("SELECT COUNT(*) {MATCHING}")))
        .bind(event_id)
        .bind(&filter.action)
        .bind(&filter.user)
        .bind(&filter.from)
        .bind(&filter.until)
        .fetch_one(db)
        .await?;
    let rows = sqlx::query_as(AssertSqlSafe(format!(
        "SELECT a.at, u.name AS user_name, a.action, a.detail, a.reason {MATCHING}
         ORDER BY a.id DESC LIMIT $6 OFFSET $7"
    )))
    .bind(event_id)
    .bind(&filter.action)
    .bind(&filter.user)
    .bind(&filter.from)
    .bind(&filter.until)
    .bind(i64::from(limit))
    .bind(i64::from(offset))
    .fetch_all(db)
    .await?;
    Ok((rows, u32::try_from(total).unwrap_or(u32::MAX)))
}

/// The actions and the users that occur in an event's log (the filter's choices), sorted.
pub async fn choices(db: &Db, event_id: i64) -> StoreResult<(Vec<String>, Vec<String>)> {
    let actions = sqlx::query_scalar(
        "SELECT DISTINCT action FROM audit_log WHERE event_id = $1 ORDER BY action",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?;
    let users = sqlx::query_scalar(
        "SELECT DISTINCT u.name FROM audit_log a JOIN users u ON u.id = a.user_id
         WHERE a.event_id = $1 ORDER BY u.name",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?;
    Ok((actions, users))
}

/// The latest corrections of accounts (password resets, disabling and re-enabling), newest first.
pub async fn account_corrections(db: &Db, limit: u32) -> StoreResult<Vec<AuditEntry>> {
    Ok(sqlx::query_as(
        "SELECT a.at, u.name AS user_name, a.action, a.detail, a.reason FROM audit_log a
         LEFT JOIN users u ON u.id = a.user_id
         WHERE a.event_id IS NULL AND a.action LIKE 'account.%' ORDER BY a.id DESC LIMIT $1",
    )
    .bind(i64::from(limit))
    .fetch_all(db)
    .await?)
}
