//! The knockout workflow shared by the pages and the JSON API: seed the bracket from the Swiss standings,
//! record lots, results, decider choices, forfeits and withdrawals (drawing game 1's colours by lot as
//! soon as a match's players are known, when the bracket draws lots automatically), and the final ranking
//! with prize money.

use std::collections::HashMap;

use super::rounds;
use super::{Reason, ServiceError, ServiceResult};
use crate::knockout::Input;
use crate::knockout::{BestOf, Bracket, KnockoutError, KnockoutSettings, MatchState, TieRule};
use crate::prizes::{
    Contender, Payout, PrizeRow, PrizeTable, SpecialPrize, TeamContender, TeamPayout, TeamRule,
    TieHandling, award_passing_over, award_teams,
};
use crate::rules::Color;
use crate::rules::adjudicate::GameResult;
use crate::store::knockout::Setup;
pub use crate::store::prizes::Prizes;
use crate::store::{self, Db, StoreError, events::Event, users::User};

/// A knockout refusal as an HTTP error: unknown match 404, bad player or result 400, otherwise 409
/// (the bracket is not in a state that allows it).
pub fn knockout_error(e: KnockoutError) -> ServiceError {
    match e {
        KnockoutError::NoMatch(_) => ServiceError::NotFound,
        KnockoutError::NotInMatch { .. }
        | KnockoutError::NoResult(_)
        | KnockoutError::NotQualified(_) => ServiceError::Refused(knockout_reason(&e)),
        other => ServiceError::Conflict(knockout_reason(&other)),
    }
}

/// A refused prize table as a message for the reader's language (its `Display` is the English).
fn prize_reason(e: &crate::prizes::PrizeError) -> Reason {
    use crate::prizes::PrizeError as P;
    match e {
        P::Currency(c) => Reason::new("prize_err_currency").arg("typed", c),
        P::Range { row, from, to } => Reason::new("prize_err_range")
            .arg("row", row)
            .arg("from", from)
            .arg("to", to),
        P::Overlap { row, place } => Reason::new("prize_err_overlap")
            .arg("row", row)
            .arg("place", place),
        P::Special { index } => Reason::new("prize_err_special").arg("index", index),
        P::Duplicate(s) => Reason::new("prize_err_duplicate").arg("start", s),
        P::Overflow => Reason::new("svc_prizes_too_large"),
    }
}

/// A knockout refusal as a message for the reader's language (its `Display` is the English).
pub fn knockout_reason(e: &KnockoutError) -> Reason {
    use KnockoutError as K;
    match *e {
        K::Size(n) => Reason::new("ko_err_size").arg("n", n),
        K::Duplicate(s) => Reason::new("ko_err_duplicate").arg("start", s),
        K::NoMatch(m) => Reason::new("ko_err_no_match").arg("match", m),
        K::NotReady(m) => Reason::new("ko_err_not_ready").arg("match", m),
        K::Decided(m) => Reason::new("ko_err_decided").arg("match", m),
        K::LotMissing(m) => Reason::new("ko_err_lot_missing").arg("match", m),
        K::LotFixed(m) => Reason::new("ko_err_lot_fixed").arg("match", m),
        K::ColourMissing(m) => Reason::new("ko_err_colour_missing").arg("match", m),
        K::NoDecider(m) => Reason::new("ko_err_no_decider").arg("match", m),
        K::NotDue { id, game, due } => Reason::new("ko_err_not_due")
            .arg("match", id)
            .arg("game", game)
            .arg("due", due),
        K::NotLastGame { id, game, last } => Reason::new("ko_err_not_last_game")
            .arg("match", id)
            .arg("game", game)
            .arg("last", last),
        K::NoResult(m) => Reason::new("ko_err_no_result").arg("match", m),
        K::NotInMatch { id, start } => Reason::new("ko_err_not_in_match")
            .arg("match", id)
            .arg("start", start),
        K::Locked(m) => Reason::new("ko_err_locked").arg("match", m),
        K::NotQualified(s) => Reason::new("ko_err_not_qualified").arg("start", s),
        K::AlreadyWithdrawn(s) => Reason::new("ko_err_already_withdrawn").arg("start", s),
        K::NotFinished => Reason::new("ko_err_not_finished"),
        K::MissingFromSwiss(s) => Reason::new("ko_err_missing_from_swiss").arg("start", s),
    }
}

