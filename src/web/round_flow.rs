//! The round workflow shared by the pages and the JSON API: pair the next round with the Dutch engine,
//! enter results with version checks, and the player names the pages show.

use std::collections::HashMap;

use super::AppState;
use super::access::Access;
use super::error::{AppError, AppResult};
use crate::round::{Absence, BoardResult, MatchGames};
use crate::rules::Color;
use crate::store::{self, events::Event, rounds::Round, users::User};
use crate::swiss::{PairingError, dutch};

/// Draws the lot for player 1's colour in round 1 from the OS random source.
pub fn draw_lot() -> Color {
    let mut b = [0u8; 1];
    if getrandom::fill(&mut b).is_err() {
        return Color::Red;
    }
    if b[0] & 1 == 0 {
        Color::Red
    } else {
        Color::Black
    }
}

/// Pairs the next round of an event; stores it as a draft, or published at once.
pub async fn pair_next(
    state: &AppState,
    by: &User,
    event: &Event,
    lot: Option<Color>,
    publish: bool,
) -> AppResult<Round> {
    let db = &state.db;
    let rounds = store::rounds::list(db, event.id).await?;
    if let Some(draft) = rounds.iter().find(|r| !r.published) {
        return Err(AppError::Conflict(format!(
            "round {} is paired but not published yet",
            draft.number
        )));
    }
    if let Some(last) = rounds.last() {
        let pending: Vec<String> = store::rounds::boards(db, last.id)
            .await?
            .iter()
            .filter(|b| b.is_pending())
            .map(|b| b.board_no.to_string())
            .collect();
        if !pending.is_empty() {
            return Err(AppError::Conflict(format!(
                "round {} has boards without a result: {}",
                last.number,
                pending.join(", ")
            )));
        }
    }
    let number = rounds.len() as u32 + 1;
    if number > event.settings.swiss_rounds {
        return Err(AppError::Conflict(format!(
            "all {} Swiss rounds are paired",
            event.settings.swiss_rounds
        )));
    }
    if number == 1 {
        store::rounds::prepare_round_one(db, event.id).await?;
    }
    let mut t = store::rounds::tournament(db, event).await?;
    let first_colour = if number == 1 {
        Some(lot.unwrap_or_else(draw_lot))
    } else {
        None
    };
    if let Some(c) = first_colour {
        t.first_colour = c;
    }
    let active = t
        .players
        .iter()
        .filter(|p| t.is_available(p.number, number))
        .count();
    if active < 2 {
        return Err(AppError::Conflict(format!(
            "round {number} needs at least two players to pair (found {active})"
        )));
    }
    let pairing = dutch::pair_next_round(&t).map_err(|e| match e {
        PairingError::NoLegalPairing { round } => AppError::Conflict(format!(
            "no legal pairing exists for round {round}; change byes or withdrawals"
        )),
        other => AppError::Conflict(other.to_string()),
    })?;
    let absences: Vec<(u32, Absence)> = store::rounds::bye_requests(db, event.id)
        .await?
        .into_iter()
        .filter(|(r, start, _)| {
            *r == number && t.player(*start).is_some_and(|p| p.is_active_in(number))
        })
        .map(|(_, s, k)| (s, k))
        .collect();
    let new = store::rounds::NewRound {
        number,
        first_colour,
        pairing: &pairing,
        absences: &absences,
        publish,
    };
    Ok(store::rounds::create(db, by, event.id, new).await?)
}

/// Stores a result with the version check; a stale version becomes a 409 naming the board.
pub async fn enter_result(
    state: &AppState,
    by: &User,
    event: &Event,
    round: &Round,
    board_no: u32,
    expected_version: Option<i64>,
    result: Option<BoardResult>,
) -> AppResult<i64> {
    store_outcome(
        state,
        by,
        event,
        round,
        board_no,
        expected_version,
        (result, None),
    )
    .await
}

