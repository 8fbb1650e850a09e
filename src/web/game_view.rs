//! The data of the game viewer: a stored record replayed with the rules engine into every position
//! of the game (face-down pieces included) and each ply written in Chinese and in the game's
//! coordinate notation (ICCS for xiangqi and Jieqi, square notation for Banqi).
//!
//! The browser only draws what this module computed (`static/viewer.js`), so the viewer never needs
//! rules of its own and shows exactly what the adjudicator accepted.

use serde::Serialize;

use crate::i18n::Reason;
use crate::rules::adjudicate::SetupError;
use crate::rules::banqi;
use crate::rules::notation::{Notation, Record, RecordError};
use crate::rules::outcome::{PlyCause, PlyError};
use crate::rules::replay::Replay;
use crate::rules::xiangqi::{Deal, Position, Square};
use crate::rules::{Color, Variant};

/// A position as the viewer draws it, one character per point: `.` empty, FEN letters for face-up
/// pieces (upper case Red), `X`/`x` for face-down pieces of Red/Black (Banqi: `X`, colour unknown).
/// Xiangqi and Jieqi: 90 points in `Square::index90` order (`a0`, `b0`, …, `i9`); Banqi: 32 squares
/// in deal order (`a1`, `b1`, …, `h4`).
pub type Points = String;

/// One ply of the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlyView {
    /// Move number as written on the scoresheet.
    pub number: u16,
    /// Whether Red made the ply.
    pub red: bool,
    /// Canonical Chinese notation (`炮二平五`, `马二进三炮` for a reveal).
    pub zh: String,
    /// Canonical ICCS (`h2e2`, `h0g2C`); Banqi: square notation (`a1=K`, `a1-a2`, `a1xb1`).
    pub iccs: String,
    /// Index (see [`Points`]) of the point the piece left (Banqi flip: the flipped square).
    pub from: usize,
    /// Index of the point it landed on.
    pub to: usize,
    /// Whether a face-down piece was turned up by the ply (the viewer animates it).
    pub reveal: bool,
    /// Whether the ply captured.
    pub capture: bool,
}

/// A replayed game: `positions[0]` is the start, `positions[i]` the position after ply `i`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameView {
    /// The game: `xiangqi`, `jieqi` or `banqi` (the viewer draws the board for it).
    pub variant: &'static str,
    /// Every position, start first.
    pub positions: Vec<Points>,
    /// Every ply that could be replayed.
    pub plies: Vec<PlyView>,
    /// Why the replay stopped early (first bad ply), if it did.
    pub error: Option<String>,
    /// The bad ply itself, so a page can word it in its reader's language.
    #[serde(skip)]
    pub bad_ply: Option<PlyError>,
}

impl GameView {
    /// Stops the view at a bad ply: the English for the JSON, the ply for the page.
    fn stop_at(&mut self, e: PlyError) {
        self.error = Some(format!("ply {} ({}): {}", e.ply, e.token, e.message));
        self.bad_ply = Some(e);
    }
}

/// Why a record cannot be shown at all (its `Display` is the English; pages word it with
/// [`ViewError::reason`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ViewError {
    /// The record's syntax (tags, comments).
    #[error("{0}")]
    Syntax(RecordError),
    /// The start position or deal cannot be set up.
    #[error("{0}")]
    Setup(SetupError),
}

impl ViewError {
    /// Why the record cannot be shown, as a message for the reader's language.
    pub fn reason(&self) -> Reason {
        match self {
            ViewError::Syntax(e) => crate::rules::describe::record_error(e),
            ViewError::Setup(e) => crate::rules::describe::setup_error(e),
        }
    }
}

/// Replays `record` (a stored record of `variant`) from its start position. `deal` is the game's
/// deal string once it may be shown; without it, each revealed identity must be written in the
/// record. An illegal ply does not fail the view: the positions up to it are shown with the reason.
pub fn replay(record: &str, variant: Variant, deal: Option<&str>) -> Result<GameView, ViewError> {
    let parsed =
        crate::rules::adjudicate::read_record(record.as_bytes(), 1).map_err(ViewError::Syntax)?;
    let deal = deal
        .or_else(|| parsed.tag("Deal"))
        .map(str::trim)
        .filter(|d| !d.is_empty() && *d != "-");
    match variant {
        Variant::Banqi => replay_banqi(&parsed, deal),
        Variant::Xiangqi | Variant::Jieqi => replay_xiangqi(&parsed, variant, deal),
    }
}

