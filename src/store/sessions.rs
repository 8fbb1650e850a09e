//! Login sessions: a random token in an HttpOnly cookie, stored hashed with an expiry.

use sqlx::Row;

use super::users::User;
use super::{Db, StoreResult, now};
use crate::accounts::token_hash;

/// How long a session lasts.
pub const SESSION_DAYS: i64 = 14;

/// Stores a session for `user_id` under the given token (and deletes the expired ones).
pub async fn create(db: &Db, user_id: i64, token: &str) -> StoreResult<()> {
    purge_expired(db).await?;
    let expires = (chrono::Utc::now() + chrono::Duration::days(SESSION_DAYS))
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    sqlx::query("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(token_hash(token))
        .bind(user_id)
        .bind(now())
        .bind(expires)
        .execute(db)
        .await?;
    Ok(())
}

/// The condition on `sessions s JOIN users u` of a live session whose token hash is `$1` at time
/// `$2`: [`user_for`] and [`viewer_of_event`] both use it, so a session counts the same whether a
/// page is rendered or served from the cache (a rule about accounts that may not sign in belongs
/// here).
const LIVE_SESSION: &str = "s.token_hash = $1 AND s.expires_at > $2 AND u.disabled = 0";

/// The user of a live session token.
pub async fn user_for(db: &Db, token: &str) -> StoreResult<Option<User>> {
    let row = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT u.id, u.name, u.role FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE {LIVE_SESSION}"
    )))
    .bind(token_hash(token))
    .bind(now())
    .fetch_optional(db)
    .await?;
    row.as_ref().map(super::users::user_from_row).transpose()
}

/// What the page cache needs to know about a signed-in viewer of one event.
#[derive(Debug, Clone)]
pub struct EventViewer {
    /// The session's user.
    pub user: User,
    /// The event's owner, or `None` when there is no such event.
    pub owner_id: Option<i64>,
    /// The event's version (`events::version`).
    pub version: i64,
    /// Whether the user is one of the event's assigned arbiters.
    pub assigned_arbiter: bool,
    /// The start numbers of the event's entries linked to the user.
    pub linked: Vec<u32>,
}

/// The user of a live session token with what the page cache needs about one event, in one query
/// (a signed-in page served from the cache costs this query only). The session counts as in
/// [`user_for`] ([`LIVE_SESSION`]).
pub async fn viewer_of_event(
    db: &Db,
    token: &str,
    event_id: i64,
) -> StoreResult<Option<EventViewer>> {
    let row = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT u.id, u.name, u.role, e.owner_id,
           (SELECT COALESCE(MAX(a.id), 0) FROM audit_log a WHERE a.event_id = $3) AS version,
           EXISTS (SELECT 1 FROM event_arbiters x WHERE x.event_id = $3 AND x.user_id = u.id)
             AS assigned,
           (SELECT string_agg(CAST(p.start_no AS TEXT), ',') FROM players p WHERE p.event_id = $3 AND p.user_id = u.id)
             AS linked
         FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN events e ON e.id = $3
         WHERE {LIVE_SESSION}"
    )))
    .bind(token_hash(token))
    .bind(now())
    .bind(event_id)
    .fetch_optional(db)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    use sqlx::Row;
    let user = super::users::user_from_row(&row)?;
    let linked: Option<String> = row.try_get("linked")?;
    let linked = linked
        .unwrap_or_default()
        .split(',')
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<u32>()
                .map_err(|_| super::bad_value("players", event_id, "start_no", s))
        })
        .collect::<StoreResult<Vec<u32>>>()?;
    Ok(Some(EventViewer {
        user,
        owner_id: row.try_get("owner_id")?,
        version: row.try_get("version")?,
        assigned_arbiter: row.try_get::<super::Flag, _>("assigned")?.0,
        linked,
    }))
}

/// Ends a session.
pub async fn delete(db: &Db, token: &str) -> StoreResult<()> {
    sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
        .bind(token_hash(token))
        .execute(db)
        .await?;
    Ok(())
}

/// Ends every session of a user but the one given (a password change keeps its own session).
pub async fn end_sessions_of(
    db: &Db,
    user_id: i64,
    except_token: Option<&str>,
) -> StoreResult<u64> {
    let keep = except_token.map(token_hash).unwrap_or_default();
    let done = sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2")
        .bind(user_id)
        .bind(keep)
        .execute(db)
        .await?;
    Ok(done.rows_affected())
}

