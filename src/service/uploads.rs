//! Bulk upload of a round's move records: an arbiter uploads one record file holding the
//! games of a Swiss round or of a knockout round (round numbers after the Swiss rounds, see
//! `deals::knockout_round`). Each game is matched to its board's or match's game by its `Round` tag
//! (`3`, or `7.2` for game 2 of a knockout or Banqi match; a numeric `Game` tag gives the game
//! number too) and its Red and Black tags, which must name that game's players (see `names`: folded
//! names or start numbers). A knockout match's colours alternate from game to game (the bracket's
//! lot; the decider by the higher seed's choice). Swapped colours are a mismatch, never fixed
//! silently. Every game is adjudicated as a single submission would be (the sealed deal of its
//! round and game number, the event's move limit), off the async workers, and judged against the
//! game's result (`records::assess`): a game that already holds a result keeps it, a disagreeing
//! verdict is a conflict.
//!
//! [`preview`] stores nothing: it answers the [`Plan`] — which game went to which board or match,
//! which did not and why, each verdict. The arbiter may assign an unmatched game to a free slot by
//! hand and confirms; [`confirm`] reads the same file again, re-adjudicates it and stores every
//! matched game in one transaction, with the results the records decide (a Swiss board's result; in
//! a knockout, the bracket's game results in game order, and the lots they make due), provided the
//! plan is still the one the arbiter saw (its [`Plan::digest`]). Unmatched games and games that
//! cannot be read are never stored.

use std::collections::HashMap;

use sha2::{Digest, Sha256};

use super::names::{self, Seat};
use super::records::{self, Adjudicator, RecordStatus};
use super::{Reason, ServiceError, ServiceResult, deals, knockout, rounds};
use crate::deal::GameNumber;
use crate::knockout::{Bracket, Input, MatchId, TieRule};
use crate::round::BoardResult;
use crate::rules::adjudicate::Verdict;
use crate::rules::formats;
use crate::rules::notation::record::{GameSplitter, Record};
use crate::store::{self, Db, events::Event, records::RecordOf, users::User};

/// Most games one upload may hold (a round of a large open event, with room to spare).
pub const MAX_GAMES: usize = 1000;

/// A game of the round that an uploaded game can be stored for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    /// How a form names it: `board.game` (`3.1`), or `match.game` in a knockout round.
    pub key: String,
    /// Board number, or the match's number in a knockout round.
    pub board_no: u32,
    /// Game number within the board (1 except in Banqi matches) or the match.
    pub game_no: u32,
    /// Red's seat.
    pub red: Seat,
    /// Black's seat.
    pub black: Seat,
    /// The game's result so far (a Swiss board's result; a knockout game's).
    pub entered: Option<BoardResult>,
    /// The version of what a result would be entered on (the board's; the bracket's).
    version: i64,
    board_id: Option<i64>,
}

impl Slot {
    /// Whether this is a game of a knockout match.
    pub fn is_match(&self) -> bool {
        self.board_id.is_none()
    }
}

/// Where an uploaded game goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Placement {
    /// To the slot with this index of [`Plan::slots`], found by its tags or assigned by hand.
    Matched {
        /// Index into [`Plan::slots`].
        slot: usize,
        /// Whether the arbiter assigned it.
        by_hand: bool,
    },
    /// Nowhere, and why.
    Unmatched(Reason),
}

/// One game of the uploaded file, as the preview shows it.
#[derive(Debug, Clone)]
pub struct UploadedGame {
    /// 1-based position in the file.
    pub number: usize,
    /// The line of the file the game starts on.
    pub first_line: usize,
    /// The game's text as it stands in the file.
    pub text: String,
    /// The Round, Red and Black tags as written (empty when missing).
    pub round_tag: String,
    /// The Red tag.
    pub red_tag: String,
    /// The Black tag.
    pub black_tag: String,
    /// Where it goes.
    pub placement: Placement,
    /// The verdict (with the deal of the slot's game, or for an unmatched game of the game number
    /// it names), or why the record cannot be adjudicated at all.
    pub verdict: Result<Verdict, Reason>,
    /// For a matched game with a verdict: how the verdict stands against the game's result.
    pub status: Option<RecordStatus>,
    /// Why the result this record decides would not be entered although the game has none (a
    /// knockout game the bracket does not take now: an earlier game of the match has no result,
    /// or the match is already decided). The record is stored all the same.
    pub result_refused: Option<Reason>,
}

