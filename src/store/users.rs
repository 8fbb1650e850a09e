//! Users: accounts with a role, login failure counting, and the one-time administrator setup tokens.

use sqlx::Row;

use super::{Db, StoreError, StoreResult, now};
use crate::accounts::{Role, token_hash};

/// A stored account.
#[derive(Debug, Clone)]
pub struct User {
    /// Row id.
    pub id: i64,
    /// Login name (unique).
    pub name: String,
    /// Role.
    pub role: Role,
}

/// What a login attempt needs to know about an account.
#[derive(Debug, Clone)]
pub struct Credentials {
    /// The account.
    pub user: User,
    /// argon2 PHC string.
    pub password_hash: String,
    /// An administrator disabled the account: it cannot sign in.
    pub disabled: bool,
}

/// An account as the accounts page lists it.
#[derive(Debug, Clone)]
pub struct Account {
    /// The account.
    pub user: User,
    /// Disabled by an administrator.
    pub disabled: bool,
}

/// The `id`, `name` and `role` columns of a `users` row.
#[derive(sqlx::FromRow)]
struct UserRow {
    id: i64,
    name: String,
    role: String,
}

impl TryFrom<UserRow> for User {
    type Error = StoreError;

    fn try_from(r: UserRow) -> StoreResult<User> {
        let role = Role::parse(&r.role).ok_or_else(|| StoreError::Corrupt {
            table: "users",
            id: r.id,
            column: "role",
            value: r.role.clone(),
        })?;
        Ok(User {
            id: r.id,
            name: r.name,
            role,
        })
    }
}

/// Reads the `id`, `name` and `role` columns of a row.
pub(super) fn user_from_row(row: &super::Row) -> StoreResult<User> {
    User::try_from(<UserRow as sqlx::FromRow<_>>::from_row(row)?)
}

/// Creates an account that no account made (the command line, set-up); `Conflict` when the name
/// is taken.
pub async fn create(db: &Db, name: &str, role: Role, password_hash: &str) -> StoreResult<User> {
    create_made_by(db, None, name, role, password_hash).await
}

/// Creates an account, noting the account that made it; `Conflict` when the name is taken.
pub async fn create_made_by(
    db: &Db,
    made_by: Option<i64>,
    name: &str,
    role: Role,
    password_hash: &str,
) -> StoreResult<User> {
    let row = sqlx::query(
        "INSERT INTO users (name, role, password_hash, created_at, created_by)
         VALUES ($1, $2, $3, $4, $5) RETURNING id, name, role",
    )
    .bind(name)
    .bind(role.as_str())
    .bind(password_hash)
    .bind(now())
    .bind(made_by)
    .fetch_one(db)
    .await?;
    user_from_row(&row)
}

/// Finds an account by id.
pub async fn get(db: &Db, id: i64) -> StoreResult<Option<User>> {
    let row = sqlx::query("SELECT id, name, role FROM users WHERE id = $1")
        .bind(id)
        .fetch_optional(db)
        .await?;
    row.as_ref().map(user_from_row).transpose()
}

/// Finds an account by name.
pub async fn find_by_name(db: &Db, name: &str) -> StoreResult<Option<User>> {
    let row = sqlx::query("SELECT id, name, role FROM users WHERE name = $1")
        .bind(crate::accounts::normalize_name(name))
        .fetch_optional(db)
        .await?;
    row.as_ref().map(user_from_row).transpose()
}

/// Everything a login check needs, by name (normalized as names are stored).
pub async fn credentials(db: &Db, name: &str) -> StoreResult<Option<Credentials>> {
    let row =
        sqlx::query("SELECT id, name, role, password_hash, disabled FROM users WHERE name = $1")
            .bind(crate::accounts::normalize_name(name))
            .fetch_optional(db)
            .await?;
    match row {
        None => Ok(None),
        Some(row) => Ok(Some(Credentials {
            user: user_from_row(&row)?,
            password_hash: row.try_get("password_hash")?,
            disabled: row.try_get::<i64, _>("disabled")? != 0,
        })),
    }
}

