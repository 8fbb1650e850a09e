//! Login sessions: a random token in an HttpOnly cookie, stored hashed with an expiry.

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

/// The user of a live session token.
pub async fn user_for(db: &Db, token: &str) -> StoreResult<Option<User>> {
    let row = sqlx::query(
        "SELECT u.id, u.name, u.role FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.token_hash = $1 AND s.expires_at > $2 AND u.disabled = 0",
    )
    .bind(token_hash(token))
    .bind(now())
    .fetch_optional(db)
    .await?;
    row.as_ref().map(super::users::user_from_row).transpose()
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

/// The user of a live API bearer token (and notes its use).
pub async fn user_for_api_token(db: &Db, token: &str) -> StoreResult<Option<User>> {
    let at = now();
    let user_id: Option<i64> = sqlx::query_scalar(
        "UPDATE api_tokens SET last_used_at = $2
         WHERE token_hash = $1 AND expires_at > $2
         RETURNING user_id",
    )
    .bind(token_hash(token))
    .bind(&at)
    .fetch_optional(db)
    .await?;
    match user_id {
        None => Ok(None),
        Some(id) => super::users::get_enabled(db, id).await,
    }
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
