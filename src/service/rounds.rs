//! The round workflow shared by the pages and the JSON API: pair the next round with the Dutch engine,
//! enter results with version checks, and the player names the pages show.

use std::collections::HashMap;

use super::policy::Access;
use super::{Reason, ServiceError, ServiceResult};
use crate::round::{Absence, BoardResult, MatchGames};
use crate::rules::Color;
use crate::store::{self, Db, events::Event, rounds::Round, users::User};
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
    db: &Db,
    by: &User,
    event: &Event,
    lot: Option<Color>,
    publish: bool,
) -> ServiceResult<Round> {
    let rounds = store::rounds::list(db, event.id).await?;
    if let Some(draft) = rounds.iter().find(|r| !r.published) {
        return Err(ServiceError::Conflict(
            Reason::new("svc_draft_pending").arg("round", draft.number),
        ));
    }
    if let Some(last) = rounds.last() {
        let pending: Vec<String> = store::rounds::boards(db, last.id)
            .await?
            .iter()
            .filter(|b| b.is_pending())
            .map(|b| b.board_no.to_string())
            .collect();
        if !pending.is_empty() {
            return Err(ServiceError::Conflict(
                Reason::new("svc_round_unfinished")
                    .arg("round", last.number)
                    .arg("boards", pending.join(", ")),
            ));
        }
    }
    let number = rounds.len() as u32 + 1;
    if number > event.settings.swiss_rounds {
        return Err(ServiceError::Conflict(
            Reason::new("svc_all_rounds_paired").arg("rounds", event.settings.swiss_rounds),
        ));
    }
    if publish {
        super::deals::require_round_dealt(db, event, number).await?;
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
        return Err(ServiceError::Conflict(
            Reason::new("svc_too_few_players")
                .arg("round", number)
                .arg("found", active),
        ));
    }
    // The Dutch engine can take seconds on a large field: off the async workers.
    let (t, paired) = tokio::task::spawn_blocking(move || {
        let paired = dutch::pair_next_round(&t);
        (t, paired)
    })
    .await
    .map_err(|e| ServiceError::Internal(format!("pairing task: {e}")))?;
    let pairing = paired.map_err(|e| match e {
        PairingError::NoLegalPairing { round } => {
            ServiceError::Conflict(Reason::new("svc_no_legal_pairing").arg("round", round))
        }
        other => ServiceError::Conflict(Reason::detail("svc_pairing_failed", other)),
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
    db: &Db,
    by: &User,
    event: &Event,
    round: &Round,
    board_no: u32,
    expected_version: Option<i64>,
    result: Option<BoardResult>,
) -> ServiceResult<i64> {
    store_outcome(
        db,
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
) -> ServiceResult<(Option<BoardResult>, Option<MatchGames>)> {
    let typed = typed.trim();
    if typed.is_empty() {
        return Ok((None, None));
    }
    if event.settings.plays_matches() {
        if let Some(forfeit) = BoardResult::parse(typed).filter(|r| !r.is_played()) {
            return Ok((Some(forfeit), None));
        }
        let games = MatchGames::parse(typed, event.settings.best_of).map_err(|e| {
            ServiceError::invalid(
                "result",
                Reason::new("svc_bad_match_games")
                    .arg("board", board_no)
                    .arg("detail", e),
            )
        })?;
        return Ok((Some(games.result()), Some(games)));
    }
    let result = BoardResult::parse(typed).ok_or_else(|| {
        ServiceError::invalid(
            "result",
            Reason::new("svc_not_a_result")
                .arg("board", board_no)
                .arg("typed", typed),
        )
    })?;
    Ok((Some(result), None))
}

/// Stores a typed result (see [`parse_typed`]) with the version check.
pub async fn enter_typed(
    db: &Db,
    by: &User,
    event: &Event,
    round: &Round,
    board_no: u32,
    expected_version: Option<i64>,
    typed: &str,
) -> ServiceResult<i64> {
    let (result, games) = parse_typed(event, board_no, typed)?;
    store_outcome(
        db,
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
    db: &Db,
    by: &User,
    event: &Event,
    round: &Round,
    board_no: u32,
    expected_version: Option<i64>,
    outcome: (Option<BoardResult>, Option<&MatchGames>),
) -> ServiceResult<i64> {
    let board = store::rounds::board(db, round.id, board_no)
        .await?
        .ok_or(ServiceError::NotFound)?;
    if board.is_bye() {
        return Err(ServiceError::Refused(
            Reason::new("svc_bye_has_no_result").arg("board", board_no),
        ));
    }
    if !round.published {
        return Err(ServiceError::Conflict(
            Reason::new("svc_round_not_published").arg("round", round.number),
        ));
    }
    let version = expected_version.unwrap_or(board.version);
    store::rounds::set_result(db, by, event.id, round, &board, version, outcome)
        .await
        .map_err(|e| match e {
            store::rounds::ResultError::Stale { .. } => ServiceError::Stale {
                board: Some(board_no),
            },
            store::rounds::ResultError::Store(s) => s.into(),
        })
}

/// Start number → (name, club) of an event's players.
pub async fn names(db: &Db, event_id: i64) -> ServiceResult<HashMap<u32, (String, String)>> {
    Ok(store::players::list(db, event_id)
        .await?
        .into_iter()
        .map(|p| (p.start_no as u32, (p.entry.name, p.entry.club)))
        .collect())
}

/// The Swiss state and the standings after the completed rounds, with the event's tie-breaks.
pub async fn standings(
    db: &Db,
    event: &Event,
) -> ServiceResult<(
    crate::swiss::tournament::Tournament,
    Vec<crate::swiss::standings::Standing>,
)> {
    let t = store::rounds::tournament(db, event).await?;
    let list = crate::swiss::standings::final_standings(&t, &event.settings.tie_breaks);
    Ok((t, list))
}

/// Loads a round the visitor may see: drafts exist only for the event's arbiters (404 for others).
pub async fn visible_round(
    db: &Db,
    event: &Event,
    access: Access,
    number: u32,
) -> ServiceResult<Round> {
    let round = store::rounds::get(db, event.id, number)
        .await?
        .ok_or(ServiceError::NotFound)?;
    if !super::policy::round_visible(access, &round) {
        return Err(ServiceError::NotFound);
    }
    Ok(round)
}

/// Checks a draft before publication: nobody plays twice, and nobody both plays and is absent (a
/// manual fix can leave a player on two boards). The error names the player.
pub async fn check_draft(db: &Db, round: &Round) -> ServiceResult<()> {
    let mut seen = std::collections::HashSet::new();
    for b in store::rounds::boards(db, round.id).await? {
        for start in std::iter::once(b.red).chain(b.black) {
            if !seen.insert(start) {
                return Err(ServiceError::Conflict(
                    Reason::new("svc_player_twice")
                        .arg("player", start)
                        .arg("round", round.number),
                ));
            }
        }
    }
    for (start, _) in store::rounds::absences(db, round.id).await? {
        if seen.contains(&start) {
            return Err(ServiceError::Conflict(
                Reason::new("svc_bye_and_paired")
                    .arg("player", start)
                    .arg("round", round.number),
            ));
        }
    }
    Ok(())
}
