//! The round workflow shared by the pages and the JSON API: pair the next round with the Dutch engine,
//! enter results with version checks, and the player names the pages show.

use std::collections::HashMap;

use super::policy::Access;
use super::{Reason, ServiceError, ServiceResult};
use crate::round::{Absence, BoardResult, MatchGames};
use crate::rules::Color;
pub use crate::store::rounds::{Board, RoundData};
use crate::store::{self, Db, events::Event, rounds::Round, users::User};
use crate::swiss::PairingError;
use crate::swiss::avoidance::{self, AvoidanceError, Blockage};

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

/// Player 1's colour in round 1 as a pairing form or the API sends it: empty (or absent) for a
/// lot drawn by the server, else `red` or `black`; anything else is refused naming the `lot` field.
pub fn parse_lot(text: Option<&str>) -> ServiceResult<Option<crate::rules::Color>> {
    text.filter(|t| !t.trim().is_empty())
        .map(|t| super::knockout::parse_colour("lot", t))
        .transpose()
}

/// Pairs the next round of an event with the Dutch engine; stores it as a draft, or published at
/// once. When the engine finds no pairing the refusal says so and points to [`pair_by_hand`].
///
/// Under team avoidance (同隊回避) team-mates are kept apart in the rounds it covers. When no
/// pairing can keep them apart, the refusal names the teams that block the round; pairing again
/// with `relax_reason` lets just those teams meet in this round, recorded with the reason.
pub async fn pair_next(
    db: &Db,
    by: &User,
    event: &Event,
    lot: Option<Color>,
    publish: bool,
    relax_reason: &str,
) -> ServiceResult<Round> {
    let relax_reason = crate::text::clean_line(relax_reason, 200)
        .map_err(|r| ServiceError::invalid("relax_reason", r))?;
    if event.settings.stage.is_round_robin() && event.draw.is_none() {
        return Err(ServiceError::Conflict(Reason::new("svc_not_drawn")));
    }
    let (number, t, first_colour) = ready_to_pair(db, event, lot, publish).await?;
    if event.settings.stage.is_round_robin() {
        let (pairing, absences) = super::sections::round_robin_pairing(db, event, number).await?;
        drop(t);
        let round = (number, first_colour);
        return store_round(
            db,
            by,
            event,
            (round, &pairing, &absences),
            (publish, false),
            (&[], ""),
        )
        .await;
    }
    let teams: Vec<(u32, String)> = store::players::list(db, event.id)
        .await?
        .iter()
        .filter_map(|p| {
            Some((
                u32::try_from(p.start_no).ok()?,
                p.entry.team_name().to_string(),
            ))
        })
        .collect();
    let rule = event.settings.stage.club_avoidance;
    // The engine pairs with the teams of this round only (the model's prohibitions are every
    // round's, for the TRF); it can take seconds on a large field: off the async workers.
    let (t, paired) = tokio::task::spawn_blocking(move || {
        let mut base = t.clone();
        base.prohibited.clear();
        let paired = avoidance::pair_avoiding_teams(&base, &teams, rule);
        (t, paired)
    })
    .await
    .map_err(|e| ServiceError::Internal(format!("pairing task: {e}")))?;
    let (pairing, relaxed) = match paired {
        Ok(Ok(pairing)) => (pairing, Vec::new()),
        Ok(Err(Blockage::Teams { teams, pairing })) => {
            if relax_reason.is_empty() {
                return Err(ServiceError::Conflict(
                    Reason::new("svc_avoidance_blocks")
                        .arg("round", number)
                        .arg("teams", teams.join(", ")),
                ));
            }
            (pairing, teams)
        }
        Ok(Err(Blockage::NotTheTeams)) => {
            return Err(pairing_refusal(PairingError::NoLegalPairing {
                round: number,
            }));
        }
        Err(AvoidanceError::Pairing(e)) => return Err(pairing_refusal(e)),
        Err(e @ AvoidanceError::TeamTooLarge { .. }) => {
            return Err(ServiceError::Conflict(e.reason()));
        }
    };
    let absences = requested_absences(db, event, &t, number).await?;
    store_round(
        db,
        by,
        event,
        ((number, first_colour), &pairing, &absences),
        (publish, false),
        (&relaxed, &relax_reason),
    )
    .await
}

/// The engine's refusal as the reader sees it.
fn pairing_refusal(e: PairingError) -> ServiceError {
    match e {
        PairingError::NoLegalPairing { round } => {
            ServiceError::Conflict(Reason::new("svc_no_legal_pairing").arg("round", round))
        }
        PairingError::TournamentOver(rounds) => {
            ServiceError::Conflict(Reason::new("svc_pairing_failed").arg_reason(
                "detail",
                &Reason::new("words_all_rounds_played").arg("rounds", rounds),
            ))
        }
        // The tournament the store built is inconsistent: a bug, not something the reader can fix.
        PairingError::Invalid(e) => ServiceError::Internal(format!("pairing: {e}")),
    }
}

/// Starts the next round as a draft for the arbiter to pair by hand (when the engine finds no
/// pairing, or by choice): the players by score paired 1–2, 3–4, … (see
/// [`crate::swiss::hand::starting_draft`]), every board marked as a manual pairing, to be edited
/// with [`set_draft`] and checked before it is published.
pub async fn pair_by_hand(
    db: &Db,
    by: &User,
    event: &Event,
    lot: Option<Color>,
) -> ServiceResult<Round> {
    if event.settings.stage.is_round_robin() {
        return Err(ServiceError::Conflict(Reason::new(
            "svc_round_robin_by_table",
        )));
    }
    let ready = ready_to_pair(db, event, lot, false).await?;
    let pairing = crate::swiss::hand::starting_draft(&ready.1, ready.0);
    store_paired(db, by, event, &ready, &pairing, (false, true)).await
}

