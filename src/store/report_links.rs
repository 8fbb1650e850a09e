//! The players' secret report links (`/report/{token}`): one per player of a published round, made
//! when the round's result slips are first printed. A link names the event, the round number and
//! the player's start number; which board that player plays is read when the link is used.

use std::collections::HashMap;

use super::{Db, StoreResult, begin_write};

/// What a report link names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReportLink {
    /// The event (a section is an event of its own).
    pub event_id: i64,
    /// The round.
    pub round_no: u32,
    /// The player's start number.
    pub start_no: u32,
}

/// The links of `starts` in round `round_no`, made (with fresh random tokens from `token`) for
/// those that have none yet, in one transaction: by start number.
pub async fn ensure(
    db: &Db,
    event_id: i64,
    round_no: u32,
    starts: &[u32],
    mut token: impl FnMut() -> String,
) -> StoreResult<HashMap<u32, String>> {
    let mut found = of_round(db, event_id, round_no).await?;
    let missing: Vec<u32> = starts
        .iter()
        .copied()
        .filter(|s| !found.contains_key(s))
        .collect();
    if missing.is_empty() {
        return Ok(found);
    }
    let mut tx = begin_write(db).await?;
    for start in missing {
        sqlx::query(
            "INSERT INTO report_links (token, event_id, round_no, start_no) VALUES ($1, $2, $3, $4)
             ON CONFLICT (event_id, round_no, start_no) DO NOTHING",
        )
        .bind(token())
        .bind(event_id)
        .bind(i64::from(round_no))
        .bind(i64::from(start))
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    found = of_round(db, event_id, round_no).await?;
    Ok(found)
}

/// The links of one round made so far, by start number.
pub async fn of_round(db: &Db, event_id: i64, round_no: u32) -> StoreResult<HashMap<u32, String>> {
    let rows: Vec<(i64, String)> = sqlx::query_as(
        "SELECT start_no, token FROM report_links WHERE event_id = $1 AND round_no = $2",
    )
    .bind(event_id)
    .bind(i64::from(round_no))
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(s, t)| Some((u32::try_from(s).ok()?, t)))
        .collect())
}

/// What `token` names, if it is a link.
pub async fn find(db: &Db, token: &str) -> StoreResult<Option<ReportLink>> {
    let row: Option<(i64, i64, i64)> =
        sqlx::query_as("SELECT event_id, round_no, start_no FROM report_links WHERE token = $1")
            .bind(token)
            .fetch_optional(db)
            .await?;
    Ok(row.and_then(|(event_id, round, start)| {
        Some(ReportLink {
            event_id,
            round_no: u32::try_from(round).ok()?,
            start_no: u32::try_from(start).ok()?,
        })
    }))
}