/// A user's public display name (empty when none was set).
pub async fn display_name(db: &Db, id: i64) -> StoreResult<String> {
    Ok(
        sqlx::query_scalar("SELECT display_name FROM users WHERE id = $1")
            .bind(id)
            .fetch_optional(db)
            .await?
            .unwrap_or_default(),
    )
}

/// Sets a user's public display name; the events the user arbitrates log it (so their pages, which
/// show the name, are rendered anew).
pub async fn set_display_name(db: &Db, id: i64, display_name: &str) -> StoreResult<()> {
    let mut tx = super::begin_write(db).await?;
    sqlx::query("UPDATE users SET display_name = $1 WHERE id = $2")
        .bind(display_name)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    let events: Vec<i64> =
        // Archived events take no entries (their pages are read-only and stay as they were).
        sqlx::query_scalar(
            "SELECT a.event_id FROM event_arbiters a JOIN events e ON e.id = a.event_id
             WHERE a.user_id = $1 AND e.archived = 0",
        )
            .bind(id)
            .fetch_all(&mut *tx)
            .await?;
    for event in events {
        super::audit::record(
            &mut *tx,
            Some(id),
            Some(event),
            "arbiter.name",
            display_name,
        )
        .await?;
    }
    tx.commit().await
}

/// Replaces a password hash.
pub async fn set_password(db: &Db, id: i64, password_hash: &str) -> StoreResult<()> {
    sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
        .bind(password_hash)
        .bind(id)
        .execute(db)
        .await?;
    Ok(())
}

/// All accounts with their state, by name.
pub async fn accounts(db: &Db) -> StoreResult<Vec<Account>> {
    let rows = sqlx::query("SELECT id, name, role, disabled FROM users ORDER BY name")
        .fetch_all(db)
        .await?;
    accounts_of(&rows)
}

/// The accounts an organizer has to do with, with their state, by name: their own, those they made,
/// and those linked to a player of, or arbitrating, an event they own.
pub async fn accounts_of_organizer(db: &Db, organizer: i64) -> StoreResult<Vec<Account>> {
    let rows = sqlx::query(
        "SELECT id, name, role, disabled FROM users u
          WHERE u.id = $1 OR u.created_by = $1
             OR EXISTS (SELECT 1 FROM players p JOIN events e ON e.id = p.event_id
                         WHERE p.user_id = u.id AND e.owner_id = $1)
             OR EXISTS (SELECT 1 FROM event_arbiters a JOIN events e ON e.id = a.event_id
                         WHERE a.user_id = u.id AND e.owner_id = $1)
          ORDER BY name",
    )
    .bind(organizer)
    .fetch_all(db)
    .await?;
    accounts_of(&rows)
}

/// Accounts read from rows of `id, name, role, disabled`.
fn accounts_of(rows: &[super::Row]) -> StoreResult<Vec<Account>> {
    rows.iter()
        .map(|row| {
            Ok(Account {
                user: user_from_row(row)?,
                disabled: row.try_get::<i64, _>("disabled")? != 0,
            })
        })
        .collect()
}

/// Disables or re-enables an account and, in the same transaction, ends all its sessions and
/// revokes its API tokens (when disabling), with an audit entry carrying the reason typed.
/// `false` when the account already was in that state.
pub async fn set_disabled(
    db: &Db,
    by: &User,
    id: i64,
    disabled: bool,
    reason: &str,
) -> StoreResult<bool> {
    let mut tx = super::begin_write(db).await?;
    let done = sqlx::query("UPDATE users SET disabled = $1 WHERE id = $2 AND disabled <> $1")
        .bind(i64::from(disabled))
        .bind(id)
        .execute(&mut *tx)
        .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    if disabled {
        end_access_in(&mut tx, id).await?;
    }
    let name: String = sqlx::query_scalar("SELECT name FROM users WHERE id = $1")
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    let action = if disabled {
        "account.disable"
    } else {
        "account.enable"
    };
    super::audit::record_with_reason(&mut *tx, Some(by.id), None, action, &name, reason).await?;
    tx.commit().await?;
    Ok(true)
}