/// Stores round `number` as `pairing` pairs it, with the byes its players requested: `publish`
/// it at once or keep it a draft, `by_hand` when the arbiter is to pair it.
async fn store_paired(
    db: &Db,
    by: &User,
    event: &Event,
    (number, t, first_colour): &Ready,
    pairing: &crate::swiss::Pairing,
    (publish, by_hand): (bool, bool),
) -> ServiceResult<Round> {
    let absences = requested_absences(db, event, t, *number).await?;
    let round = (*number, *first_colour);
    store_round(
        db,
        by,
        event,
        (round, pairing, &absences),
        (publish, by_hand),
        (&[], ""),
    )
    .await
}

/// A round to store: its number and round 1's colour lot, the pairing, the absences.
type Paired<'a> = (
    (u32, Option<Color>),
    &'a crate::swiss::Pairing,
    &'a [(u32, Absence)],
);

/// Stores round `number` as `pairing` pairs it with `absences`: `publish` it at once or keep it
/// a draft, `by_hand` when the arbiter is to pair it; `relaxed` names the teams let meet in it,
/// with the reason.
async fn store_round(
    db: &Db,
    by: &User,
    event: &Event,
    ((number, first_colour), pairing, absences): Paired<'_>,
    (publish, by_hand): (bool, bool),
    (relaxed, relax_reason): (&[String], &str),
) -> ServiceResult<Round> {
    let new = store::rounds::NewRound {
        number,
        first_colour,
        pairing,
        absences,
        publish,
        by_hand,
        relaxed,
        relax_reason,
    };
    Ok(store::rounds::create(db, by, event.id, new).await?)
}

/// The number of the round that may be paired now: refused while a draft waits, while the last
/// round has boards without a result, or past the last Swiss round.
pub async fn next_pairable(db: &Db, event: &Event) -> ServiceResult<u32> {
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
    if !super::policy::swiss_has_round(event, number) {
        return Err(ServiceError::Conflict(
            Reason::new("svc_all_rounds_paired").arg("rounds", event.settings.swiss_rounds),
        ));
    }
    Ok(number)
}

/// The next round's number, the Swiss model and round 1's colour lot (see [`ready_to_pair`]).
type Ready = (u32, crate::swiss::Tournament, Option<Color>);

/// Whether the next round may be paired now (no draft waiting, the last round finished, a round
/// left, its deals sealed when it is to be published at once, two players to pair): its number,
/// the Swiss model and round 1's colour lot.
async fn ready_to_pair(
    db: &Db,
    event: &Event,
    lot: Option<Color>,
    publish: bool,
) -> ServiceResult<Ready> {
    let number = next_pairable(db, event).await?;
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
    Ok((number, t, first_colour))
}

/// The byes players requested for round `number` (those still in the event then).
async fn requested_absences(
    db: &Db,
    event: &Event,
    t: &crate::swiss::Tournament,
    number: u32,
) -> ServiceResult<Vec<(u32, Absence)>> {
    Ok(store::rounds::bye_requests(db, event.id)
        .await?
        .into_iter()
        .filter(|(r, start, _)| {
            *r == number && t.player(*start).is_some_and(|p| p.is_active_in(number))
        })
        .map(|(_, s, k)| (s, k))
        .collect())
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
        Some(by),
        event,
        round,
        (board_no, expected_version),
        (result, None),
        None,
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
                    .arg_reason("detail", &e),
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
    board: (u32, Option<i64>),
    typed: &str,
    correction: Option<&str>,
) -> ServiceResult<i64> {
    let (result, games) = parse_typed(event, board.0, typed)?;
    store_outcome(
        db,
        Some(by),
        event,
        round,
        board,
        (result, games.as_ref()),
        correction,
    )
    .await
}

/// A result entered by `by` on board `board_no` of round `round_no` of event `event_id`, the whole
/// entry from the event's rights to the commit (the JSON API sends it to the writes lane as one
/// task): the result and games as read, and the board's new version.
pub async fn enter_api_result(
    db: &Db,
    by: &User,
    (event_id, section): (i64, Option<i64>),
    (round_no, board_no): (u32, u32),
    expected_version: Option<i64>,
    typed: &str,
    correction: Option<&str>,
) -> ServiceResult<(Option<BoardResult>, Option<MatchGames>, i64)> {
    let event_id = super::sections::resolve(db, event_id, section).await?;
    let event = super::policy::arbitrated_event(db, by, event_id).await?;
    super::policy::writable(&event)?;
    let round = round(db, &event, round_no).await?;
    let (result, games) = parse_typed(&event, board_no, typed)?;
    let correction = correction
        .map(|r| crate::text::clean_line(r, 200).map_err(|e| ServiceError::invalid("reason", e)))
        .transpose()?
        .filter(|r| !r.is_empty());
    let version = store_outcome(
        db,
        Some(by),
        &event,
        &round,
        (board_no, expected_version),
        (result, games.as_ref()),
        correction.as_deref(),
    )
    .await?;
    Ok((result, games, version))
}

/// What the round page tells its arbiters about changing a result of this published round once
/// a later round is paired ([`paired_after`]); nothing for other viewers or for a draft.
pub async fn paired_after_note(
    db: &Db,
    event: &Event,
    access: Access,
    round: &Round,
) -> ServiceResult<Option<Reason>> {
    if !access.arbitrate || !round.published {
        return Ok(None);
    }
    paired_after(db, event, round.number, true).await
}

