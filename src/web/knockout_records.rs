//! Move records of knockout games (issue 9): an arbiter submits the record of game g of match m; it is
//! adjudicated with the sealed deal of that knockout round for that game number (round number
//! `swiss_rounds + k`, see `deal_flow`) and the event's move limit, stored with its verdict, and — when
//! legal, decided and the game has no result yet — the result is recorded through the bracket's usual
//! game-result path. A conflict or an illegal ply is only reported. Before the deal is unsealed the
//! record is visible to the event's arbiters only (RULES.md §9).

use super::AppState;
use super::access::Access;
use super::deal_flow;
use super::error::{AppError, AppResult};
use super::knockout_flow;
use super::scoresheet::{self, RecordStatus};
use crate::deal::GameNumber;
use crate::knockout::{Bracket, MatchGame, MatchId};
use crate::round::BoardResult;
use crate::rules::adjudicate::GameResult;
use crate::store::knockout::Input;
use crate::store::knockout_records::{self, KnockoutRecord};
use crate::store::{self, events::Event, users::User};

/// Where a knockout game's deal lives: the deal's round number and game number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealSlot {
    /// The round number the deal is sealed under (`swiss_rounds + k`).
    pub round: u32,
    /// The game number of the deal (game n or the decider).
    pub game: GameNumber,
}

/// The deal slot of game `game_no` of match `match_id` (404 for an unknown match).
pub fn deal_slot(
    event: &Event,
    bracket: &Bracket,
    match_id: u32,
    game_no: u32,
) -> AppResult<DealSlot> {
    let m = bracket
        .get(MatchId(match_id))
        .map_err(|_| AppError::NotFound)?;
    let k = bracket.round_of(m.id()).map_err(|_| AppError::NotFound)?;
    Ok(DealSlot {
        round: deal_flow::knockout_deal_round(event, k),
        game: m.deal_game(game_no),
    })
}

/// The game `game_no` of a match as the bracket has it: played, or due (400 for any other number).
fn match_game(bracket: &Bracket, match_id: u32, game_no: u32) -> AppResult<MatchGame> {
    let m = bracket
        .get(MatchId(match_id))
        .map_err(|_| AppError::NotFound)?;
    m.games()
        .into_iter()
        .find(|g| g.number == game_no)
        .ok_or_else(|| {
            AppError::BadRequest(format!(
                "game: {game_no} is not a played or due game of match {match_id}"
            ))
        })
}

/// Submits the move record of game `game_no` of match `match_id` as an arbiter of the event (403
/// otherwise). Returns the adjudicator's verdict JSON plus `match`, `game`, `deal` (the commitment
/// used, or null), `status` (`result_set` when this call recorded the game's result, `stale` when the
/// bracket changed meanwhile, `refused` with `reason` when the bracket does not take the result now,
/// else [`RecordStatus::code`]) and `entered` (the game's result as this call left it, or null).
pub async fn submit(
    state: &AppState,
    user: &User,
    event: &Event,
    match_id: u32,
    game_no: u32,
    text: &str,
) -> AppResult<serde_json::Value> {
    if !super::access::user_access(state, Some(user), event)
        .await?
        .arbitrate
    {
        return Err(AppError::Forbidden);
    }
    let (stored, bracket) = knockout_flow::require(state, event).await?;
    let game = match_game(&bracket, match_id, game_no)?;
    if text.trim().is_empty() {
        return Err(AppError::BadRequest("record: the record is empty".into()));
    }
    let slot = deal_slot(event, &bracket, match_id, game_no)?;
    let verdict = scoresheet::adjudicate_for(state, event, slot.round, slot.game, text).await?;
    let json = verdict.to_json();
    knockout_records::save(
        &state.db,
        user,
        event.id,
        &KnockoutRecord {
            match_id,
            game_no,
            record: text.to_string(),
            verdict: json.clone(),
            legal: verdict.is_legal(),
        },
    )
    .await?;
    let entered = game.result.and_then(BoardResult::from_game);
    let status = scoresheet::assess(&json, entered, true);
    let mut reason = None;
    let (code, entered) = match status {
        RecordStatus::Unentered(_) => {
            let result = json["result"]
                .as_str()
                .and_then(GameResult::parse)
                .ok_or_else(|| AppError::Internal("a decided verdict without a result".into()))?;
            let input = Input::Game {
                match_id: MatchId(match_id),
                number: game_no,
                result,
            };
            // The version loaded above: a result entered meanwhile is never overwritten.
            match knockout_flow::record(state, user, event, input, Some(stored.next_seq())).await {
                Ok(_) => ("result_set", Some(result)),
                Err(AppError::Conflict(why)) => {
                    let stale = why.contains("changed by someone else");
                    if !stale {
                        reason = Some(why);
                    }
                    (if stale { "stale" } else { "refused" }, game.result)
                }
                Err(e) => return Err(e),
            }
        }
        ref other => (other.code(), game.result),
    };
    let deal = store::deals::active(&state.db, event.id, slot.round, slot.game)
        .await?
        .map(|d| d.commitment);
    let mut out = json;
    out["match"] = match_id.into();
    out["game"] = game_no.into();
    out["deal"] = deal.into();
    out["status"] = code.into();
    out["entered"] = entered.map(|r| r.as_str()).into();
    if let Some(reason) = reason {
        out["reason"] = reason.into();
    }
    Ok(out)
}

/// The stored record of a knockout game for this visitor: 404 (never 403) when there is none, or
/// while the deal of its knockout round and game number is sealed and the visitor does not
/// arbitrate the event.
pub async fn visible_record(
    state: &AppState,
    event: &Event,
    access: Access,
    match_id: u32,
    game_no: u32,
) -> AppResult<KnockoutRecord> {
    let (_, bracket) = knockout_flow::load(state, event)
        .await?
        .ok_or(AppError::NotFound)?;
    let slot = deal_slot(event, &bracket, match_id, game_no)?;
    if !deal_flow::may_see_records(state, event.id, access, slot.round, slot.game).await? {
        return Err(AppError::NotFound);
    }
    knockout_records::get(&state.db, event.id, match_id, game_no)
        .await?
        .ok_or(AppError::NotFound)
}
