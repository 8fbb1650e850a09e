//! The sealed-deal workflow shared by the pages, the scoresheets and (later) the JSON API and the
//! knockout pages: sealing with a fresh OS seed, which games still lack a result before unsealing, and
//! the secrecy rule (RULES.md §9) — before unsealing, a deal, its seed, its setup sheet and the move
//! records of its games exist only for the event's arbiters, organizer and administrators.
//!
//! Round numbers of deals: Swiss round r seals under round r. The deals of knockout round k (1 = the
//! first knockout round) are sealed under round number `swiss_rounds + k`, one per knockout game number
//! (`GameNumber::Game(n)` for game n of every match of that round, `GameNumber::Decider` for their
//! deciders), so every board playing game n of that knockout round uses the same deal
//! ([`knockout_round`], [`knockout_deal_round`]). The 3rd-place match has deal rounds of its own,
//! after the final's (`swiss_rounds + knockout rounds + 1`), so the final and the 3rd-place match
//! are each sealed, played and unsealed on their own ([`third_place_deal_round`]); events whose
//! final was dealt before that change keep sharing the final's deals (migration 0014).
//!
//! Events with "deals required" ([`require_round_dealt`], [`require_game_dealt`]) publish a Swiss
//! round, and start a knockout game, only once the deals it plays on are sealed.
//!
//! Events with "public value required" seal a seed whose layout is drawn only once a public value,
//! fixed after the commitment, is entered ([`enter_public_value`]); until then no setup sheet
//! exists ([`require_layout`]).

use super::policy::{self, Access};
use super::{Reason, ServiceError, ServiceResult};

use crate::deal::{
    ContextError, DealContext, DealStringError, GameNumber, Mismatch, SealedDeal, Seed, SeedError,
};
use crate::knockout::{Bracket, MatchState};
use crate::rules::Variant;
pub use crate::store::deals::{DealRecord, DealStatus};
use crate::store::{self, Db, events::Event, users::User};

/// Highest round number a deal may be sealed for (Swiss plus knockout rounds stay far below).
pub const MAX_ROUND: u32 = 99;

/// The commitment context of an event's game: the event id as the store writes it, round, game.
pub fn context(event: &Event, round: u32, game: GameNumber) -> ServiceResult<DealContext> {
    DealContext::new(&event.id.to_string(), round, game).map_err(|e| {
        ServiceError::invalid(
            "round",
            Reason::new("svc_bad_round_game").arg_reason("detail", &context_reason(e)),
        )
    })
}

/// Why a deal context was refused, as a message (inside "round/game: …" or a backup's row).
pub fn context_reason(e: ContextError) -> Reason {
    Reason::new(match e {
        ContextError::EventId => "words_context_event_id",
        ContextError::Round => "words_context_round",
        ContextError::Game => "words_context_game",
    })
}

/// Why a deal context's field was refused, naming the field (the verify page, `anqi deal`).
pub fn verify_context_reason(e: ContextError) -> Reason {
    Reason::new(match e {
        ContextError::EventId => "verify_bad_event",
        ContextError::Round => "verify_round_zero",
        ContextError::Game => "verify_game_zero",
    })
}

/// Why a seed was refused, naming the field (the verify page, `anqi deal`).
pub fn seed_reason(e: &SeedError) -> Reason {
    match e {
        SeedError::NotHex {
            position,
            character,
        } => Reason::new("verify_seed_not_hex")
            .arg("position", position)
            .arg("character", character),
        SeedError::Length(found) => Reason::new("verify_seed_length").arg("found", found),
        SeedError::Os(error) => Reason::new("verify_seed_os").arg("error", error),
    }
}

/// Why an unsealed deal does not verify.
pub fn mismatch_reason(e: Mismatch) -> Reason {
    Reason::new(match e {
        Mismatch::DealNotFromSeed => "verify_not_from_seed",
        Mismatch::Commitment => "verify_commitment_differs",
        Mismatch::DealNotFromSeedAndValue => "verify_not_from_seed_and_value",
    })
}

/// Why a public value was refused, naming the field (the deal pages, `anqi deal`).
pub fn public_value_reason(e: crate::deal::PublicValueError) -> Reason {
    use crate::deal::PublicValueError as E;
    match e {
        E::Empty => Reason::new("pv_empty"),
        E::TooLong => Reason::new("pv_too_long").arg("max", crate::deal::MAX_PUBLIC_VALUE),
        E::Control => Reason::new("pv_control"),
    }
}

/// Why a deal string is refused, as a message (`$variant` is jieqi or banqi, `$side` Red or Black).
pub fn deal_reason(e: &DealStringError) -> Reason {
    match e {
        DealStringError::NoDeal(v) => Reason::new("verify_deal_none").arg("variant", v.name()),
        DealStringError::Length {
            variant,
            expected,
            found,
        } => Reason::new("verify_deal_length")
            .arg("variant", variant.name())
            .arg("expected", expected)
            .arg("found", found),
        DealStringError::Letter {
            variant,
            position,
            letter,
        } => Reason::new("verify_deal_letter")
            .arg("variant", variant.name())
            .arg("position", position)
            .arg("letter", letter),
        DealStringError::WrongSide {
            position,
            letter,
            square,
            side,
        } => Reason::new("verify_deal_side")
            .arg("position", position)
            .arg("letter", letter)
            .arg("square", square)
            .arg("side", side),
        DealStringError::Count {
            variant,
            letter,
            expected,
            found,
        } => Reason::new("verify_deal_count")
            .arg("variant", variant.name())
            .arg("letter", letter)
            .arg("expected", expected)
            .arg("found", found),
    }
}