/// The checks of a draft round as its page shows them to the arbiters ([`draft_issues`]); `None`
/// for other viewers or a published round.
pub async fn draft_issues_for(
    db: &Db,
    event: &Event,
    access: Access,
    round: &Round,
) -> ServiceResult<Option<Vec<crate::swiss::hand::DraftIssue>>> {
    if !access.arbitrate || round.published {
        return Ok(None);
    }
    draft_issues(db, event, round).await.map(Some)
}

/// What was paired on round `number`'s results, when `changing` a result of it: the next round,
/// or the knockout seeded from the last Swiss round. `None` when nothing was (or nothing changes).
pub async fn paired_after(
    db: &Db,
    event: &Event,
    number: u32,
    changing: bool,
) -> ServiceResult<Option<Reason>> {
    if !changing {
        return Ok(None);
    }
    if store::rounds::get(db, event.id, number + 1)
        .await?
        .is_some()
    {
        return Ok(Some(
            Reason::new("rc_next_round_paired").arg("round", number + 1),
        ));
    }
    if number >= event.settings.swiss_rounds && store::knockout::load(db, event.id).await?.is_some()
    {
        return Ok(Some(Reason::new("rc_knockout_seeded")));
    }
    Ok(None)
}

/// Stores a board's new result. A result changed after a later stage was paired on it (the next
/// round, or the knockout after the last Swiss round) is a correction: refused without
/// `correction`, the reason the arbiter typed, which the audit log keeps.
async fn store_outcome(
    db: &Db,
    by: Option<&User>,
    event: &Event,
    round: &Round,
    (board_no, expected_version): (u32, Option<i64>),
    outcome: (Option<BoardResult>, Option<&MatchGames>),
    correction: Option<&str>,
) -> ServiceResult<i64> {
    let mut board = store::rounds::board(db, round.id, board_no)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let changes_a_result = (board.result.is_some() || board.games.is_some())
        && (board.result, board.games.as_ref()) != outcome;
    let correction = match paired_after(db, event, round.number, changes_a_result).await? {
        None => None,
        Some(stage) => match correction {
            Some(reason) => Some(reason),
            None => {
                return Err(ServiceError::Refused(
                    Reason::new("rc_late_change_unconfirmed")
                        .arg("board", board_no)
                        .arg_reason("stage", &stage),
                ));
            }
        },
    };
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
    // A writer that named no version is not told of another's write that committed between its
    // reading of the board and its turn (the API documents a 409 only for a version given): it
    // reads the board again and stores its result over that one.
    let mut tries = 0;
    loop {
        let version = expected_version.unwrap_or(board.version);
        let new = store::rounds::NewResult {
            result: outcome.0,
            games: outcome.1,
            correction,
        };
        match store::rounds::set_result(db, by, event.id, round, &board, version, new).await {
            Ok(v) => return Ok(v),
            Err(store::rounds::ResultError::Stale { .. })
                if expected_version.is_none() && tries < UNVERSIONED_TRIES =>
            {
                tries += 1;
                board = store::rounds::board(db, round.id, board_no)
                    .await?
                    .ok_or(ServiceError::NotFound)?;
            }
            Err(store::rounds::ResultError::Stale { .. }) => {
                return Err(ServiceError::Stale {
                    board: Some(board_no),
                });
            }
            Err(store::rounds::ResultError::Store(s)) => return Err(s.into()),
        }
    }
}

/// How often a result stored without a version is tried again after another write to its board.
const UNVERSIONED_TRIES: u32 = 5;

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
    let mut t = store::rounds::tournament(db, event).await?;
    let players = store::players::list(db, event.id).await?;
    super::sections::annul_withdrawals(event, &players, &mut t)?;
    let inputs = super::standings::tie_break_inputs(db, event).await?;
    let list = crate::swiss::standings::standings_with(
        &t,
        t.rounds_played,
        &event.settings.tie_breaks,
        &inputs,
    );
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

/// Checks a draft before publication (see [`crate::swiss::hand::check`]): refused, naming the
/// player, when someone plays twice, a player to be paired is on no board, someone both plays and
/// is absent, or a board holds a player not in the round. What the engine would have avoided (a
/// rematch, a second bye, a colour rule) does not refuse it: [`draft_issues`] tells it on the page.
pub async fn check_draft(db: &Db, event: &Event, round: &Round) -> ServiceResult<()> {
    match draft_issues(db, event, round)
        .await?
        .into_iter()
        .find(|i| i.refuses())
    {
        Some(issue) => Err(ServiceError::Conflict(draft_issue_reason(
            &issue,
            round.number,
        ))),
        None => Ok(()),
    }
}

/// Every issue of a draft round's boards, in board order.
pub async fn draft_issues(
    db: &Db,
    event: &Event,
    round: &Round,
) -> ServiceResult<Vec<crate::swiss::hand::DraftIssue>> {
    let t = store::rounds::tournament(db, event).await?;
    let boards: Vec<crate::swiss::hand::DraftBoard> = store::rounds::boards(db, round.id)
        .await?
        .iter()
        .map(|b| (b.red, b.black))
        .collect();
    let absent: Vec<u32> = store::rounds::absences(db, round.id)
        .await?
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    Ok(crate::swiss::hand::check(
        &t,
        round.number,
        &boards,
        &absent,
    ))
}

