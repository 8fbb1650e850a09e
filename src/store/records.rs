//! Move records (scoresheets) of every game the event plays: game g of a Swiss board (table
//! `game_records`) and game g of a knockout match (table `knockout_records`). One record per game (a
//! new submission replaces the old one), stored with the adjudicator's verdict; every submission is
//! audit-logged in the same transaction.

use super::users::User;
use super::{Db, StoreResult, corrupt, now};

/// The game a record belongs to, as the store keys it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordOf {
    /// Game `game_no` of a Swiss board (`board_id` is its row; round and board number name it in
    /// the audit log).
    Board {
        /// The board's row id.
        board_id: i64,
        /// Round number.
        round: u32,
        /// Board number.
        board_no: u32,
        /// Game number within the board (1 except in Banqi matches).
        game_no: u32,
    },
    /// Game `game_no` of knockout match `match_id` (the decider of a best of N is N+1).
    Knockout {
        /// The match id within the event's bracket.
        match_id: u32,
        /// Game number within the match.
        game_no: u32,
    },
}

impl RecordOf {
    /// The game number within its board or match.
    pub fn game_no(self) -> u32 {
        match self {
            RecordOf::Board { game_no, .. } | RecordOf::Knockout { game_no, .. } => game_no,
        }
    }
}

/// A stored move record.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredRecord {
    /// Game number within its board or match.
    pub game_no: u32,
    /// The record text as submitted.
    pub record: String,
    /// The verdict JSON of the adjudicator.
    pub verdict: serde_json::Value,
    /// Whether the record was legal throughout.
    pub legal: bool,
}

/// A record row as stored (either table).
#[derive(sqlx::FromRow)]
struct RecordRow {
    game_no: i64,
    record: String,
    verdict: String,
    legal: i64,
}

impl RecordRow {
    fn decode(self, what: impl FnOnce() -> String) -> StoreResult<StoredRecord> {
        let verdict = serde_json::from_str(&self.verdict)
            .map_err(|e| corrupt(format!("{}: verdict: {e}", what())))?;
        Ok(StoredRecord {
            game_no: self.game_no as u32,
            record: self.record,
            verdict,
            legal: self.legal != 0,
        })
    }
}

/// Stores (or replaces) the record of a game, audit-logged as `record.submit` (Swiss boards) or
/// `knockout.record` (knockout games).
pub async fn save(
    db: &Db,
    by: &User,
    event_id: i64,
    of: RecordOf,
    record: &str,
    verdict: &serde_json::Value,
    legal: bool,
) -> StoreResult<()> {
    let outcome = if legal { "legal" } else { "illegal" };
    let mut tx = super::begin_write(db).await?;
    // The key columns differ by table; the record's columns are the same.
    let (query, action, detail) = match of {
        RecordOf::Board {
            board_id,
            round,
            board_no,
            game_no,
        } => (
            sqlx::query(
                "INSERT INTO game_records (board_id, game_no, record, verdict, legal, submitted_by, submitted_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)
                 ON CONFLICT (board_id, game_no) DO UPDATE SET record = excluded.record, verdict = excluded.verdict,
                 legal = excluded.legal, submitted_by = excluded.submitted_by, submitted_at = excluded.submitted_at",
            )
            .bind(board_id)
            .bind(game_no as i64),
            "record.submit",
            format!("round {round} board {board_no} game {game_no}: {outcome}"),
        ),
        RecordOf::Knockout { match_id, game_no } => (
            sqlx::query(
                "INSERT INTO knockout_records (event_id, match_id, game_no, record, verdict, legal, submitted_by, submitted_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                 ON CONFLICT (event_id, match_id, game_no) DO UPDATE SET record = excluded.record,
                 verdict = excluded.verdict, legal = excluded.legal, submitted_by = excluded.submitted_by,
                 submitted_at = excluded.submitted_at",
            )
            .bind(event_id)
            .bind(match_id as i64)
            .bind(game_no as i64),
            "knockout.record",
            format!("match {match_id} game {game_no}: {outcome}"),
        ),
    };
    query
        .bind(record)
        .bind(verdict.to_string())
        .bind(legal as i64)
        .bind(by.id)
        .bind(now())
        .execute(&mut *tx)
        .await?;
    tx.commit_audited(Some(by.id), Some(event_id), action, &detail)
        .await?;
    Ok(())
}

/// The records of a Swiss board, by game number.
pub async fn of_board(db: &Db, board_id: i64) -> StoreResult<Vec<StoredRecord>> {
    let rows: Vec<RecordRow> = sqlx::query_as(
        "SELECT game_no, record, verdict, legal FROM game_records WHERE board_id = $1 ORDER BY game_no",
    )
    .bind(board_id)
    .fetch_all(db)
    .await?;
    rows.into_iter()
        .map(|r| {
            let game = r.game_no;
            r.decode(|| format!("record of board row {board_id} game {game}"))
        })
        .collect()
}

/// The record of one game, if one was submitted.
pub async fn get(db: &Db, event_id: i64, of: RecordOf) -> StoreResult<Option<StoredRecord>> {
    let row: Option<RecordRow> = match of {
        RecordOf::Board {
            board_id, game_no, ..
        } => {
            sqlx::query_as(
                "SELECT game_no, record, verdict, legal FROM game_records WHERE board_id = $1 AND game_no = $2",
            )
            .bind(board_id)
            .bind(game_no as i64)
            .fetch_optional(db)
            .await?
        }
        RecordOf::Knockout { match_id, game_no } => {
            sqlx::query_as(
                "SELECT game_no, record, verdict, legal FROM knockout_records
                 WHERE event_id = $1 AND match_id = $2 AND game_no = $3",
            )
            .bind(event_id)
            .bind(match_id as i64)
            .bind(game_no as i64)
            .fetch_optional(db)
            .await?
        }
    };
    row.map(|r| r.decode(|| format!("record of {of:?}")))
        .transpose()
}

/// The boards of a round that have at least one stored move record (one query, without loading them).
pub async fn boards_with_records(
    db: &Db,
    round_id: i64,
) -> StoreResult<std::collections::HashSet<i64>> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT DISTINCT g.board_id FROM game_records g JOIN boards b ON b.id = g.board_id WHERE b.round_id = $1",
    )
    .bind(round_id)
    .fetch_all(db)
    .await?;
    Ok(ids.into_iter().collect())
}

/// The games of an event's knockout matches that have a record: (match id, game number).
pub async fn knockout_games_with_records(db: &Db, event_id: i64) -> StoreResult<Vec<(u32, u32)>> {
    let rows: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT match_id, game_no FROM knockout_records WHERE event_id = $1 ORDER BY match_id, game_no",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(m, g)| (m as u32, g as u32))
        .collect())
}

/// Whether any game of these matches has a record (their round has started being reported).
pub async fn any_for_matches(db: &Db, event_id: i64, match_ids: &[u32]) -> StoreResult<bool> {
    Ok(knockout_games_with_records(db, event_id)
        .await?
        .iter()
        .any(|(m, _)| match_ids.contains(m)))
}
