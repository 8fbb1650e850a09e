//! The sealed-deal workflow shared by the pages, the scoresheets and (later) the JSON API and the
//! knockout pages: sealing with a fresh OS seed, which games still lack a result before unsealing, and
//! the secrecy rule (RULES.md §9) — before unsealing, a deal, its seed, its setup sheet and the move
//! records of its games exist only for the event's arbiters, organizer and administrators.
//!
//! Round numbers of deals: Swiss round r seals under round r. The deals of knockout round k (1 = the
//! first knockout round) are sealed under round number `swiss_rounds + k`, one per knockout game number
//! (`GameNumber::Game(n)` for game n of every match of that round, `GameNumber::Decider` for their
//! deciders), so every board playing game n of that knockout round uses the same deal
//! ([`knockout_round`], [`knockout_deal_round`]).

use super::AppState;
use super::access::Access;
use super::error::{AppError, AppResult};
use crate::deal::{DealContext, GameNumber, SealedDeal, Seed};
use crate::knockout::{Bracket, MatchState};
use crate::rules::Variant;
use crate::store::{self, deals::DealRecord, events::Event, users::User};

/// Highest round number a deal may be sealed for (Swiss plus knockout rounds stay far below).
pub const MAX_ROUND: u32 = 99;

/// The commitment context of an event's game: the event id as the store writes it, round, game.
pub fn context(event: &Event, round: u32, game: GameNumber) -> AppResult<DealContext> {
    DealContext::new(&event.id.to_string(), round, game)
        .map_err(|e| AppError::BadRequest(format!("round/game: {e}")))
}

/// Draws a deal for a game of a round from a fresh operating-system seed and seals it. Sealing again
/// for the same game is a re-draw: allowed until a board of the round has a result or a move record
/// (the round has started), it withdraws the previous deal, which stays listed.
pub async fn seal(
    state: &AppState,
    by: &User,
    event: &Event,
    round: u32,
    game: GameNumber,
) -> AppResult<i64> {
    let variant = event.settings.variant;
    if variant == Variant::Xiangqi {
        return Err(AppError::BadRequest(
            "variant: xiangqi has no face-down pieces, so no deal".into(),
        ));
    }
    if round == 0 || round > MAX_ROUND {
        return Err(AppError::BadRequest(format!(
            "round: {round} is not a round number (1–{MAX_ROUND})"
        )));
    }
    if let Some(k) = knockout_round(event, round) {
        if k >= knockout_rounds(event) {
            return Err(AppError::BadRequest(format!(
                "round: {round} is past the final (the knockout has {} rounds after {} Swiss rounds)",
                knockout_rounds(event),
                event.settings.swiss_rounds
            )));
        }
        if knockout_round_started(state, event, k).await? {
            return Err(AppError::Conflict(format!(
                "round {round} has started (a knockout game has a result or a record); its deal can no longer be drawn"
            )));
        }
    } else if store::deals::round_has_reports(&state.db, event.id, round).await? {
        return Err(AppError::Conflict(format!(
            "round {round} has started (a board has a result or a record); its deal can no longer be drawn"
        )));
    }
    let seed = Seed::generate().map_err(|e| AppError::Internal(format!("seed: {e}")))?;
    let sealed = SealedDeal::from_seed(variant, context(event, round, game)?, seed)
        .map_err(|e| AppError::Internal(format!("draw: {e}")))?;
    Ok(store::deals::seal(&state.db, by, event.id, &sealed).await?)
}

/// The 0-based knockout round a deal's round number stands for (`None` for a Swiss round): round
/// numbers after the Swiss rounds belong to the knockout, when the event has one.
pub fn knockout_round(event: &Event, round: u32) -> Option<usize> {
    let swiss = event.settings.swiss_rounds;
    (event.settings.knockout_size > 0 && round > swiss).then(|| (round - swiss - 1) as usize)
}

/// The round number the deals of 0-based knockout round `k` are sealed under: `swiss_rounds + k + 1`.
pub fn knockout_deal_round(event: &Event, k: usize) -> u32 {
    event.settings.swiss_rounds + k as u32 + 1
}

/// How many knockout rounds the event plays (0 without a knockout stage): log2 of its size.
pub fn knockout_rounds(event: &Event) -> usize {
    match event.settings.knockout_size {
        0 | 1 => 0,
        n => n.ilog2() as usize,
    }
}

