//! The audit log: who changed what and when. Rows are only ever appended.

use super::{Db, StoreResult, now};

/// One audit entry.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AuditEntry {
    /// When (RFC 3339).
    pub at: String,
    /// Who (user name), if a user did it.
    #[sqlx(rename = "user_name")]
    pub user: Option<String>,
    /// What kind of change (`event.create`, `players.import`, …).
    pub action: String,
    /// Details: old and new values where there are any.
    pub detail: String,
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
    E: sqlx::Executor<'e, Database = sqlx::Sqlite>,
{
    sqlx::query(
        "INSERT INTO audit_log (at, user_id, event_id, action, detail) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(now())
    .bind(user_id)
    .bind(event_id)
    .bind(action)
    .bind(detail)
    .execute(exec)
    .await?;
    Ok(())
}

/// The entries of an event, newest first.
pub async fn for_event(db: &Db, event_id: i64) -> StoreResult<Vec<AuditEntry>> {
    Ok(sqlx::query_as(
        "SELECT a.at, u.name AS user_name, a.action, a.detail FROM audit_log a
         LEFT JOIN users u ON u.id = a.user_id WHERE a.event_id = $1 ORDER BY a.id DESC",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?)
}
