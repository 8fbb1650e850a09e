//! Move records (scoresheets) of every game the event plays: game g of a Swiss board (table
//! `game_records`) and game g of a knockout match (table `knockout_records`). One record per game (a
//! new submission replaces the old one), stored with the adjudicator's verdict; every submission is
//! audit-logged in the same transaction.

use super::users::User;
use super::{Db, StoreResult, corrupt, now};
use crate::round::BoardResult;
use crate::rules::adjudicate::Verdict;

/// A stored verdict decoded into the rules' [`Verdict`]: a row that is not one (not JSON, an unknown
/// result or termination) is corrupt, named by `what`, never shown as an empty verdict.
fn decode_verdict(text: &str, what: impl FnOnce() -> String) -> StoreResult<Verdict> {
    serde_json::from_str(text).map_err(|e| corrupt(format!("{}: verdict: {e}", what())))
}

/// The verdict as its column holds it (the JSON of `anqi adjudicate --json`).
fn verdict_text(verdict: &Verdict) -> String {
    verdict.to_json().to_string()
}

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

    /// The audit detail naming this game: `board_key` with its round, board and game numbers, or
    /// `match_key` with its match and game numbers (callers add their own arguments after them).
    fn audit_reason(self, board_key: &'static str, match_key: &'static str) -> crate::i18n::Reason {
        match self {
            RecordOf::Board {
                round,
                board_no,
                game_no,
                ..
            } => crate::i18n::Reason::new(board_key)
                .arg("round", round)
                .arg("board", board_no)
                .arg("game", game_no),
            RecordOf::Knockout { match_id, game_no } => crate::i18n::Reason::new(match_key)
                .arg("match", match_id)
                .arg("game", game_no),
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
    /// The adjudicator's verdict.
    pub verdict: Verdict,
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
        let verdict = decode_verdict(&self.verdict, what)?;
        Ok(StoredRecord {
            game_no: self.game_no as u32,
            record: self.record,
            verdict,
            legal: self.legal != 0,
        })
    }
}

/// The version of the adjudication rules that verdicts stored now were made by. Records stored
/// under an older version are re-adjudicated once at start-up (1, rulings became events;
/// 2, a numeric `Game` tag is a match's game number, not a variant; 3, a refused Banqi
/// turn, and a xiangqi ply refused for another reason than the known ones, carry their cause, so
/// that pages word them in the reader's language).
pub const RULES_VERSION: i64 = 3;

/// The statement that resolves a game's entry in the list of records re-adjudicated on upgrade
/// (a new submission or the record's deletion settles it).
fn resolve_readjudicated(event_id: i64, of: RecordOf) -> super::Statement<'static> {
    match of {
        RecordOf::Board {
            board_id, game_no, ..
        } => sqlx::query("DELETE FROM readjudicated_records WHERE board_id = $1 AND game_no = $2")
            .bind(board_id)
            .bind(game_no as i64),
        RecordOf::Knockout { match_id, game_no } => sqlx::query(
            "DELETE FROM readjudicated_records WHERE event_id = $1 AND match_id = $2 AND game_no = $3",
        )
        .bind(event_id)
        .bind(match_id as i64)
        .bind(game_no as i64),
    }
}

/// Writes (or replaces) the record of a game inside a transaction and returns the audit action and
/// detail of that write. A re-submission also resolves the game's entry in the list of records
/// re-adjudicated on upgrade.
async fn upsert(
    tx: &mut super::Conn,
    by: &User,
    event_id: i64,
    of: RecordOf,
    record: &str,
    verdict: &Verdict,
) -> StoreResult<(&'static str, String)> {
    let legal = verdict.is_legal();
    let outcome = if legal { "yes" } else { "no" };
    // The key columns differ by table; the record's columns are the same.
    let detail = of
        .audit_reason("audit_d_record_board", "audit_d_record_match")
        .arg("legal", outcome)
        .audit();
    let (query, action) = match of {
        RecordOf::Board {
            board_id, game_no, ..
        } => (
            sqlx::query(
                "INSERT INTO game_records (board_id, game_no, record, verdict, legal, submitted_by, submitted_at, rules_version)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                 ON CONFLICT (board_id, game_no) DO UPDATE SET record = excluded.record, verdict = excluded.verdict,
                 legal = excluded.legal, submitted_by = excluded.submitted_by, submitted_at = excluded.submitted_at,
                 rules_version = excluded.rules_version",
            )
            .bind(board_id)
            .bind(game_no as i64),
            "record.submit",
        ),
        RecordOf::Knockout { match_id, game_no } => (
            sqlx::query(
                "INSERT INTO knockout_records (event_id, match_id, game_no, record, verdict, legal, submitted_by, submitted_at, rules_version)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                 ON CONFLICT (event_id, match_id, game_no) DO UPDATE SET record = excluded.record,
                 verdict = excluded.verdict, legal = excluded.legal, submitted_by = excluded.submitted_by,
                 submitted_at = excluded.submitted_at, rules_version = excluded.rules_version",
            )
            .bind(event_id)
            .bind(match_id as i64)
            .bind(game_no as i64),
            "knockout.record",
        ),
    };
    query
        .bind(record)
        .bind(verdict_text(verdict))
        .bind(legal as i64)
        .bind(by.id)
        .bind(now())
        .bind(RULES_VERSION)
        .execute(&mut *tx)
        .await?;
    resolve_readjudicated(event_id, of)
        .execute(&mut *tx)
        .await?;
    Ok((action, detail))
}

