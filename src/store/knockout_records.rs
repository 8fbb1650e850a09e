//! Move records of knockout games: one per game of a match (a new submission replaces the old one),
//! stored with the adjudicator's verdict; every submission is audit-logged in the same transaction.

use sqlx::Row;

use super::users::User;
use super::{Db, StoreResult, audit, corrupt, now};

/// A stored record of a knockout game.
#[derive(Debug, Clone, PartialEq)]
pub struct KnockoutRecord {
    /// The match id within the event's bracket.
    pub match_id: u32,
    /// Game number within the match (the decider of a best of N is N+1).
    pub game_no: u32,
    /// The record text as submitted.
    pub record: String,
    /// The verdict JSON of the adjudicator.
    pub verdict: serde_json::Value,
    /// Whether the record was legal throughout.
    pub legal: bool,
}

/// Stores (or replaces) the record of game `rec.game_no` of match `rec.match_id`, audit-logged as
/// `knockout.record`.
pub async fn save(db: &Db, by: &User, event_id: i64, rec: &KnockoutRecord) -> StoreResult<()> {
    let mut tx = db.begin().await?;
    sqlx::query(
        "INSERT INTO knockout_records (event_id, match_id, game_no, record, verdict, legal, submitted_by, submitted_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (event_id, match_id, game_no) DO UPDATE SET record = excluded.record,
         verdict = excluded.verdict, legal = excluded.legal, submitted_by = excluded.submitted_by,
         submitted_at = excluded.submitted_at",
    )
    .bind(event_id)
    .bind(rec.match_id as i64)
    .bind(rec.game_no as i64)
    .bind(&rec.record)
    .bind(rec.verdict.to_string())
    .bind(rec.legal as i64)
    .bind(by.id)
    .bind(now())
    .execute(&mut *tx)
    .await?;
    audit::record(
        &mut *tx,
        Some(by.id),
        Some(event_id),
        "knockout.record",
        &format!(
            "match {} game {}: {}",
            rec.match_id,
            rec.game_no,
            if rec.legal { "legal" } else { "illegal" }
        ),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// The record of one game of a match, if one was submitted.
pub async fn get(
    db: &Db,
    event_id: i64,
    match_id: u32,
    game_no: u32,
) -> StoreResult<Option<KnockoutRecord>> {
    let row = sqlx::query(
        "SELECT record, verdict, legal FROM knockout_records
         WHERE event_id = $1 AND match_id = $2 AND game_no = $3",
    )
    .bind(event_id)
    .bind(match_id as i64)
    .bind(game_no as i64)
    .fetch_optional(db)
    .await?;
    let Some(r) = row else { return Ok(None) };
    let verdict: String = r.try_get("verdict")?;
    let legal: i64 = r.try_get("legal")?;
    Ok(Some(KnockoutRecord {
        match_id,
        game_no,
        record: r.try_get("record")?,
        verdict: serde_json::from_str(&verdict).map_err(|e| {
            corrupt(format!(
                "knockout record of match {match_id} game {game_no}: verdict: {e}"
            ))
        })?,
        legal: legal != 0,
    }))
}

/// Whether any game of these matches has a record (their round has started being reported).
pub async fn any_for_matches(db: &Db, event_id: i64, match_ids: &[u32]) -> StoreResult<bool> {
    for &m in match_ids {
        let n: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM knockout_records WHERE event_id = $1 AND match_id = $2",
        )
        .bind(event_id)
        .bind(m as i64)
        .fetch_one(db)
        .await?;
        if n > 0 {
            return Ok(true);
        }
    }
    Ok(false)
}
