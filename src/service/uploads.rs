//! Bulk upload of a round's move records (issue 14): an arbiter uploads one record file holding the
//! games of a Swiss round. Each game is matched to its board by its `Round` tag (`3`, or `3.2` for
//! game 2 of a Banqi match; a numeric `Game` tag gives the game number too) and its Red and Black
//! tags, which must name the board's players (see `names`: folded names or start numbers). Swapped
//! colours are a mismatch, never fixed silently. Every game is adjudicated as a single submission
//! would be (the round's sealed deal, the event's move limit), and judged against the board's result
//! (`records::assess`): a board that already holds a result keeps it, a disagreeing verdict is a
//! conflict.
//!
//! [`preview`] stores nothing: it answers the [`Plan`] — which game went to which board, which did
//! not and why, each verdict. The arbiter may assign an unmatched game to a free board by hand and
//! confirms; [`confirm`] reads the same file again, re-adjudicates it and stores every matched game
//! in one transaction, provided the plan is still the one the arbiter saw (its [`Plan::digest`]).
//! Unmatched games and games that cannot be read are never stored.

use std::collections::HashMap;

use sha2::{Digest, Sha256};

use super::names::{self, Seat};
use super::records::{self, RecordStatus};
use super::{Reason, ServiceError, ServiceResult, rounds};
use crate::deal::GameNumber;
use crate::round::BoardResult;
use crate::rules::adjudicate::Verdict;
use crate::rules::notation::record::{GameSplitter, Record};
use crate::store::{self, Db, events::Event, records::RecordOf, users::User};

/// Most games one upload may hold (a round of a large open event, with room to spare).
pub const MAX_GAMES: usize = 1000;

/// A game of the round that an uploaded game can be stored for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    /// How a form names it: `board.game` (`3.1`).
    pub key: String,
    /// Board number.
    pub board_no: u32,
    /// Game number within the board (1 except in Banqi matches).
    pub game_no: u32,
    /// Red's seat.
    pub red: Seat,
    /// Black's seat.
    pub black: Seat,
    /// The board's result so far.
    pub entered: Option<BoardResult>,
    board_id: i64,
    version: i64,
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
    /// For a matched game with a verdict: how the verdict stands against the board's result.
    pub status: Option<RecordStatus>,
}

impl UploadedGame {
    /// Whether confirming stores this game: matched and adjudicated.
    pub fn stored(&self) -> bool {
        matches!(self.placement, Placement::Matched { .. }) && self.verdict.is_ok()
    }

    /// The result confirming enters on the board: the record decides a board that has none.
    pub fn result_set(&self) -> Option<BoardResult> {
        match (&self.status, self.stored()) {
            (Some(RecordStatus::Unentered(r)), true) => Some(*r),
            _ => None,
        }
    }
}

/// What an upload would do (nothing is stored by making one).
#[derive(Debug, Clone)]
pub struct Plan {
    /// The round number.
    pub round: u32,
    /// Every game of the round a record can go to.
    pub slots: Vec<Slot>,
    /// The uploaded games in file order.
    pub games: Vec<UploadedGame>,
    /// A fingerprint of the plan (placements, verdicts, the boards' versions): confirming refuses a
    /// plan that is no longer the one the arbiter saw.
    pub digest: String,
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

/// The games of the round (every board but the bye, each game a board holds), with the players'
/// names.
async fn slots(db: &Db, event: &Event, round: &store::rounds::Round) -> ServiceResult<Vec<Slot>> {
    let names = rounds::names(db, event.id).await?;
    let seat = |start: u32| Seat {
        start,
        name: names.get(&start).map(|n| n.0.clone()).unwrap_or_default(),
    };
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
                board_id: b.id,
                version: b.version,
            });
        }
    }
    Ok(out)
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

/// Finds the slot a readable game's tags name, or why none.
fn place(record: &Record, round: u32, slots: &[Slot], single: bool) -> Result<usize, Reason> {
    let (tag_round, mut game) = match named(record, "Round") {
        None => (round, None),
        Some(v) => {
            round_tag(v).ok_or_else(|| Reason::new("svc_upload_bad_round_tag").arg("tag", v))?
        }
    };
    if tag_round != round {
        return Err(Reason::new("svc_upload_other_round")
            .arg("tag", tag_round)
            .arg("round", round));
    }
    if game.is_none() {
        game = named(record, "Game").and_then(records::game_number);
    }
    let (Some(red), Some(black)) = (named(record, "Red"), named(record, "Black")) else {
        return Err(Reason::new("svc_upload_no_names"));
    };
    let game = match game {
        Some(g) => g,
        None if single => 1,
        None => return Err(Reason::new("svc_upload_game_number_needed")),
    };
    let board = slots
        .iter()
        .position(|s| names::names(red, &s.red) && names::names(black, &s.black));
    let Some(board) = board else {
        let shown = |s: &Seat| format!("{} ({})", s.name, s.start);
        if let Some(s) = slots
            .iter()
            .find(|s| names::names(red, &s.black) && names::names(black, &s.red))
        {
            return Err(Reason::new("svc_upload_colours_swapped")
                .arg("board", s.board_no)
                .arg("red", shown(&s.red))
                .arg("black", shown(&s.black)));
        }
        if let Some(s) = slots
            .iter()
            .find(|s| names::names(red, &s.red) || names::names(black, &s.black))
        {
            let (tag, wrong, player) = if names::names(red, &s.red) {
                ("Black", black, &s.black)
            } else {
                ("Red", red, &s.red)
            };
            return Err(Reason::new("svc_upload_names_differ")
                .arg("board", s.board_no)
                .arg("tag", tag)
                .arg("typed", wrong)
                .arg("player", shown(player)));
        }
        return Err(Reason::new("svc_upload_no_board")
            .arg("red", red)
            .arg("black", black));
    };
    let board_no = slots[board].board_no;
    slots
        .iter()
        .position(|s| s.board_no == board_no && s.game_no == game)
        .ok_or_else(|| {
            Reason::new("svc_not_a_board_game")
                .arg("game", game)
                .arg("max", if single { 1 } else { records::MAX_GAMES })
        })
}

