//! The knockout's report links and the players' reports of its games: one link per player of a
//! match (made when the match slips are first printed), serving every game of the match; one report
//! per player per game, from Red's view, until the opponent's matching report or the arbiter enters
//! the game's result. Both go with the bracket when it is discarded.

use std::collections::HashMap;

use super::users::User;
use super::{Db, StoreResult, begin_write, now};
use crate::i18n::Reason;
use crate::rules::Color;

/// What a knockout report link names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnockoutLink {
    /// The event (a section is an event of its own).
    pub event_id: i64,
    /// The match.
    pub match_id: u32,
    /// The player's start number.
    pub start_no: u32,
}

/// The links of `players` (match, start number), made (with fresh random tokens from `token`) for
/// those that have none yet, in one transaction: by (match, start number).
pub async fn ensure(
    db: &Db,
    event_id: i64,
    players: &[(u32, u32)],
    mut token: impl FnMut() -> String,
) -> StoreResult<HashMap<(u32, u32), String>> {
    let found = of_event(db, event_id).await?;
    let missing: Vec<(u32, u32)> = players
        .iter()
        .copied()
        .filter(|p| !found.contains_key(p))
        .collect();
    if missing.is_empty() {
        return Ok(found);
    }
    let mut tx = begin_write(db).await?;
    for (match_id, start) in missing {
        sqlx::query(
            "INSERT INTO knockout_links (token, event_id, match_id, start_no) VALUES ($1, $2, $3, $4)
             ON CONFLICT (event_id, match_id, start_no) DO NOTHING",
        )
        .bind(token())
        .bind(event_id)
        .bind(i64::from(match_id))
        .bind(i64::from(start))
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    of_event(db, event_id).await
}

/// The knockout links of an event made so far, by (match, start number).
async fn of_event(db: &Db, event_id: i64) -> StoreResult<HashMap<(u32, u32), String>> {
    let rows: Vec<(i64, i64, String)> =
        sqlx::query_as("SELECT match_id, start_no, token FROM knockout_links WHERE event_id = $1")
            .bind(event_id)
            .fetch_all(db)
            .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(m, s, t)| Some(((u32::try_from(m).ok()?, u32::try_from(s).ok()?), t)))
        .collect())
}

/// What `token` names, if it is a knockout link.
pub async fn find(db: &Db, token: &str) -> StoreResult<Option<KnockoutLink>> {
    let row: Option<(i64, i64, i64)> =
        sqlx::query_as("SELECT event_id, match_id, start_no FROM knockout_links WHERE token = $1")
            .bind(token)
            .fetch_optional(db)
            .await?;
    Ok(row.and_then(|(event_id, m, start)| {
        Some(KnockoutLink {
            event_id,
            match_id: u32::try_from(m).ok()?,
            start_no: u32::try_from(start).ok()?,
        })
    }))
}

/// A player's report of a knockout game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameReport {
    /// The match.
    pub match_id: u32,
    /// The game number in the match.
    pub game_no: u32,
    /// Who reported it.
    pub start_no: u32,
    /// The result from Red's view (`1-0`, `0-1`, `1/2-1/2`).
    pub result: String,
}

/// Every report of an event's knockout games, in match, game and start-number order.
pub async fn reports(db: &Db, event_id: i64) -> StoreResult<Vec<GameReport>> {
    let rows: Vec<(i64, i64, i64, String)> = sqlx::query_as(
        "SELECT match_id, game_no, start_no, result FROM knockout_reports WHERE event_id = $1
         ORDER BY match_id, game_no, start_no",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(m, g, s, result)| {
            Some(GameReport {
                match_id: u32::try_from(m).ok()?,
                game_no: u32::try_from(g).ok()?,
                start_no: u32::try_from(s).ok()?,
                result,
            })
        })
        .collect())
}

/// Stores (or replaces) `report`, with its audit entry (by the linked account that sent it, or no
/// user for a report link), in one transaction.
pub async fn report(
    db: &Db,
    by: Option<&User>,
    event_id: i64,
    report: &GameReport,
    side: Color,
) -> StoreResult<()> {
    let mut tx = begin_write(db).await?;
    sqlx::query(
        "INSERT INTO knockout_reports (event_id, match_id, game_no, start_no, result, at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (event_id, match_id, game_no, start_no)
         DO UPDATE SET result = excluded.result, at = excluded.at",
    )
    .bind(event_id)
    .bind(i64::from(report.match_id))
    .bind(i64::from(report.game_no))
    .bind(i64::from(report.start_no))
    .bind(&report.result)
    .bind(now())
    .execute(&mut *tx)
    .await?;
    tx.commit_audited(
        by.map(|u| u.id),
        Some(event_id),
        "knockout.report",
        &Reason::new("audit_d_knockout_report")
            .arg("match", report.match_id)
            .arg("game", report.game_no)
            .arg("start", report.start_no)
            .arg_reason("side", &Reason::new(side.as_str()))
            .arg("result", report.result.as_str())
            .audit(),
    )
    .await?;
    Ok(())
}