/// The event of the deals list, for its arbiters: `NotFound` for everyone else, since the list's
/// existence is a secret too.
pub async fn arbiter_event(
    db: &Db,
    user: Option<&User>,
    id: i64,
) -> ServiceResult<(Event, Access)> {
    let (event, access) = policy::event_access(db, user, id).await?;
    if !policy::sees_deals_list(access) {
        return Err(ServiceError::NotFound);
    }
    Ok((event, access))
}

/// Draws a deal for a game of a round from a fresh operating-system seed and seals it. A game may
/// be dealt at any time before it is played (a knockout's game 2 while its game 1 is under way); a
/// deal that a game has used is never drawn again. Sealing a game that already has a sealed deal is
/// a re-draw: refused unless `redraw` confirms it; the previous deal is withdrawn and stays listed.
pub async fn seal(
    db: &Db,
    by: &User,
    event: &Event,
    round: u32,
    game: GameNumber,
    redraw: bool,
) -> ServiceResult<i64> {
    check_deal_round(event, round)?;
    let bracket = bracket_of(db, event, round).await?;
    if !slot_games(event, bracket.as_ref(), round, true).contains(&game) {
        return Err(ServiceError::invalid(
            "game",
            Reason::new("svc_not_a_deal_game")
                .arg("round", round)
                .arg("game", game)
                .arg(
                    "games",
                    games_list(&slot_games(event, bracket.as_ref(), round, true)),
                ),
        ));
    }
    let used = games_used(db, event, bracket.as_ref(), round).await?;
    if let Some(existing) = store::deals::active(db, event.id, round, game).await? {
        if existing.is_public() {
            return Err(ServiceError::Conflict(
                Reason::new("svc_deal_already_unsealed")
                    .arg("round", round)
                    .arg("game", game),
            ));
        }
        if used.contains(&game) {
            return Err(ServiceError::Conflict(
                Reason::new("svc_deal_used")
                    .arg("round", round)
                    .arg("game", game),
            ));
        }
        if !redraw {
            return Err(ServiceError::Conflict(
                Reason::new("svc_redraw_unconfirmed")
                    .arg("round", round)
                    .arg("game", game),
            ));
        }
    } else if used.contains(&game) {
        return Err(ServiceError::Conflict(
            Reason::new("svc_game_played_without_deal")
                .arg("round", round)
                .arg("game", game),
        ));
    }
    let new = draw(event, round, game)?;
    let ids = store::deals::seal_all(db, by, event.id, &[new]).await?;
    ids.first()
        .copied()
        .ok_or_else(|| ServiceError::Internal("seal: no id".into()))
}

/// Seals every game of deal round `round` that has no deal yet and has not been played (a Swiss
/// round's game, or each game of a knockout round: 1, 2, 3 … and the decider), in one
/// transaction; the ids of the new deals. Refused when every game already has its deal.
pub async fn seal_round(db: &Db, by: &User, event: &Event, round: u32) -> ServiceResult<Vec<i64>> {
    check_deal_round(event, round)?;
    let sealed = missing_deals(db, event, round).await?;
    if sealed.is_empty() {
        return Err(ServiceError::Refused(
            Reason::new("svc_round_all_dealt").arg("round", round),
        ));
    }
    Ok(store::deals::seal_all(db, by, event.id, &sealed).await?)
}

/// Seals every game of every knockout deal round (the 3rd-place match's included) that has no deal
/// yet and has not been played, in one transaction; the ids of the new deals.
pub async fn seal_knockout(db: &Db, by: &User, event: &Event) -> ServiceResult<Vec<i64>> {
    if event.settings.variant == Variant::Xiangqi {
        return Err(ServiceError::Refused(Reason::new("svc_xiangqi_no_deal")));
    }
    let mut sealed = Vec::new();
    for (round, _) in knockout_deal_rounds(event) {
        sealed.extend(missing_deals(db, event, round).await?);
    }
    if sealed.is_empty() {
        return Err(ServiceError::Refused(Reason::new("svc_knockout_all_dealt")));
    }
    Ok(store::deals::seal_all(db, by, event.id, &sealed).await?)
}

/// Unseals, in one transaction, every sealed deal all of whose games have a result; how many.
/// Refused when there is none.
pub async fn unseal_finished(db: &Db, by: &User, event: &Event) -> ServiceResult<usize> {
    let mut finished = Vec::new();
    for deal in store::deals::list(db, event.id).await? {
        if deal.status == DealStatus::Sealed && pending_games(db, event, &deal).await?.is_empty() {
            finished.push(deal);
        }
    }
    if finished.is_empty() {
        return Err(ServiceError::Refused(Reason::new("svc_none_finished")));
    }
    let with: Vec<(&DealRecord, &[Reason])> = finished.iter().map(|d| (d, &[][..])).collect();
    store::deals::unseal_all(db, by, &with)
        .await
        .map_err(|e| match e {
            store::StoreError::NotFound => ServiceError::Conflict(Reason::new("svc_deals_changed")),
            other => other.into(),
        })?;
    Ok(finished.len())
}