async fn end_access_in(conn: &mut super::Conn, id: i64) -> StoreResult<()> {
    sqlx::query("DELETE FROM sessions WHERE user_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM api_tokens WHERE user_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// An administrator's password reset: replaces the hash and, in the same transaction, ends all the
/// account's sessions and revokes its API tokens, with an audit entry carrying the reason typed.
pub async fn reset_password(
    db: &Db,
    by: &User,
    id: i64,
    password_hash: &str,
    reason: &str,
) -> StoreResult<()> {
    let mut tx = super::begin_write(db).await?;
    let name: Option<String> =
        sqlx::query_scalar("UPDATE users SET password_hash = $1 WHERE id = $2 RETURNING name")
            .bind(password_hash)
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
    let name = name.ok_or(StoreError::NotFound)?;
    end_access_in(&mut tx, id).await?;
    super::audit::record_with_reason(
        &mut *tx,
        Some(by.id),
        None,
        "account.password_reset",
        &name,
        reason,
    )
    .await?;
    tx.commit().await
}

/// All accounts, by name.
pub async fn list(db: &Db) -> StoreResult<Vec<User>> {
    let rows = sqlx::query("SELECT id, name, role FROM users ORDER BY name")
        .fetch_all(db)
        .await?;
    rows.iter().map(user_from_row).collect()
}

/// Whether an administrator exists yet.
pub async fn admin_exists(db: &Db) -> StoreResult<bool> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE role = 'admin'")
        .fetch_one(db)
        .await?;
    Ok(n > 0)
}

/// Stores a new one-time setup token (hashed) for creating the administrator.
pub async fn create_setup_token(db: &Db, token: &str) -> StoreResult<()> {
    sqlx::query("INSERT INTO setup_tokens (token_hash, created_at) VALUES ($1, $2)")
        .bind(token_hash(token))
        .bind(now())
        .execute(db)
        .await?;
    Ok(())
}

/// Whether a setup token is valid and unused.
pub async fn setup_token_valid(db: &Db, token: &str) -> StoreResult<bool> {
    // A link is good only while no administrator exists: once one does, every old link is dead.
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM setup_tokens WHERE token_hash = $1 AND used_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM users WHERE role = 'admin')",
    )
    .bind(token_hash(token))
    .fetch_one(db)
    .await?;
    Ok(n > 0)
}

/// Creates the administrator with a setup token, atomically: the token is used up, or nothing happens.
/// Returns `None` when the token is invalid or already used.
pub async fn create_admin_with_token(
    db: &Db,
    token: &str,
    name: &str,
    password_hash: &str,
) -> StoreResult<Option<User>> {
    let mut tx = super::begin_write(db).await?;
    // Checked inside the writer's transaction: an administrator created meanwhile (by another
    // link, or `anqi user add`) cancels every outstanding link.
    let used = sqlx::query(
        "UPDATE setup_tokens SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM users WHERE role = 'admin')",
    )
    .bind(now())
    .bind(token_hash(token))
    .execute(&mut *tx)
    .await?;
    if used.rows_affected() != 1 {
        return Ok(None);
    }
    let row = sqlx::query(
        "INSERT INTO users (name, role, password_hash, created_at) VALUES ($1, 'admin', $2, $3) RETURNING id, name, role",
    )
    .bind(name)
    .bind(password_hash)
    .bind(now())
    .fetch_one(&mut *tx)
    .await?;
    let user = user_from_row(&row)?;
    tx.commit().await?;
    Ok(Some(user))
}
