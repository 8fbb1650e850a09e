//! Scoresheets: a move record submitted for a board's game is adjudicated at once (with the round's
//! sealed deal and the event's move limit), stored with its verdict, and compared with the entered
//! result. A legal, decided record that agrees (or finds no result yet) sets or confirms the result;
//! a conflict or an illegal move is only reported — the arbiter decides (see [`apply_record_result`]).
//!
//! "Decided" means the verdict has a result: decided by the position (mate, stalemate, repetition,
//! move limit) or, for an undecided final position, the result the record claims (resignation,
//! agreement, time), which the players' signed scoresheet states.
//!
//! Knockout games work the same way: the record of game g of match m is adjudicated with
//! the sealed deal of that knockout round for that game number (round number `swiss_rounds + k`, see
//! `deals`), and — when legal, decided and the game has no result yet — the result is recorded
//! through the bracket's usual game-result path. Before the deal is unsealed a record is visible to
//! the event's arbiters only (RULES.md §9).

use super::deals;
use super::knockout;
use super::names;
use super::policy::{Access, require_arbiter};
use super::rounds;
use super::{Reason, ServiceError, ServiceResult};
use crate::deal::GameNumber;
use crate::knockout::Input;
use crate::knockout::{Bracket, MatchGame, MatchId};
use crate::round::BoardResult;
use crate::rules::Variant;
use crate::rules::adjudicate::{AdjudicateError, AdjudicateOptions, Verdict};
pub use crate::store::records::StoredRecord;
use crate::store::{self, Db, events::Event, rounds::Round, users::User};

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

/// Judges a stored verdict against the board's entered result. `single_game` is false for a game
/// of a Banqi match, whose board result is the match score.
pub fn assess(verdict: &Verdict, entered: Option<BoardResult>, single_game: bool) -> RecordStatus {
    if let Some(error) = &verdict.error {
        return RecordStatus::Illegal(error.ply, error.token.clone(), error.message.clone());
    }
    let Some(result) = BoardResult::from_game(verdict.result) else {
        return RecordStatus::Undecided;
    };
    if !single_game {
        return RecordStatus::MatchGame(entered);
    }
    if let Some(claimed) = verdict.claim_conflict {
        return RecordStatus::ClaimConflict(result, claimed.as_str().to_string());
    }
    match entered {
        None => RecordStatus::Unentered(result),
        Some(e) if e == result => RecordStatus::Agrees(result),
        Some(e) => RecordStatus::Conflict(result, e),
    }
}

/// A verdict as its reader is told it, the same on the scoresheet, in the game viewer and in the
/// upload preview: each part a [`Reason`] that the page words in its reader's language.
#[derive(Debug, Clone)]
pub struct VerdictView {
    /// The result with how the game ended ("Red wins (checkmate)").
    pub outcome: Reason,
    /// Plies applied (before the bad ply, if any).
    pub plies: usize,
    /// The ruling events in a sentence each, with the ply they happened at, in ply order.
    pub events: Vec<(usize, Reason)>,
    /// Why the illegal ply was refused, if one was.
    pub illegal: Option<Reason>,
    /// The message key of how the game ended (`end_checkmate`, …), beside the result.
    pub ending: &'static str,
    /// Whether the record was legal throughout.
    pub legal: bool,
    /// The verdict in one sentence: the illegal ply with its ply number and why, or the outcome
    /// (lists of verdicts, such as the games an upgrade re-adjudicated).
    pub headline: Reason,
}

/// A [`VerdictView`] worded in one language, as the templates show it.
#[derive(Debug, Clone)]
pub struct VerdictWords {
    /// The result with how the game ended.
    pub verdict: String,
    /// Plies applied.
    pub plies: usize,
    /// The ruling events, in ply order.
    pub events: Vec<String>,
    /// Why the illegal ply was refused.
    pub illegal: Option<String>,
}

impl VerdictView {
    /// The reader's view of `v`.
    pub fn of(v: &Verdict) -> VerdictView {
        use crate::rules::describe;
        VerdictView {
            outcome: describe::outcome(v.result, v.termination),
            plies: v.plies,
            events: v
                .events
                .iter()
                .map(|e| e.ply)
                .zip(describe::events(v))
                .collect(),
            illegal: v.error.as_ref().map(describe::error),
            ending: ending_key(v.termination),
            legal: v.is_legal(),
            headline: match &v.error {
                Some(e) => describe::illegal(e),
                None => describe::outcome(v.result, v.termination),
            },
        }
    }

    /// The view worded in `lang`.
    pub fn words(&self, lang: crate::i18n::Lang) -> VerdictWords {
        VerdictWords {
            verdict: lang.reason(&self.outcome),
            plies: self.plies,
            events: self.events.iter().map(|(_, e)| lang.reason(e)).collect(),
            illegal: self.illegal.as_ref().map(|e| lang.reason(e)),
        }
    }
}

/// The message key of a termination, as the viewer names it beside the result.
fn ending_key(t: crate::rules::adjudicate::Termination) -> &'static str {
    use crate::rules::adjudicate::Termination as T;
    match t {
        T::Checkmate => "end_checkmate",
        T::Stalemate => "end_stalemate",
        T::PerpetualCheck => "end_perpetual_check",
        T::PerpetualChase => "end_perpetual_chase",
        T::Repetition => "end_repetition",
        T::MoveLimit => "end_move_limit",
        T::NoPieces => "end_no_pieces",
        T::Claimed => "end_claimed",
        T::Unfinished => "end_unfinished",
        T::Illegal => "end_illegal",
    }
}

/// Whether a board of this event holds one game (its result is that game's result).
pub fn single_game(event: &Event) -> bool {
    !event.settings.plays_matches()
}

/// Checks the game number of a board of this event.
fn check_game_no(event: &Event, game_no: u32) -> ServiceResult<()> {
    let max = if single_game(event) { 1 } else { MAX_GAMES };
    if game_no == 0 || game_no > max {
        return Err(ServiceError::invalid(
            "game",
            Reason::new("svc_not_a_board_game")
                .arg("game", game_no)
                .arg("max", max),
        ));
    }
    Ok(())
}

/// Loads a board of a round, checking the game number (the caller has checked the user).
async fn board_of_game(
    db: &Db,
    event: &Event,
    round: &Round,
    board_no: u32,
    game_no: u32,
) -> ServiceResult<store::rounds::Board> {
    check_game_no(event, game_no)?;
    store::rounds::board(db, round.id, board_no)
        .await?
        .ok_or(ServiceError::NotFound)
}