/// A game result as typed or sent: `1-0`, `0-1` or `1/2-1/2` (also `½-½`).
pub fn parse_result(text: &str) -> ServiceResult<GameResult> {
    GameResult::parse(text)
        .filter(|r| *r != GameResult::Unknown)
        .ok_or_else(|| {
            ServiceError::invalid(
                "result",
                Reason::new("svc_not_a_game_result").arg("typed", text.trim()),
            )
        })
}

/// A colour as sent by a form or the API: `red` or `black`; the error names the field.
pub fn parse_colour(field: &'static str, text: &str) -> ServiceResult<Color> {
    text.parse().map_err(|crate::rules::NotAColor(typed)| {
        ServiceError::invalid(
            field,
            Reason::new("svc_not_a_colour")
                .arg("field", field)
                .arg("typed", typed),
        )
    })
}

pub use super::bracket::{load, require};

/// Why the Swiss stage is not over yet, if it is not: every round paired, published and complete.
pub async fn swiss_unfinished(db: &Db, event: &Event) -> ServiceResult<Option<Reason>> {
    let rounds = store::rounds::list(db, event.id).await?;
    let wanted = event.settings.swiss_rounds;
    if (rounds.len() as u32) < wanted || rounds.iter().any(|r| !r.published) {
        let done = rounds.iter().filter(|r| r.published).count();
        return Ok(Some(
            Reason::new("svc_swiss_not_over")
                .arg("done", done)
                .arg("wanted", wanted),
        ));
    }
    for r in &rounds {
        let pending = store::rounds::boards(db, r.id)
            .await?
            .iter()
            .filter(|b| b.is_pending())
            .count();
        if pending > 0 {
            return Ok(Some(
                Reason::new("svc_swiss_round_pending")
                    .arg("round", r.number)
                    .arg("pending", pending),
            ));
        }
    }
    Ok(None)
}

/// Game 1's colours of every match whose players are known and whose lot is still to be drawn,
/// drawn now from the OS random source and applied to the bracket.
pub(super) fn draw_due_lots(bracket: &mut Bracket) -> ServiceResult<Vec<Input>> {
    let mut lots = Vec::new();
    loop {
        let waiting = bracket
            .rounds()
            .iter()
            .flatten()
            .find(|m| m.state() == MatchState::AwaitingLot)
            .map(|m| (m.id(), m.entrants()));
        let Some((match_id, [Some(upper), Some(lower)])) = waiting else {
            return Ok(lots);
        };
        let red = match rounds::draw_lot() {
            Color::Red => upper.start,
            Color::Black => lower.start,
        };
        let lot = Input::Lot { match_id, red };
        lot.apply(bracket).map_err(knockout_error)?;
        lots.push(lot);
    }
}

/// The choices the arbiter makes when seeding (the size and best of come from the event).
#[derive(Debug, Clone, Copy)]
pub struct SeedOptions {
    /// The rule for a level match.
    pub tie_rule: TieRule,
    /// Whether the semi-final losers play for 3rd place.
    pub third_place_match: bool,
    /// Whether game 1's colours are drawn automatically.
    pub auto_lots: bool,
}

impl Default for SeedOptions {
    /// The seed's format, with lots drawn automatically.
    fn default() -> Self {
        SeedOptions {
            tie_rule: TieRule::Decider,
            third_place_match: true,
            auto_lots: true,
        }
    }
}