impl UploadedGame {
    /// Whether confirming stores this game: matched and adjudicated.
    pub fn stored(&self) -> bool {
        matches!(self.placement, Placement::Matched { .. }) && self.verdict.is_ok()
    }

    /// The result confirming enters: the record decides a game that has none.
    pub fn result_set(&self) -> Option<BoardResult> {
        match (&self.status, self.stored(), &self.result_refused) {
            (Some(RecordStatus::Unentered(r)), true, None) => Some(*r),
            _ => None,
        }
    }
}

/// What an upload would do (nothing is stored by making one).
#[derive(Debug, Clone)]
pub struct Plan {
    /// The round number (knockout rounds follow the Swiss rounds).
    pub round: u32,
    /// Whether the round is a knockout round.
    pub knockout: bool,
    /// Every game of the round a record can go to.
    pub slots: Vec<Slot>,
    /// The uploaded games in file order.
    pub games: Vec<UploadedGame>,
    /// A fingerprint of the plan (placements, verdicts, the boards' or the bracket's versions):
    /// confirming refuses a plan that is no longer the one the arbiter saw.
    pub digest: String,
    /// A knockout round's bracket after the results the records enter, with those results in the
    /// order they are entered.
    bracket: Option<BracketPlan>,
}

#[derive(Debug, Clone)]
struct BracketPlan {
    expected_seq: i64,
    auto_lots: bool,
    after: Bracket,
    results: Vec<Input>,
}

impl Plan {
    /// The slots no game of the file goes to (offered for assignment by hand).
    pub fn free_slots(&self) -> Vec<&Slot> {
        self.slots
            .iter()
            .enumerate()
            .filter(|(i, _)| {
                !self
                    .games
                    .iter()
                    .any(|g| matches!(g.placement, Placement::Matched { slot, .. } if slot == *i))
            })
            .map(|(_, s)| s)
            .collect()
    }

    /// How many games confirming would store.
    pub fn stored(&self) -> usize {
        self.games.iter().filter(|g| g.stored()).count()
    }
}

/// A game number the arbiter assigned to a slot by hand: uploaded game number → slot key.
pub type Assignments = HashMap<usize, String>;

/// The round an upload is for.
enum Stage {
    Swiss(store::rounds::Round),
    Knockout {
        stored: store::knockout::Stored,
        bracket: Bracket,
    },
}

/// The round `round` of the event: a published Swiss round (409 for a draft), or a knockout round
/// of a seeded bracket; 404 otherwise.
async fn stage(db: &Db, event: &Event, round: u32) -> ServiceResult<Stage> {
    if let Some(k) = deals::knockout_round(event, round) {
        let (stored, bracket) = super::bracket::seeded(db, event).await?;
        if k >= bracket.rounds().len() {
            return Err(ServiceError::NotFound);
        }
        return Ok(Stage::Knockout { stored, bracket });
    }
    let stored_round = store::rounds::get(db, event.id, round)
        .await?
        .ok_or(ServiceError::NotFound)?;
    if !stored_round.published {
        return Err(ServiceError::Conflict(
            Reason::new("svc_round_not_published").arg("round", round),
        ));
    }
    Ok(Stage::Swiss(stored_round))
}

/// The games of a Swiss round (every board but the bye, each game a board holds), with the
/// players' names.
async fn board_slots(
    db: &Db,
    event: &Event,
    round: &store::rounds::Round,
    seat: impl Fn(u32) -> Seat,
) -> ServiceResult<Vec<Slot>> {
    let games = if records::single_game(event) {
        1
    } else {
        records::MAX_GAMES
    };
    let mut out = Vec::new();
    for b in store::rounds::boards(db, round.id).await? {
        let Some(black) = b.black else { continue };
        for game_no in 1..=games {
            out.push(Slot {
                key: format!("{}.{game_no}", b.board_no),
                board_no: b.board_no,
                game_no,
                red: seat(b.red),
                black: seat(black),
                entered: b.result,
                version: b.version,
                board_id: Some(b.id),
            });
        }
    }
    Ok(out)
}

