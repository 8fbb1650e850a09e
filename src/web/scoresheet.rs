//! Scoresheets: a move record submitted for a board's game is adjudicated at once (with the round's
//! sealed deal and the event's move limit), stored with its verdict, and compared with the entered
//! result. A legal, decided record that agrees (or finds no result yet) sets or confirms the result;
//! a conflict or an illegal move is only reported — the arbiter decides (see [`apply_record_result`]).
//!
//! "Decided" means the verdict has a result: decided by the position (mate, stalemate, repetition,
//! move limit) or, for an undecided final position, the result the record claims (resignation,
//! agreement, time), which the players' signed scoresheet states.

use super::AppState;
use super::deal_flow;
use super::error::{AppError, AppResult};
use super::round_flow;
use crate::deal::GameNumber;
use crate::round::BoardResult;
use crate::rules::adjudicate::{AdjudicateOptions, GameResult, adjudicate};
use crate::store::{self, events::Event, rounds::Round, users::User};

/// Most games a board can hold (a Banqi match of 7); xiangqi and Jieqi boards hold one.
pub const MAX_GAMES: u32 = 7;

/// How a stored record stands against the board's entered result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordStatus {
    /// An illegal ply: `(ply, token, reason)`.
    Illegal(usize, String, String),
    /// The record ends without a result.
    Undecided,
    /// The record's result and no result entered yet.
    Unentered(BoardResult),
    /// The record agrees with the entered result.
    Agrees(BoardResult),
    /// The record's result differs from the entered one: `(record, entered)`.
    Conflict(BoardResult, BoardResult),
    /// The record claims a result the final position contradicts: `(position's, claimed)`.
    ClaimConflict(BoardResult, String),
    /// A game of a match: the board's result is the match score, entered by the arbiter.
    MatchGame(Option<BoardResult>),
}

impl RecordStatus {
    /// Short machine name (the `action`/`status` field of the JSON).
    pub fn code(&self) -> &'static str {
        match self {
            RecordStatus::Illegal(..) => "illegal",
            RecordStatus::Undecided => "undecided",
            RecordStatus::Unentered(_) => "unentered",
            RecordStatus::Agrees(_) => "agrees",
            RecordStatus::Conflict(..) => "conflict",
            RecordStatus::ClaimConflict(..) => "claim_conflict",
            RecordStatus::MatchGame(_) => "match_game",
        }
    }

    /// The result an arbiter may apply from the record (conflicts and unentered results).
    pub fn applicable(&self) -> Option<BoardResult> {
        match self {
            RecordStatus::Unentered(r) | RecordStatus::Conflict(r, _) => Some(*r),
            RecordStatus::ClaimConflict(r, _) => Some(*r),
            _ => None,
        }
    }
}

/// Judges a stored verdict (the adjudicator's JSON) against the board's entered result. `single_game`
/// is false for a game of a Banqi match, whose board result is the match score.
pub fn assess(
    verdict: &serde_json::Value,
    entered: Option<BoardResult>,
    single_game: bool,
) -> RecordStatus {
    let error = &verdict["error"];
    if !error.is_null() {
        return RecordStatus::Illegal(
            error["ply"].as_u64().unwrap_or(0) as usize,
            error["token"].as_str().unwrap_or("").to_string(),
            error["message"].as_str().unwrap_or("").to_string(),
        );
    }
    let result = verdict["result"]
        .as_str()
        .and_then(GameResult::parse)
        .and_then(BoardResult::from_game);
    let Some(result) = result else {
        return RecordStatus::Undecided;
    };
    if !single_game {
        return RecordStatus::MatchGame(entered);
    }
    if let Some(claimed) = verdict["claim_conflict"].as_str() {
        return RecordStatus::ClaimConflict(result, claimed.to_string());
    }
    match entered {
        None => RecordStatus::Unentered(result),
        Some(e) if e == result => RecordStatus::Agrees(result),
        Some(e) => RecordStatus::Conflict(result, e),
    }
}

/// Whether a board of this event holds one game (its result is that game's result).
pub fn single_game(event: &Event) -> bool {
    !store::rounds::plays_matches(&event.settings)
}