/// Refuses a round number no deal can be sealed for: xiangqi, round 0 or past [`MAX_ROUND`], a
/// round after the knockout's final.
fn check_deal_round(event: &Event, round: u32) -> ServiceResult<()> {
    if event.settings.variant == Variant::Xiangqi {
        return Err(ServiceError::Refused(Reason::new("svc_xiangqi_no_deal")));
    }
    if round == 0 || round > MAX_ROUND {
        return Err(ServiceError::invalid(
            "round",
            Reason::new("svc_not_a_round")
                .arg("round", round)
                .arg("max", MAX_ROUND),
        ));
    }
    if knockout_round(event, round).is_some() && knockout_deal_of(event, round).is_none() {
        return Err(ServiceError::invalid(
            "round",
            Reason::new("svc_past_the_final")
                .arg("round", round)
                .arg("knockout", knockout_rounds(event))
                .arg("swiss", event.settings.swiss_rounds),
        ));
    }
    Ok(())
}

/// The bracket, when `round` is a knockout deal round and the knockout has been seeded.
async fn bracket_of(db: &Db, event: &Event, round: u32) -> ServiceResult<Option<Bracket>> {
    if knockout_deal_of(event, round).is_none() {
        return Ok(None);
    }
    Ok(super::bracket::load(db, event).await?.map(|(_, b)| b))
}

/// The games a deal round may have deals for: a Swiss round's (game 1, or each game of a Banqi
/// match); a knockout round's games 1 to N and the decider (when the tie rule has one), and with
/// `extra` the play-on games its matches have reached.
fn slot_games(
    event: &Event,
    bracket: Option<&Bracket>,
    round: u32,
    extra: bool,
) -> Vec<GameNumber> {
    let Some(d) = knockout_deal_of(event, round) else {
        return swiss_round_games(event);
    };
    let best_of = bracket.map_or(event.settings.best_of, |b| b.settings().best_of.games());
    let mut games: Vec<GameNumber> = (1..=best_of).map(GameNumber::Game).collect();
    match bracket.map(|b| b.settings().tie_rule) {
        Some(crate::knockout::TieRule::Decider) | None => games.push(GameNumber::Decider),
        Some(crate::knockout::TieRule::PlayOn) if extra => {
            let reached = bracket
                .and_then(|b| b.rounds().get(d.k))
                .into_iter()
                .flatten()
                .filter(|m| d.serves(event, m))
                .flat_map(|m| m.games())
                .map(|g| g.number)
                .max()
                .unwrap_or(0);
            games.extend((best_of + 1..=reached).map(GameNumber::Game));
        }
        Some(_) => {}
    }
    games
}

/// The games of deal round `round` that a board or match has already played on their deal (a
/// result or a move record): their deals may never be drawn again. A Swiss round counts as played
/// once any of its boards has a result or a record (a board's result covers every game of its match).
async fn games_used(
    db: &Db,
    event: &Event,
    bracket: Option<&Bracket>,
    round: u32,
) -> ServiceResult<Vec<GameNumber>> {
    if knockout_deal_of(event, round).is_none() {
        return Ok(
            if store::deals::round_has_reports(db, event.id, round).await? {
                swiss_round_games(event)
            } else {
                vec![]
            },
        );
    }
    let Some(bracket) = bracket else {
        return Ok(vec![]);
    };
    let matches = deal_round_matches(event, bracket, round);
    let mut used: Vec<GameNumber> = matches
        .iter()
        .flat_map(|m| m.played().into_iter().map(|g| g.deal_game))
        .collect();
    for (m, number) in store::records::knockout_games_with_records(db, event.id).await? {
        if let Some(mt) = matches.iter().find(|x| x.id().0 == m) {
            used.push(mt.deal_game(number));
        }
    }
    used.sort();
    used.dedup();
    Ok(used)
}

/// Fresh deals for the games of deal round `round` that have none and have not been played.
async fn missing_deals(
    db: &Db,
    event: &Event,
    round: u32,
) -> ServiceResult<Vec<store::deals::NewDeal>> {
    let bracket = bracket_of(db, event, round).await?;
    let used = games_used(db, event, bracket.as_ref(), round).await?;
    let dealt: Vec<GameNumber> = store::deals::active_in_round(db, event.id, round)
        .await?
        .into_iter()
        .map(|d| d.game)
        .collect();
    slot_games(event, bracket.as_ref(), round, false)
        .into_iter()
        .filter(|g| !dealt.contains(g) && !used.contains(g))
        .map(|g| draw(event, round, g))
        .collect()
}

/// The deal of one game from a fresh operating-system seed, ready to seal: drawn now, or, where
/// the event requires a public value, sealed as a commitment to the seed alone and drawn when the
/// value is entered ([`enter_public_value`]).
fn draw(event: &Event, round: u32, game: GameNumber) -> ServiceResult<store::deals::NewDeal> {
    let seed = Seed::generate().map_err(|e| ServiceError::Internal(format!("seed: {e}")))?;
    let context = context(event, round, game)?;
    if public_value_required(event) {
        let pending = crate::deal::PendingDeal::new(event.settings.variant, context, seed)
            .map_err(|e| ServiceError::Internal(format!("draw: {e}")))?;
        return Ok(store::deals::NewDeal::awaiting_value(&pending));
    }
    let sealed = SealedDeal::from_seed(event.settings.variant, context, seed)
        .map_err(|e| ServiceError::Internal(format!("draw: {e}")))?;
    Ok(store::deals::NewDeal::drawn(&sealed))
}