impl SeedOptions {
    /// The seeding choices as the bracket form and the JSON API send them, each optional: a
    /// missing or empty choice takes [`SeedOptions::default`]'s value, a tie rule not known is
    /// refused on its field (`err_not_a_tie_rule`).
    pub fn parse(
        tie_rule: Option<&str>,
        third_place_match: Option<bool>,
        auto_lots: Option<bool>,
    ) -> ServiceResult<SeedOptions> {
        let default = SeedOptions::default();
        let tie_rule = match tie_rule.map(str::trim).filter(|t| !t.is_empty()) {
            None => default.tie_rule,
            Some(typed) => crate::knockout::TieRule::parse(typed).ok_or_else(|| {
                ServiceError::invalid(
                    "tie_rule",
                    Reason::new("err_not_a_tie_rule").arg("typed", typed),
                )
            })?,
        };
        Ok(SeedOptions {
            tie_rule,
            third_place_match: third_place_match.unwrap_or(default.third_place_match),
            auto_lots: auto_lots.unwrap_or(default.auto_lots),
        })
    }
}

/// Seeds the bracket from the final Swiss (or round-robin) standings: the best `knockout_size`
/// players who have not withdrawn, seed 1 first; a group stage's qualifiers crossed by groups. Only once every Swiss round is complete, and only once.
pub async fn seed(
    db: &Db,
    by: &User,
    event: &Event,
    options: SeedOptions,
) -> ServiceResult<Bracket> {
    let size = event.settings.knockout_size as usize;
    if size == 0 {
        return Err(ServiceError::Conflict(Reason::new("svc_no_knockout_stage")));
    }
    if store::knockout::load(db, event.id).await?.is_some() {
        return Err(ServiceError::Conflict(Reason::new("svc_already_seeded")));
    }
    if let Some(why) = swiss_unfinished(db, event).await? {
        return Err(ServiceError::Conflict(why));
    }
    let best_of = BestOf::new(event.settings.best_of).ok_or_else(|| {
        ServiceError::Conflict(
            Reason::new("svc_bad_best_of").arg("best_of", event.settings.best_of),
        )
    })?;
    let players = store::players::list(db, event.id).await?;
    let withdrawn: Vec<u32> = players
        .iter()
        .filter(|p| p.withdrawn_from.is_some())
        .map(|p| p.start_no as u32)
        .collect();
    let (_, standings) = rounds::standings(db, event).await?;
    let ranked = standings
        .iter()
        .map(|s| s.player)
        .filter(|p| !withdrawn.contains(p));
    // A group stage sends the best of each group, crossed (A1–B2, B1–A2 …); a Swiss or a single
    // round robin its best players.
    let qualifiers: Vec<u32> = if event.settings.stage.groups > 1 {
        super::sections::group_qualifiers(event, &players, &ranked.collect::<Vec<_>>())?
    } else {
        ranked.take(size).collect()
    };
    if qualifiers.len() < size {
        return Err(ServiceError::Conflict(
            Reason::new("svc_too_few_qualifiers")
                .arg("size", size)
                .arg("found", qualifiers.len()),
        ));
    }
    let settings = KnockoutSettings {
        best_of,
        tie_rule: options.tie_rule,
        third_place_match: options.third_place_match,
    };
    let mut bracket = Bracket::seed(&qualifiers, settings).map_err(knockout_error)?;
    let lots = if options.auto_lots {
        draw_due_lots(&mut bracket)?
    } else {
        Vec::new()
    };
    let setup = Setup {
        settings,
        auto_lots: options.auto_lots,
        qualifiers,
    };
    store::knockout::create(db, by, event.id, &setup, &lots)
        .await
        .map_err(|e| match e {
            StoreError::Conflict => ServiceError::Conflict(Reason::new("svc_already_seeded")),
            other => other.into(),
        })?;
    Ok(bracket)
}