/// The games on knockout deal round `round`'s deals whose colours are known (the lot drawn; the
/// decider's colour chosen): the games played and those still to come, up to the best of (and the
/// decider, or the games of a level match that plays on). `seq` is the bracket's version.
fn match_slots(
    event: &Event,
    bracket: &Bracket,
    round: u32,
    seq: i64,
    seat: impl Fn(u32) -> Seat,
) -> Vec<Slot> {
    let settings = bracket.settings();
    let best_of = settings.best_of.games();
    let mut out = Vec::new();
    for m in deals::deal_round_matches(event, bracket, round) {
        let played = m.played();
        let last = match settings.tie_rule {
            TieRule::HigherSeedAdvances => best_of,
            TieRule::Decider => best_of + 1,
            TieRule::PlayOn => (best_of + 1).max(played.len() as u32 + 1),
        };
        for game_no in 1..=last {
            let Some(red) = m.red_in(game_no) else {
                continue;
            };
            let (Some(r), Some(b)) = (m.entrant(red), m.entrant(red.other())) else {
                continue;
            };
            out.push(Slot {
                key: format!("{}.{game_no}", m.id().0),
                board_no: m.id().0,
                game_no,
                red: seat(r.start),
                black: seat(b.start),
                entered: played
                    .get(game_no as usize - 1)
                    .and_then(|g| g.result)
                    .and_then(BoardResult::from_game),
                version: seq,
                board_id: None,
            });
        }
    }
    out
}

/// A tag's value that names something (not missing, empty or a placeholder).
fn named<'r>(record: &'r Record, tag: &str) -> Option<&'r str> {
    record
        .tag(tag)
        .map(str::trim)
        .filter(|v| !v.is_empty() && !matches!(*v, "?" | "-" | "*"))
}

/// Reads a `Round` tag: `3` (round 3) or `3.2` (round 3, game 2), full-width digits too.
fn round_tag(value: &str) -> Option<(u32, Option<u32>)> {
    let folded = value.trim().replace('．', ".");
    match folded.split_once('.') {
        None => Some((records::game_number(&folded)?, None)),
        Some((r, g)) => Some((records::game_number(r)?, Some(records::game_number(g)?))),
    }
}

/// The message keys of a mismatch: a Swiss round speaks of boards, a knockout round of matches.
struct Keys {
    game_number_needed: &'static str,
    colours_swapped: &'static str,
    names_differ: &'static str,
    no_board: &'static str,
    not_a_game: &'static str,
    duplicate: &'static str,
    no_such_slot: &'static str,
    assigned_twice: &'static str,
    nothing: &'static str,
}

const BOARD_KEYS: Keys = Keys {
    game_number_needed: "svc_upload_game_number_needed",
    colours_swapped: "svc_upload_colours_swapped",
    names_differ: "svc_upload_names_differ",
    no_board: "svc_upload_no_board",
    not_a_game: "svc_not_a_board_game",
    duplicate: "svc_upload_duplicate",
    no_such_slot: "svc_upload_no_such_board",
    assigned_twice: "svc_upload_assigned_twice",
    nothing: "svc_upload_nothing",
};

const MATCH_KEYS: Keys = Keys {
    game_number_needed: "svc_upload_match_game_number_needed",
    colours_swapped: "svc_upload_match_colours_swapped",
    names_differ: "svc_upload_match_names_differ",
    no_board: "svc_upload_no_match",
    not_a_game: "svc_upload_not_a_match_game",
    duplicate: "svc_upload_match_duplicate",
    no_such_slot: "svc_upload_no_such_match_game",
    assigned_twice: "svc_upload_match_assigned_twice",
    nothing: "svc_upload_match_nothing",
};

/// How an upload matches games: the round, whether a game number may be left out (one game per
/// board), and the words of its messages.
struct Matching {
    round: u32,
    single: bool,
    keys: &'static Keys,
}