/// A draft's issue as a message naming the player, board or round.
pub fn draft_issue_reason(issue: &crate::swiss::hand::DraftIssue, round: u32) -> Reason {
    use crate::swiss::hand::DraftIssue as I;
    match *issue {
        I::Twice(p) => Reason::new("svc_player_twice")
            .arg("player", p)
            .arg("round", round),
        I::Missing(p) => Reason::new("svc_draft_missing")
            .arg("player", p)
            .arg("round", round),
        I::PairedAndAbsent(p) => Reason::new("svc_bye_and_paired")
            .arg("player", p)
            .arg("round", round),
        I::NotPlaying(p) => Reason::new("svc_draft_not_playing")
            .arg("player", p)
            .arg("round", round),
        I::Themselves(p) => Reason::new("svc_draft_themselves").arg("player", p),
        I::TwoByes => Reason::new("svc_draft_two_byes"),
        I::Rematch(a, b) => Reason::new("svc_draft_rematch")
            .arg("red", a)
            .arg("black", b),
        I::SecondBye(p) => Reason::new("svc_draft_second_bye").arg("player", p),
        I::Colour(p, c) => Reason::new("svc_draft_colour")
            .arg("player", p)
            .arg_reason("colour", &Reason::new(c.as_str())),
    }
}

/// Round `number` of the event (404 when there is none), refused with a 409 worded by `refusal`
/// unless it is published (`published`) or a draft (`!published`).
async fn round_that_is(
    db: &Db,
    event: &Event,
    number: u32,
    published: bool,
    refusal: &'static str,
) -> ServiceResult<Round> {
    let round = store::rounds::get(db, event.id, number)
        .await?
        .ok_or(ServiceError::NotFound)?;
    if round.published != published {
        return Err(ServiceError::Conflict(
            Reason::new(refusal).arg("round", number),
        ));
    }
    Ok(round)
}

/// The most boards a draft typed by hand may have.
pub const MAX_DRAFT_ROWS: usize = 1000;

/// Replaces a draft's boards with the arbiter's pairing as typed (each board's Red and Black start
/// numbers, Black empty for the bye), with the reason for the log. Refused, nothing changed, when a
/// number is not a start number or the draft would be unplayable (see [`check_draft`]).
pub async fn set_draft(
    db: &Db,
    by: &User,
    event: &Event,
    number: u32,
    typed: &[(String, String)],
    reason: &str,
) -> ServiceResult<()> {
    require_arbiter(db, by, event).await?;
    let round = round_that_is(db, event, number, false, "rc_fix_published").await?;
    if typed.len() > MAX_DRAFT_ROWS {
        return Err(ServiceError::invalid(
            "boards",
            Reason::new("svc_draft_too_many").arg("max", MAX_DRAFT_ROWS),
        ));
    }
    let start = |field: &'static str, board: usize, text: &str| {
        text.trim().parse::<u32>().map_err(|_| {
            ServiceError::invalid(
                field,
                Reason::new("svc_draft_not_a_start")
                    .arg("board", board)
                    .arg("typed", text.trim()),
            )
        })
    };
    let mut boards = Vec::new();
    for (i, (red, black)) in typed.iter().enumerate() {
        if red.trim().is_empty() && black.trim().is_empty() {
            continue;
        }
        let board = i + 1;
        let black = if black.trim().is_empty() {
            None
        } else {
            Some(start("black", board, black)?)
        };
        boards.push((start("red", board, red)?, black));
    }
    // The bye, if any, is the last board.
    boards.sort_by_key(|(_, black)| black.is_none());
    let reason = confirmed_reason(reason, true)?;
    let t = store::rounds::tournament(db, event).await?;
    let absent: Vec<u32> = store::rounds::absences(db, round.id)
        .await?
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    let refusals: Vec<Reason> = crate::swiss::hand::check(&t, number, &boards, &absent)
        .iter()
        .filter(|i| i.refuses())
        .map(|i| draft_issue_reason(i, number))
        .collect();
    if !refusals.is_empty() {
        return Err(ServiceError::Refused(Reason::list(&refusals)));
    }
    store::rounds::replace_boards(db, by, event.id, &round, &boards, &reason)
        .await
        .map_err(|e| match e {
            store::StoreError::NotFound => {
                ServiceError::Conflict(Reason::new("rc_fix_published").arg("round", number))
            }
            other => other.into(),
        })
}

// Corrections and undo. Each takes the reason the arbiter typed (logged with the change)
// and the confirmation box the form sends, both checked here rather than only in the browser.

/// The reason and confirmation of a correction: the box must be ticked and the reason typed (one
/// line, at most 200 characters); the reason comes back trimmed for the log.
pub fn confirmed_reason(reason: &str, confirmed: bool) -> ServiceResult<String> {
    let reason = crate::text::check_line(reason, 200).map_err(|e| {
        ServiceError::invalid(
            "reason",
            match e {
                crate::text::TextError::TooLong { max } => {
                    Reason::new("rc_reason_too_long").arg("max", max)
                }
                crate::text::TextError::Forbidden { ch } => {
                    Reason::new("rc_reason_bad_char").arg("code", format!("U+{:04X}", ch as u32))
                }
            },
        )
    })?;
    if reason.is_empty() {
        return Err(ServiceError::invalid(
            "reason",
            Reason::new("rc_reason_needed"),
        ));
    }
    if !confirmed {
        return Err(ServiceError::invalid(
            "confirm",
            Reason::new("rc_confirm_needed"),
        ));
    }
    Ok(reason)
}

use super::policy::require_arbiter;

/// A start number typed in a form: a number some player of the event has.
pub async fn typed_start(
    db: &Db,
    event: &Event,
    field: &'static str,
    typed: &str,
) -> ServiceResult<u32> {
    let typed = typed.trim();
    let names = names(db, event.id).await?;
    typed
        .parse::<u32>()
        .ok()
        .filter(|s| names.contains_key(s))
        .ok_or_else(|| {
            ServiceError::invalid(field, Reason::new("rc_not_a_start_no").arg("typed", typed))
        })
}

/// A round number typed in a form.
fn typed_round(typed: &str) -> ServiceResult<u32> {
    let typed = typed.trim();
    typed
        .parse::<u32>()
        .ok()
        .filter(|r| *r >= 1)
        .ok_or_else(|| {
            ServiceError::invalid(
                "round",
                Reason::new("rc_not_a_round_no").arg("typed", typed),
            )
        })
}