/// Game numbers as a list for messages: `1, 2, 3, decider`.
fn games_list(games: &[GameNumber]) -> String {
    games
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The 0-based knockout round a deal's round number stands for (`None` for a Swiss round): round
/// numbers after the Swiss rounds belong to the knockout, when the event has one. The 3rd-place
/// match's own deal round stands for the last round (see [`knockout_deal_of`]).
pub fn knockout_round(event: &Event, round: u32) -> Option<usize> {
    if let Some(d) = knockout_deal_of(event, round) {
        return Some(d.k);
    }
    let swiss = event.settings.swiss_rounds;
    (event.settings.knockout_size > 0 && round > swiss).then(|| (round - swiss - 1) as usize)
}

/// The round number the deals of 0-based knockout round `k` are sealed under: `swiss_rounds + k + 1`
/// (every match of the round but a 3rd-place match with its own deals).
pub fn knockout_deal_round(event: &Event, k: usize) -> u32 {
    event.settings.swiss_rounds + k as u32 + 1
}

/// The matches one knockout deal round serves: the main matches of knockout round `k` (with the
/// 3rd-place match too in events that share the final's deals), or the 3rd-place match alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KoDealRound {
    /// The 0-based knockout round.
    pub k: usize,
    /// The 3rd-place match's own deal round.
    pub third_place: bool,
}

impl KoDealRound {
    /// Whether `m`, a match of knockout round `self.k`, plays on this deal round's deals.
    pub fn serves(self, event: &Event, m: &crate::knockout::Match) -> bool {
        let third = m.kind() == crate::knockout::MatchKind::ThirdPlace;
        if event.third_place_own_deals {
            third == self.third_place
        } else {
            !self.third_place
        }
    }
}

/// The 3rd-place match's own deal round number (`swiss_rounds + knockout rounds + 1`), for events
/// with a knockout of 4 or more whose final was not dealt before the final and the 3rd-place match
/// got separate deals (such older events keep sharing the final's).
pub fn third_place_deal_round(event: &Event) -> Option<u32> {
    let k = knockout_rounds(event);
    (event.third_place_own_deals && k >= 2).then(|| knockout_deal_round(event, k - 1) + 1)
}

/// The knockout deal round a deal's round number stands for (`None` for a Swiss round or a round
/// past the knockout).
pub fn knockout_deal_of(event: &Event, round: u32) -> Option<KoDealRound> {
    if third_place_deal_round(event) == Some(round) {
        return Some(KoDealRound {
            k: knockout_rounds(event) - 1,
            third_place: true,
        });
    }
    let swiss = event.settings.swiss_rounds;
    if event.settings.knockout_size == 0 || round <= swiss {
        return None;
    }
    let k = (round - swiss - 1) as usize;
    (k < knockout_rounds(event)).then_some(KoDealRound {
        k,
        third_place: false,
    })
}

/// Every knockout deal round of the event in order: `(round number, what it serves)`.
pub fn knockout_deal_rounds(event: &Event) -> Vec<(u32, KoDealRound)> {
    let mut out: Vec<(u32, KoDealRound)> = (0..knockout_rounds(event))
        .map(|k| {
            (
                knockout_deal_round(event, k),
                KoDealRound {
                    k,
                    third_place: false,
                },
            )
        })
        .collect();
    if let Some(t) = third_place_deal_round(event) {
        out.push((
            t,
            KoDealRound {
                k: knockout_rounds(event) - 1,
                third_place: true,
            },
        ));
    }
    out
}

/// The deal round number of a match of knockout round `k`.
pub fn match_deal_round(event: &Event, k: usize, m: &crate::knockout::Match) -> u32 {
    match third_place_deal_round(event) {
        Some(t) if m.kind() == crate::knockout::MatchKind::ThirdPlace => t,
        _ => knockout_deal_round(event, k),
    }
}

/// The name of a knockout deal round: its knockout round's (see [`knockout_round_name`]), or the
/// 3rd-place match's.
pub fn deal_round_name(event: &Event, d: KoDealRound) -> (&'static str, String) {
    if d.third_place {
        ("ko_third_place", String::new())
    } else {
        knockout_round_name(event, d.k)
    }
}

/// The matches of a bracket that play on deal round `round`'s deals (empty for a Swiss round).
pub fn deal_round_matches<'a>(
    event: &Event,
    bracket: &'a Bracket,
    round: u32,
) -> Vec<&'a crate::knockout::Match> {
    let Some(d) = knockout_deal_of(event, round) else {
        return vec![];
    };
    bracket
        .rounds()
        .get(d.k)
        .map(|ms| ms.iter().filter(|m| d.serves(event, m)).collect())
        .unwrap_or_default()
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