/// Finds the slot a readable game's tags name, or why none. The game number is read first: the
/// names are compared with that game's colours (a knockout match's alternate).
fn place(record: &Record, how: &Matching, slots: &[Slot]) -> Result<usize, Reason> {
    let keys = how.keys;
    let (tag_round, mut game) = match named(record, "Round") {
        None => (how.round, None),
        Some(v) => {
            round_tag(v).ok_or_else(|| Reason::new("svc_upload_bad_round_tag").arg("tag", v))?
        }
    };
    if tag_round != how.round {
        return Err(Reason::new("svc_upload_other_round")
            .arg("tag", tag_round)
            .arg("round", how.round));
    }
    if game.is_none() {
        game = named(record, "Game").and_then(records::game_number);
    }
    let (Some(red), Some(black)) = (named(record, "Red"), named(record, "Black")) else {
        return Err(Reason::new("svc_upload_no_names"));
    };
    let game = match game {
        Some(g) => g,
        None if how.single => 1,
        None => return Err(Reason::new(keys.game_number_needed)),
    };
    let exact = |s: &Slot| names::names(red, &s.red) && names::names(black, &s.black);
    let swapped = |s: &Slot| names::names(red, &s.black) && names::names(black, &s.red);
    if let Some(i) = slots.iter().position(|s| s.game_no == game && exact(s)) {
        return Ok(i);
    }
    let shown = |s: &Seat| format!("{} ({})", s.name, s.start);
    if let Some(s) = slots.iter().find(|s| s.game_no == game && swapped(s)) {
        return Err(Reason::new(keys.colours_swapped)
            .arg("board", s.board_no)
            .arg("game", game)
            .arg("red", shown(&s.red))
            .arg("black", shown(&s.black)));
    }
    if let Some(s) = slots.iter().find(|s| exact(s) || swapped(s)) {
        return Err(Reason::new(keys.not_a_game)
            .arg("board", s.board_no)
            .arg("game", game)
            .arg("max", if how.single { 1 } else { records::MAX_GAMES }));
    }
    let one_side = |s: &&Slot| names::names(red, &s.red) || names::names(black, &s.black);
    if let Some(s) = slots
        .iter()
        .filter(|s| s.game_no == game)
        .find(one_side)
        .or_else(|| slots.iter().find(one_side))
    {
        let (tag, wrong, player) = if names::names(red, &s.red) {
            ("Black", black, &s.black)
        } else {
            ("Red", red, &s.red)
        };
        return Err(Reason::new(keys.names_differ)
            .arg("board", s.board_no)
            .arg("game", s.game_no)
            .arg("tag", tag)
            .arg("typed", wrong)
            .arg("player", shown(player)));
    }
    Err(Reason::new(keys.no_board)
        .arg("red", red)
        .arg("black", black))
}

/// Splits the file into its games (text and first line).
fn split(text: &str) -> ServiceResult<Vec<(usize, String)>> {
    let mut games = Vec::new();
    if matches!(
        formats::detect(text.as_bytes()),
        formats::Format::JieqiBox | formats::Format::Pikafish
    ) {
        // A JieqiBox JSON file (one game or an array of games) or Pikafish lines.
        games = formats::split_whole(text.as_bytes()).map_err(|e| {
            ServiceError::invalid("records", crate::rules::describe::record_error(&e))
        })?;
    } else {
        let mut splitter = GameSplitter::new();
        for line in text.split_inclusive('\n') {
            games.extend(splitter.push_line(line.as_bytes()));
        }
        games.extend(splitter.finish());
    }
    if games.len() > MAX_GAMES {
        return Err(ServiceError::invalid(
            "records",
            Reason::new("svc_upload_too_many")
                .arg("games", games.len())
                .arg("max", MAX_GAMES),
        ));
    }
    // The splitter was fed UTF-8 lines, so every game is UTF-8 too.
    Ok(games
        .into_iter()
        .map(|g| (g.first_line, String::from_utf8_lossy(&g.bytes).into_owned()))
        .collect())
}