/// Records one step (lot, result, decider choice, forfeit, withdrawal) after checking it against the
/// bracket; with automatic lots, matches it completes get their lot drawn in the same transaction.
/// Sending what is already recorded changes nothing. A page form passes the version it was loaded
/// with (`Stored::next_seq`), so a form older than someone else's change is refused instead of, say,
/// silently correcting the result just entered. Returns the bracket afterwards.
pub async fn record(
    db: &Db,
    by: &User,
    event: &Event,
    input: Input,
    loaded_version: Option<i64>,
) -> ServiceResult<Bracket> {
    record_by(db, Some(by), event, input, loaded_version).await
}

/// [`record`] by whoever sent it: `None` for the players' matching reports through their report
/// links (`service::report_links`), which have no account.
pub(super) async fn record_by(
    db: &Db,
    by: Option<&User>,
    event: &Event,
    input: Input,
    loaded_version: Option<i64>,
) -> ServiceResult<Bracket> {
    let (stored, before) = require(db, event).await?;
    if loaded_version.is_some_and(|v| v != stored.next_seq()) {
        return Err(stale());
    }
    // A game is started only on its sealed deal where the event requires deals (a correction of
    // a game already played is not a start).
    if let Input::Game {
        match_id, number, ..
    } = &input
    {
        let played = before
            .get(*match_id)
            .is_ok_and(|m| m.played().iter().any(|g| g.number == *number));
        if !played {
            super::deals::require_game_dealt(db, event, &before, *match_id, *number).await?;
        }
    }
    let mut bracket = before.clone();
    input.apply(&mut bracket).map_err(knockout_error)?;
    if bracket == before {
        return Ok(bracket);
    }
    let mut inputs = vec![input];
    if stored.setup.auto_lots {
        inputs.extend(draw_due_lots(&mut bracket)?);
    }
    store::knockout::append(db, by, event.id, stored.next_seq(), &inputs)
        .await
        .map_err(|e| match e {
            StoreError::Conflict => stale(),
            other => other.into(),
        })?;
    Ok(bracket)
}

fn stale() -> ServiceError {
    ServiceError::Stale { board: None }
}

/// Discards a bracket in which no game has been played yet (to seed again after a correction of the
/// Swiss results).
pub async fn discard(db: &Db, by: &User, event: &Event) -> ServiceResult<()> {
    let (stored, _) = require(db, event).await?;
    if stored
        .inputs
        .iter()
        .any(|i| !matches!(i, Input::Lot { .. }))
    {
        return Err(ServiceError::Conflict(Reason::new("svc_knockout_begun")));
    }
    store::knockout::delete(db, by, event.id).await?;
    Ok(())
}

/// One line of the final ranking.
#[derive(Debug, Clone)]
pub struct Placed {
    /// Final place, from 1.
    pub place: u32,
    /// Start number.
    pub start: u32,
    /// Name.
    pub name: String,
    /// Club.
    pub club: String,
    /// Prize in whole currency units (0 when none).
    pub prize: u64,
    /// What the prize is for ("1st place", "Best junior"), if a prize, or the note that the player
    /// won with their team.
    pub award: Option<crate::i18n::Reason>,
    /// The team the player won a team prize with, when that passed them over for the individual
    /// prizes (team prize rule "team first").
    pub with_team: Option<String>,
}

/// The final ranking of an event with its payout.
#[derive(Debug, Clone)]
pub struct FinalRanking {
    /// Every player in place order.
    pub places: Vec<Placed>,
    /// The payout, when the event has a prize table.
    pub payout: Option<Payout>,
}

