//! Login sessions: a random token in an HttpOnly cookie, stored hashed with an expiry.

use sqlx::Row;

use super::users::User;
use super::{Db, StoreResult, now};
use crate::accounts::token_hash;

/// How long a session lasts.
pub const SESSION_DAYS: i64 = 14;

/// Stores a session for `user_id` under the given token.
pub async fn create(db: &Db, user_id: i64, token: &str) -> StoreResult<()> {
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
         WHERE s.token_hash = $1 AND s.expires_at > $2",
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

/// Stores a new API bearer token for a user (hashed); the caller shows the token once.
pub async fn create_api_token(db: &Db, user_id: i64, token: &str, label: &str) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO api_tokens (token_hash, user_id, label, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(token_hash(token))
    .bind(user_id)
    .bind(label)
    .bind(now())
    .execute(db)
    .await?;
    Ok(())
}

/// The user of an API bearer token.
pub async fn user_for_api_token(db: &Db, token: &str) -> StoreResult<Option<User>> {
    let row = sqlx::query(
        "SELECT u.id, u.name, u.role FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1",
    )
    .bind(token_hash(token))
    .fetch_optional(db)
    .await?;
    row.as_ref().map(super::users::user_from_row).transpose()
}

/// Labels and creation times of a user's API tokens.
pub async fn api_tokens_of(db: &Db, user_id: i64) -> StoreResult<Vec<(String, String)>> {
    let rows = sqlx::query(
        "SELECT label, created_at FROM api_tokens WHERE user_id = $1 ORDER BY created_at",
    )
    .bind(user_id)
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|r| Ok((r.try_get("label")?, r.try_get("created_at")?)))
        .collect()
}