/// Reads, places and adjudicates every game of the file: plain computation, run off the async
/// workers. `judges` holds the adjudicator of each game number (an unknown number uses game 1's);
/// `by_hand` the slots assigned by hand, which `claimed` already holds.
fn judge_games(
    games: Vec<(usize, String)>,
    how: &Matching,
    slots: &[Slot],
    judges: &HashMap<u32, Adjudicator>,
    by_hand: &HashMap<usize, usize>,
    mut claimed: HashMap<usize, usize>,
) -> ServiceResult<Vec<UploadedGame>> {
    let mut out = Vec::with_capacity(games.len());
    for (i, (first_line, game_text)) in games.into_iter().enumerate() {
        let number = i + 1;
        let read = crate::rules::adjudicate::read_record(game_text.as_bytes(), first_line)
            .map_err(|e| crate::rules::describe::record_error(&e));
        let tag = |name: &str| {
            read.as_ref()
                .ok()
                .and_then(|r| r.tag(name))
                .unwrap_or("")
                .trim()
                .to_string()
        };
        let (round_tag, red_tag, black_tag) = (tag("Round"), tag("Red"), tag("Black"));
        let placement = match (by_hand.get(&number), &read) {
            (Some(&slot), _) => Placement::Matched {
                slot,
                by_hand: true,
            },
            (None, Err(why)) => Placement::Unmatched(why.clone()),
            (None, Ok(record)) => match place(record, how, slots) {
                Err(why) => Placement::Unmatched(why),
                Ok(slot) => match claimed.get(&slot) {
                    Some(&other) => Placement::Unmatched(
                        Reason::new(how.keys.duplicate)
                            .arg("board", slots[slot].board_no)
                            .arg("game", slots[slot].game_no)
                            .arg("other", other),
                    ),
                    None => {
                        claimed.insert(slot, number);
                        Placement::Matched {
                            slot,
                            by_hand: false,
                        }
                    }
                },
            },
        };
        let game_no = match &placement {
            Placement::Matched { slot, .. } => slots[*slot].game_no,
            Placement::Unmatched(_) => read
                .as_ref()
                .ok()
                .and_then(|r| {
                    named(r, "Round")
                        .and_then(round_tag_game)
                        .or_else(|| named(r, "Game").and_then(records::game_number))
                })
                .unwrap_or(1),
        };
        let verdict = match &read {
            Err(why) => Err(why.clone()),
            Ok(record) => {
                let judge = judges
                    .get(&game_no)
                    .or_else(|| judges.get(&1))
                    .ok_or_else(|| ServiceError::Internal("no adjudicator for game 1".into()))?;
                match judge.judge(record) {
                    Ok(v) => Ok(v),
                    Err(ServiceError::Invalid { reason, .. } | ServiceError::Refused(reason)) => {
                        Err(reason)
                    }
                    Err(e) => return Err(e),
                }
            }
        };
        let status = match (&placement, &verdict) {
            (Placement::Matched { slot, .. }, Ok(v)) => Some(records::assess(
                v,
                slots[*slot].entered,
                how.single || slots[*slot].is_match(),
            )),
            _ => None,
        };
        out.push(UploadedGame {
            number,
            first_line,
            text: game_text,
            round_tag,
            red_tag,
            black_tag,
            placement,
            verdict,
            status,
            result_refused: None,
        });
    }
    Ok(out)
}