fn replay_xiangqi(
    parsed: &Record,
    variant: Variant,
    deal: Option<&str>,
) -> Result<GameView, ViewError> {
    let pos = start_position(parsed, variant, deal)?;
    let mut view = GameView {
        variant: variant.name(),
        positions: vec![points(&pos)],
        plies: Vec::with_capacity(parsed.moves.len()),
        error: None,
        bad_ply: None,
    };
    // The adjudicator's own replay, writing each ply in the viewer's two notations.
    let notations = [Notation::Chinese, Notation::Iccs];
    let mut replay =
        Replay::new(pos, parsed.moves.iter().map(|t| t.text.as_str())).writing(&notations);
    while let Some(step) = replay.next() {
        match step {
            Ok(mut ply) => {
                let iccs = ply.texts.pop().unwrap_or_default();
                let zh = ply.texts.pop().unwrap_or_default();
                view.plies.push(PlyView {
                    number: ply.move_number,
                    red: ply.mover == Color::Red,
                    zh,
                    iccs,
                    from: ply.written.mv.from().index90(),
                    to: ply.written.mv.to().index90(),
                    reveal: ply.reveal,
                    capture: ply.capture,
                });
                view.positions.push(points(replay.position()));
            }
            Err(e) => {
                view.stop_at(e);
                break;
            }
        }
    }
    Ok(view)
}

/// The start position of a xiangqi/Jieqi record: its `FEN` tag or the variant's start, with the
/// deal (Jieqi) under the face-down pieces.
fn start_position(
    record: &Record,
    variant: Variant,
    deal: Option<&str>,
) -> Result<Position, ViewError> {
    let setup = ViewError::Setup;
    let deal = deal
        .map(|d| Deal::parse(d).map_err(|e| setup(SetupError::DealTag(e))))
        .transpose()?;
    let mut pos = match record.tag("FEN").map(str::trim).filter(|f| !f.is_empty()) {
        Some(f) => Position::from_fen(f, variant).map_err(|e| setup(SetupError::Fen(e)))?,
        None => Position::start(variant),
    };
    if let Some(d) = deal.filter(|_| variant == Variant::Jieqi) {
        pos.apply_deal(&d)
            .map_err(|e| setup(SetupError::DealPool(e)))?;
    }
    Ok(pos)
}

/// The viewer's encoding of a position (see [`Points`]).
fn points(pos: &Position) -> Points {
    (0..90)
        .map(|i| {
            Square::from_index90(i)
                .and_then(|sq| pos.piece_at(sq))
                .map_or('.', |p| p.fen_letter())
        })
        .collect()
}

/// Replays a Banqi record: face-down squares stay `X` (their identities are not shown before the
/// flip even when the deal is known).
fn replay_banqi(parsed: &Record, deal: Option<&str>) -> Result<GameView, ViewError> {
    let setup = |e: banqi::SetupError| ViewError::Setup(SetupError::Banqi(e));
    let fen = parsed.tag("FEN").map(str::trim).filter(|f| !f.is_empty());
    let mut pos = match fen {
        Some(f) => banqi::fen::read(f, deal).map_err(|e| setup(e.into()))?,
        None => {
            let deal = deal
                .map(|d| banqi::Deal::parse(d).map_err(|e| setup(e.into())))
                .transpose()?;
            banqi::Position::start(deal.as_ref())
        }
    };
    let mut view = GameView {
        variant: Variant::Banqi.name(),
        positions: vec![banqi_points(&pos)],
        plies: Vec::with_capacity(parsed.moves.len()),
        error: None,
        bad_ply: None,
    };
    for (i, token) in parsed.moves.iter().enumerate() {
        match play_banqi(&mut pos, &token.text) {
            Ok(ply) => {
                view.plies.push(ply);
                view.positions.push(banqi_points(&pos));
            }
            Err((message, cause)) => {
                view.stop_at(PlyError {
                    cause: Some(cause),
                    ..PlyError::new(i + 1, &token.text, message)
                });
                break;
            }
        }
    }
    Ok(view)
}