/// The translation key of 0-based knockout round `k`'s name and the player count for "Round of N"
/// (as the knockout pages name it: "Quarter-finals", "Semi-finals", "Final"…).
pub fn knockout_round_name(event: &Event, k: usize) -> (&'static str, String) {
    match event
        .settings
        .knockout_size
        .checked_shr(k as u32)
        .unwrap_or(0)
    {
        2 => ("ko_final", String::new()),
        4 => ("ko_semi_finals", String::new()),
        8 => ("ko_quarter_finals", String::new()),
        16 => ("ko_round_of_16", String::new()),
        n => ("ko_round_of", n.to_string()),
    }
}

/// Whether a game of knockout round `k` already has a result or a move record (its deals can no
/// longer be drawn again).
async fn knockout_round_started(state: &AppState, event: &Event, k: usize) -> AppResult<bool> {
    let Some((_, bracket)) = super::knockout_flow::load(state, event).await? else {
        return Ok(false);
    };
    let Some(matches) = bracket.rounds().get(k) else {
        return Ok(false);
    };
    if matches.iter().any(|m| !m.played().is_empty()) {
        return Ok(true);
    }
    let ids: Vec<u32> = matches.iter().map(|m| m.id().0).collect();
    Ok(store::knockout_records::any_for_matches(&state.db, event.id, &ids).await?)
}

/// The matches of knockout round `k` that still play, or may still play, a game on the deal for
/// `game` without a result yet: a match whose game on it is due, or that is not decided and has not
/// played it yet (players unknown, an earlier game due, or a decider that may still be needed).
pub fn knockout_pending(bracket: &Bracket, k: usize, game: GameNumber) -> Vec<String> {
    let Some(matches) = bracket.rounds().get(k) else {
        return vec![format!("knockout round {} does not exist", k + 1)];
    };
    matches
        .iter()
        .filter(|m| {
            let games = m.games();
            let open = games
                .iter()
                .any(|g| g.deal_game == game && g.result.is_none());
            let played = m.played().iter().any(|g| g.deal_game == game);
            open || (!matches!(m.state(), MatchState::Decided { .. }) && !played)
        })
        .map(|m| format!("match {}", m.id()))
        .collect()
}

/// The games of a deal still without a result (empty when it may be unsealed). A Swiss round's deal
/// is used by every board of the round; a round that is not paired or published yet has not been
/// played, so it counts as pending too. A knockout round's deal for game n (or the decider) is used
/// by that game of every match of the round: see [`knockout_pending`].
pub async fn pending_games(
    state: &AppState,
    event: &Event,
    deal: &DealRecord,
) -> AppResult<Vec<String>> {
    if let Some(k) = knockout_round(event, deal.round) {
        return Ok(match super::knockout_flow::load(state, event).await? {
            None => vec!["the knockout is not seeded".to_string()],
            Some((_, bracket)) => knockout_pending(&bracket, k, deal.game),
        });
    }
    let Some(round) = store::rounds::get(&state.db, event.id, deal.round).await? else {
        return Ok(vec![format!("round {} is not paired", deal.round)]);
    };
    if !round.published {
        return Ok(vec![format!("round {} is not published", deal.round)]);
    }
    Ok(store::rounds::boards(&state.db, round.id)
        .await?
        .iter()
        .filter(|b| b.is_pending())
        .map(|b| format!("board {}", b.board_no))
        .collect())
}

/// Unseals a deal: refused (409, naming the games) while a game using it has no result, unless the
/// arbiter overrides, which the audit log records with the pending games.
pub async fn unseal(
    state: &AppState,
    by: &User,
    event: &Event,
    deal: &DealRecord,
    override_pending: bool,
) -> AppResult<()> {
    if !deal.is_active() || deal.is_public() {
        return Err(AppError::Conflict(format!(
            "deal #{} is {}; only a sealed deal can be unsealed",
            deal.id,
            deal.status.as_str()
        )));
    }
    let pending = pending_games(state, event, deal).await?;
    if !pending.is_empty() && !override_pending {
        return Err(AppError::Conflict(format!(
            "round {} game {}: not every game has a result ({}); unseal with the override if you must",
            deal.round,
            deal.game,
            pending.join(", ")
        )));
    }
    store::deals::unseal(&state.db, by, deal, &pending)
        .await
        .map_err(|e| match e {
            store::StoreError::NotFound => {
                AppError::Conflict(format!("deal #{} was changed meanwhile", deal.id))
            }
            other => other.into(),
        })
}