/// Adjudicates a record for a game with the deal sealed for `(round_no, game)` (if one is) and the
/// event's move limit. `round_no` is the deal's round number: the Swiss round, or `swiss_rounds + k`
/// for knockout round k (see `deals::knockout_deal_round`). A record that cannot be read at all is
/// a 400 naming the line.
///
/// The reading and the judging run on the blocking pool, off the async workers: a long record
/// costs its own thread, never the pages served beside it.
pub async fn adjudicate_for(
    db: &Db,
    event: &Event,
    round_no: u32,
    game: GameNumber,
    text: &str,
) -> ServiceResult<crate::rules::adjudicate::Verdict> {
    let judge = adjudicator(db, event, round_no, game).await?;
    let text = text.to_string();
    tokio::task::spawn_blocking(move || {
        let record = crate::rules::adjudicate::read_record(text.as_bytes(), 1).map_err(|e| {
            ServiceError::invalid("record", crate::rules::describe::record_error(&e))
        })?;
        judge.judge(&record)
    })
    .await
    .map_err(|e| ServiceError::Internal(format!("adjudication: {e}")))?
}

/// [`adjudicate_for`] for a record already read (a game of a multi-game file keeps its own line
/// numbers). A numeric `Game` tag is a game number (`[Game "2"]`), not a variant (see
/// `rules::record_variant`).
pub async fn adjudicate_read(
    db: &Db,
    event: &Event,
    round_no: u32,
    game: GameNumber,
    record: &crate::rules::notation::record::Record,
) -> ServiceResult<crate::rules::adjudicate::Verdict> {
    adjudicator(db, event, round_no, game).await?.judge(record)
}

/// Everything adjudicating a record of one game needs, loaded beforehand so that the judging itself
/// is plain computation (a bulk upload judges its games off the async workers, see
/// `service::uploads`).
#[derive(Debug, Clone)]
pub struct Adjudicator {
    variant: crate::rules::Variant,
    move_limit: u32,
    /// The sealed deal of the game, if one is: Banqi's deal string, or Jieqi's deal.
    banqi_deal: Option<String>,
    jieqi_deal: Option<crate::rules::xiangqi::Deal>,
}

/// The [`Adjudicator`] of a game with the deal sealed for `(round_no, game)` (if one is) and the
/// event's move limit.
pub async fn adjudicator(
    db: &Db,
    event: &Event,
    round_no: u32,
    game: GameNumber,
) -> ServiceResult<Adjudicator> {
    let deal = store::deals::active(db, event.id, round_no, game).await?;
    let variant = event.settings.variant;
    let jieqi_deal = match &deal {
        Some(d) if variant != crate::rules::Variant::Banqi => deals::jieqi_deal(d)?,
        _ => None,
    };
    Ok(Adjudicator {
        variant,
        move_limit: event.settings.move_limit,
        banqi_deal: deal
            .filter(|d| variant == crate::rules::Variant::Banqi && !d.awaiting_value())
            .map(|d| d.deal),
        jieqi_deal,
    })
}

impl Adjudicator {
    /// Judges a record read already (400 when it cannot be adjudicated at all: its setup, a Deal
    /// tag other than the sealed deal, or more plies than `rules::adjudicate::MAX_PLIES`).
    pub fn judge(
        &self,
        record: &crate::rules::notation::record::Record,
    ) -> ServiceResult<crate::rules::adjudicate::Verdict> {
        check_length(record)?;
        let unreadable = |detail: Reason| {
            ServiceError::invalid(
                "record",
                Reason::new("svc_record_unreadable").arg_reason("detail", &detail),
            )
        };
        if self.variant == crate::rules::Variant::Banqi {
            let settings = crate::rules::banqi::Settings {
                no_progress_limit: Some(self.move_limit),
                ..Default::default()
            };
            return crate::rules::banqi::adjudicate(
                record,
                None,
                self.banqi_deal.as_deref(),
                settings,
            )
            .map_err(|e| unreadable(crate::rules::describe::banqi_setup_error(&e)));
        }
        // A Deal tag other than the sealed deal is refused outright (it would replay another game).
        if let (Some(sealed), Some(tagged)) = (
            self.jieqi_deal.as_ref(),
            record
                .tag("Deal")
                .map(str::trim)
                .filter(|d| !d.is_empty() && *d != "-"),
        ) && crate::rules::xiangqi::Deal::parse(tagged).ok().as_ref() != Some(sealed)
        {
            return Err(ServiceError::invalid(
                "record",
                Reason::new("svc_deal_tag_differs"),
            ));
        }
        let options = AdjudicateOptions {
            move_limit: u16::try_from(self.move_limit).unwrap_or(u16::MAX),
            fen: None,
        };
        crate::rules::adjudicate::adjudicate_record(
            record,
            self.variant,
            self.jieqi_deal.as_ref(),
            &options,
        )
        .map_err(|e| {
            unreadable(match &e {
                AdjudicateError::Syntax(e) => crate::rules::describe::record_error(e),
                AdjudicateError::Setup(e) => crate::rules::describe::setup_error(e),
            })
        })
    }
}

/// Refuses a record of more plies than `rules::adjudicate::MAX_PLIES` (the reason says both).
pub fn check_length(record: &crate::rules::notation::record::Record) -> ServiceResult<()> {
    let limit = crate::rules::adjudicate::MAX_PLIES;
    if record.moves.len() > limit {
        return Err(ServiceError::invalid(
            "record",
            Reason::new("svc_record_too_long")
                .arg("plies", record.moves.len())
                .arg("limit", limit),
        ));
    }
    Ok(())
}

/// A tag value that is a game number (`2`, also full-width), as a `Game` tag or the part after the
/// dot of a `Round` tag holds it.
pub fn game_number(value: &str) -> Option<u32> {
    let folded = names::fold(value);
    (!folded.is_empty() && folded.chars().all(|c| c.is_ascii_digit()))
        .then(|| folded.parse().ok())
        .flatten()
}

/// The game a move record belongs to, as callers name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameRef {
    /// Game `game` of board `board` of Swiss round `round`.
    Board {
        /// Round number.
        round: u32,
        /// Board number.
        board: u32,
        /// Game number within the board (1 except in Banqi matches).
        game: u32,
    },
    /// Game `game` of knockout match `match_id`.
    Knockout {
        /// Match id within the bracket.
        match_id: u32,
        /// Game number within the match.
        game: u32,
    },
}

/// A game resolved for a submission: where its record and deal live, and its result so far.
struct Target {
    of: store::records::RecordOf,
    deal: DealSlot,
    entered: Option<BoardResult>,
    single_game: bool,
    /// Red's and Black's seats, once known (a knockout game's colours follow the lot).
    seats: Option<(u32, u32)>,
    /// How to enter a result the record decides.
    enter: Enter,
}