/// Plays one Banqi token, returning the ply as the viewer lists it, or why it was refused (the
/// English and the cause).
fn play_banqi(pos: &mut banqi::Position, token: &str) -> Result<PlyView, (String, PlyCause)> {
    use banqi::replay::{notation_cause, turn_cause};
    use banqi::{Cell, Turn};
    let refused = |e: banqi::notation::NotationError| (e.to_string(), notation_cause(&e));
    let written = banqi::notation::parse(token).map_err(refused)?;
    let (turn, identity) = banqi::notation::resolve(pos, written).map_err(refused)?;
    let number = pos.move_number();
    let side = pos.side_to_move();
    pos.play(turn, identity)
        .map_err(|e| (e.to_string(), turn_cause(&e)))?;
    let (from, to) = match turn {
        Turn::Flip(s) => (s, s),
        Turn::Move { from, to } | Turn::Capture { from, to } => (from, to),
        Turn::Chain { from, hops } => (from, hops.squares().last().copied().unwrap_or(from)),
    };
    let Cell::FaceUp(piece) = pos.cell(to) else {
        return Err((
            format!("no face-up piece on {to} after the turn"),
            PlyCause::Unplayable,
        ));
    };
    let revealed = matches!(turn, Turn::Flip(_)).then_some(piece);
    let zh = match turn {
        Turn::Flip(s) => format!("{s} 翻{}", piece.chinese()),
        Turn::Move { from, to } => format!("{}{from}–{to}", piece.chinese()),
        Turn::Capture { from, to } => format!("{}{from}×{to}", piece.chinese()),
        Turn::Chain { from, hops } => hops
            .squares()
            .iter()
            .fold(format!("{}{from}", piece.chinese()), |t, h| {
                format!("{t}×{h}")
            }),
    };
    Ok(PlyView {
        number: u16::try_from(number).unwrap_or(u16::MAX),
        // The first flip gives its colour to the player who made it.
        red: side.unwrap_or(piece.color) == Color::Red,
        zh,
        iccs: banqi::notation::write(turn, revealed),
        from: from.index(),
        to: to.index(),
        reveal: revealed.is_some(),
        capture: matches!(turn, Turn::Capture { .. } | Turn::Chain { .. }),
    })
}

/// The viewer's encoding of a Banqi position (see [`Points`]).
fn banqi_points(pos: &banqi::Position) -> Points {
    banqi::Square::all()
        .map(|s| match pos.cell(s) {
            banqi::Cell::Empty => '.',
            banqi::Cell::FaceDown(_) => 'X',
            banqi::Cell::FaceUp(p) => p.letter(),
        })
        .collect()
}

/// What the viewer script receives (`static/viewer.js`): the start position and each ply as the
/// points it changed, so that a page grows by a few bytes per ply rather than a whole position. The
/// plies' texts are not repeated here: the script reads them from the page's move list.
#[derive(Debug, Serialize)]
struct ScriptData<'a> {
    variant: &'a str,
    /// The start position (see [`Points`]).
    start: &'a str,
    /// One string per ply: `*` first when the ply turned a piece up, then each changed point as
    /// its index followed by its new character (see [`Points`]); the point the piece left comes
    /// first and the point it landed on last.
    plies: Vec<String>,
    error: Option<&'a str>,
}

/// The points ply `i` (0-based) changed, written as [`ScriptData::plies`] says.
fn ply_change(view: &GameView, i: usize) -> String {
    use std::fmt::Write;
    let (Some(before), Some(after), Some(ply)) = (
        view.positions.get(i),
        view.positions.get(i + 1),
        view.plies.get(i),
    ) else {
        return String::new();
    };
    let (before, after) = (before.as_bytes(), after.as_bytes());
    let changed = |p: usize| before.get(p) != after.get(p);
    let middle = (0..after.len()).filter(|&p| p != ply.from && p != ply.to && changed(p));
    let order = std::iter::once(ply.from)
        .filter(|&p| changed(p) && p != ply.to)
        .chain(middle)
        .chain(std::iter::once(ply.to).filter(|&p| changed(p)));
    let mut text = String::from(if ply.reveal { "*" } else { "" });
    for p in order {
        let c = after.get(p).map_or('.', |&b| char::from(b));
        let _ = write!(text, "{p}{c}");
    }
    text
}