/// Makes the plan of an upload for round `round` (arbiters only, 403 otherwise; 404 for no such
/// round; 409 while a Swiss round is a draft). Stores nothing.
pub async fn preview(
    db: &Db,
    user: &User,
    event: &Event,
    round: u32,
    text: &str,
    assigned: &Assignments,
) -> ServiceResult<Plan> {
    if !super::policy::user_access(db, Some(user), event)
        .await?
        .arbitrate
    {
        return Err(ServiceError::Forbidden);
    }
    let stage = stage(db, event, round).await?;
    let text = text.trim_start_matches('\u{feff}');
    if text.trim().is_empty() {
        return Err(ServiceError::invalid(
            "records",
            Reason::new("svc_record_empty"),
        ));
    }
    let names = rounds::names(db, event.id).await?;
    let seat = |start: u32| Seat {
        start,
        name: names.get(&start).map(|n| n.0.clone()).unwrap_or_default(),
    };
    let (slots, how) = match &stage {
        Stage::Swiss(r) => (
            board_slots(db, event, r, seat).await?,
            Matching {
                round,
                single: records::single_game(event),
                keys: &BOARD_KEYS,
            },
        ),
        Stage::Knockout {
            stored, bracket, ..
        } => (
            match_slots(event, bracket, round, stored.next_seq(), seat),
            Matching {
                round,
                single: false,
                keys: &MATCH_KEYS,
            },
        ),
    };
    let games = split(text)?;

    // Hand assignments claim their slots first.
    let mut claimed: HashMap<usize, usize> = HashMap::new();
    let mut by_hand: HashMap<usize, usize> = HashMap::new();
    let mut assigned: Vec<(&usize, &String)> = assigned.iter().collect();
    assigned.sort();
    for (&number, key) in assigned {
        if number == 0 || number > games.len() {
            continue;
        }
        let slot = slots.iter().position(|s| s.key == *key).ok_or_else(|| {
            ServiceError::invalid(
                "assign",
                Reason::new(how.keys.no_such_slot)
                    .arg("game", number)
                    .arg("board", key),
            )
        })?;
        if let Some(other) = claimed.insert(slot, number) {
            return Err(ServiceError::invalid(
                "assign",
                Reason::new(how.keys.assigned_twice)
                    .arg("board", &slots[slot].key)
                    .arg("first", other)
                    .arg("second", number),
            ));
        }
        by_hand.insert(number, slot);
    }

    // The adjudicator of every game number the round has (deals are sealed per game number).
    let mut judges = HashMap::new();
    let last_game = slots.iter().map(|s| s.game_no).max().unwrap_or(1).max(1);
    for game_no in 1..=last_game {
        let (deal_round, deal_game) = match &stage {
            Stage::Swiss(_) => (round, GameNumber::Game(game_no)),
            Stage::Knockout { bracket, .. } => (
                round,
                deals::deal_round_matches(event, bracket, round)
                    .first()
                    .map_or(GameNumber::Game(game_no), |m| m.deal_game(game_no)),
            ),
        };
        judges.insert(
            game_no,
            records::adjudicator(db, event, deal_round, deal_game).await?,
        );
    }

    // Reading and adjudicating a file of many games is heavy work: off the async workers.
    let (games, slots) = tokio::task::spawn_blocking(move || {
        judge_games(games, &how, &slots, &judges, &by_hand, claimed).map(|g| (g, slots))
    })
    .await
    .map_err(|e| ServiceError::Internal(format!("adjudicating the upload: {e}")))??;
    let mut games = games;

    // A knockout round's results enter the bracket game by game, in game order: check each.
    let bracket = match stage {
        Stage::Swiss(_) => None,
        Stage::Knockout {
            stored, bracket, ..
        } => {
            let mut after = bracket;
            let mut results = Vec::new();
            let mut order: Vec<usize> = (0..games.len())
                .filter(|&i| games[i].result_set().is_some())
                .collect();
            let slot_of = |g: &UploadedGame| match g.placement {
                Placement::Matched { slot, .. } => Some(slot),
                Placement::Unmatched(_) => None,
            };
            order.sort_by_key(|&i| {
                slot_of(&games[i]).map(|s| (slots[s].board_no, slots[s].game_no))
            });
            for i in order {
                let (Some(slot), Some(result)) = (
                    slot_of(&games[i]),
                    games[i].result_set().and_then(|r| r.game()),
                ) else {
                    continue;
                };
                let (match_id, number) = (MatchId(slots[slot].board_no), slots[slot].game_no);
                // As a single game's start (service::knockout): not without its sealed deal where
                // the event requires deals; a game already played is a correction, not a start.
                let played = after
                    .get(match_id)
                    .is_ok_and(|m| m.played().iter().any(|g| g.number == number));
                if !played {
                    match deals::require_game_dealt(db, event, &after, match_id, number).await {
                        Ok(()) => {}
                        Err(ServiceError::Refused(why)) => {
                            games[i].result_refused = Some(
                                Reason::new("svc_upload_result_refused").arg_reason("detail", &why),
                            );
                            continue;
                        }
                        Err(e) => return Err(e),
                    }
                }
                let input = Input::Game {
                    match_id,
                    number,
                    result,
                };
                match input.apply(&mut after) {
                    Ok(()) => results.push(input),
                    Err(e) => {
                        games[i].result_refused = Some(
                            Reason::new("svc_upload_result_refused")
                                .arg_reason("detail", &knockout::knockout_reason(&e)),
                        );
                    }
                }
            }
            // A game after the one that decided its match was never played: not stored.
            for g in &mut games {
                let Some(slot) = slot_of(g) else { continue };
                let s = &slots[slot];
                let Ok(m) = after.get(MatchId(s.board_no)) else {
                    continue;
                };
                let played = m.played().len() as u32;
                if m.winner().is_some() && s.game_no > played {
                    g.placement = Placement::Unmatched(
                        Reason::new("svc_upload_match_decided")
                            .arg("board", s.board_no)
                            .arg("played", played)
                            .arg("game", s.game_no),
                    );
                    g.status = None;
                    g.result_refused = None;
                }
            }
            Some(BracketPlan {
                expected_seq: stored.next_seq(),
                auto_lots: stored.setup.auto_lots,
                after,
                results,
            })
        }
    };
    let digest = digest(&slots, &games);
    Ok(Plan {
        round,
        knockout: bracket.is_some(),
        slots,
        games,
        digest,
        bracket,
    })
}

/// The game number of a `Round` tag `r.g`.
fn round_tag_game(value: &str) -> Option<u32> {
    round_tag(value).and_then(|(_, g)| g)
}