/// The final ranking: after the knockout (RULES.md §8) once every match is decided, or the Swiss
/// standings for an event without a knockout stage; with prizes from the prize table. Under the
/// team prize rule "team first", once the team payout can be made, the players counted in a team
/// that wins a team prize are passed over for the individual prizes
/// ([`crate::prizes::award_passing_over`]).
pub async fn final_ranking(
    states: &super::event_state::EventStates,
    db: &Db,
    event: &Event,
) -> ServiceResult<FinalRanking> {
    let (_, standings) = rounds::standings(db, event).await?;
    let swiss_order: Vec<u32> = standings.iter().map(|s| s.player).collect();
    let score: HashMap<u32, u32> = standings
        .iter()
        .map(|s| (s.player, s.score.tenths().max(0) as u32))
        .collect();
    let prizes = store::prizes::get(db, event.id).await?;
    let (order, ties) = if event.settings.knockout_size == 0 {
        if let Some(why) = swiss_unfinished(db, event).await? {
            return Err(ServiceError::Conflict(why));
        }
        (
            swiss_order,
            prizes.as_ref().map_or(TieHandling::ByTieBreak, |p| p.ties),
        )
    } else {
        let (_, bracket) = require(db, event).await?;
        let placings = bracket
            .final_ranking(&swiss_order)
            .map_err(knockout_error)?;
        // Knockout places are all distinct: no sharing.
        (
            placings.iter().map(|p| p.start).collect(),
            TieHandling::ByTieBreak,
        )
    };
    let players = store::players::list(db, event.id).await?;
    let contenders: Vec<Contender> = order
        .iter()
        .map(|&start| {
            let p = players.iter().find(|p| p.start_no as u32 == start);
            Contender {
                start,
                name: p.map(|p| p.entry.name.clone()).unwrap_or_default(),
                // Only compared when prizes are shared (Swiss-only events).
                score: score.get(&start).copied().unwrap_or(0),
                categories: p
                    .map(|p| {
                        p.entry
                            .category
                            .split(',')
                            .map(str::trim)
                            .filter(|c| !c.is_empty())
                            .map(str::to_string)
                            .collect()
                    })
                    .unwrap_or_default(),
            }
        })
        .collect();
    let passed = match &prizes {
        Some(p) if p.team_rule == TeamRule::TeamFirst => team_winners(states, db, event).await?,
        _ => Default::default(),
    };
    // A large field and table: off the async workers.
    let (contenders, payout) = match prizes {
        Some(p) => {
            let (contenders, paid) = tokio::task::spawn_blocking(move || {
                let paid = award_passing_over(&p.table, &contenders, ties, &passed);
                (contenders, paid)
            })
            .await
            .map_err(|e| ServiceError::Internal(format!("prize task: {e}")))?;
            let paid = paid.map_err(|e| {
                ServiceError::Internal(format!("prizes of event {}: {e}", event.id))
            })?;
            (contenders, Some(paid))
        }
        None => (contenders, None),
    };
    let places = contenders
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let row = payout
                .as_ref()
                .and_then(|p| p.rows.iter().find(|r| r.start == c.start));
            Placed {
                place: i as u32 + 1,
                start: c.start,
                name: c.name.clone(),
                club: players
                    .iter()
                    .find(|p| p.start_no as u32 == c.start)
                    .map(|p| p.entry.club.clone())
                    .unwrap_or_default(),
                prize: row.map_or(0, |r| r.prize),
                award: row.map(|r| r.award.clone()),
                with_team: row.and_then(|r| r.with_team.clone()),
            }
        })
        .collect();
    Ok(FinalRanking { places, payout })
}

/// Saves an event's prize table (its organizer or an administrator), with an audit entry.
pub async fn save_prizes(
    db: &Db,
    by: &User,
    event: &Event,
    prizes: &crate::store::prizes::Prizes,
) -> ServiceResult<()> {
    if !super::policy::user_access(db, Some(by), event)
        .await?
        .manage
    {
        return Err(ServiceError::Forbidden);
    }
    Ok(store::prizes::save(db, by, event.id, prizes).await?)
}

/// Largest amount a prize may have (the database stores signed 64-bit integers).
const MAX_AMOUNT: u64 = i64::MAX as u64;

/// [`prizes`] off the async workers: a table may have a row per place of a large field.
pub async fn check_prizes(
    currency: String,
    rows: Vec<PrizeRow>,
    specials: Vec<SpecialPrize>,
    ties: Option<String>,
    team_rows: Vec<PrizeRow>,
    team_rule: Option<String>,
) -> ServiceResult<Prizes> {
    tokio::task::spawn_blocking(move || {
        prizes(
            &currency,
            rows,
            specials,
            ties.as_deref(),
            team_rows,
            team_rule.as_deref(),
        )
    })
    .await
    .map_err(|e| ServiceError::Internal(format!("prize check task: {e}")))?
}

