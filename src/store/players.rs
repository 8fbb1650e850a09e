//! Players registered for an event, with their start numbers.

use sqlx::Row;

use super::users::User;
use super::{Db, StoreError, StoreResult, audit};
use crate::roster::PlayerEntry;

/// A registered player.
#[derive(Debug, Clone)]
pub struct Player {
    /// Row id.
    pub id: i64,
    /// Start (pairing) number within the event, from 1.
    pub start_no: i64,
    /// The registration data.
    pub entry: PlayerEntry,
    /// The player account linked to this entry, if any.
    pub user_id: Option<i64>,
    /// The first round the player can be paired in (late entries join later).
    pub joins_at: u32,
    /// The first round the player is no longer paired in, after withdrawing.
    pub withdrawn_from: Option<u32>,
}

/// A `players` row as stored.
#[derive(sqlx::FromRow)]
struct PlayerRow {
    id: i64,
    start_no: i64,
    name: String,
    club: String,
    rating: i64,
    fide_id: String,
    local_id: String,
    category: String,
    user_id: Option<i64>,
    joins_at: i64,
    withdrawn_from: Option<i64>,
}

impl TryFrom<PlayerRow> for Player {
    type Error = StoreError;

    fn try_from(r: PlayerRow) -> StoreResult<Player> {
        let round = |column: &'static str, v: i64| {
            u32::try_from(v).map_err(|_| StoreError::Corrupt {
                table: "players",
                id: r.id,
                column,
                value: v.to_string(),
            })
        };
        Ok(Player {
            id: r.id,
            start_no: r.start_no,
            entry: PlayerEntry {
                rating: round("rating", r.rating)?,
                name: r.name,
                club: r.club,
                fide_id: r.fide_id,
                local_id: r.local_id,
                category: r.category,
            },
            user_id: r.user_id,
            joins_at: round("joins_at", r.joins_at)?,
            withdrawn_from: r
                .withdrawn_from
                .map(|w| round("withdrawn_from", w))
                .transpose()?,
        })
    }
}

fn player_from_row(r: &sqlx::sqlite::SqliteRow) -> StoreResult<Player> {
    Player::try_from(<PlayerRow as sqlx::FromRow<_>>::from_row(r)?)
}

/// The players of an event by start number.
pub async fn list(db: &Db, event_id: i64) -> StoreResult<Vec<Player>> {
    let rows = sqlx::query(
        "SELECT id, start_no, name, club, rating, fide_id, local_id, category, user_id, joins_at, withdrawn_from FROM players
         WHERE event_id = $1 ORDER BY start_no",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?;
    rows.iter().map(player_from_row).collect()
}

/// Registers players in one transaction: all are added with the next start numbers, or none
/// (`Conflict` when one is already registered under the same name and club).
pub async fn add_all(
    db: &Db,
    by: &User,
    event_id: i64,
    entries: &[PlayerEntry],
) -> StoreResult<Vec<Player>> {
    let mut tx = super::begin_write(db).await?;
    let mut next: i64 = sqlx::query_scalar(
        "SELECT COALESCE(MAX(start_no), 0) + 1 FROM players WHERE event_id = $1",
    )
    .bind(event_id)
    .fetch_one(&mut *tx)
    .await?;
    let mut added = Vec::with_capacity(entries.len());
    for e in entries {
        let row = sqlx::query(
            "INSERT INTO players (event_id, start_no, name, club, rating, fide_id, local_id, category, joins_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8,
                     (SELECT COUNT(*) + 1 FROM rounds WHERE event_id = $1 AND published = 1))
             RETURNING id, start_no, name, club, rating, fide_id, local_id, category, user_id, joins_at, withdrawn_from",
        )
        .bind(event_id)
        .bind(next)
        .bind(&e.name)
        .bind(&e.club)
        .bind(e.rating as i64)
        .bind(&e.fide_id)
        .bind(&e.local_id)
        .bind(&e.category)
        .fetch_one(&mut *tx)
        .await?;
        added.push(player_from_row(&row)?);
        next += 1;
    }
    let detail = if entries.len() == 1 {
        entries[0].name.clone()
    } else {
        format!("{} players", entries.len())
    };
    tx.commit_audited(Some(by.id), Some(event_id), "players.add", &detail)
        .await?;
    Ok(added)
}

/// Links a player entry to a player account.
pub async fn link_user(
    db: &Db,
    by: &User,
    event_id: i64,
    start_no: i64,
    account: &User,
) -> StoreResult<bool> {
    let mut tx = super::begin_write(db).await?;
    let done = sqlx::query("UPDATE players SET user_id = $1 WHERE event_id = $2 AND start_no = $3")
        .bind(account.id)
        .bind(event_id)
        .bind(start_no)
        .execute(&mut *tx)
        .await?;
    if done.rows_affected() == 1 {
        audit::record(
            &mut *tx,
            Some(by.id),
            Some(event_id),
            "player.link",
            &format!("#{start_no} → {}", account.name),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(done.rows_affected() == 1)
}

/// The events and start numbers a player account is linked to.
pub async fn entries_of_user(db: &Db, user_id: i64) -> StoreResult<Vec<(i64, String, i64)>> {
    let rows = sqlx::query(
        "SELECT p.event_id, e.name, p.start_no FROM players p JOIN events e ON e.id = p.event_id
         WHERE p.user_id = $1 ORDER BY e.start_date DESC",
    )
    .bind(user_id)
    .fetch_all(db)
    .await?;
    rows.iter()
        .map(|r| {
            Ok((
                r.try_get("event_id")?,
                r.try_get("name")?,
                r.try_get("start_no")?,
            ))
        })
        .collect()
}