/// Checks the game number of a board of this event.
fn check_game_no(event: &Event, game_no: u32) -> AppResult<()> {
    let max = if single_game(event) { 1 } else { MAX_GAMES };
    if game_no == 0 || game_no > max {
        return Err(AppError::BadRequest(format!(
            "game: {game_no} is not a game of this board (1–{max})"
        )));
    }
    Ok(())
}

/// Loads a board for an arbiter of the event (403 for anyone else), checking the game number.
async fn arbiters_board(
    state: &AppState,
    user: &User,
    event: &Event,
    round: &Round,
    board_no: u32,
    game_no: u32,
) -> AppResult<store::rounds::Board> {
    if !super::access::user_access(state, Some(user), event)
        .await?
        .arbitrate
    {
        return Err(AppError::Forbidden);
    }
    check_game_no(event, game_no)?;
    store::rounds::board(&state.db, round.id, board_no)
        .await?
        .ok_or(AppError::NotFound)
}

/// Adjudicates a record for a game with the deal sealed for `(round_no, game)` (if one is) and the
/// event's move limit. `round_no` is the deal's round number: the Swiss round, or `swiss_rounds + k`
/// for knockout round k (see `deal_flow::knockout_deal_round`). A record that cannot be read at all is
/// a 400 naming the line.
pub async fn adjudicate_for(
    state: &AppState,
    event: &Event,
    round_no: u32,
    game: GameNumber,
    text: &str,
) -> AppResult<crate::rules::adjudicate::Verdict> {
    let deal = store::deals::active(&state.db, event.id, round_no, game).await?;
    if event.settings.variant == crate::rules::Variant::Banqi {
        let record = crate::rules::notation::record::Record::from_bytes(text.as_bytes())
            .map_err(|e| AppError::BadRequest(format!("record: {e}")))?;
        let settings = crate::rules::banqi::Settings {
            no_progress_limit: Some(event.settings.move_limit),
            ..Default::default()
        };
        let deal_text = deal.as_ref().map(|d| d.deal.as_str());
        return crate::rules::banqi::adjudicate(&record, None, deal_text, settings)
            .map_err(|e| AppError::BadRequest(format!("record: {e}")));
    }
    let rules_deal = match &deal {
        Some(d) => deal_flow::jieqi_deal(d)?,
        None => None,
    };
    let options = AdjudicateOptions {
        move_limit: u16::try_from(event.settings.move_limit).unwrap_or(u16::MAX),
        fen: None,
    };
    adjudicate(
        text.as_bytes(),
        event.settings.variant,
        rules_deal.as_ref(),
        &options,
    )
    .map_err(|e| match e {
        crate::rules::adjudicate::AdjudicateError::Setup(m) if m.contains("Deal tag differs") => {
            AppError::BadRequest("record: the Deal tag differs from the round's sealed deal".into())
        }
        other => AppError::BadRequest(format!("record: {other}")),
    })
}