/// Builds a prize table from its parts as sent by the editor or the API (the team rows in the same
/// currency; the team prize rule `both` when absent or empty); errors name the row or field.
pub fn prizes(
    currency: &str,
    rows: Vec<PrizeRow>,
    specials: Vec<SpecialPrize>,
    ties: Option<&str>,
    team_rows: Vec<PrizeRow>,
    team_rule: Option<&str>,
) -> ServiceResult<Prizes> {
    for (field, rows) in [("rows", &rows), ("team_rows", &team_rows)] {
        if let Some(i) = rows.iter().position(|r| r.amount > MAX_AMOUNT) {
            return Err(ServiceError::invalid(
                field,
                Reason::new("svc_prize_row_too_large").arg("row", i + 1),
            ));
        }
    }
    if let Some(i) = specials.iter().position(|s| s.amount > MAX_AMOUNT) {
        return Err(ServiceError::invalid(
            "specials",
            Reason::new("svc_special_too_large").arg("row", i + 1),
        ));
    }
    let ties = match ties.map(str::trim).filter(|t| !t.is_empty()) {
        None => TieHandling::ByTieBreak,
        Some(t) => crate::prizes::TieHandling::parse(t).ok_or_else(|| {
            ServiceError::invalid("ties", Reason::new("svc_bad_ties").arg("typed", t))
        })?,
    };
    let team_rule = match team_rule.map(str::trim).filter(|t| !t.is_empty()) {
        None => TeamRule::Both,
        Some(t) => TeamRule::parse(t).ok_or_else(|| {
            ServiceError::invalid(
                "team_rule",
                Reason::new("svc_bad_team_rule").arg("typed", t),
            )
        })?,
    };
    let table = PrizeTable::new(currency, rows, specials)
        .map_err(|e| ServiceError::invalid("rows", prize_reason(&e)))?;
    let team = PrizeTable::new(currency, team_rows, Vec::new()).map_err(|e| {
        ServiceError::invalid(
            "team_rows",
            Reason::new("svc_team_prizes").arg_reason("why", &prize_reason(&e)),
        )
    })?;
    for (field, total) in [("rows", table.total()), ("team_rows", team.total())] {
        if total > MAX_AMOUNT {
            return Err(ServiceError::invalid(
                field,
                Reason::new("svc_prizes_too_large"),
            ));
        }
    }
    Ok(Prizes {
        table,
        ties,
        team_rows: team.rows().to_vec(),
        team_rule,
    })
}

/// The team payout of an event whose prize table has team prizes, once its Swiss rounds are over:
/// the team prize rows paid by the team table (`standings::teams`, after every round) as
/// [`crate::prizes::award_teams`] shares them, with the prize table's tie handling. `None` without
/// team prizes; a conflict naming what is missing while rounds are still to play.
pub async fn team_payout(
    states: &super::event_state::EventStates,
    db: &Db,
    event: &Event,
) -> ServiceResult<Option<TeamPayout>> {
    Ok(team_payout_with_players(states, db, event)
        .await?
        .map(|(payout, _)| payout))
}