/// The path a decided record's result takes into the event.
enum Enter {
    Board {
        round: Round,
        board_no: u32,
        version: i64,
    },
    Knockout {
        match_id: u32,
        game_no: u32,
        version: i64,
    },
}

/// Resolves a game for an arbiter's submission (403 for others; 404 for no such game; 400 for a
/// bye or a game number the board or match does not have).
async fn target(db: &Db, user: &User, event: &Event, game: GameRef) -> ServiceResult<Target> {
    require_arbiter(db, user, event).await?;
    match game {
        GameRef::Board {
            round: number,
            board: board_no,
            game: game_no,
        } => {
            let round = store::rounds::get(db, event.id, number)
                .await?
                .ok_or(ServiceError::NotFound)?;
            if !round.published {
                return Err(ServiceError::Conflict(
                    Reason::new("svc_round_not_published").arg("round", round.number),
                ));
            }
            let board = board_of_game(db, event, &round, board_no, game_no).await?;
            if board.is_bye() {
                return Err(ServiceError::Refused(
                    Reason::new("svc_bye_has_no_game").arg("board", board_no),
                ));
            }
            Ok(Target {
                of: store::records::RecordOf::Board {
                    board_id: board.id,
                    round: number,
                    board_no,
                    game_no,
                },
                deal: DealSlot {
                    round: number,
                    game: GameNumber::Game(game_no),
                },
                entered: board.result,
                single_game: single_game(event),
                seats: board.black.map(|black| (board.red, black)),
                enter: Enter::Board {
                    round,
                    board_no,
                    version: board.version,
                },
            })
        }
        GameRef::Knockout {
            match_id,
            game: game_no,
        } => {
            let (stored, bracket) = knockout::require(db, event).await?;
            let played = match_game(&bracket, match_id, game_no)?;
            let m = bracket
                .get(MatchId(match_id))
                .map_err(|_| ServiceError::NotFound)?;
            let seats = played.red.and_then(|red| {
                let (r, b) = (m.entrant(red)?, m.entrant(red.other())?);
                Some((r.start, b.start))
            });
            Ok(Target {
                of: store::records::RecordOf::Knockout { match_id, game_no },
                deal: deal_slot(event, &bracket, match_id, game_no)?,
                entered: played.result.and_then(BoardResult::from_game),
                single_game: true,
                seats,
                enter: Enter::Knockout {
                    match_id,
                    game_no,
                    version: stored.next_seq(),
                },
            })
        }
    }
}

/// Submits the move record of a game (a Swiss board's or a knockout match's) as an arbiter of the
/// event (403 otherwise). The record is adjudicated with the deal sealed for the game (if one is)
/// and the event's move limit, stored, and — when legal, decided and the game has no result yet —
/// its result is entered (with the version loaded here, so a result entered meanwhile is never
/// overwritten). Returns what it did ([`Submitted`], which the JSON API answers for
/// `POST …/record`).
pub async fn submit(
    db: &Db,
    user: &User,
    event: &Event,
    game: GameRef,
    text: &str,
) -> ServiceResult<Submitted> {
    let target = target(db, user, event, game).await?;
    if text.trim().is_empty() {
        return Err(ServiceError::invalid(
            "record",
            Reason::new("svc_record_empty"),
        ));
    }
    if let Some((red, black)) = target.seats {
        check_players(db, event, text, red, black).await?;
    }
    let verdict = adjudicate_for(db, event, target.deal.round, target.deal.game, text).await?;
    store::records::save(db, user, event.id, target.of, text, &verdict).await?;
    note_if_public(db, event, &target.deal).await?;
    let status = assess(&verdict, target.entered, target.single_game);
    let mut reason = None;
    let (code, entered) = match status {
        RecordStatus::Unentered(result) => {
            match enter(db, user, event, &target.enter, result).await {
                Ok(()) => ("result_set", Some(result)),
                Err(ServiceError::Stale { .. }) => ("stale", target.entered),
                Err(ServiceError::Conflict(why))
                    if matches!(target.enter, Enter::Knockout { .. }) =>
                {
                    reason = Some(why.to_string());
                    ("refused", target.entered)
                }
                Err(e) => return Err(e),
            }
        }
        ref other => (other.code(), target.entered),
    };
    let deal = store::deals::active(db, event.id, target.deal.round, target.deal.game)
        .await?
        .map(|d| d.commitment);
    let (board, match_id) = match game {
        GameRef::Board { board, .. } => (Some(board), None),
        GameRef::Knockout { match_id, .. } => (None, Some(match_id)),
    };
    Ok(Submitted {
        verdict,
        board,
        match_id,
        game: target.of.game_no(),
        deal,
        status: code,
        entered: entered.map(|r| r.as_str()),
        reason,
    })
}

/// What [`submit`] did, as the JSON API answers it: the adjudicator's verdict (its fields at the
/// top level) plus `board` or `match`, `game`, `deal`, `status`, `entered` and, when refused,
/// `reason`.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Submitted {
    /// The adjudicator's verdict.
    #[serde(flatten)]
    pub verdict: Verdict,
    /// The board, for a Swiss board's game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
    /// The match, for a knockout game.
    #[serde(rename = "match", skip_serializing_if = "Option::is_none")]
    pub match_id: Option<u32>,
    /// The game number within the board or match.
    pub game: u32,
    /// The commitment of the deal the record was judged with, if any.
    pub deal: Option<String>,
    /// See [`RecordStatus::code`]; `result_set` when this call entered the result, `stale` when
    /// another writer changed the game meanwhile, `refused` (with `reason`) when the bracket does
    /// not take the result now.
    pub status: &'static str,
    /// The game's result as this call left it.
    pub entered: Option<&'static str>,
    /// Why the bracket refused the result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// Refuses a record whose Red or Black tag names another player than the one of that side (start
/// numbers `red` and `black`); a record without those tags, or one that cannot be read (reported
/// by the adjudication), passes.
async fn check_players(
    db: &Db,
    event: &Event,
    text: &str,
    red: u32,
    black: u32,
) -> ServiceResult<()> {
    let Ok(record) = crate::rules::adjudicate::read_record(text.as_bytes(), 1) else {
        return Ok(());
    };
    if record.tag("Red").is_none() && record.tag("Black").is_none() {
        return Ok(());
    }
    let names = rounds::names(db, event.id).await?;
    let seat = |start: u32| names::Seat {
        start,
        name: names.get(&start).map(|n| n.0.clone()).unwrap_or_default(),
    };
    match names::check(&record, &seat(red), &seat(black)) {
        None => Ok(()),
        Some(m) => Err(ServiceError::invalid(
            "record",
            Reason::new(if m.red {
                "svc_record_red_differs"
            } else {
                "svc_record_black_differs"
            })
            .arg("tag", m.tag)
            .arg("player", m.player.name)
            .arg("start", m.player.start),
        )),
    }
}