/// The fingerprint of a plan: every game's placement, verdict and status, and the version of
/// every board (or of the bracket) it touches.
fn digest(slots: &[Slot], games: &[UploadedGame]) -> String {
    let mut h = Sha256::new();
    for g in games {
        let slot = match &g.placement {
            Placement::Matched { slot, by_hand } => {
                let s = &slots[*slot];
                format!("{}@{}{}", s.key, s.version, if *by_hand { "h" } else { "" })
            }
            Placement::Unmatched(why) => format!("-{}", why.key),
        };
        let verdict = match &g.verdict {
            Ok(v) => v.to_json().to_string(),
            Err(why) => why.to_string(),
        };
        let status = g.status.as_ref().map_or("", RecordStatus::code);
        let refused = g.result_refused.as_ref().map_or("", |r| r.key);
        h.update(format!("{}|{slot}|{status}|{refused}|{verdict}\n", g.number).as_bytes());
        h.update(g.text.as_bytes());
        h.update(b"\0");
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// What a confirmed upload stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stored {
    /// Records stored.
    pub records: usize,
    /// Results entered on games that had none.
    pub results: usize,
}

/// Confirms an upload: reads and adjudicates the file again (nothing the client says about
/// verdicts is trusted), refuses with 409 when the plan is no longer the one with `digest` (a board
/// or the bracket changed, the file or an assignment differs), and otherwise stores every matched
/// game's record and the results they decide in one transaction (`record.upload` in the audit
/// log); in a knockout round with automatic lots, the lots of the matches those results complete
/// are drawn in the same transaction.
pub async fn confirm(
    db: &Db,
    user: &User,
    event: &Event,
    round: u32,
    text: &str,
    assigned: &Assignments,
    digest: &str,
) -> ServiceResult<Stored> {
    let plan = preview(db, user, event, round, text, assigned).await?;
    if plan.digest != digest {
        return Err(ServiceError::Conflict(Reason::new("svc_upload_changed")));
    }
    let mut games = Vec::new();
    for g in &plan.games {
        let (Placement::Matched { slot, .. }, Ok(verdict)) = (&g.placement, &g.verdict) else {
            continue;
        };
        let s = &plan.slots[*slot];
        let (of, result) = match s.board_id {
            Some(board_id) => (
                RecordOf::Board {
                    board_id,
                    round,
                    board_no: s.board_no,
                    game_no: s.game_no,
                },
                g.result_set().map(|r| (s.version, r)),
            ),
            // A knockout game's result enters through the bracket (below).
            None => (
                RecordOf::Knockout {
                    match_id: s.board_no,
                    game_no: s.game_no,
                },
                None,
            ),
        };
        games.push(store::records::UploadedRecord {
            of,
            record: g.text.clone(),
            verdict: verdict.clone(),
            result,
        });
    }
    if games.is_empty() {
        let keys = if plan.knockout {
            &MATCH_KEYS
        } else {
            &BOARD_KEYS
        };
        return Err(ServiceError::Refused(Reason::new(keys.nothing)));
    }
    let bracket = match plan.bracket {
        None => None,
        Some(b) => {
            let mut inputs = b.results;
            if b.auto_lots && !inputs.is_empty() {
                let mut after = b.after;
                inputs.extend(knockout::draw_due_lots(&mut after)?);
            }
            Some(store::records::BracketInputs {
                expected_seq: b.expected_seq,
                inputs,
            })
        }
    };
    let stored = Stored {
        records: games.len(),
        results: games.iter().filter(|g| g.result.is_some()).count()
            + bracket.as_ref().map_or(0, |b| {
                b.inputs
                    .iter()
                    .filter(|i| matches!(i, Input::Game { .. }))
                    .count()
            }),
    };
    let summary = Reason::new("audit_d_upload")
        .arg("round", round)
        .arg("stored", stored.records)
        .arg("games", plan.games.len())
        .arg("results", stored.results)
        .audit();
    match store::records::save_upload(db, user, event.id, &summary, &games, bracket.as_ref())
        .await?
    {
        Ok(()) => {
            // The results it entered are public, whatever the records' deals: the public pages
            // are told (the upload's audit entry alone does not move the public version).
            store::events::note_public_change(db, event.id).await?;
            Ok(stored)
        }
        Err(board) => Err(ServiceError::Stale { board }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_tags_name_a_round_and_maybe_a_game() {
        assert_eq!(round_tag("3"), Some((3, None)));
        assert_eq!(round_tag(" 7.2 "), Some((7, Some(2))));
        assert_eq!(round_tag("７．２"), Some((7, Some(2))));
        assert_eq!(round_tag("final"), None);
        assert_eq!(round_tag("3."), None);
    }

    fn slot(board: u32, red: (u32, &str), black: (u32, &str)) -> Slot {
        Slot {
            key: format!("{board}.1"),
            board_no: board,
            game_no: 1,
            red: Seat {
                start: red.0,
                name: red.1.into(),
            },
            black: Seat {
                start: black.0,
                name: black.1.into(),
            },
            entered: None,
            version: 1,
            board_id: Some(board as i64),
        }
    }

    /// Game `game` of match `id`, with the colours of that game.
    fn match_slot(id: u32, game: u32, red: (u32, &str), black: (u32, &str)) -> Slot {
        Slot {
            key: format!("{id}.{game}"),
            game_no: game,
            board_id: None,
            ..slot(id, red, black)
        }
    }

    const SWISS: Matching = Matching {
        round: 3,
        single: true,
        keys: &BOARD_KEYS,
    };

    fn record(tags: &str) -> Record {
        Record::parse(&format!("{tags}\n1. h2e2 *\n")).expect("record")
    }

    #[test]
    fn games_are_placed_by_round_and_names_and_swapped_colours_are_a_mismatch() {
        let slots = [
            slot(1, (1, "呂欽"), (4, "許銀川")),
            slot(2, (3, "胡榮華"), (2, "趙國榮")),
        ];
        let r = |t: &str| place(&record(t), &SWISS, &slots);
        assert_eq!(
            r("[Round \"3\"]\n[Red \"吕钦\"]\n[Black \"许银川\"]"),
            Ok(0)
        );
        assert_eq!(r("[Red \"3\"]\n[Black \"赵国荣\"]"), Ok(1), "start numbers");
        let why = r("[Round \"3\"]\n[Red \"许银川\"]\n[Black \"吕钦\"]").unwrap_err();
        assert_eq!(
            (why.key, why.get("board")),
            ("svc_upload_colours_swapped", Some("1"))
        );
        let why = r("[Round \"4\"]\n[Red \"吕钦\"]\n[Black \"许银川\"]").unwrap_err();
        assert_eq!(why.key, "svc_upload_other_round");
        let why = r("[Red \"吕钦\"]\n[Black \"胡荣华\"]").unwrap_err();
        assert_eq!(
            (why.key, why.get("tag")),
            ("svc_upload_names_differ", Some("Black"))
        );
        assert_eq!(r("[Round \"3\"]").unwrap_err().key, "svc_upload_no_names");
        let why = r("[Round \"3.2\"]\n[Red \"吕钦\"]\n[Black \"许银川\"]").unwrap_err();
        assert_eq!(
            why.key, "svc_not_a_board_game",
            "a xiangqi board holds one game"
        );
    }

    #[test]
    fn knockout_games_are_placed_by_game_number_with_that_game_s_colours() {
        // Match 5: 呂欽 has Red in game 1, so 許銀川 has Red in game 2.
        let slots = [
            match_slot(5, 1, (1, "呂欽"), (8, "許銀川")),
            match_slot(5, 2, (8, "許銀川"), (1, "呂欽")),
        ];
        let how = Matching {
            round: 7,
            single: false,
            keys: &MATCH_KEYS,
        };
        let r = |t: &str| place(&record(t), &how, &slots);
        assert_eq!(
            r("[Round \"7.2\"]\n[Red \"许银川\"]\n[Black \"吕钦\"]"),
            Ok(1)
        );
        assert_eq!(
            r("[Round \"7\"]\n[Game \"1\"]\n[Red \"1\"]\n[Black \"8\"]"),
            Ok(0),
            "a Game tag and start numbers"
        );
        let why = r("[Round \"7.2\"]\n[Red \"吕钦\"]\n[Black \"许银川\"]").unwrap_err();
        assert_eq!(
            (why.key, why.get("board"), why.get("game")),
            ("svc_upload_match_colours_swapped", Some("5"), Some("2")),
            "game 1's colours in game 2 are swapped colours"
        );
        let why = r("[Round \"7\"]\n[Red \"吕钦\"]\n[Black \"许银川\"]").unwrap_err();
        assert_eq!(why.key, "svc_upload_match_game_number_needed");
        let why = r("[Round \"7.3\"]\n[Red \"吕钦\"]\n[Black \"许银川\"]").unwrap_err();
        assert_eq!(why.key, "svc_upload_not_a_match_game");
        let why = r("[Round \"7.1\"]\n[Red \"吕钦\"]\n[Black \"胡荣华\"]").unwrap_err();
        assert_eq!(
            (why.key, why.get("tag")),
            ("svc_upload_match_names_differ", Some("Black"))
        );
    }
}