/// Why a round may not be withdrawn now, or `None` when it may: a draft (discarded instead), a
/// round before the last (`last`, the number of rounds), a board with a result or a move record
/// (`with_record`, board row ids). The round page's button and [`withdraw_round`] both ask it.
pub fn round_withdrawal_refusal(
    round: &Round,
    last: u32,
    boards: &[store::rounds::Board],
    with_record: &std::collections::HashSet<i64>,
) -> Option<Reason> {
    let number = round.number;
    if !round.published {
        return Some(Reason::new("rc_round_is_draft").arg("round", number));
    }
    if last > number {
        return Some(Reason::new("rc_round_not_last").arg("round", number));
    }
    let listed = |pick: &dyn Fn(&store::rounds::Board) -> bool| {
        let picked: Vec<String> = boards
            .iter()
            .filter(|b| pick(b))
            .map(|b| b.board_no.to_string())
            .collect();
        picked.join(", ")
    };
    [
        (
            "rc_round_has_results",
            listed(&|b| b.black.is_some() && b.result.is_some()),
        ),
        (
            "rc_round_has_records",
            listed(&|b| with_record.contains(&b.id)),
        ),
    ]
    .into_iter()
    .find(|(_, found)| !found.is_empty())
    .map(|(key, found)| Reason::new(key).arg("round", number).arg("boards", found))
}

/// Whether a viewer may withdraw round `number` of the event's state now: an arbiter, and
/// [`round_withdrawal_refusal`] finds nothing (the round page's button).
pub fn may_withdraw_round(
    access: Access,
    es: &super::event_state::EventState,
    number: u32,
) -> bool {
    access.arbitrate
        && es.round(number).is_some_and(|r| {
            round_withdrawal_refusal(
                &r.round,
                es.rounds.len() as u32,
                &r.boards,
                &es.with_records,
            )
            .is_none()
        })
}

/// Takes back a published round none of whose results is entered (the arbiter's most common fix:
/// a pairing published too early or with a wrong bye), so that it can be paired again. Refused
/// once any board has a result or a record, or when a later round exists.
pub async fn withdraw_round(
    db: &Db,
    by: &User,
    event: &Event,
    number: u32,
    (reason, confirmed): (&str, bool),
) -> ServiceResult<()> {
    require_arbiter(db, by, event).await?;
    let round = round_that_is(db, event, number, true, "rc_round_is_draft").await?;
    let reason = confirmed_reason(reason, confirmed)?;
    let last = store::rounds::list(db, event.id).await?.len() as u32;
    let boards = store::rounds::boards(db, round.id).await?;
    let with_record = store::records::boards_with_records(db, round.id).await?;
    if let Some(why) = round_withdrawal_refusal(&round, last, &boards, &with_record) {
        return Err(ServiceError::Conflict(why));
    }
    if !store::rounds::withdraw_round(db, by, event.id, &round, &reason).await? {
        // A result or a record arrived between the checks and the write.
        return Err(ServiceError::Stale { board: None });
    }
    Ok(())
}

/// Cancels a bye: a request for a round not paired yet, or a late entrant's bye in a round paired
/// before they joined. A requested bye already copied into a paired round is part of that round's
/// pairing: withdraw or discard the round first.
pub async fn cancel_bye(
    db: &Db,
    by: &User,
    event: &Event,
    (round_typed, start_typed): (&str, &str),
    (reason, confirmed): (&str, bool),
) -> ServiceResult<()> {
    require_arbiter(db, by, event).await?;
    let start = typed_start(db, event, "start", start_typed).await?;
    let number = typed_round(round_typed)?;
    let reason = confirmed_reason(reason, confirmed)?;
    let done = match store::rounds::get(db, event.id, number).await? {
        None => store::rounds::cancel_bye_request(db, by, event.id, number, start, &reason).await?,
        Some(round) => {
            let joins_at = store::players::list(db, event.id)
                .await?
                .into_iter()
                .find(|p| p.start_no as u32 == start)
                .map_or(1, |p| p.joins_at);
            if number >= joins_at {
                // Not a late entry's bye: a requested one is part of the round's pairing.
                let requested = store::rounds::absences(db, round.id)
                    .await?
                    .iter()
                    .any(|(s, _)| *s == start);
                if requested {
                    return Err(ServiceError::Conflict(
                        Reason::new("rc_bye_round_paired")
                            .arg("round", number)
                            .arg("player", start),
                    ));
                }
                false
            } else {
                store::rounds::cancel_absence(db, by, event.id, &round, start, &reason).await?
            }
        }
    };
    if !done {
        return Err(ServiceError::Conflict(
            Reason::new("rc_no_such_bye")
                .arg("round", number)
                .arg("player", start),
        ));
    }
    Ok(())
}