/// Submits a move record for game `game_no` of board `board_no` of a published round, as an arbiter of
/// the event (403 otherwise). The record is adjudicated, stored, and — when legal, decided and
/// agreeing with the entered result or finding none — sets or confirms the result (with the board's
/// version). Returns the verdict JSON of the adjudicator plus `board`, `game`, `deal` (the commitment
/// used, or null), `status` (see [`RecordStatus::code`]; `result_set` when this call entered the
/// result, `stale` when another writer entered one meanwhile) and `entered` (the board's result as
/// this call left it, or null). The JSON API calls this for `POST …/boards/{b}/record`.
pub async fn submit_record(
    state: &AppState,
    user: &User,
    event: &Event,
    round: &Round,
    board_no: u32,
    game_no: u32,
    text: &str,
) -> AppResult<serde_json::Value> {
    if !round.published {
        return Err(AppError::Conflict(format!(
            "round {} is not published yet",
            round.number
        )));
    }
    let board = arbiters_board(state, user, event, round, board_no, game_no).await?;
    if board.is_bye() {
        return Err(AppError::BadRequest(format!(
            "board {board_no} is the pairing-allocated bye; it has no game"
        )));
    }
    if text.trim().is_empty() {
        return Err(AppError::BadRequest("record: the record is empty".into()));
    }
    let verdict =
        adjudicate_for(state, event, round.number, GameNumber::Game(game_no), text).await?;
    let json = verdict.to_json();
    store::rounds::save_record(
        &state.db,
        user,
        event.id,
        round,
        &board,
        store::rounds::RecordSubmission {
            game_no,
            record: text,
            verdict: &json,
            legal: verdict.is_legal(),
        },
    )
    .await?;
    let status = assess(&json, board.result, single_game(event));
    let (code, entered) = match status {
        RecordStatus::Unentered(result) => {
            match round_flow::enter_result(
                state,
                user,
                event,
                round,
                board_no,
                Some(board.version),
                Some(result),
            )
            .await
            {
                Ok(_) => ("result_set", Some(result)),
                // Someone entered a result meanwhile: the record is stored, the result left alone.
                Err(AppError::Conflict(_)) => ("stale", board.result),
                Err(e) => return Err(e),
            }
        }
        ref other => (other.code(), board.result),
    };
    let deal = store::deals::active(&state.db, event.id, round.number, GameNumber::Game(game_no))
        .await?
        .map(|d| d.commitment);
    let mut out = json;
    out["board"] = board_no.into();
    out["game"] = game_no.into();
    out["deal"] = deal.into();
    out["status"] = code.into();
    out["entered"] = entered.map(|r| r.as_str()).into();
    Ok(out)
}