/// Splits the file into its games (text and first line).
fn split(text: &str) -> ServiceResult<Vec<(usize, String)>> {
    let mut splitter = GameSplitter::new();
    let mut games = Vec::new();
    for line in text.split_inclusive('\n') {
        games.extend(splitter.push_line(line.as_bytes()));
    }
    games.extend(splitter.finish());
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

/// Makes the plan of an upload for round `round` (arbiters only, 403 otherwise; 404 for no such
/// round; 409 while the round is a draft). Stores nothing.
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
    let stored_round = store::rounds::get(db, event.id, round)
        .await?
        .ok_or(ServiceError::NotFound)?;
    if !stored_round.published {
        return Err(ServiceError::Conflict(
            Reason::new("svc_round_not_published").arg("round", round),
        ));
    }
    let text = text.trim_start_matches('\u{feff}');
    if text.trim().is_empty() {
        return Err(ServiceError::invalid(
            "records",
            Reason::new("svc_record_empty"),
        ));
    }
    let slots = slots(db, event, &stored_round).await?;
    let single = records::single_game(event);
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
                Reason::new("svc_upload_no_such_board")
                    .arg("game", number)
                    .arg("board", key),
            )
        })?;
        if let Some(other) = claimed.insert(slot, number) {
            return Err(ServiceError::invalid(
                "assign",
                Reason::new("svc_upload_assigned_twice")
                    .arg("board", &slots[slot].key)
                    .arg("first", other)
                    .arg("second", number),
            ));
        }
        by_hand.insert(number, slot);
    }

    let mut out = Vec::with_capacity(games.len());
    for (i, (first_line, game_text)) in games.into_iter().enumerate() {
        let number = i + 1;
        let read = crate::rules::adjudicate::read_record(game_text.as_bytes(), first_line)
            .map_err(|e| Reason::detail("svc_record_unreadable", e));
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
            (None, Ok(record)) => match place(record, round, &slots, single) {
                Err(why) => Placement::Unmatched(why),
                Ok(slot) => match claimed.get(&slot) {
                    Some(&other) => Placement::Unmatched(
                        Reason::new("svc_upload_duplicate")
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
                match records::adjudicate_read(db, event, round, GameNumber::Game(game_no), record)
                    .await
                {
                    Ok(v) => Ok(v),
                    Err(ServiceError::Invalid { reason, .. } | ServiceError::Refused(reason)) => {
                        Err(reason)
                    }
                    Err(e) => return Err(e),
                }
            }
        };
        let status = match (&placement, &verdict) {
            (Placement::Matched { slot, .. }, Ok(v)) => {
                Some(records::assess(&v.to_json(), slots[*slot].entered, single))
            }
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
        });
    }
    let digest = digest(&slots, &out);
    Ok(Plan {
        round,
        slots,
        games: out,
        digest,
    })
}

/// The game number of a `Round` tag `r.g`.
fn round_tag_game(value: &str) -> Option<u32> {
    round_tag(value).and_then(|(_, g)| g)
}

/// The fingerprint of a plan: every game's placement, verdict and status, and the version of
/// every board it touches.
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
        h.update(format!("{}|{slot}|{status}|{verdict}\n", g.number).as_bytes());
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
    /// Results entered on boards that had none.
    pub results: usize,
}

/// Confirms an upload: reads and adjudicates the file again (nothing the client says about
/// verdicts is trusted), refuses with 409 when the plan is no longer the one with `digest` (a board
/// changed, the file or an assignment differs), and otherwise stores every matched game's record
/// and the results they decide in one transaction (`record.upload` in the audit log).
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
        games.push(store::records::UploadedRecord {
            of: RecordOf::Board {
                board_id: s.board_id,
                round,
                board_no: s.board_no,
                game_no: s.game_no,
            },
            record: g.text.clone(),
            verdict: verdict.to_json(),
            legal: verdict.is_legal(),
            result: g.result_set().map(|r| (s.version, r)),
        });
    }
    if games.is_empty() {
        return Err(ServiceError::Refused(Reason::new("svc_upload_nothing")));
    }
    let stored = Stored {
        records: games.len(),
        results: games.iter().filter(|g| g.result.is_some()).count(),
    };
    let summary = format!(
        "round {round}: {} of {} games stored, {} results set",
        stored.records,
        plan.games.len(),
        stored.results
    );
    match store::records::save_upload(db, user, event.id, &summary, &games).await? {
        Ok(()) => Ok(stored),
        Err(board) => Err(ServiceError::Stale { board: Some(board) }),
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
            board_id: board as i64,
            version: 1,
        }
    }

    fn record(tags: &str) -> Record {
        Record::parse(&format!("{tags}\n1. h2e2 *\n")).expect("record")
    }

    #[test]
    fn games_are_placed_by_round_and_names_and_swapped_colours_are_a_mismatch() {
        let slots = [
            slot(1, (1, "呂欽"), (4, "許銀川")),
            slot(2, (3, "胡榮華"), (2, "趙國榮")),
        ];
        let r = |t: &str| place(&record(t), 3, &slots, true);
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
}