/// Enters the result a record decides, through the game's own path (a board's result with its
/// version, or the bracket's game result with the bracket's version).
async fn enter(
    db: &Db,
    user: &User,
    event: &Event,
    how: &Enter,
    result: BoardResult,
) -> ServiceResult<()> {
    match how {
        Enter::Board {
            round,
            board_no,
            version,
        } => {
            rounds::enter_result(
                db,
                user,
                event,
                round,
                *board_no,
                Some(*version),
                Some(result),
            )
            .await?;
        }
        Enter::Knockout {
            match_id,
            game_no,
            version,
        } => {
            let result = result.game().ok_or_else(|| {
                ServiceError::Internal("a decided verdict without a result".into())
            })?;
            let input = Input::Game {
                match_id: MatchId(*match_id),
                number: *game_no,
                result,
            };
            knockout::record(db, user, event, input, Some(*version)).await?;
        }
    }
    Ok(())
}

/// Where a game's record is stored and the deal slot it is played under, for this viewer: 404 when
/// its round is a draft the viewer may not see, or there is no such board or match.
async fn locate(
    db: &Db,
    event: &Event,
    access: Access,
    game: GameRef,
) -> ServiceResult<(store::records::RecordOf, DealSlot)> {
    match game {
        GameRef::Board { round, board, game } => {
            let round = rounds::visible_round(db, event, access, round).await?;
            let board = store::rounds::board(db, round.id, board)
                .await?
                .ok_or(ServiceError::NotFound)?;
            Ok((
                store::records::RecordOf::Board {
                    board_id: board.id,
                    round: round.number,
                    board_no: board.board_no,
                    game_no: game,
                },
                DealSlot {
                    round: round.number,
                    game: GameNumber::Game(game),
                },
            ))
        }
        GameRef::Knockout { match_id, game } => {
            let (_, bracket) = super::bracket::seeded(db, event).await?;
            Ok((
                store::records::RecordOf::Knockout {
                    match_id,
                    game_no: game,
                },
                deal_slot(event, &bracket, match_id, game)?,
            ))
        }
    }
}

/// The stored record of a game for this viewer: 404 (never 403) when there is none, when its round
/// is a draft the viewer may not see, or while the deal of its round and game number is sealed and
/// the viewer does not arbitrate the event. The deal decides before the record is read, so a
/// hidden record costs what a missing one costs.
pub async fn visible(
    db: &Db,
    event: &Event,
    access: Access,
    game: GameRef,
) -> ServiceResult<store::records::StoredRecord> {
    let (of, slot) = locate(db, event, access, game).await?;
    if !super::policy::may_see_records(db, event.id, access, slot.round, slot.game).await? {
        return Err(ServiceError::NotFound);
    }
    store::records::get(db, event.id, of)
        .await?
        .ok_or(ServiceError::NotFound)
}

/// The record of a game's record page: the record this viewer may see ([`visible`]), `None` for
/// the event's arbiters when there is none yet (the page takes one), and 404 for everyone else.
pub async fn record_page_record(
    db: &Db,
    event: &Event,
    access: Access,
    game: GameRef,
) -> ServiceResult<Option<store::records::StoredRecord>> {
    match visible(db, event, access, game).await {
        Ok(r) => Ok(Some(r)),
        Err(ServiceError::NotFound) if access.arbitrate => Ok(None),
        Err(e) => Err(e),
    }
}

/// The games of knockout match `match_id` whose record this viewer may see, by the rule of
/// [`visible`] ([`super::policy::may_see_records`]): the match's deals are read first (once per
/// deal round) and the event's knockout records once, only when some game may be shown, so a
/// hidden record costs what a missing one costs.
pub async fn visible_match_records(
    db: &Db,
    event: &Event,
    access: Access,
    bracket: &Bracket,
    match_id: u32,
    games: &[u32],
) -> ServiceResult<Vec<u32>> {
    let mut shown = Vec::new();
    let mut deals: Option<(u32, Vec<store::deals::DealRecord>)> = None;
    for &game in games {
        let slot = deal_slot(event, bracket, match_id, game)?;
        if !matches!(&deals, Some((round, _)) if *round == slot.round) {
            let of_round = store::deals::active_in_round(db, event.id, slot.round).await?;
            deals = Some((slot.round, of_round));
        }
        let secret = deals
            .as_ref()
            .is_some_and(|(_, of_round)| secret_in(of_round, slot.game));
        if access.arbitrate || !secret {
            shown.push(game);
        }
    }
    if shown.is_empty() {
        return Ok(shown);
    }
    let stored = store::records::knockout_games_with_records(db, event.id).await?;
    shown.retain(|game| stored.contains(&(match_id, *game)));
    Ok(shown)
}

/// Deletes the record of a game (a Swiss board's or a knockout match's) with its verdict, as an
/// arbiter of the event, with the reason logged and the confirmation checked; the game's result —
/// the arbiter's — stays as it is.
pub async fn delete(
    db: &Db,
    user: &User,
    event: &Event,
    game: GameRef,
    (reason, confirmed): (&str, bool),
) -> ServiceResult<()> {
    let access = super::policy::user_access(db, Some(user), event).await?;
    if !access.arbitrate {
        return Err(ServiceError::Forbidden);
    }
    let (of, _) = locate(db, event, access, game).await?;
    let reason = rounds::confirmed_reason(reason, confirmed)?;
    if !store::records::delete(db, user, event.id, of, &reason).await? {
        return Err(ServiceError::Conflict(
            Reason::new("rc_no_record").arg("game", of.game_no()),
        ));
    }
    // Rare, and the record may have been public: the public pages are told.
    store::events::note_public_change(db, event.id).await?;
    Ok(())
}

/// Moves the event's public version after a record write the public can see: the game's deal is
/// unsealed, or it has none (a record's audit entry alone leaves that version as it was, so that
/// the writes of records still hidden by a sealed deal do not show: `store::audit`).
async fn note_if_public(db: &Db, event: &Event, slot: &DealSlot) -> ServiceResult<()> {
    if !super::policy::records_secret(db, event.id, slot.round, slot.game).await? {
        store::events::note_public_change(db, event.id).await?;
    }
    Ok(())
}

/// A board of a round with the records this viewer may see: each with whether its deal is still
/// sealed (only arbiters see it then).
pub struct BoardRecords {
    /// The round (a draft only for arbiters).
    pub round: Round,
    /// The board.
    pub board: store::rounds::Board,
    /// The visible records by game number, each with its secrecy.
    pub records: Vec<(store::records::StoredRecord, bool)>,
}