/// The matches of knockout round `k` that still play, or may still play, a game on the deal for
/// `game` without a result yet: a match whose game on it is due, or that is not decided and has not
/// played it yet (players unknown, an earlier game due, or a decider that may still be needed).
pub fn knockout_pending(bracket: &Bracket, k: usize, game: GameNumber) -> Vec<Reason> {
    let Some(matches) = bracket.rounds().get(k) else {
        return vec![Reason::new("svc_no_knockout_round").arg("round", k + 1)];
    };
    pending_among(matches.iter(), game)
}

/// [`knockout_pending`] among the given matches.
fn pending_among<'a>(
    matches: impl Iterator<Item = &'a crate::knockout::Match>,
    game: GameNumber,
) -> Vec<Reason> {
    matches
        .filter(|m| {
            let games = m.games();
            let open = games
                .iter()
                .any(|g| g.deal_game == game && g.result.is_none());
            let played = m.played().iter().any(|g| g.deal_game == game);
            open || (!matches!(m.state(), MatchState::Decided { .. }) && !played)
        })
        .map(|m| Reason::new("svc_pending_match").arg("match", m.id()))
        .collect()
}

/// The games of a deal still without a result (empty when it may be unsealed). A Swiss round's deal
/// is used by every board of the round; a round that is not paired or published yet has not been
/// played, so it counts as pending too. A knockout round's deal for game n (or the decider) is used
/// by that game of every match of the round: see [`knockout_pending`].
pub async fn pending_games(
    db: &Db,
    event: &Event,
    deal: &DealRecord,
) -> ServiceResult<Vec<Reason>> {
    if knockout_round(event, deal.round).is_some() {
        return Ok(match super::bracket::load(db, event).await? {
            None => vec![Reason::new("svc_knockout_not_seeded")],
            Some((_, bracket)) => pending_among(
                deal_round_matches(event, &bracket, deal.round).into_iter(),
                deal.game,
            ),
        });
    }
    let Some(round) = store::rounds::get(db, event.id, deal.round).await? else {
        return Ok(vec![
            Reason::new("svc_round_not_paired").arg("round", deal.round),
        ]);
    };
    if !round.published {
        return Ok(vec![
            Reason::new("svc_pending_round_unpublished").arg("round", deal.round),
        ]);
    }
    Ok(store::rounds::boards(db, round.id)
        .await?
        .iter()
        .filter(|b| b.is_pending())
        .map(|b| Reason::new("svc_pending_board").arg("board", b.board_no))
        .collect())
}

/// Why a deal may not be unsealed (withdrawn, or public already), or `None` when it may: the deal
/// page's unseal form and [`unseal`] both ask it.
pub fn unseal_refusal(deal: &DealRecord) -> Option<Reason> {
    (deal.status != DealStatus::Sealed).then(|| {
        Reason::new("svc_deal_not_sealed")
            .arg("deal", deal.id)
            .arg("status", deal.status.as_str())
    })
}

/// Why a deal takes no public value now (it waits for none, or is not sealed any more), or `None`
/// when it does: the deal page's form and [`enter_public_value`] both ask it.
pub fn public_value_refusal(deal: &DealRecord) -> Option<Reason> {
    (!deal.awaiting_value() || deal.status != DealStatus::Sealed)
        .then(|| Reason::new("svc_deal_no_value_awaited").arg("deal", deal.id))
}

/// What the deal page offers its viewer, each flag decided by the check its workflow makes before
/// it writes.
#[derive(Debug, Clone, Default)]
pub struct DealActions {
    /// The deal waits for its public value: no layout exists yet.
    pub awaiting_value: bool,
    /// The public value form is shown: an arbiter, and [`public_value_refusal`] finds nothing.
    pub can_enter_value: bool,
    /// The unseal form is shown: an arbiter, and [`unseal_refusal`] finds nothing.
    pub can_unseal: bool,
    /// The games still without a result, which an unseal must override (only with `can_unseal`).
    pub pending: Vec<Reason>,
    /// The setup sheet exists: the deal is in use and [`require_layout`] passes.
    pub sheet_shown: bool,
}

/// The deal page's actions for a viewer with `access`.
pub async fn deal_actions(
    db: &Db,
    event: &Event,
    access: Access,
    deal: &DealRecord,
) -> ServiceResult<DealActions> {
    let can_unseal = access.arbitrate && unseal_refusal(deal).is_none();
    Ok(DealActions {
        awaiting_value: deal.awaiting_value(),
        can_enter_value: access.arbitrate && public_value_refusal(deal).is_none(),
        pending: if can_unseal {
            pending_games(db, event, deal).await?
        } else {
            Vec::new()
        },
        can_unseal,
        sheet_shown: deal.is_active() && require_layout(deal).is_ok(),
    })
}

/// Unseals a deal: refused (409, naming the games) while a game using it has no result, unless the
/// arbiter overrides, which the audit log records with the pending games.
pub async fn unseal(
    db: &Db,
    by: &User,
    event: &Event,
    deal: &DealRecord,
    override_pending: bool,
) -> ServiceResult<()> {
    if let Some(why) = unseal_refusal(deal) {
        return Err(ServiceError::Conflict(why));
    }
    let pending = pending_games(db, event, deal).await?;
    if !pending.is_empty() && !override_pending {
        return Err(ServiceError::Conflict(
            Reason::new("svc_unseal_pending")
                .arg("round", deal.round)
                .arg("game", deal.game)
                .arg("pending", join(&pending)),
        ));
    }
    store::deals::unseal(db, by, deal, &pending)
        .await
        .map_err(|e| match e {
            store::StoreError::NotFound => {
                ServiceError::Conflict(Reason::new("svc_deal_changed").arg("deal", deal.id))
            }
            other => other.into(),
        })
}