/// Loads a deal record the visitor may see: 404 (never 403) unless it is unsealed or the visitor
/// arbitrates the event.
pub async fn visible_deal(
    state: &AppState,
    event: &Event,
    access: Access,
    deal_id: i64,
) -> AppResult<DealRecord> {
    let deal = store::deals::get(&state.db, event.id, deal_id)
        .await?
        .ok_or(AppError::NotFound)?;
    if deal.is_public() || access.arbitrate {
        Ok(deal)
    } else {
        Err(AppError::NotFound)
    }
}

/// Whether the move records of a game of a round are secret: its deal is sealed, not yet unsealed.
pub async fn records_secret(
    state: &AppState,
    event_id: i64,
    round: u32,
    game: GameNumber,
) -> AppResult<bool> {
    Ok(store::deals::active(&state.db, event_id, round, game)
        .await?
        .is_some_and(|d| !d.is_public()))
}

/// Whether the visitor may see the move records of a game of a round (arbiters always; everyone
/// else once no sealed deal hides them). The game viewer and the API use this too.
pub async fn may_see_records(
    state: &AppState,
    event_id: i64,
    access: Access,
    round: u32,
    game: GameNumber,
) -> AppResult<bool> {
    Ok(access.arbitrate || !records_secret(state, event_id, round, game).await?)
}

/// The rules engine's Jieqi deal for a stored record (`None` for Banqi, whose rules take their own).
pub fn jieqi_deal(deal: &DealRecord) -> AppResult<Option<crate::rules::xiangqi::Deal>> {
    if deal.variant != Variant::Jieqi {
        return Ok(None);
    }
    crate::rules::xiangqi::Deal::parse(&deal.deal)
        .map(Some)
        .map_err(|e| AppError::Internal(format!("stored deal #{}: {e}", deal.id)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knockout::{BestOf, KnockoutSettings, MatchId, TieRule};
    use crate::rules::Color;
    use crate::rules::adjudicate::GameResult;

    /// Semi-finals of 4, best of 1 with a decider: game 1's deal waits for every match's game 1, the
    /// decider's deal for every match that may still need one.
    #[test]
    fn a_knockout_deal_waits_for_every_match_that_may_still_play_its_game() {
        let settings = KnockoutSettings {
            best_of: BestOf::new(1).expect("best of 1"),
            tie_rule: TieRule::Decider,
            third_place_match: true,
        };
        let mut b = Bracket::seed(&[1, 2, 3, 4], settings).expect("seed");
        let pending = |b: &Bracket, k: usize, g: GameNumber| knockout_pending(b, k, g);
        assert_eq!(pending(&b, 0, GameNumber::Game(1)), ["match 1", "match 2"]);
        assert_eq!(pending(&b, 0, GameNumber::Decider), ["match 1", "match 2"]);

        b.record_lot(MatchId(1), 1).expect("lot");
        b.record_game(MatchId(1), 1, GameResult::RedWins)
            .expect("game");
        assert_eq!(pending(&b, 0, GameNumber::Game(1)), ["match 2"]);
        assert_eq!(
            pending(&b, 0, GameNumber::Decider),
            ["match 2"],
            "match 1 was decided without its decider"
        );

        b.record_lot(MatchId(2), 2).expect("lot");
        b.record_game(MatchId(2), 1, GameResult::Draw)
            .expect("game");
        assert!(pending(&b, 0, GameNumber::Game(1)).is_empty());
        assert_eq!(pending(&b, 0, GameNumber::Decider), ["match 2"]);
        b.choose_decider_colour(MatchId(2), Color::Red)
            .expect("colour");
        b.record_game(MatchId(2), 2, GameResult::BlackWins)
            .expect("decider");
        assert!(pending(&b, 0, GameNumber::Decider).is_empty());

        // The final and the 3rd-place match have their players now, and play game 1 later.
        assert_eq!(pending(&b, 1, GameNumber::Game(1)), ["match 3", "match 4"]);
        assert_eq!(
            pending(&b, 2, GameNumber::Game(1)),
            ["knockout round 3 does not exist"]
        );
    }
}