/// The arbiter's explicit decision to apply a stored record's result to the board (a conflict, or a
/// result not entered yet), checked against the version the arbiter saw; logged as `record.apply`
/// next to the `result.set` entry.
pub async fn apply_record_result(
    state: &AppState,
    user: &User,
    event: &Event,
    round: &Round,
    board_no: u32,
    game_no: u32,
    expected_version: i64,
) -> AppResult<BoardResult> {
    let board = arbiters_board(state, user, event, round, board_no, game_no).await?;
    let record = store::rounds::records(&state.db, board.id)
        .await?
        .into_iter()
        .find(|r| r.game_no == game_no)
        .ok_or(AppError::NotFound)?;
    let status = assess(&record.verdict, board.result, single_game(event));
    let result = status.applicable().ok_or_else(|| {
        AppError::Conflict(format!(
            "board {board_no} game {game_no}: the record has no result to apply ({})",
            status.code()
        ))
    })?;
    round_flow::enter_result(
        state,
        user,
        event,
        round,
        board_no,
        Some(expected_version),
        Some(result),
    )
    .await?;
    store::audit::record(
        &state.db,
        Some(user.id),
        Some(event.id),
        "record.apply",
        &format!(
            "round {} board {board_no} game {game_no}: the record's result {} applied ({})",
            round.number,
            result.as_str(),
            status.code()
        ),
    )
    .await?;
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::{Notation, WrittenMove, write_game};
    use crate::rules::xiangqi::{Deal, Position};
    use serde_json::json;

    /// The JSON the API returns: a legal decided record sets the result, the same record again
    /// confirms it, a reveal against the sealed deal is an illegal ply, and only arbiters submit.
    #[tokio::test]
    async fn submit_record_answers_the_verdict_json_with_what_it_did() {
        let (db, user, event_id, dir) = store::deals::test_event("scoresheet", "jieqi").await;
        let state = AppState {
            db: db.clone(),
            pages: Default::default(),
        };
        let entries =
            crate::roster::parse_csv("name,club,rating\nA,X,2000\nB,Y,1900\n").expect("csv");
        store::players::add_all(&db, &user, event_id, &entries)
            .await
            .expect("players");
        let event = store::events::get(&db, event_id).await.unwrap().unwrap();
        let deal_id = deal_flow::seal(&state, &user, &event, 1, GameNumber::Game(1))
            .await
            .expect("seal");
        let round =
            round_flow::pair_next(&state, &user, &event, Some(crate::rules::Color::Red), true)
                .await
                .expect("pair");
        let sealed = store::deals::get(&db, event_id, deal_id)
            .await
            .unwrap()
            .unwrap();
        let deal = Deal::parse(&sealed.deal).unwrap();
        let start = Position::start_with_deal(&deal);
        let mut pos = start.clone();
        let mut moves = vec![];
        for _ in 0..6 {
            let m = *pos.legal_moves().iter().next().unwrap();
            moves.push(WrittenMove {
                mv: m,
                reveal: pos.hidden_identity(m.from()),
                captured: None,
            });
            pos.make_move(m).unwrap();
        }
        let text = write_game(
            &start,
            &moves,
            Notation::Chinese,
            &[],
            None,
            Some(GameResult::RedWins),
        )
        .unwrap();

        let v = submit_record(&state, &user, &event, &round, 1, 1, &text)
            .await
            .expect("submit");
        assert_eq!(v["status"], "result_set", "{v}");
        assert_eq!(v["entered"], "1-0");
        assert_eq!(v["result"], "1-0");
        assert_eq!(v["termination"], "claimed");
        assert_eq!(v["deal"], sealed.commitment.as_str());
        assert_eq!(
            (v["board"].as_u64(), v["game"].as_u64()),
            (Some(1), Some(1))
        );
        let v = submit_record(&state, &user, &event, &round, 1, 1, &text)
            .await
            .expect("again");
        assert_eq!(v["status"], "agrees");

        let h2 = sealed.deal.chars().nth(21).unwrap();
        let wrong = ['R', 'N', 'B', 'A', 'C', 'P']
            .into_iter()
            .find(|c| *c != h2)
            .unwrap();
        let v = submit_record(
            &state,
            &user,
            &event,
            &round,
            1,
            1,
            &format!("1. h2e2{wrong} *"),
        )
        .await
        .expect("illegal");
        assert_eq!(v["status"], "illegal");
        assert_eq!(v["error"]["ply"], 1);
        assert_eq!(v["entered"], "1-0", "the result stays");

        assert!(
            matches!(
                submit_record(&state, &user, &event, &round, 1, 2, &text).await,
                Err(AppError::BadRequest(_))
            ),
            "a Jieqi board has one game"
        );
        let player = store::users::create(&db, "p", crate::accounts::Role::Player, "x")
            .await
            .unwrap();
        assert!(matches!(
            submit_record(&state, &player, &event, &round, 1, 1, &text).await,
            Err(AppError::Forbidden)
        ));
        db.close().await;
        let _ = std::fs::remove_dir_all(dir);
    }

    fn verdict(result: &str) -> serde_json::Value {
        json!({"variant": "jieqi", "plies": 10, "result": result, "termination": "checkmate",
               "final_fen": "", "error": null})
    }

    #[test]
    fn a_decided_record_is_judged_against_the_entered_result() {
        let v = verdict("1-0");
        assert_eq!(
            assess(&v, None, true),
            RecordStatus::Unentered(BoardResult::RedWins)
        );
        assert_eq!(
            assess(&v, Some(BoardResult::RedWins), true),
            RecordStatus::Agrees(BoardResult::RedWins)
        );
        assert_eq!(
            assess(&v, Some(BoardResult::Draw), true),
            RecordStatus::Conflict(BoardResult::RedWins, BoardResult::Draw)
        );
        // A forfeit entered for a game that has a record is a conflict too.
        assert_eq!(
            assess(&v, Some(BoardResult::BlackWinsByForfeit), true).code(),
            "conflict"
        );
        assert_eq!(
            assess(&v, None, false),
            RecordStatus::MatchGame(None),
            "a Banqi match game never sets the board's match score"
        );
    }

    #[test]
    fn illegal_undecided_and_self_contradicting_records_set_nothing() {
        let illegal =
            json!({"result": "*", "error": {"ply": 3, "token": "h2e2", "message": "no such move"}});
        let s = assess(&illegal, None, true);
        assert_eq!(
            s,
            RecordStatus::Illegal(3, "h2e2".into(), "no such move".into())
        );
        assert_eq!(s.applicable(), None);
        assert_eq!(assess(&verdict("*"), None, true), RecordStatus::Undecided);
        let mut claim = verdict("0-1");
        claim["claim_conflict"] = json!("1-0");
        let s = assess(&claim, None, true);
        assert_eq!(
            s,
            RecordStatus::ClaimConflict(BoardResult::BlackWins, "1-0".into())
        );
        assert_eq!(s.applicable(), Some(BoardResult::BlackWins));
    }
}