/// A result as typed by an arbiter (the result form, the API): `1-0`, `0-1`, `1/2-1/2` (also `1`, `0`,
/// `=`), forfeits `1-0F`, `0-1F`, `0-0F`, empty for none — or, in events whose pairings play a Banqi
/// match, the games from Red's view (`1=0`); the match outcome is then the board's result.
pub fn parse_typed(
    event: &Event,
    board_no: u32,
    typed: &str,
) -> AppResult<(Option<BoardResult>, Option<MatchGames>)> {
    let typed = typed.trim();
    if typed.is_empty() {
        return Ok((None, None));
    }
    if store::rounds::plays_matches(&event.settings) {
        if let Some(forfeit) = BoardResult::parse(typed).filter(|r| !r.is_played()) {
            return Ok((Some(forfeit), None));
        }
        let games = MatchGames::parse(typed, event.settings.best_of)
            .map_err(|e| AppError::BadRequest(format!("board {board_no}: {e}")))?;
        return Ok((Some(games.result()), Some(games)));
    }
    let result = BoardResult::parse(typed).ok_or_else(|| {
        AppError::BadRequest(format!(
            "board {board_no}: '{typed}' is not a result (1-0, 0-1, 1/2-1/2, 1-0F, 0-1F, 0-0F)"
        ))
    })?;
    Ok((Some(result), None))
}

/// Stores a typed result (see [`parse_typed`]) with the version check.
pub async fn enter_typed(
    state: &AppState,
    by: &User,
    event: &Event,
    round: &Round,
    board_no: u32,
    expected_version: Option<i64>,
    typed: &str,
) -> AppResult<i64> {
    let (result, games) = parse_typed(event, board_no, typed)?;
    store_outcome(
        state,
        by,
        event,
        round,
        board_no,
        expected_version,
        (result, games.as_ref()),
    )
    .await
}

async fn store_outcome(
    state: &AppState,
    by: &User,
    event: &Event,
    round: &Round,
    board_no: u32,
    expected_version: Option<i64>,
    outcome: (Option<BoardResult>, Option<&MatchGames>),
) -> AppResult<i64> {
    let board = store::rounds::board(&state.db, round.id, board_no)
        .await?
        .ok_or(AppError::NotFound)?;
    if board.is_bye() {
        return Err(AppError::BadRequest(format!(
            "board {board_no} is the pairing-allocated bye; it has no result to enter"
        )));
    }
    if !round.published {
        return Err(AppError::Conflict(format!(
            "round {} is not published yet",
            round.number
        )));
    }
    let version = expected_version.unwrap_or(board.version);
    store::rounds::set_result(&state.db, by, event.id, round, &board, version, outcome)
        .await
        .map_err(|e| match e {
            store::rounds::ResultError::Stale { .. } => AppError::Conflict(e.to_string()),
            store::rounds::ResultError::Store(s) => s.into(),
        })
}

/// Start number → (name, club) of an event's players.
pub async fn names(state: &AppState, event_id: i64) -> AppResult<HashMap<u32, (String, String)>> {
    Ok(store::players::list(&state.db, event_id)
        .await?
        .into_iter()
        .map(|p| (p.start_no as u32, (p.entry.name, p.entry.club)))
        .collect())
}

/// The Swiss state and the standings after the completed rounds, with the event's tie-breaks.
pub async fn standings(
    state: &AppState,
    event: &Event,
) -> AppResult<(
    crate::swiss::tournament::Tournament,
    Vec<crate::swiss::standings::Standing>,
)> {
    let t = store::rounds::tournament(&state.db, event).await?;
    let list = crate::swiss::standings::final_standings(&t, &event.settings.tie_breaks);
    Ok((t, list))
}

/// Loads a round the visitor may see: drafts exist only for the event's arbiters (404 for others).
pub async fn visible_round(
    state: &AppState,
    event: &Event,
    access: Access,
    number: u32,
) -> AppResult<Round> {
    let round = store::rounds::get(&state.db, event.id, number)
        .await?
        .ok_or(AppError::NotFound)?;
    if !round.published && !access.arbitrate {
        return Err(AppError::NotFound);
    }
    Ok(round)
}

/// Checks a draft before publication: nobody plays twice, and nobody both plays and is absent (a
/// manual fix can leave a player on two boards). The error names the player.
pub async fn check_draft(state: &AppState, round: &Round) -> AppResult<()> {
    let mut seen = std::collections::HashSet::new();
    for b in store::rounds::boards(&state.db, round.id).await? {
        for start in std::iter::once(b.red).chain(b.black) {
            if !seen.insert(start) {
                return Err(AppError::Conflict(format!(
                    "player {start} is on two boards of round {}",
                    round.number
                )));
            }
        }
    }
    for (start, _) in store::rounds::absences(&state.db, round.id).await? {
        if seen.contains(&start) {
            return Err(AppError::Conflict(format!(
                "player {start} has a bye in round {} but is also paired",
                round.number
            )));
        }
    }
    Ok(())
}