/// [`super::policy::secret_among`] over a round's deals as the store reads them.
fn secret_in(of_round: &[store::deals::DealRecord], game: GameNumber) -> bool {
    super::policy::secret_among(of_round.iter().map(|d| (d.game, d.is_public())), game)
}

/// The records of a Swiss board this viewer may see (404 for a draft round they may not see, no
/// such board, or — for a viewer who does not arbitrate — no record they may see). What the
/// viewer may see is decided from the round's deals before any record is read, and the records
/// are not read at all when every game of the board is hidden: a record under a sealed deal then
/// costs what a missing one costs, so timing cannot tell them apart.
pub async fn board_records(
    db: &Db,
    event: &Event,
    access: Access,
    (number, board_no): (u32, u32),
) -> ServiceResult<BoardRecords> {
    let round = rounds::visible_round(db, event, access, number).await?;
    let board = store::rounds::board(db, round.id, board_no)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let deals = store::deals::active_in_round(db, event.id, round.number).await?;
    let secret = |game: u32| secret_in(&deals, GameNumber::Game(game));
    let games = if single_game(event) { 1 } else { MAX_GAMES };
    let any_shown = access.arbitrate || (1..=games).any(|g| !secret(g));
    let mut records = Vec::new();
    if any_shown {
        for r in store::records::of_board(db, board.id).await? {
            let hidden = secret(r.game_no);
            if access.arbitrate || !hidden {
                records.push((r, hidden));
            }
        }
    }
    // The board's record pages are the arbiters' (to submit one) until a record can be shown.
    if records.is_empty() && !access.arbitrate {
        return Err(ServiceError::NotFound);
    }
    Ok(BoardRecords {
        round,
        board,
        records,
    })
}

/// The arbiter's explicit decision to apply a stored record's result to the board (a conflict, or a
/// result not entered yet), checked against the version the arbiter saw; logged as `record.apply`
/// next to the `result.set` entry.
pub async fn apply_record_result(
    db: &Db,
    user: &User,
    event: &Event,
    (number, board_no, game_no): (u32, u32, u32),
    expected_version: i64,
) -> ServiceResult<BoardResult> {
    require_arbiter(db, user, event).await?;
    let round = &store::rounds::get(db, event.id, number)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let board = board_of_game(db, event, round, board_no, game_no).await?;
    let record = store::records::get(
        db,
        event.id,
        store::records::RecordOf::Board {
            board_id: board.id,
            round: round.number,
            board_no,
            game_no,
        },
    )
    .await?
    .ok_or(ServiceError::NotFound)?;
    let status = assess(&record.verdict, board.result, single_game(event));
    let result = status.applicable().ok_or_else(|| {
        ServiceError::Conflict(
            Reason::new("svc_nothing_to_apply")
                .arg("board", board_no)
                .arg("game", game_no)
                .arg("status", status.code()),
        )
    })?;
    rounds::enter_result(
        db,
        user,
        event,
        round,
        board_no,
        Some(expected_version),
        Some(result),
    )
    .await?;
    store::audit::record(
        db,
        Some(user.id),
        Some(event.id),
        "record.apply",
        &Reason::new("audit_d_record_apply")
            .arg("round", round.number)
            .arg("board", board_no)
            .arg("game", game_no)
            .arg("result", result.as_str())
            .arg("status", status.code())
            .audit(),
    )
    .await?;
    Ok(result)
}

/// Where a knockout game's deal lives: the deal's round number and game number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealSlot {
    /// The round number the deal is sealed under (`swiss_rounds + k`, or the 3rd-place match's own).
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
) -> ServiceResult<DealSlot> {
    let m = bracket
        .get(MatchId(match_id))
        .map_err(|_| ServiceError::NotFound)?;
    let k = bracket
        .round_of(m.id())
        .map_err(|_| ServiceError::NotFound)?;
    Ok(DealSlot {
        round: deals::match_deal_round(event, k, m),
        game: m.deal_game(game_no),
    })
}

/// The game `game_no` of a match as the bracket has it: played, or due (400 for any other number).
fn match_game(bracket: &Bracket, match_id: u32, game_no: u32) -> ServiceResult<MatchGame> {
    let m = bracket
        .get(MatchId(match_id))
        .map_err(|_| ServiceError::NotFound)?;
    m.games()
        .into_iter()
        .find(|g| g.number == game_no)
        .ok_or_else(|| {
            ServiceError::invalid(
                "game",
                Reason::new("svc_not_a_match_game")
                    .arg("game", game_no)
                    .arg("match", match_id),
            )
        })
}

/// Whether two verdicts say the same about a game: legality (and the bad ply), result,
/// termination and the claim conflict (the ruling events came with the rules that made rulings events).
fn same_verdict(old: &Verdict, new: &Verdict) -> bool {
    let key = |v: &Verdict| {
        (
            v.error.as_ref().map(|e| e.ply),
            v.result,
            v.termination,
            v.claim_conflict,
        )
    };
    key(old) == key(new)
}

/// Re-adjudicates, once, every stored record whose verdict older rules made (see
/// `store::records::RULES_VERSION`), with its game's deal and its event's move limit. A changed
/// verdict is stored and its game listed for the event's arbiters ([`readjudicated`]); no game's
/// result changes. A record the current rules cannot read at all keeps its verdict. Runs at
/// server start; returns how many verdicts changed.
pub async fn readjudicate_outdated(db: &Db) -> ServiceResult<usize> {
    let outdated = store::records::outdated(db).await?;
    let mut events: std::collections::HashMap<i64, (Event, Option<Bracket>)> =
        std::collections::HashMap::new();
    let mut changed = 0;
    for r in outdated {
        if let std::collections::hash_map::Entry::Vacant(e) = events.entry(r.event_id) {
            let event = store::events::get(db, r.event_id)
                .await?
                .ok_or(ServiceError::NotFound)?;
            let bracket = knockout::load(db, &event).await?.map(|(_, b)| b);
            e.insert((event, bracket));
        }
        let Some((event, bracket)) = events.get(&r.event_id) else {
            continue;
        };
        let slot = match r.of {
            store::records::RecordOf::Board { round, game_no, .. } => Some(DealSlot {
                round,
                game: GameNumber::Game(game_no),
            }),
            store::records::RecordOf::Knockout { match_id, game_no } => bracket
                .as_ref()
                .and_then(|b| deal_slot(event, b, match_id, game_no).ok()),
        };
        let verdict = match slot {
            Some(slot) => adjudicate_for(db, event, slot.round, slot.game, &r.record)
                .await
                .ok(),
            None => None,
        }
        .unwrap_or_else(|| r.verdict.clone());
        let differs = !same_verdict(&r.verdict, &verdict);
        store::records::store_readjudicated(
            db,
            r.event_id,
            r.of,
            &verdict,
            differs.then_some(&r.verdict),
        )
        .await?;
        if differs {
            // The verdict shows where the record does: told as any change the public may see.
            store::events::note_public_change(db, r.event_id).await?;
        }
        changed += usize::from(differs);
    }
    Ok(changed)
}