/// [`team_payout`] with the players each team counts (the team table's best N), by team name.
async fn team_payout_with_players(
    states: &super::event_state::EventStates,
    db: &Db,
    event: &Event,
) -> ServiceResult<Option<(TeamPayout, HashMap<String, Vec<u32>>)>> {
    let Some(prizes) = store::prizes::get(db, event.id).await? else {
        return Ok(None);
    };
    if prizes.team_rows.is_empty() {
        return Ok(None);
    }
    if let Some(why) = swiss_unfinished(db, event).await? {
        return Err(ServiceError::Conflict(why));
    }
    let view = super::standings::teams(states, db, event, None).await?;
    let mut counted = HashMap::new();
    let teams: Vec<TeamContender> = view
        .lines
        .into_iter()
        .map(|l| {
            counted.insert(
                l.team.clone(),
                l.players.iter().map(|(start, _)| *start).collect(),
            );
            TeamContender {
                rank: l.rank,
                team: l.team,
                points: l.points.tenths().max(0) as u32,
            }
        })
        .collect();
    let table = PrizeTable::new(prizes.table.currency(), prizes.team_rows, Vec::new())
        .map_err(|e| ServiceError::Internal(format!("team prizes of event {}: {e}", event.id)))?;
    award_teams(&table, &teams, prizes.ties)
        .map(|payout| Some((payout, counted)))
        .map_err(|e| ServiceError::Internal(format!("team prizes of event {}: {e}", event.id)))
}

/// The players passed over for the individual prizes under the team prize rule "team first": the
/// players counted in each team the team payout gives money, with that team. None while the team
/// payout cannot be made (no team prizes, rounds still to play): the individual prizes are then
/// paid as under "both".
async fn team_winners(
    states: &super::event_state::EventStates,
    db: &Db,
    event: &Event,
) -> ServiceResult<std::collections::BTreeMap<u32, String>> {
    let (payout, counted) = match team_payout_with_players(states, db, event).await {
        Ok(Some(both)) => both,
        Ok(None) | Err(ServiceError::Conflict(_)) => return Ok(Default::default()),
        Err(e) => return Err(e),
    };
    Ok(payout
        .rows
        .iter()
        .filter(|r| r.prize > 0)
        .flat_map(|r| {
            counted
                .get(&r.team)
                .into_iter()
                .flatten()
                .map(|&start| (start, r.team.clone()))
        })
        .collect())
}

/// The input of game `number` of match `match_id` with the result as typed (`1-0`, `0-1`,
/// `1/2-1/2`; an unknown result is an invalid `result` field).
pub fn game_input(match_id: u32, number: u32, typed: &str) -> ServiceResult<Input> {
    Ok(Input::Game {
        match_id: crate::knockout::MatchId(match_id),
        number,
        result: parse_result(typed)?,
    })
}

/// The decider's colour as the higher seed chose it (`red` or `black`, typed in `field`) for match
/// `match_id`: the form and the JSON API record the same input.
pub fn decider_input(match_id: u32, field: &'static str, typed: &str) -> ServiceResult<Input> {
    Ok(Input::DeciderColour {
        match_id: crate::knockout::MatchId(match_id),
        higher_seed_plays: parse_colour(field, typed)?,
    })
}

/// The event's prize table, when it has one (prizes are public).
pub async fn prize_table(db: &Db, event: &Event) -> ServiceResult<Option<Prizes>> {
    Ok(store::prizes::get(db, event.id).await?)
}

#[cfg(test)]
mod seed_options_tests {
    use super::*;

    #[test]
    fn seed_choices_missing_or_empty_take_the_defaults_and_a_bad_tie_rule_names_its_field() {
        let d = SeedOptions::default();
        for typed in [None, Some(""), Some("  ")] {
            let o = SeedOptions::parse(typed, None, None).expect("defaults");
            assert_eq!(
                (o.tie_rule, o.third_place_match, o.auto_lots),
                (d.tie_rule, d.third_place_match, d.auto_lots)
            );
        }
        let o = SeedOptions::parse(Some(" play_on "), Some(false), Some(false)).expect("parsed");
        assert_eq!(
            (o.tie_rule, o.third_place_match, o.auto_lots),
            (TieRule::PlayOn, false, false)
        );
        match SeedOptions::parse(Some("armageddon"), None, None) {
            Err(ServiceError::Invalid { field, reason }) => {
                assert_eq!(field, "tie_rule");
                assert_eq!(reason.to_string(), "“armageddon” is not a tie rule.");
            }
            other => panic!("{other:?}"),
        }
    }
}