/// Stores (or replaces) the record of a game, audit-logged as `record.submit` (Swiss boards) or
/// `knockout.record` (knockout games).
pub async fn save(
    db: &Db,
    by: &User,
    event_id: i64,
    of: RecordOf,
    record: &str,
    verdict: &Verdict,
) -> StoreResult<()> {
    let mut tx = super::begin_write(db).await?;
    let (action, detail) = upsert(&mut tx, by, event_id, of, record, verdict).await?;
    tx.commit_audited(Some(by.id), Some(event_id), action, &detail)
        .await?;
    Ok(())
}

/// Deletes the record of a game with its verdict (and its entry in the list of records
/// re-adjudicated on upgrade); the game's result stays. Logged with the reason as `record.delete`
/// or `knockout.record_delete`. False when the game has no record.
pub async fn delete(
    db: &Db,
    by: &User,
    event_id: i64,
    of: RecordOf,
    reason: &str,
) -> StoreResult<bool> {
    let detail = of
        .audit_reason("audit_d_record_delete_board", "audit_d_record_delete_match")
        .arg("reason", reason)
        .audit();
    let (change, action) = match of {
        RecordOf::Board {
            board_id, game_no, ..
        } => (
            sqlx::query("DELETE FROM game_records WHERE board_id = $1 AND game_no = $2")
                .bind(board_id)
                .bind(game_no as i64),
            "record.delete",
        ),
        RecordOf::Knockout { match_id, game_no } => (
            sqlx::query(
                "DELETE FROM knockout_records WHERE event_id = $1 AND match_id = $2 AND game_no = $3",
            )
            .bind(event_id)
            .bind(match_id as i64)
            .bind(game_no as i64),
            "knockout.record_delete",
        ),
    };
    let then = resolve_readjudicated(event_id, of);
    let who = (Some(by.id), Some(event_id));
    super::write_one(db, who, (action, &detail), change, vec![then]).await
}

/// One game of a confirmed bulk upload: its record, and the result it enters on a Swiss board that
/// had none (with the board's version as the preview saw it).
#[derive(Debug, Clone)]
pub struct UploadedRecord {
    /// The game.
    pub of: RecordOf,
    /// The record text of that game, as it stood in the file.
    pub record: String,
    /// The adjudicator's verdict.
    pub verdict: Verdict,
    /// `(board version, result)` to enter on the board, when the record decides a board without one.
    pub result: Option<(i64, BoardResult)>,
}

/// The bracket inputs a knockout upload appends (the results its records enter, and the lots
/// then due), with the bracket's version as the preview saw it.
#[derive(Debug, Clone)]
pub struct BracketInputs {
    /// The sequence number the first input gets (`Stored::next_seq`).
    pub expected_seq: i64,
    /// The inputs in order.
    pub inputs: Vec<crate::knockout::Input>,
}