/// Gives a late entrant byes for the published rounds paired before they joined and in which no
/// bye is recorded for them yet; returns those round numbers.
///
/// The rule followed: FIDE C.04.2 (General handling rules for Swiss tournaments), late entries —
/// a player admitted after round N was paired is not paired for the rounds missed and scores no
/// points for them (kind `Z`, the default), unless the tournament regulations grant a half point
/// for rounds missed by a late entry (kind `H`, the arbiter's choice on the form). A full point is
/// never given: it would count as a win without play (C.04.1 art. 4).
pub async fn late_entry_byes(
    db: &Db,
    by: &User,
    event: &Event,
    start_typed: &str,
    kind_typed: &str,
) -> ServiceResult<Vec<u32>> {
    require_arbiter(db, by, event).await?;
    let start = typed_start(db, event, "start", start_typed).await?;
    let kind = match Absence::parse(kind_typed) {
        Some(k @ (Absence::HalfBye | Absence::ZeroBye)) => k,
        _ => {
            return Err(ServiceError::invalid(
                "kind",
                Reason::new("rc_late_bye_kind").arg("typed", kind_typed.trim()),
            ));
        }
    };
    let joins_at = store::players::list(db, event.id)
        .await?
        .into_iter()
        .find(|p| p.start_no as u32 == start)
        .map_or(1, |p| p.joins_at);
    let mut missed = Vec::new();
    for round in store::rounds::list(db, event.id).await? {
        if round.published && round.number < joins_at {
            let absent = store::rounds::absences(db, round.id).await?;
            if !absent.iter().any(|(s, _)| *s == start) {
                missed.push((round.id, round.number));
            }
        }
    }
    if missed.is_empty() {
        return Err(ServiceError::Conflict(
            Reason::new("rc_no_missed_round").arg("player", start),
        ));
    }
    store::rounds::add_late_entry_byes(db, by, event.id, start, &missed, kind).await?;
    Ok(missed.into_iter().map(|(_, n)| n).collect())
}

/// Withdraws a player from the next round on (C.04.2: not paired any more) or, with `undo`, takes
/// the withdrawal back (paired again from the next round; the rounds missed meanwhile stay
/// unplayed); the reason is logged.
pub async fn withdrawal(
    db: &Db,
    by: &User,
    event: &Event,
    (start_typed, undo): (&str, bool),
    (reason, confirmed): (&str, bool),
) -> ServiceResult<()> {
    require_arbiter(db, by, event).await?;
    let start = typed_start(db, event, "start", start_typed).await?;
    let reason = confirmed_reason(reason, confirmed)?;
    let withdrawn = store::players::list(db, event.id)
        .await?
        .into_iter()
        .find(|p| p.start_no as u32 == start)
        .and_then(|p| p.withdrawn_from);
    let done = match (undo, withdrawn) {
        (false, Some(r)) => {
            return Err(ServiceError::Conflict(
                Reason::new("rc_already_withdrawn")
                    .arg("player", start)
                    .arg("round", r),
            ));
        }
        (false, None) => {
            let from = store::rounds::list(db, event.id).await?.len() as u32 + 1;
            store::rounds::withdraw(db, by, event.id, start, from, &reason).await?
        }
        (true, _) => store::rounds::reinstate(db, by, event.id, start, &reason).await?,
    };
    if !done {
        return Err(ServiceError::Conflict(
            Reason::new(if undo {
                "rc_not_withdrawn"
            } else {
                "rc_player_changed"
            })
            .arg("player", start),
        ));
    }
    Ok(())
}

// The round pages' other actions, moved out of the handlers.

/// Requests a bye for a round still to be paired (`kind`: `H`, `F` or `Z`).
pub async fn request_bye(
    db: &Db,
    by: &User,
    event: &Event,
    (start_typed, round_typed, kind_typed): (&str, &str, &str),
) -> ServiceResult<()> {
    require_arbiter(db, by, event).await?;
    let start = typed_start(db, event, "start", start_typed).await?;
    let paired = store::rounds::list(db, event.id).await?.len() as u32;
    let round = typed_round(round_typed)
        .ok()
        .filter(|r| *r > paired && *r <= event.settings.swiss_rounds)
        .ok_or_else(|| {
            ServiceError::invalid(
                "round",
                Reason::new("rc_not_a_future_round")
                    .arg("typed", round_typed.trim())
                    .arg("from", paired + 1)
                    .arg("to", event.settings.swiss_rounds),
            )
        })?;
    let kind = Absence::parse(kind_typed).ok_or_else(|| {
        ServiceError::invalid(
            "kind",
            Reason::new("rc_bye_kind").arg("typed", kind_typed.trim()),
        )
    })?;
    Ok(store::rounds::request_bye(db, by, event.id, round, start, kind).await?)
}

/// Publishes a draft after [`check_draft`]; a published round is left as it is.
pub async fn publish(db: &Db, by: &User, event: &Event, number: u32) -> ServiceResult<()> {
    require_arbiter(db, by, event).await?;
    let round = store::rounds::get(db, event.id, number)
        .await?
        .ok_or(ServiceError::NotFound)?;
    if !round.published {
        check_draft(db, event, &round).await?;
        super::deals::require_round_dealt(db, event, number).await?;
        store::rounds::publish(db, by, event.id, &round).await?;
    }
    Ok(())
}

/// Discards a draft so that the round can be paired again (a published round is withdrawn instead,
/// see [`withdraw_round`]).
pub async fn discard(db: &Db, by: &User, event: &Event, number: u32) -> ServiceResult<()> {
    require_arbiter(db, by, event).await?;
    let round = round_that_is(db, event, number, false, "rc_discard_published").await?;
    Ok(store::rounds::delete_draft(db, by, event.id, &round).await?)
}

/// A manual change of a draft board's players as typed (`black` empty for the bye), flagged and
/// logged with the reason. The board the moved players came from must be fixed too: publishing
/// refuses a round where anyone plays twice.
pub async fn fix_board(
    db: &Db,
    by: &User,
    event: &Event,
    (number, board_typed): (u32, &str),
    (red_typed, black_typed): (&str, &str),
    reason: &str,
) -> ServiceResult<()> {
    require_arbiter(db, by, event).await?;
    let board_no = board_typed.trim().parse::<u32>().map_err(|_| {
        ServiceError::invalid(
            "board",
            Reason::new("rc_not_a_board_no").arg("typed", board_typed.trim()),
        )
    })?;
    let round = round_that_is(db, event, number, false, "rc_fix_published").await?;
    let board = store::rounds::board(db, round.id, board_no)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let red = typed_start(db, event, "red", red_typed).await?;
    let black = if black_typed.trim().is_empty() {
        None
    } else {
        Some(typed_start(db, event, "black", black_typed).await?)
    };
    if black == Some(red) {
        return Err(ServiceError::invalid(
            "black",
            Reason::new("rc_plays_themselves"),
        ));
    }
    let reason = confirmed_reason(reason, true)?;
    Ok(
        store::rounds::set_board_players(db, by, event.id, &round, &board, (red, black), &reason)
            .await?,
    )
}