/// The view as the viewer script's JSON (see [`ScriptData`]), safe inside an HTML `<script>`
/// element (no `<`, `>` or `&` characters, so record text can never close the element).
pub fn to_script_json(view: &GameView) -> String {
    let data = ScriptData {
        variant: view.variant,
        start: view.positions.first().map_or("", String::as_str),
        plies: (0..view.plies.len()).map(|i| ply_change(view, i)).collect(),
        error: view.error.as_deref(),
    };
    let json = serde_json::to_string(&data).unwrap_or_else(|_| "null".to_string());
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_xiangqi_record_gives_one_position_per_ply_in_both_notations() {
        let view = replay("1. 炮二平五 马8进7 2. h0g2 1-0", Variant::Xiangqi, None).unwrap();
        assert_eq!(view.error, None);
        assert_eq!(view.positions.len(), 4);
        let zh: Vec<&str> = view.plies.iter().map(|p| p.zh.as_str()).collect();
        let iccs: Vec<&str> = view.plies.iter().map(|p| p.iccs.as_str()).collect();
        assert_eq!(zh, ["炮二平五", "马8进7", "马二进三"]);
        assert_eq!(iccs, ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(
            view.plies
                .iter()
                .map(|p| (p.number, p.red))
                .collect::<Vec<_>>(),
            [(1, true), (1, false), (2, true)]
        );
        // Start: Red's back rank then the empty second rank; the cannon left h2 for e2.
        assert_eq!(&view.positions[0][..9], "RNBAKABNR");
        let h2 = Square::parse("h2").unwrap().index90();
        let e2 = Square::parse("e2").unwrap().index90();
        assert_eq!(view.positions[0].as_bytes()[h2], b'C');
        assert_eq!(view.positions[1].as_bytes()[h2], b'.');
        assert_eq!(view.positions[1].as_bytes()[e2], b'C');
        assert_eq!((view.plies[0].from, view.plies[0].to), (h2, e2));
    }

    #[test]
    fn jieqi_pieces_start_face_down_and_reveals_are_written_and_flagged() {
        let view = replay("1. h2e2C h9g7n 2. e2e6", Variant::Jieqi, None).unwrap();
        assert_eq!(view.error, None);
        let start = &view.positions[0];
        assert_eq!(start.matches('X').count(), 15);
        assert_eq!(start.matches('x').count(), 15);
        assert_eq!(start.matches('K').count(), 1);
        assert_eq!(view.plies[0].zh, "炮二平五炮");
        assert_eq!(view.plies[0].iccs, "h2e2C");
        assert_eq!(view.plies[1].iccs, "h9g7n");
        assert!(view.plies[0].reveal && view.plies[1].reveal);
        assert!(!view.plies[2].reveal, "the cannon is face-up by then");
        // e2e6: the cannon jumps the e3 screen onto e6, a face-down black pawn.
        assert!(view.plies[2].capture);
        assert_eq!(view.positions[1].matches('X').count(), 14);
    }

    #[test]
    fn a_deal_supplies_reveals_the_record_does_not_name() {
        let deal = "pppppccrnbaabnrRNBAABNRCCPPPPP";
        let view = replay("1. h2e2", Variant::Jieqi, Some(deal)).unwrap();
        assert_eq!(view.error, None);
        let revealed = view.plies[0].iccs.as_bytes()[4] as char;
        assert!(revealed.is_ascii_uppercase(), "{}", view.plies[0].iccs);
        let e2 = Square::parse("e2").unwrap().index90();
        assert_eq!(view.positions[1].as_bytes()[e2] as char, revealed);
        // Without the deal the same record cannot say what the piece was.
        let blind = replay("1. h2e2", Variant::Jieqi, None).unwrap();
        assert!(blind.error.unwrap().contains("reveal missing"));
    }

    #[test]
    fn the_record_deal_tag_is_used_when_no_deal_is_given() {
        let text = "[Deal \"pppppccrnbaabnrRNBAABNRCCPPPPP\"]\n\n1. h2e2";
        let view = replay(text, Variant::Jieqi, None).unwrap();
        assert_eq!(view.error, None);
        assert_eq!(view.plies.len(), 1);
    }

    #[test]
    fn an_illegal_ply_keeps_the_positions_before_it() {
        let view = replay("1. h2e2 h9g7 2. a0a5", Variant::Xiangqi, None).unwrap();
        assert_eq!(view.plies.len(), 2);
        assert_eq!(view.positions.len(), 3);
        let e = view.error.unwrap();
        assert!(e.starts_with("ply 3 (a0a5)"), "{e}");
    }

    #[test]
    fn a_fen_tag_sets_the_start_and_the_move_numbers() {
        let text = "[FEN \"3k5/9/9/9/9/9/9/9/R8/1R3K3 b - - 0 7\"]\n\n7... d9e9 8. a1a9";
        let view = replay(text, Variant::Xiangqi, None).unwrap();
        assert_eq!(view.error, None);
        assert_eq!(
            view.plies
                .iter()
                .map(|p| (p.number, p.red))
                .collect::<Vec<_>>(),
            [(7, false), (8, true)]
        );
    }

    #[test]
    fn broken_records_are_errors() {
        assert!(matches!(
            replay("[Event \"x", Variant::Xiangqi, None),
            Err(ViewError::Syntax(_))
        ));
        assert!(matches!(
            replay("[FEN \"nonsense\"]\n", Variant::Xiangqi, None),
            Err(ViewError::Setup(_))
        ));
        assert!(matches!(
            replay("1. a1", Variant::Jieqi, Some("nonsense")),
            Err(ViewError::Setup(_))
        ));
        assert!(matches!(
            replay("1. a1", Variant::Banqi, Some("KKK")),
            Err(ViewError::Setup(_))
        ));
    }

    /// Why a record cannot be shown, and a Banqi turn it stops at, are worded in the reader's
    /// language; the view's JSON keeps the English.
    #[test]
    fn errors_are_worded_for_the_reader() {
        use crate::i18n::Lang;
        let Err(e) = replay("[Event \"x", Variant::Xiangqi, None) else {
            panic!("an unterminated tag is an error");
        };
        let zh = Lang::ZhHant.reason(&e.reason());
        assert!(
            zh.starts_with("棋譜第 1 行第 ") && zh.contains("標籤沒有結束"),
            "{zh}"
        );
        let zh = Lang::ZhHans.reason(&e.reason());
        assert!(
            zh.starts_with("棋谱第 1 行第 ") && zh.contains("标签没有结束"),
            "{zh}"
        );
        let Err(e) = replay("1. a1", Variant::Banqi, Some("KKK")) else {
            panic!("a short deal is an error");
        };
        assert!(!Lang::ZhHant.reason(&e.reason()).contains("deal"), "{e}");
        let view = replay("1. a1=k 2. a1-a2", Variant::Banqi, None).unwrap();
        assert_eq!(view.plies.len(), 1);
        let bad = view.bad_ply.expect("the bad ply");
        assert_eq!((bad.ply, bad.token.as_str()), (2, "a1-a2"));
        assert_eq!(
            Lang::ZhHans.reason(&crate::rules::describe::error(&bad)),
            "a1 的棋子属于对方"
        );
        assert_eq!(
            view.error.as_deref(),
            Some("ply 2 (a1-a2): illegal turn: the piece on a1 belongs to the opponent")
        );
    }

    #[test]
    fn banqi_flips_moves_and_captures_are_replayed_on_32_squares() {
        // Without a deal every flip names its piece; the first flip makes its mover Black here.
        let view = replay(
            "1... a1=k 2. b1=R a1xb1 3. c1=P b1-a1 4. c1-b1",
            Variant::Banqi,
            None,
        );
        let view = view.unwrap();
        assert_eq!(view.variant, "banqi");
        assert_eq!(view.error, None, "{view:?}");
        assert_eq!(view.positions[0], "X".repeat(32));
        assert_eq!(view.positions.len(), 7);
        let texts: Vec<(&str, &str, bool)> = view
            .plies
            .iter()
            .map(|p| (p.iccs.as_str(), p.zh.as_str(), p.red))
            .collect();
        assert_eq!(
            texts,
            [
                ("a1=k", "a1 翻將", false),
                ("b1=R", "b1 翻俥", true),
                ("a1xb1", "將a1×b1", false),
                ("c1=P", "c1 翻兵", true),
                ("b1-a1", "將b1–a1", false),
                ("c1-b1", "兵c1–b1", true),
            ]
        );
        assert_eq!(
            view.plies.iter().map(|p| p.number).collect::<Vec<_>>(),
            [1, 2, 2, 3, 3, 4]
        );
        assert!(view.plies[0].reveal && !view.plies[2].reveal);
        assert!(view.plies[2].capture && !view.plies[4].capture);
        let last = &view.positions[6];
        assert_eq!(&last[..4], "kP.X");
        assert_eq!(last.matches('X').count(), 29);
    }

    #[test]
    fn a_banqi_deal_supplies_unnamed_flips_without_showing_face_down_pieces() {
        let deal = "KAABBRRNNCCPPPPPkaabbrrnnccppppp";
        let view = replay("1. a1 a3", Variant::Banqi, Some(deal)).unwrap();
        assert_eq!(view.error, None);
        assert_eq!(view.plies[0].iccs, "a1=K");
        assert_eq!(view.plies[1].iccs, "a3=k");
        assert_eq!(view.positions[1].matches('X').count(), 31);
        let blind = replay("1. a1", Variant::Banqi, None).unwrap();
        assert!(blind.error.unwrap().starts_with("ply 1 (a1)"));
    }

    /// Plays the script's changes from its start, as `static/viewer.js` does.
    fn positions_from_script(json: &str) -> Vec<String> {
        let data: serde_json::Value = serde_json::from_str(json).unwrap();
        let mut points: Vec<char> = data["start"].as_str().unwrap().chars().collect();
        let mut positions = vec![points.iter().collect::<String>()];
        for change in data["plies"].as_array().unwrap() {
            let change = change.as_str().unwrap().trim_start_matches('*');
            let mut index = String::new();
            for c in change.chars() {
                if c.is_ascii_digit() {
                    index.push(c);
                } else {
                    points[index.parse::<usize>().unwrap()] = c;
                    index.clear();
                }
            }
            assert!(
                index.is_empty(),
                "a change ends with its character: {change}"
            );
            positions.push(points.iter().collect());
        }
        positions
    }

    #[test]
    fn the_script_gets_each_ply_as_the_points_it_changed() {
        let cases = [
            ("1. h2e2C h9g7n 2. e2e6 b9c7r 3. b2c2R", Variant::Jieqi),
            ("1. 炮二平五 马8进7 2. 马二进三 车9平8", Variant::Xiangqi),
            (
                "1... a1=k 2. b1=R a1xb1 3. c1=P b1-a1 4. c1-b1",
                Variant::Banqi,
            ),
        ];
        for (record, variant) in cases {
            let view = replay(record, variant, None).unwrap();
            assert_eq!(view.error, None);
            let json = to_script_json(&view);
            assert_eq!(positions_from_script(&json), view.positions, "{record}");
            let data: serde_json::Value = serde_json::from_str(&json).unwrap();
            for (change, ply) in data["plies"].as_array().unwrap().iter().zip(&view.plies) {
                let change = change.as_str().unwrap();
                assert_eq!(change.starts_with('*'), ply.reveal, "{change}");
                // The point left first, the point landed on last (one point for a Banqi flip).
                let from = ply.from.to_string();
                let to = ply.to.to_string();
                assert!(
                    change.trim_start_matches('*').starts_with(&from),
                    "{change}"
                );
                let last_digits = change
                    .trim_end_matches(|c: char| !c.is_ascii_digit())
                    .rsplit(|c: char| !c.is_ascii_digit())
                    .next();
                assert_eq!(last_digits, Some(to.as_str()), "{change}");
            }
        }
        // A ply costs a few bytes, not a position.
        let long = "h2e2 h7e7 e2h2 e7h7 ".repeat(250);
        let view = replay(&long, Variant::Xiangqi, None).unwrap();
        assert_eq!(view.plies.len(), 1000);
        assert!(
            to_script_json(&view).len() < 12 * 1000,
            "{}",
            to_script_json(&view).len()
        );
    }

    #[test]
    fn script_json_cannot_close_the_script_element() {
        let view = GameView {
            variant: "xiangqi",
            positions: vec![],
            plies: vec![],
            error: Some("ply 1 (</script><b>&): illegal".into()),
            bad_ply: None,
        };
        let json = to_script_json(&view);
        assert!(!json.contains('<') && !json.contains('>') && !json.contains('&'));
        let back: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(back["error"], "ply 1 (</script><b>&): illegal");
        assert_eq!(back["plies"], serde_json::json!([]));
    }
}