/// Stores the games of a bulk upload in one transaction: every record (audit `record.submit`), the
/// results they enter (audit `result.set`, only where the board still has no result and is at the
/// version given; for a knockout round the bracket inputs, only while the bracket is at the
/// version given), then the `record.upload` entry. When a board changed meanwhile nothing is
/// stored and its number is returned (`None` for the bracket).
pub async fn save_upload(
    db: &Db,
    by: &User,
    event_id: i64,
    summary: &str,
    games: &[UploadedRecord],
    bracket: Option<&BracketInputs>,
) -> StoreResult<Result<(), Option<u32>>> {
    let mut tx = super::begin_write(db).await?;
    if let Some(b) = bracket.filter(|b| !b.inputs.is_empty()) {
        match super::knockout::append_in(&mut tx, Some(by), event_id, b.expected_seq, &b.inputs)
            .await
        {
            Ok(()) => {}
            Err(super::StoreError::Conflict) => {
                tx.rollback().await?;
                return Ok(Err(None));
            }
            Err(e) => return Err(e),
        }
    }
    for g in games {
        let (action, detail) = upsert(&mut tx, by, event_id, g.of, &g.record, &g.verdict).await?;
        super::audit::record(&mut *tx, Some(by.id), Some(event_id), action, &detail).await?;
        let (
            Some((version, result)),
            RecordOf::Board {
                board_id,
                round,
                board_no,
                ..
            },
        ) = (g.result, g.of)
        else {
            continue;
        };
        let done = sqlx::query(
            "UPDATE boards SET result = $1, version = version + 1, red_report = NULL, black_report = NULL
             WHERE id = $2 AND version = $3 AND result IS NULL",
        )
        .bind(result.as_str())
        .bind(board_id)
        .bind(version)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(Err(Some(board_no)));
        }
        super::audit::record(
            &mut *tx,
            Some(by.id),
            Some(event_id),
            "result.set",
            &crate::i18n::Reason::new("audit_d_result")
                .arg("round", round)
                .arg("board", board_no)
                .arg("old", "none")
                .arg("new", result.as_str())
                .audit(),
        )
        .await?;
    }
    tx.commit_audited(Some(by.id), Some(event_id), "record.upload", summary)
        .await?;
    Ok(Ok(()))
}

/// A record whose verdict was made by older rules than [`RULES_VERSION`].
#[derive(Debug, Clone)]
pub struct OutdatedRecord {
    /// The event.
    pub event_id: i64,
    /// The game.
    pub of: RecordOf,
    /// The record text.
    pub record: String,
    /// The stored verdict.
    pub verdict: Verdict,
}

/// Every record of every event whose verdict is older than [`RULES_VERSION`].
pub async fn outdated(db: &Db) -> StoreResult<Vec<OutdatedRecord>> {
    let boards: Vec<(i64, i64, i64, i64, i64, String, String)> = sqlx::query_as(
        "SELECT r.event_id, g.board_id, r.number, b.board_no, g.game_no, g.record, g.verdict
         FROM game_records g JOIN boards b ON b.id = g.board_id JOIN rounds r ON r.id = b.round_id
         WHERE g.rules_version < $1 ORDER BY g.id",
    )
    .bind(RULES_VERSION)
    .fetch_all(db)
    .await?;
    let knockout: Vec<(i64, i64, i64, String, String)> = sqlx::query_as(
        "SELECT event_id, match_id, game_no, record, verdict FROM knockout_records
         WHERE rules_version < $1 ORDER BY event_id, match_id, game_no",
    )
    .bind(RULES_VERSION)
    .fetch_all(db)
    .await?;
    let outdated = |event_id: i64, of: RecordOf, record: String, verdict: &str| {
        let verdict = decode_verdict(verdict, || format!("record of {of:?} of event {event_id}"))?;
        StoreResult::Ok(OutdatedRecord {
            event_id,
            of,
            verdict,
            record,
        })
    };
    let mut out = Vec::with_capacity(boards.len() + knockout.len());
    for (event_id, board_id, round, board_no, game_no, record, v) in boards {
        let of = RecordOf::Board {
            board_id,
            round: round as u32,
            board_no: board_no as u32,
            game_no: game_no as u32,
        };
        out.push(outdated(event_id, of, record, &v)?);
    }
    for (event_id, match_id, game_no, record, v) in knockout {
        let of = RecordOf::Knockout {
            match_id: match_id as u32,
            game_no: game_no as u32,
        };
        out.push(outdated(event_id, of, record, &v)?);
    }
    Ok(out)
}