/// A game whose verdict changed on upgrade, as the event page lists it for the arbiters.
#[derive(Debug, Clone)]
pub struct ChangedVerdict {
    /// The game.
    pub game: GameRef,
    /// The verdict before, as its reader is told it.
    pub old: VerdictView,
    /// The verdict now.
    pub new: VerdictView,
    /// The game's result as entered (it did not change).
    pub entered: Option<BoardResult>,
}

/// The games of the event whose verdicts changed when they were re-adjudicated on upgrade (not
/// submitted again since), as this viewer sees them: the event's arbiters only (an empty list for
/// everyone else).
pub async fn readjudicated(
    db: &Db,
    access: Access,
    event: &Event,
) -> ServiceResult<Vec<ChangedVerdict>> {
    if !access.arbitrate {
        return Ok(Vec::new());
    }
    let rows = store::records::readjudicated(db, event.id).await?;
    let bracket = if rows
        .iter()
        .any(|r| matches!(r.of, store::records::RecordOf::Knockout { .. }))
    {
        knockout::load(db, event).await?.map(|(_, b)| b)
    } else {
        None
    };
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        let (game, entered) = match r.of {
            store::records::RecordOf::Board {
                board_id,
                round,
                board_no,
                game_no,
            } => {
                let entered = match store::rounds::get(db, event.id, round).await? {
                    Some(rd) => store::rounds::board(db, rd.id, board_no)
                        .await?
                        .filter(|b| b.id == board_id)
                        .and_then(|b| b.result),
                    None => None,
                };
                (
                    GameRef::Board {
                        round,
                        board: board_no,
                        game: game_no,
                    },
                    entered,
                )
            }
            store::records::RecordOf::Knockout { match_id, game_no } => {
                let entered = bracket
                    .as_ref()
                    .and_then(|b| match_game(b, match_id, game_no).ok())
                    .and_then(|g| g.result)
                    .and_then(BoardResult::from_game);
                (
                    GameRef::Knockout {
                        match_id,
                        game: game_no,
                    },
                    entered,
                )
            }
        };
        out.push(ChangedVerdict {
            game,
            old: VerdictView::of(&r.old_verdict),
            new: VerdictView::of(&r.new_verdict),
            entered,
        });
    }
    Ok(out)
}