/// A signed-in player's own board in a round, as the round page shows it to them.
#[derive(Debug, Clone)]
pub struct MyBoard {
    /// Board number.
    pub board: u32,
    /// The colour they play.
    pub side: Color,
    /// The opponent's start number (`None` for the bye).
    pub opponent: Option<u32>,
    /// Whether they may report its result now (published, a game, no result yet).
    pub may_report: bool,
    /// Their own report and the opponent's, as stored (from Red's view).
    pub mine: Option<String>,
    /// The opponent's report.
    pub theirs: Option<String>,
}

/// The board of round `round` that `user`'s linked player plays, if any: the same rule
/// [`report`] checks before it stores a report.
pub fn my_board(
    es: &super::event_state::EventState,
    round: &RoundData,
    user: Option<&User>,
) -> Option<MyBoard> {
    let me = es.start_of(user?)?;
    let b = round
        .boards
        .iter()
        .find(|b| b.red == me || b.black == Some(me))?;
    Some(board_of(b, me, round.round.published))
}

/// Player `me`'s view of their board `b` in a round, `published` or not: their colour, the
/// opponent, whether they may report, both reports.
pub fn board_of(b: &Board, me: u32, published: bool) -> MyBoard {
    let side = if b.red == me {
        Color::Red
    } else {
        Color::Black
    };
    MyBoard {
        board: b.board_no,
        side,
        opponent: if side == Color::Red {
            b.black
        } else {
            Some(b.red)
        },
        may_report: published && b.black.is_some() && b.result.is_none(),
        mine: b.reports[side.index()].clone(),
        theirs: b.reports[side.opponent().index()].clone(),
    }
}

/// What became of a player's report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reported {
    /// Stored; the opponent has not reported yet.
    AwaitingOpponent,
    /// The opponent had reported the same: the result is entered.
    Confirmed,
    /// The opponent had reported otherwise: both reports wait for the arbiter.
    Conflict,
}

/// A player reports their own board's result (from Red's view as the arbiter types it: `1-0`,
/// `1/2-1/2`, `0-1`, or a Banqi match's games). A report never replaces the opponent's: the same
/// report from both sides enters the result, different ones stay side by side for the arbiter.
/// A player may change their own report until the result is entered.
pub async fn report(
    db: &Db,
    me: &User,
    (event, access): (&Event, Access),
    (number, board_no): (u32, u32),
    typed: &str,
) -> ServiceResult<Reported> {
    let round = visible_round(db, event, access, number).await?;
    let board = store::rounds::board(db, round.id, board_no)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let my_start = super::players::linked_start(db, event, me).await?;
    let side = match my_start {
        Some(s) if s == board.red => Color::Red,
        Some(s) if Some(s) == board.black => Color::Black,
        _ => return Err(ServiceError::Forbidden),
    };
    report_side(db, Some(me), event, (&round, &board), side, typed).await
}

/// [`report`] once the reporter's side is known.
pub async fn report_side(
    db: &Db,
    by: Option<&User>,
    event: &Event,
    (round, board): (&Round, &Board),
    side: Color,
    typed: &str,
) -> ServiceResult<Reported> {
    if board.result.is_some() {
        return Err(ServiceError::Conflict(
            Reason::new("rc_board_has_result").arg("board", board.board_no),
        ));
    }
    let (result, games) = parse_typed(event, board.board_no, typed)?;
    let Some(result) = result.filter(|r| r.is_played()) else {
        return Err(ServiceError::invalid(
            "result",
            Reason::new("rc_not_a_played_result").arg("typed", typed.trim()),
        ));
    };
    let report = match &games {
        Some(g) => g.games.clone(),
        None => result.as_str().to_string(),
    };
    let other = &board.reports[side.opponent().index()];
    if other.as_deref() == Some(report.as_str()) {
        // The opponent reported the same: the result is entered, by the second reporter.
        store_outcome(
            db,
            by,
            event,
            round,
            (board.board_no, Some(board.version)),
            (Some(result), games.as_ref()),
            None,
        )
        .await?;
        return Ok(Reported::Confirmed);
    }
    store::rounds::report_side(db, by, event.id, (round, board), side, &report)
        .await
        .map_err(|e| match e {
            store::StoreError::NotFound => ServiceError::Conflict(
                Reason::new("rc_board_has_result").arg("board", board.board_no),
            ),
            other => other.into(),
        })?;
    Ok(if other.is_some() {
        Reported::Conflict
    } else {
        Reported::AwaitingOpponent
    })
}

/// The arbiter's lists on the rounds index: bye requests (round, start number, kind) and every
/// player (start number, name, round withdrawn from, first round they could be paired in); both
/// empty for a viewer who does not arbitrate the event.
pub async fn arbiter_lists(
    db: &Db,
    event: &Event,
    access: Access,
) -> ServiceResult<(
    Vec<(u32, u32, Absence)>,
    Vec<(u32, String, Option<u32>, u32)>,
)> {
    if !access.arbitrate {
        return Ok((Vec::new(), Vec::new()));
    }
    let byes = store::rounds::bye_requests(db, event.id).await?;
    let players = store::players::list(db, event.id)
        .await?
        .into_iter()
        .map(|p| {
            (
                p.start_no as u32,
                p.entry.name,
                p.withdrawn_from,
                p.joins_at,
            )
        })
        .collect();
    Ok((byes, players))
}