/// Stores the verdict of a record re-adjudicated under [`RULES_VERSION`]. When `changed` holds
/// the old verdict, the game is listed for the event's arbiters (and audit-logged as
/// `record.readjudicate`); the game's result is not touched.
pub async fn store_readjudicated(
    db: &Db,
    event_id: i64,
    of: RecordOf,
    verdict: &Verdict,
    changed: Option<&Verdict>,
) -> StoreResult<()> {
    let legal = verdict.is_legal();
    let mut tx = super::begin_write(db).await?;
    let what = of.audit_reason("audit_d_game_board", "audit_d_game_match");
    let (update, board_id, match_id) = match of {
        RecordOf::Board {
            board_id, game_no, ..
        } => (
            sqlx::query(
                "UPDATE game_records SET verdict = $1, legal = $2, rules_version = $3
                 WHERE board_id = $4 AND game_no = $5",
            )
            .bind(verdict_text(verdict))
            .bind(legal as i64)
            .bind(RULES_VERSION)
            .bind(board_id)
            .bind(game_no as i64),
            Some(board_id),
            None,
        ),
        RecordOf::Knockout { match_id, game_no } => (
            sqlx::query(
                "UPDATE knockout_records SET verdict = $1, legal = $2, rules_version = $3
                 WHERE event_id = $4 AND match_id = $5 AND game_no = $6",
            )
            .bind(verdict_text(verdict))
            .bind(legal as i64)
            .bind(RULES_VERSION)
            .bind(event_id)
            .bind(match_id as i64)
            .bind(game_no as i64),
            None,
            Some(match_id as i64),
        ),
    };
    update.execute(&mut *tx).await?;
    let Some(old) = changed else {
        return tx.commit().await;
    };
    sqlx::query(
        "INSERT INTO readjudicated_records (event_id, board_id, match_id, game_no, old_verdict, new_verdict, at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(event_id)
    .bind(board_id)
    .bind(match_id)
    .bind(of.game_no() as i64)
    .bind(verdict_text(old))
    .bind(verdict_text(verdict))
    .bind(now())
    .execute(&mut *tx)
    .await?;
    tx.commit_audited(
        None,
        Some(event_id),
        "record.readjudicate",
        &crate::i18n::Reason::new("audit_d_readjudicated")
            .arg_reason("game", &what)
            .audit(),
    )
    .await
}

/// A game whose stored verdict changed when it was re-adjudicated on upgrade.
#[derive(Debug, Clone)]
pub struct Readjudicated {
    /// The game (a knockout game's `match_id`, or a Swiss board's round and board).
    pub of: RecordOf,
    /// The verdict before.
    pub old_verdict: Verdict,
    /// The verdict now.
    pub new_verdict: Verdict,
    /// When it was re-adjudicated.
    pub at: String,
}

/// The games of an event whose verdicts changed on upgrade and have not been submitted again since.
pub async fn readjudicated(db: &Db, event_id: i64) -> StoreResult<Vec<Readjudicated>> {
    type Row = (
        Option<i64>,
        Option<i64>,
        Option<i64>,
        Option<i64>,
        i64,
        String,
        String,
        String,
    );
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT x.board_id, r.number, b.board_no, x.match_id, x.game_no, x.old_verdict, x.new_verdict, x.at
         FROM readjudicated_records x LEFT JOIN boards b ON b.id = x.board_id
         LEFT JOIN rounds r ON r.id = b.round_id
         WHERE x.event_id = $1 ORDER BY r.number NULLS FIRST, b.board_no NULLS FIRST, x.match_id NULLS FIRST, x.game_no",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for (board_id, round, board_no, match_id, game_no, old, new, at) in rows {
        let of = match (board_id, round, board_no, match_id) {
            (Some(board_id), Some(round), Some(board_no), _) => RecordOf::Board {
                board_id,
                round: round as u32,
                board_no: board_no as u32,
                game_no: game_no as u32,
            },
            (None, _, _, Some(match_id)) => RecordOf::Knockout {
                match_id: match_id as u32,
                game_no: game_no as u32,
            },
            _ => {
                return Err(corrupt(format!(
                    "readjudicated record of event {event_id} names no game"
                )));
            }
        };
        let parse =
            |t: &str| decode_verdict(t, || format!("readjudicated {of:?} of event {event_id}"));
        out.push(Readjudicated {
            of,
            old_verdict: parse(&old)?,
            new_verdict: parse(&new)?,
            at,
        });
    }
    Ok(out)
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
    row.map(|r| r.decode(|| format!("record of {of:?} of event {event_id}")))
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

/// The boards of an event's rounds that have at least one stored move record (one query).
pub async fn event_boards_with_records(
    db: &Db,
    event_id: i64,
) -> StoreResult<std::collections::HashSet<i64>> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT DISTINCT g.board_id FROM game_records g JOIN boards b ON b.id = g.board_id
         JOIN rounds r ON r.id = b.round_id WHERE r.event_id = $1",
    )
    .bind(event_id)
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