/// One game of the "all records" export: its tags (the event's, first) and the stored record.
struct ExportGame {
    tags: Vec<(&'static str, String)>,
    record: String,
    /// Whether the game's deal is still sealed: the record's own Deal tag is dropped then.
    sealed: bool,
}

/// Every stored move record of the event — Swiss boards and knockout games — as one multi-game
/// record file, for the event's arbiters (403 otherwise). Each game carries the event's tags
/// (Event, Variant, `Round` as `r` or `r.g` for game g of a match, Board, Red, Black, Result) and,
/// once its deal is unsealed, the `Deal` tag, so that the file replays elsewhere (`anqi
/// adjudicate`). A deal still sealed never appears, not even as the record's own Deal tag; a
/// numeric `Game` tag (a game number) is left out, since other readers take `Game` for the variant.
///
/// In another tool's `format` (JieqiBox: a JSON array of game files; Pikafish: one line a game;
/// pychess: PGN) only the games whose deal is unsealed (or that have none) are written, and only
/// those that replay; Jieqi events only.
pub async fn export_all(
    db: &Db,
    access: Access,
    event: &Event,
    format: crate::rules::formats::Format,
) -> ServiceResult<String> {
    if !access.arbitrate {
        return Err(ServiceError::Forbidden);
    }
    use crate::rules::formats::Format;
    if format != Format::Record && event.settings.variant != Variant::Jieqi {
        return Err(ServiceError::Refused(Reason::new("svc_export_jieqi_only")));
    }
    let mut exported: Vec<ExportGame> = Vec::new();
    let names = rounds::names(db, event.id).await?;
    let name = |s: u32| names.get(&s).map(|n| n.0.clone()).unwrap_or_default();
    let single = single_game(event);
    let deal_of = |d: Option<store::deals::DealRecord>| match d {
        Some(d) if d.is_public() => (Some(d.deal), false),
        Some(_) => (None, true),
        None => (None, false),
    };
    let base = |round: String| {
        vec![
            ("Event", event.title()),
            ("Variant", event.settings.variant.name().to_string()),
            ("Round", round),
        ]
    };
    let mut out = String::new();
    for round in store::rounds::list(db, event.id).await? {
        for board in store::rounds::boards(db, round.id).await? {
            for rec in store::records::of_board(db, board.id).await? {
                let (deal, sealed) = deal_of(
                    store::deals::active(db, event.id, round.number, GameNumber::Game(rec.game_no))
                        .await?,
                );
                let result = if single {
                    board
                        .result
                        .map(|r| r.as_str().trim_end_matches('F').to_string())
                } else {
                    Some(rec.verdict.result.as_str().to_string())
                };
                let mut tags = base(if single {
                    round.number.to_string()
                } else {
                    format!("{}.{}", round.number, rec.game_no)
                });
                tags.extend([
                    ("Board", board.board_no.to_string()),
                    ("Red", name(board.red)),
                    ("Black", board.black.map(name).unwrap_or_default()),
                    ("Result", result.unwrap_or_else(|| "*".into())),
                ]);
                tags.extend(deal.map(|d| ("Deal", d)));
                exported.push(ExportGame {
                    tags,
                    record: rec.record,
                    sealed,
                });
            }
        }
    }
    let games = store::records::knockout_games_with_records(db, event.id).await?;
    if let (false, Some((_, bracket))) = (games.is_empty(), knockout::load(db, event).await?) {
        for (match_id, game_no) in games {
            let Ok(slot) = deal_slot(event, &bracket, match_id, game_no) else {
                continue;
            };
            let Some(rec) = store::records::get(
                db,
                event.id,
                store::records::RecordOf::Knockout { match_id, game_no },
            )
            .await?
            else {
                continue;
            };
            let (deal, sealed) =
                deal_of(store::deals::active(db, event.id, slot.round, slot.game).await?);
            let played = match_game(&bracket, match_id, game_no).ok();
            let m = bracket.get(MatchId(match_id)).ok();
            let seat = |red: bool| {
                let slot = played?.red?;
                let slot = if red { slot } else { slot.other() };
                m?.entrant(slot).map(|e| name(e.start))
            };
            let mut tags = base(format!("{}.{game_no}", slot.round));
            tags.extend([
                ("Match", match_id.to_string()),
                ("Red", seat(true).unwrap_or_default()),
                ("Black", seat(false).unwrap_or_default()),
                (
                    "Result",
                    played
                        .and_then(|g| g.result)
                        .map_or_else(|| "*".to_string(), |r| r.as_str().to_string()),
                ),
            ]);
            tags.extend(deal.map(|d| ("Deal", d)));
            exported.push(ExportGame {
                tags,
                record: rec.record,
                sealed,
            });
        }
    }
    if format == Format::Record {
        for game in &exported {
            write_export(&mut out, game);
        }
        return Ok(out);
    }
    let mut json_games = Vec::new();
    for game in exported.iter().filter(|g| !g.sealed) {
        let tags: Vec<(String, String)> = game
            .tags
            .iter()
            .map(|(n, v)| (n.to_string(), v.clone()))
            .collect();
        let Some(written) = write_game_as(event.settings.variant, &game.record, &tags, format)
        else {
            continue;
        };
        if format == Format::JieqiBox {
            json_games
                .push(serde_json::from_str::<serde_json::Value>(&written).unwrap_or_default());
        } else {
            out.push_str(&written);
            if format == Format::Pychess {
                out.push('\n');
            }
        }
    }
    if format == Format::JieqiBox {
        out = serde_json::to_string_pretty(&json_games).unwrap_or_default();
        out.push('\n');
    }
    Ok(out)
}

/// A stored record written in `format` with `tags` (its `Deal` tag, once public, supplies the
/// identities); `None` when it does not replay.
fn write_game_as(
    variant: Variant,
    stored: &str,
    tags: &[(String, String)],
    format: crate::rules::formats::Format,
) -> Option<String> {
    let record = crate::rules::adjudicate::read_record(stored.as_bytes(), 1).ok()?;
    let deal = tags
        .iter()
        .find(|(n, _)| n == "Deal")
        .and_then(|(_, d)| crate::rules::xiangqi::Deal::parse(d).ok());
    let game = crate::rules::formats::replay_for_export(&record, variant, deal.as_ref()).ok()?;
    Some(crate::rules::formats::write(&game, format, tags))
}

/// One game's record written in another tool's `format` for download: the file name and text.
/// Only once the game's deal is unsealed (or when it has none): before, arbiters are refused and
/// everyone else finds nothing (404, as [`visible`]). Jieqi games only; a record that does not
/// replay is refused naming its ply.
pub async fn export_game(
    db: &Db,
    event: &Event,
    access: Access,
    game: GameRef,
    format: crate::rules::formats::Format,
) -> ServiceResult<(String, String)> {
    if event.settings.variant != Variant::Jieqi {
        return Err(ServiceError::Refused(Reason::new("svc_export_jieqi_only")));
    }
    let stored = visible(db, event, access, game).await?;
    let (_, slot) = locate(db, event, access, game).await?;
    let deal = store::deals::active(db, event.id, slot.round, slot.game).await?;
    if deal.as_ref().is_some_and(|d| !d.is_public()) {
        return Err(ServiceError::Conflict(Reason::new("svc_export_sealed")));
    }
    let names = rounds::names(db, event.id).await?;
    let name = |s: u32| names.get(&s).map(|n| n.0.clone()).unwrap_or_default();
    let mut tags = vec![
        ("Event".to_string(), event.title()),
        ("Site".to_string(), "Anqi".to_string()),
    ];
    let file = match game {
        GameRef::Board { round, board, game } => {
            let r = store::rounds::get(db, event.id, round)
                .await?
                .ok_or(ServiceError::NotFound)?;
            let b = store::rounds::board(db, r.id, board)
                .await?
                .ok_or(ServiceError::NotFound)?;
            tags.push(("Round".into(), round.to_string()));
            tags.push(("Red".into(), name(b.red)));
            tags.push(("Black".into(), b.black.map(name).unwrap_or_default()));
            format!("event-{}-round-{round}-board-{board}-game-{game}", event.id)
        }
        GameRef::Knockout { match_id, game } => {
            let (_, bracket) = super::bracket::seeded(db, event).await?;
            let played = match_game(&bracket, match_id, game).ok();
            let m = bracket.get(MatchId(match_id)).ok();
            let seat = |red: bool| {
                let slot = played?.red?;
                let slot = if red { slot } else { slot.other() };
                m?.entrant(slot).map(|e| name(e.start))
            };
            tags.push(("Round".into(), format!("{}.{game}", slot.round)));
            tags.push(("Red".into(), seat(true).unwrap_or_default()));
            tags.push(("Black".into(), seat(false).unwrap_or_default()));
            format!("event-{}-match-{match_id}-game-{game}", event.id)
        }
    };
    if let Some(d) = &deal {
        tags.push(("Deal".into(), d.deal.clone()));
    }
    let record = crate::rules::adjudicate::read_record(stored.record.as_bytes(), 1)
        .map_err(|e| ServiceError::invalid("record", crate::rules::describe::record_error(&e)))?;
    let jieqi_deal = match &deal {
        Some(d) => deals::jieqi_deal(d)?,
        None => None,
    };
    let replayed =
        crate::rules::formats::replay_for_export(&record, Variant::Jieqi, jieqi_deal.as_ref())
            .map_err(|e| match e {
                crate::rules::formats::ExportError::Setup(e) => ServiceError::Refused(
                    Reason::new("svc_record_unreadable")
                        .arg_reason("detail", &crate::rules::describe::setup_error(&e)),
                ),
                crate::rules::formats::ExportError::Illegal(p) => {
                    ServiceError::Refused(Reason::new("svc_export_illegal").arg("ply", p.ply))
                }
            })?;
    Ok((
        format!("{file}.{}", format.extension()),
        crate::rules::formats::write(&replayed, format, &tags),
    ))
}

/// Appends one game to the export: the event's tags, then the record's own tags that the event's do
/// not replace, then the record's movetext as written (comments kept).
fn write_export(out: &mut String, game: &ExportGame) {
    let text = game.record.trim_start_matches('\u{feff}');
    // A record uploaded in another tool's format (JieqiBox, Pikafish, pychess) is written as the
    // record Anqi read from it.
    let foreign = crate::rules::formats::detect(text.as_bytes())
        != crate::rules::formats::Format::Record
        || crate::rules::notation::record::Record::parse(text)
            .is_ok_and(|r| crate::rules::formats::is_pychess(&r));
    let converted = foreign
        .then(|| crate::rules::adjudicate::read_record(text.as_bytes(), 1).ok())
        .flatten();
    let own = match &converted {
        Some(r) => r.tags.clone(),
        None => crate::rules::notation::record::Record::parse(text)
            .map(|r| r.tags)
            .unwrap_or_default(),
    };
    let mut tags: Vec<(String, String)> = game
        .tags
        .iter()
        .map(|(n, v)| (n.to_string(), v.clone()))
        .collect();
    for (name, value) in own {
        let replaced = tags.iter().any(|(n, _)| n.eq_ignore_ascii_case(&name));
        let game_no = name.eq_ignore_ascii_case("Game") && game_number(&value).is_some();
        let sealed_deal = game.sealed && name.eq_ignore_ascii_case("Deal");
        if !replaced && !game_no && !sealed_deal {
            tags.push((name, value));
        }
    }
    let header =
        crate::rules::notation::record::RecordWriter::default().write(&tags, &[] as &[&str], None);
    out.push_str(&header);
    match &converted {
        Some(r) => {
            let tokens: Vec<&str> = r.moves.iter().map(|m| m.text.as_str()).collect();
            let moves = crate::rules::notation::record::RecordWriter::default().write(
                &[] as &[(String, String)],
                &tokens,
                r.result,
            );
            out.push_str(moves.trim());
        }
        None => out.push_str(movetext(text).trim()),
    }
    out.push_str("\n\n");
}

/// The movetext of a record: the text after its tag lines (and the blank lines among them).
fn movetext(text: &str) -> &str {
    let mut rest = text;
    loop {
        let (line, tail) = rest.split_once('\n').unwrap_or((rest, ""));
        let t = line.trim();
        if t.is_empty() || (t.starts_with('[') && t.ends_with(']')) {
            if tail.is_empty() {
                return "";
            }
            rest = tail;
        } else {
            return rest;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::adjudicate::{GameResult, PlyError, Termination};
    use crate::rules::notation::{Notation, WrittenMove, write_game};
    use crate::rules::xiangqi::{Deal, Position};

    /// The JSON the API returns: a legal decided record sets the result, the same record again
    /// confirms it, a reveal against the sealed deal is an illegal ply, and only arbiters submit.
    #[tokio::test]
    async fn submit_record_answers_the_verdict_json_with_what_it_did() {
        let (db, user, event_id, dir) = store::deals::test_event("scoresheet", "jieqi").await;
        let entries =
            crate::roster::parse_csv("name,club,rating\nA,X,2000\nB,Y,1900\n").expect("csv");
        store::players::add_all(&db, &user, event_id, &entries)
            .await
            .expect("players");
        let event = store::events::get(&db, event_id).await.unwrap().unwrap();
        let deal_id = deals::seal(&db, &user, &event, 1, GameNumber::Game(1), false)
            .await
            .expect("seal");
        let round = rounds::pair_next(&db, &user, &event, Some(crate::rules::Color::Red), true, "")
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

        let v = submit(
            &db,
            &user,
            &event,
            GameRef::Board {
                round: round.number,
                board: 1,
                game: 1,
            },
            &text,
        )
        .await
        .map(|s| serde_json::to_value(s).expect("json"))
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
        let v = submit(
            &db,
            &user,
            &event,
            GameRef::Board {
                round: round.number,
                board: 1,
                game: 1,
            },
            &text,
        )
        .await
        .map(|s| serde_json::to_value(s).expect("json"))
        .expect("again");
        assert_eq!(v["status"], "agrees");

        let h2 = sealed.deal.chars().nth(21).unwrap();
        let wrong = ['R', 'N', 'B', 'A', 'C', 'P']
            .into_iter()
            .find(|c| *c != h2)
            .unwrap();
        let v = submit(
            &db,
            &user,
            &event,
            GameRef::Board {
                round: round.number,
                board: 1,
                game: 1,
            },
            &format!("1. h2e2{wrong} *"),
        )
        .await
        .map(|s| serde_json::to_value(s).expect("json"))
        .expect("illegal");
        assert_eq!(v["status"], "illegal");
        assert_eq!(v["error"]["ply"], 1);
        assert_eq!(v["entered"], "1-0", "the result stays");

        assert!(
            matches!(
                submit(
                    &db,
                    &user,
                    &event,
                    GameRef::Board {
                        round: round.number,
                        board: 1,
                        game: 2,
                    },
                    &text
                )
                .await,
                Err(ServiceError::Invalid { field: "game", .. })
            ),
            "a Jieqi board has one game"
        );
        let player = store::users::create(&db, "p", crate::accounts::Role::Player, "x")
            .await
            .unwrap();
        assert!(matches!(
            submit(
                &db,
                &player,
                &event,
                GameRef::Board {
                    round: round.number,
                    board: 1,
                    game: 1,
                },
                &text
            )
            .await,
            Err(ServiceError::Forbidden)
        ));
        db.close().await;
        let _ = std::fs::remove_dir_all(dir);
    }

    fn verdict(result: GameResult) -> Verdict {
        Verdict {
            variant: Variant::Jieqi,
            plies: 10,
            result,
            termination: Termination::Checkmate,
            final_fen: String::new(),
            error: None,
            claim_conflict: None,
            events: Vec::new(),
        }
    }

    #[test]
    fn a_decided_record_is_judged_against_the_entered_result() {
        let v = verdict(GameResult::RedWins);
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
        let illegal = Verdict::illegal(
            Variant::Xiangqi,
            2,
            String::new(),
            PlyError::new(3, "h2e2", "no such move"),
        );
        let s = assess(&illegal, None, true);
        assert_eq!(
            s,
            RecordStatus::Illegal(3, "h2e2".into(), "no such move".into())
        );
        assert_eq!(s.applicable(), None);
        assert_eq!(
            assess(&verdict(GameResult::Unknown), None, true),
            RecordStatus::Undecided
        );
        let mut claim = verdict(GameResult::BlackWins);
        claim.claim_conflict = Some(GameResult::RedWins);
        let s = assess(&claim, None, true);
        assert_eq!(
            s,
            RecordStatus::ClaimConflict(BoardResult::BlackWins, "1-0".into())
        );
        assert_eq!(s.applicable(), Some(BoardResult::BlackWins));
    }

    #[test]
    fn every_ending_has_a_translated_name() {
        for t in Termination::ALL {
            let key = ending_key(t);
            assert!(
                crate::i18n::has_key(key),
                "{t} has no translated name {key}"
            );
        }
        let mut v = verdict(GameResult::RedWins);
        v.termination = Termination::PerpetualChase;
        assert_eq!(VerdictView::of(&v).ending, "end_perpetual_chase");
    }
}