/// One board of the results form as typed: the result box and the version the form was loaded with.
#[derive(Debug, Clone)]
pub struct TypedResult {
    /// Board number.
    pub board: u32,
    /// The result as typed (see [`parse_typed`]).
    pub typed: String,
    /// The board's version when the form was loaded; `None` when the form did not send it.
    pub version: Option<i64>,
}

/// What the results form did: each board is stored on its own (the one deliberate exception to
/// all-or-nothing, so that one bad token does not lose a whole round's typing).
#[derive(Debug, Default)]
pub struct ResultsOutcome {
    /// Boards whose result was stored.
    pub saved: Vec<u32>,
    /// Boards someone else changed since the form was loaded (nothing stored for them).
    pub stale: Vec<u32>,
    /// Boards whose entry was refused, with the reason (nothing stored for them).
    pub refused: Vec<(u32, Reason)>,
}

/// Enters the results of a round's form: boards left as they were are skipped, each changed board
/// is parsed and stored atomically with its version check.
pub async fn enter_results(
    db: &Db,
    by: &User,
    event: &Event,
    number: u32,
    typed: &[TypedResult],
    correction: Option<&super::events::Correction>,
) -> ServiceResult<ResultsOutcome> {
    require_arbiter(db, by, event).await?;
    let round = store::rounds::get(db, event.id, number)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let boards = store::rounds::boards(db, round.id).await?;
    let mut out = ResultsOutcome::default();
    for b in boards.iter().filter(|b| !b.is_bye()) {
        let Some(entry) = typed.iter().find(|t| t.board == b.board_no) else {
            continue;
        };
        let parsed = match parse_typed(event, b.board_no, &entry.typed) {
            Ok(p) => p,
            Err(ServiceError::Invalid { reason, .. }) => {
                out.refused.push((b.board_no, reason));
                continue;
            }
            Err(e) => return Err(e),
        };
        let Some(version) = entry.version else {
            out.refused.push((
                b.board_no,
                Reason::new("rc_version_missing").arg("board", b.board_no),
            ));
            continue;
        };
        if parsed == (b.result, b.games.clone()) && version == b.version {
            continue;
        }
        // A result changed after a later stage was paired on it needs the correction's reason
        // and confirmation; the other boards are saved as usual.
        let changes_a_result =
            (b.result.is_some() || b.games.is_some()) && parsed != (b.result, b.games.clone());
        let late = match paired_after(db, event, number, changes_a_result).await? {
            None => None,
            Some(stage) => match correction.map(super::events::Correction::check) {
                Some(Ok(reason)) => Some(reason),
                Some(Err(ServiceError::Invalid { reason, .. })) if correction_typed(correction) => {
                    out.refused.push((b.board_no, reason));
                    continue;
                }
                _ => {
                    out.refused.push((
                        b.board_no,
                        Reason::new("rc_late_change_unconfirmed")
                            .arg("board", b.board_no)
                            .arg_reason("stage", &stage),
                    ));
                    continue;
                }
            },
        };
        match enter_typed(
            db,
            by,
            event,
            &round,
            (b.board_no, Some(version)),
            &entry.typed,
            late.as_deref(),
        )
        .await
        {
            Ok(_) => out.saved.push(b.board_no),
            Err(ServiceError::Stale { .. }) => out.stale.push(b.board_no),
            Err(ServiceError::Conflict(reason) | ServiceError::Refused(reason)) => {
                out.refused.push((b.board_no, reason))
            }
            Err(e) => return Err(e),
        }
    }
    Ok(out)
}

/// Whether the arbiter started the correction's fields (a reason typed or the box ticked): its own
/// refusal then says what is missing, else the board's says what is needed.
fn correction_typed(correction: Option<&super::events::Correction>) -> bool {
    correction.is_some_and(|c| c.confirmed || !c.reason.trim().is_empty())
}

/// The boards of round `number` with a game (the bye has none to print or record); 404 when the
/// round does not exist.
pub async fn played_boards(
    db: &Db,
    event: &Event,
    number: u32,
) -> ServiceResult<Vec<store::rounds::Board>> {
    let round = store::rounds::get(db, event.id, number)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let mut boards = store::rounds::boards(db, round.id).await?;
    boards.retain(|b| !b.is_bye());
    Ok(boards)
}

/// The numbers of the event's published rounds.
pub async fn published_numbers(db: &Db, event: &Event) -> ServiceResult<Vec<u32>> {
    Ok(store::rounds::list(db, event.id)
        .await?
        .into_iter()
        .filter(|r| r.published)
        .map(|r| r.number)
        .collect())
}

/// Round `number` of the event for its arbiters (drafts included); not found when there is none.
pub async fn round(db: &Db, event: &Event, number: u32) -> ServiceResult<Round> {
    store::rounds::get(db, event.id, number)
        .await?
        .ok_or(ServiceError::NotFound)
}

/// A round's boards (the bye's included, by board number) and its absences (start number, kind).
pub async fn sheet(
    db: &Db,
    round: &Round,
) -> ServiceResult<(Vec<store::rounds::Board>, Vec<(u32, Absence)>)> {
    Ok((
        store::rounds::boards(db, round.id).await?,
        store::rounds::absences(db, round.id).await?,
    ))
}

/// The whole Swiss tournament of the event as far as it is stored (players, rounds, results).
pub async fn tournament(
    db: &Db,
    event: &Event,
) -> ServiceResult<crate::swiss::tournament::Tournament> {
    Ok(store::rounds::tournament(db, event).await?)
}