/// Deletes expired sessions (and expired API tokens); returns how many went.
pub async fn purge_expired(db: &Db) -> StoreResult<u64> {
    let at = now();
    let sessions = sqlx::query("DELETE FROM sessions WHERE expires_at <= $1")
        .bind(&at)
        .execute(db)
        .await?;
    let tokens = sqlx::query("DELETE FROM api_tokens WHERE expires_at <= $1")
        .bind(&at)
        .execute(db)
        .await?;
    Ok(sessions.rows_affected() + tokens.rows_affected())
}

/// An API token as its owner sees it in the list (never the token itself).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ApiToken {
    /// Short public id, to revoke it by.
    pub id: String,
    /// The owner's label.
    pub label: String,
    /// When it was made.
    pub created_at: String,
    /// When it stops working.
    pub expires_at: String,
    /// When it was last used, if ever.
    pub last_used_at: Option<String>,
}

/// Stores a new API bearer token for a user (hashed), valid for `days`; returns its public id. The
/// caller shows the token once.
pub async fn create_api_token(
    db: &Db,
    user_id: i64,
    token: &str,
    label: &str,
    days: i64,
) -> StoreResult<String> {
    let id = crate::accounts::random_token()[..16].to_string();
    let expires = (chrono::Utc::now() + chrono::Duration::days(days))
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    sqlx::query(
        "INSERT INTO api_tokens (token_hash, user_id, label, created_at, id, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(token_hash(token))
    .bind(user_id)
    .bind(label)
    .bind(now())
    .bind(&id)
    .bind(expires)
    .execute(db)
    .await?;
    Ok(id)
}

/// How stale a token's noted last use may get: a token used all the time is written once a minute,
/// not on every request.
const LAST_USE_STEP: chrono::TimeDelta = chrono::TimeDelta::seconds(60);

/// The user of a live API bearer token (and notes its use, to the minute).
///
/// The token is read, not updated: an `UPDATE` on every API request would be a write of its own,
/// waiting in SQLite's busy handler behind every result being entered. Its last use is written (as
/// a writer, in turn) only when the one noted is a minute old.
pub async fn user_for_api_token(db: &Db, token: &str) -> StoreResult<Option<User>> {
    let at = now();
    let hash = token_hash(token);
    // The token and its enabled account in one query (a request's first wait, on every API call).
    let row = sqlx::query(
        "SELECT u.id, u.name, u.role, t.last_used_at FROM api_tokens t
         JOIN users u ON u.id = t.user_id
         WHERE t.token_hash = $1 AND t.expires_at > $2 AND u.disabled = 0",
    )
    .bind(&hash)
    .bind(&at)
    .fetch_optional(db)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let user = super::users::user_from_row(&row)?;
    let last: Option<String> = row.try_get("last_used_at")?;
    let since =
        (chrono::Utc::now() - LAST_USE_STEP).to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    if last.as_deref().is_none_or(|l| l < since.as_str()) {
        let mut tx = super::begin_write(db).await?;
        sqlx::query("UPDATE api_tokens SET last_used_at = $2 WHERE token_hash = $1")
            .bind(&hash)
            .bind(&at)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
    }
    Ok(Some(user))
}

/// A user's live API tokens, oldest first.
pub async fn api_tokens_of(db: &Db, user_id: i64) -> StoreResult<Vec<ApiToken>> {
    Ok(sqlx::query_as(
        "SELECT id, label, created_at, expires_at, last_used_at FROM api_tokens
         WHERE user_id = $1 AND expires_at > $2 ORDER BY created_at, id",
    )
    .bind(user_id)
    .bind(now())
    .fetch_all(db)
    .await?)
}

/// Revokes one of a user's tokens by its id; false when the user has no such token.
pub async fn revoke_api_token(db: &Db, user_id: i64, id: &str) -> StoreResult<bool> {
    let done = sqlx::query("DELETE FROM api_tokens WHERE user_id = $1 AND id = $2")
        .bind(user_id)
        .bind(id)
        .execute(db)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Revokes every token of a user; returns how many.
pub async fn revoke_api_tokens_of(db: &Db, user_id: i64) -> StoreResult<u64> {
    let done = sqlx::query("DELETE FROM api_tokens WHERE user_id = $1")
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(done.rows_affected())
}