/// Whether the event's deals are drawn with a public value entered after sealing (a setting;
/// never for xiangqi).
pub fn public_value_required(event: &Event) -> bool {
    event.settings.public_value_required && event.settings.variant != Variant::Xiangqi
}

/// Enters the public value of a sealed deal that waits for it (the arbiter types what was drawn
/// at the venue, or the outside source's value) and draws its layout from SHA-256(seed ‖ value);
/// refused (409) for a deal that does not wait for one, 400 for a value that is empty, too long
/// or has control characters. The value is logged and can never change.
pub async fn enter_public_value(
    db: &Db,
    by: &User,
    event: &Event,
    deal_id: i64,
    typed: &str,
) -> ServiceResult<()> {
    let deal = store::deals::get(db, event.id, deal_id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    if let Some(why) = public_value_refusal(&deal) {
        return Err(ServiceError::Conflict(why));
    }
    let value = crate::deal::PublicValue::parse(typed)
        .map_err(|e| ServiceError::invalid("public_value", public_value_reason(e)))?;
    let seed = Seed::from_hex(&deal.seed)
        .map_err(|e| ServiceError::Internal(format!("stored seed of deal #{}: {e}", deal.id)))?;
    let drawn = crate::deal::draw_with_value(deal.variant, &seed, &value)
        .map_err(|e| ServiceError::Internal(format!("draw: {e}")))?;
    store::deals::enter_public_value(db, by, &deal, value.as_str(), drawn.as_str())
        .await
        .map_err(|e| match e {
            store::StoreError::NotFound => {
                ServiceError::Conflict(Reason::new("svc_deal_changed").arg("deal", deal.id))
            }
            other => other.into(),
        })
}

/// Refuses (409) the setup sheet of a deal that waits for its public value: no layout exists yet.
pub fn require_layout(deal: &DealRecord) -> ServiceResult<()> {
    if deal.awaiting_value() {
        return Err(ServiceError::Conflict(
            Reason::new("deal_sheet_needs_value").arg("round", deal.round),
        ));
    }
    Ok(())
}

/// Whether the event requires sealed deals before play (a setting; never for xiangqi).
pub fn deals_required(event: &Event) -> bool {
    event.settings.deals_required && event.settings.variant != Variant::Xiangqi
}

/// The game numbers a Swiss round's boards play: game 1, or each game of a Banqi match.
pub fn swiss_round_games(event: &Event) -> Vec<GameNumber> {
    let games = if event.settings.plays_matches() {
        event.settings.best_of
    } else {
        1
    };
    (1..=games).map(GameNumber::Game).collect()
}

/// The game numbers of Swiss round `round` without a deal in use (sealed or unsealed).
pub async fn round_games_without_deal(
    db: &Db,
    event: &Event,
    round: u32,
) -> ServiceResult<Vec<GameNumber>> {
    let dealt: Vec<GameNumber> = store::deals::active_in_round(db, event.id, round)
        .await?
        .into_iter()
        .map(|d| d.game)
        .collect();
    Ok(swiss_round_games(event)
        .into_iter()
        .filter(|g| !dealt.contains(g))
        .collect())
}

/// Refuses (naming the round and games) to publish Swiss round `round` of an event with deals
/// required while a game it plays has no sealed deal. Called by `service::rounds` before a round
/// is published.
pub async fn require_round_dealt(db: &Db, event: &Event, round: u32) -> ServiceResult<()> {
    if !deals_required(event) {
        return Ok(());
    }
    let missing = round_games_without_deal(db, event, round).await?;
    if missing.is_empty() {
        return Ok(());
    }
    let games: Vec<String> = missing.iter().map(ToString::to_string).collect();
    Err(ServiceError::Refused(
        Reason::new("svc_deal_required_round")
            .arg("round", round)
            .arg("games", games.join(", ")),
    ))
}

/// Refuses (naming the match and game) to record the result of game `number` of a knockout match
/// while its deal is not sealed, in an event with deals required: a game is not started without
/// its deal.
pub async fn require_game_dealt(
    db: &Db,
    event: &Event,
    bracket: &Bracket,
    match_id: crate::knockout::MatchId,
    number: u32,
) -> ServiceResult<()> {
    if !deals_required(event) {
        return Ok(());
    }
    let Some((round, game)) = game_deal_slot(event, bracket, match_id, number) else {
        return Ok(());
    };
    if has_deal(db, event, round, game).await? {
        return Ok(());
    }
    Err(ServiceError::Refused(match game {
        GameNumber::Game(n) => Reason::new("svc_deal_required_game")
            .arg("match", match_id)
            .arg("game", n),
        GameNumber::Decider => Reason::new("svc_deal_required_decider").arg("match", match_id),
    }))
}

/// What a match page says of the deal of the game due next: a note when it has none (told to the
/// arbiters, and to everyone when the event announces its deals; never what the deal is), and for
/// the arbiters the deal round and game to seal for it.
pub struct NextGameDeal {
    /// `ko_deal_played_without` or `ko_deal_required_missing`.
    pub note: &'static str,
    /// The deal round and game an arbiter may seal now (`None` for other viewers).
    pub seal: Option<(u32, GameNumber)>,
}

/// The [`NextGameDeal`] of match `m` for this viewer: `None` when its due game has a deal, no game
/// is due, the game has no deals (xiangqi) or the viewer may not know.
pub async fn next_game_deal(
    db: &Db,
    event: &Event,
    access: Access,
    bracket: &Bracket,
    m: &crate::knockout::Match,
) -> ServiceResult<Option<NextGameDeal>> {
    let due = match m.state() {
        MatchState::GameDue(g) => g.deal_game,
        MatchState::AwaitingLot => GameNumber::Game(1),
        MatchState::AwaitingDeciderColour => GameNumber::Decider,
        _ => return Ok(None),
    };
    if event.settings.variant == Variant::Xiangqi || !(access.arbitrate || event.announces_deals) {
        return Ok(None);
    }
    let k = bracket.round_of(m.id()).unwrap_or(0);
    let round = match_deal_round(event, k, m);
    if has_deal(db, event, round, due).await? {
        return Ok(None);
    }
    Ok(Some(NextGameDeal {
        note: if deals_required(event) {
            "ko_deal_required_missing"
        } else {
            "ko_deal_played_without"
        },
        seal: access.arbitrate.then_some((round, due)),
    }))
}

/// Whether a game of round `round` has a deal in use (sealed or unsealed).
pub async fn has_deal(db: &Db, event: &Event, round: u32, game: GameNumber) -> ServiceResult<bool> {
    Ok(store::deals::active(db, event.id, round, game)
        .await?
        .is_some())
}

/// The deal round and game number game `number` of a match plays on (`None` for an unknown match).
pub fn game_deal_slot(
    event: &Event,
    bracket: &Bracket,
    match_id: crate::knockout::MatchId,
    number: u32,
) -> Option<(u32, GameNumber)> {
    let m = bracket.get(match_id).ok()?;
    let k = bracket.round_of(match_id).ok()?;
    Some((match_deal_round(event, k, m), m.deal_game(number)))
}

/// The pending games as one English line, for the audit log and messages.
pub fn join(pending: &[Reason]) -> String {
    pending
        .iter()
        .map(Reason::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Loads a deal record the visitor may see: 404 (never 403) unless it is unsealed or the visitor
/// arbitrates the event.
pub async fn visible_deal(
    db: &Db,
    event: &Event,
    access: Access,
    deal_id: i64,
) -> ServiceResult<DealRecord> {
    let deal = store::deals::get(db, event.id, deal_id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    if super::policy::deal_visible(access, &deal) {
        Ok(deal)
    } else {
        Err(ServiceError::NotFound)
    }
}

/// The rules engine's Jieqi deal for a stored record (`None` for Banqi, whose rules take their own).
pub fn jieqi_deal(deal: &DealRecord) -> ServiceResult<Option<crate::rules::xiangqi::Deal>> {
    if deal.variant != Variant::Jieqi || deal.awaiting_value() {
        return Ok(None);
    }
    crate::rules::xiangqi::Deal::parse(&deal.deal)
        .map(Some)
        .map_err(|e| ServiceError::Internal(format!("stored deal #{}: {e}", deal.id)))
}

/// Sets whether the event announces that its rounds are played with duplicate deals (the deal stays
/// secret either way).
pub async fn set_announce(db: &Db, by: &User, event: &Event, on: bool) -> ServiceResult<()> {
    Ok(store::deals::set_announce(db, by, event.id, on).await?)
}

/// What the arbiters' deals page lists: every deal of the event in round and game order, the rounds
/// and games a deal may be sealed for, the round most likely to need a deal next (the latest one
/// without results, else the next one), how many sealed deals may be unsealed now, and whether the
/// event announces its duplicate deals.
pub struct DealsIndex {
    /// The deals, by round, game and id.
    pub deals: Vec<DealRecord>,
    /// The rounds a deal may be sealed for, in order.
    pub rounds: Vec<DealRoundChoice>,
    /// The games a deal may be sealed for (the round decides which exist: the service refuses others).
    pub games: Vec<GameNumber>,
    /// The round to offer first.
    pub next_round: u32,
    /// Sealed deals all of whose games have a result.
    pub finished: usize,
    /// Whether the event has a knockout stage (its deals can be sealed all at once).
    pub knockout: bool,
    /// Whether the event announces its deals.
    pub announce: bool,
}

/// A round a deal may be sealed for, as the deals page offers it.
pub struct DealRoundChoice {
    /// The deal round number.
    pub number: u32,
    /// A knockout round's name key and "Round of N" count; `None` for a Swiss round.
    pub knockout: Option<(&'static str, String)>,
}

/// The arbiters' deals page of an event.
pub async fn index(db: &Db, event: &Event) -> ServiceResult<DealsIndex> {
    let mut deals = store::deals::list(db, event.id).await?;
    deals.sort_by_key(|d| (d.round, d.game, d.id));
    let rounds = store::rounds::list(db, event.id).await?;
    let mut next_round = rounds.len() as u32 + 1;
    for r in rounds.iter().rev() {
        if store::deals::round_has_reports(db, event.id, r.number).await? {
            break;
        }
        next_round = r.number;
    }
    let mut finished = 0;
    for deal in deals.iter().filter(|d| d.status == DealStatus::Sealed) {
        if pending_games(db, event, deal).await?.is_empty() {
            finished += 1;
        }
    }
    let mut choices: Vec<DealRoundChoice> = (1..=event.settings.swiss_rounds)
        .map(|number| DealRoundChoice {
            number,
            knockout: None,
        })
        .collect();
    choices.extend(
        knockout_deal_rounds(event)
            .into_iter()
            .map(|(number, d)| DealRoundChoice {
                number,
                knockout: Some(deal_round_name(event, d)),
            }),
    );
    let knockout = event.settings.knockout_size > 0;
    let most = if knockout || event.settings.plays_matches() {
        event.settings.best_of.max(1)
    } else {
        1
    };
    let mut games: Vec<GameNumber> = (1..=most).map(GameNumber::Game).collect();
    if knockout {
        games.push(GameNumber::Decider);
    }
    Ok(DealsIndex {
        deals,
        rounds: choices,
        games,
        next_round,
        finished,
        knockout,
        announce: store::deals::announces(db, event.id).await?,
    })
}

/// The deals in use in round `round` (games 1, 2, 3…, decider) for this viewer: the event's
/// arbiters always, anyone once every one of them is unsealed; 404 otherwise or when there is none.
pub async fn round_in_use(
    db: &Db,
    event: &Event,
    access: Access,
    round: u32,
) -> ServiceResult<Vec<DealRecord>> {
    let deals = store::deals::active_in_round(db, event.id, round).await?;
    if deals.is_empty() || !(access.arbitrate || deals.iter().all(DealRecord::is_public)) {
        return Err(ServiceError::NotFound);
    }
    Ok(deals)
}

/// [`unseal`] of the event's deal `deal_id` (404 when the event has none by that id).
pub async fn unseal_id(
    db: &Db,
    by: &User,
    event: &Event,
    deal_id: i64,
    override_pending: bool,
) -> ServiceResult<()> {
    let deal = store::deals::get(db, event.id, deal_id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    unseal(db, by, event, &deal, override_pending).await
}

/// The active deal of game `game` of round `round` (the viewer's reveals), if one was sealed; the
/// caller has decided the viewer may see the game.
pub async fn of_game(
    db: &Db,
    event: &Event,
    round: u32,
    game: GameNumber,
) -> ServiceResult<Option<DealRecord>> {
    Ok(store::deals::active(db, event.id, round, game).await?)
}

/// The deals of one round, for the round page: commitments when the event announces duplicate deals,
/// and everything (deal, seed, verify link) once unsealed. Arbiters get links to the deal pages.
/// Decided here, on the server: a row holds only what its visitor may see (a visitor's page model
/// never holds a sealed deal or seed).
pub struct RoundDeals {
    /// The deals this visitor may know of, with what they may see of each.
    pub deals: Vec<RoundDealRow>,
    /// Whether the visitor arbitrates the event.
    pub arbiter: bool,
    /// A plain note when the round has no deal in use: "played without a deal", or, where deals
    /// are required, that one must be sealed before publishing (shown to arbiters, and to everyone
    /// when the event announces its deals).
    pub notice: Option<&'static str>,
}

/// One deal of the round panel.
pub struct RoundDealRow {
    /// The deal id (for links).
    pub id: i64,
    /// The game number as shown; `None` for a decider.
    pub game: Option<u32>,
    /// The commitment (public once announced, or for arbiters).
    pub commitment: String,
    /// The deal and seed, only once unsealed.
    pub unsealed: Option<(String, String)>,
}

impl RoundDeals {
    /// Whether the panel shows anything to this visitor.
    pub fn any_visible(&self) -> bool {
        !self.deals.is_empty() || self.notice.is_some()
    }
}

/// The round panel of the round page, from the deals of the event's kept state this viewer sees
/// ([`policy::round_deals_shown`], [`policy::deal_notice_shown`]).
pub fn round_deals(
    event: &Event,
    access: Access,
    round: u32,
    deals: &[super::event_state::DealInfo],
) -> RoundDeals {
    let in_use = deals.iter().any(|d| d.round == round);
    let notice = (!in_use && policy::deal_notice_shown(event, access)).then(|| {
        if deals_required(event) {
            "deal_required_missing"
        } else {
            "deal_played_without"
        }
    });
    RoundDeals {
        notice,
        deals: policy::round_deals_shown(event, access, round, deals)
            .map(|d| RoundDealRow {
                id: d.id,
                game: match d.game {
                    GameNumber::Decider => None,
                    GameNumber::Game(n) => Some(n),
                },
                unsealed: d.unsealed.clone(),
                commitment: d.commitment.clone(),
            })
            .collect(),
        arbiter: access.arbitrate,
    }
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
        let pending = |b: &Bracket, k: usize, g: GameNumber| -> Vec<String> {
            knockout_pending(b, k, g)
                .iter()
                .map(Reason::to_string)
                .collect()
        };
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
