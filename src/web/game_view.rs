//! The data of the game viewer: a stored record replayed with the rules engine into every position
//! of the game (face-down pieces included) and each ply written in Chinese and ICCS notation.
//!
//! The browser only draws what this module computed (`static/viewer.js`), so the viewer never needs
//! rules of its own and shows exactly what the adjudicator accepted.

use serde::Serialize;

use crate::rules::Variant;
use crate::rules::notation::{Notation, Record, WrittenMove, parse_move, write_move};
use crate::rules::xiangqi::{Deal, Position, Square};

/// A position as the viewer draws it: 90 characters, one per point in `Square::index90` order
/// (`a0`, `b0`, …, `i9`): `.` empty, FEN letters for face-up pieces (upper case Red), `X`/`x` for
/// face-down pieces of Red/Black.
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
    /// Canonical ICCS (`h2e2`, `h0g2C`).
    pub iccs: String,
    /// Index (`Square::index90`) of the point the piece left.
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
    /// The game (xiangqi or Jieqi).
    pub variant: &'static str,
    /// Every position, start first.
    pub positions: Vec<Points>,
    /// Every ply that could be replayed.
    pub plies: Vec<PlyView>,
    /// Why the replay stopped early (first bad ply), if it did.
    pub error: Option<String>,
}

/// Why a record cannot be shown at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ViewError {
    /// The record's syntax (tags, comments).
    #[error("{0}")]
    Syntax(String),
    /// The start position or deal cannot be set up.
    #[error("{0}")]
    Setup(String),
    /// The viewer draws xiangqi and Jieqi boards only.
    #[error("the viewer does not show {0} games")]
    Unsupported(Variant),
}

/// Replays `record` (a stored record of `variant`) from its start position. `deal` is the round's
/// deal once it is public; without it, a face-down mover's identity must be written in the record.
/// An illegal ply does not fail the view: the positions up to it are shown with the reason.
pub fn replay(record: &str, variant: Variant, deal: Option<&Deal>) -> Result<GameView, ViewError> {
    if variant == Variant::Banqi {
        return Err(ViewError::Unsupported(variant));
    }
    let parsed = Record::parse(record).map_err(|e| ViewError::Syntax(e.to_string()))?;
    let mut pos = start_position(&parsed, variant, deal)?;
    let mut view = GameView {
        variant: variant.name(),
        positions: vec![points(&pos)],
        plies: Vec::with_capacity(parsed.moves.len()),
        error: None,
    };
    for (i, token) in parsed.moves.iter().enumerate() {
        match play(&mut pos, &token.text) {
            Ok(ply) => {
                view.plies.push(ply);
                view.positions.push(points(&pos));
            }
            Err(why) => {
                view.error = Some(format!("ply {} ({}): {why}", i + 1, token.text));
                break;
            }
        }
    }
    Ok(view)
}

/// The start position of a record: its `FEN` tag or the variant's start, with the deal (given or
/// from the record's `Deal` tag) under the face-down pieces.
fn start_position(
    record: &Record,
    variant: Variant,
    deal: Option<&Deal>,
) -> Result<Position, ViewError> {
    let setup = ViewError::Setup;
    let tagged = match record
        .tag("Deal")
        .map(str::trim)
        .filter(|d| !d.is_empty() && *d != "-")
    {
        Some(d) => Some(Deal::parse(d).map_err(|e| setup(format!("Deal tag: {e}")))?),
        None => None,
    };
    let deal = deal.copied().or(tagged);
    let mut pos = match record.tag("FEN").map(str::trim).filter(|f| !f.is_empty()) {
        Some(f) => Position::from_fen(f, variant).map_err(|e| setup(format!("FEN tag: {e}")))?,
        None => Position::start(variant),
    };
    if let Some(d) = deal.filter(|_| variant == Variant::Jieqi) {
        pos.apply_deal(&d).map_err(setup)?;
    }
    Ok(pos)
}

/// Plays one token in `pos`, returning the ply as the viewer lists it.
fn play(pos: &mut Position, token: &str) -> Result<PlyView, String> {
    let written = parse_move(pos, token).map_err(|e| e.to_string())?;
    let mv = written.mv;
    let reveal = pos.is_reveal(mv);
    if reveal && pos.hidden_identity(mv.from()).is_none() {
        let said = written.reveal.ok_or_else(|| {
            format!(
                "the face-down piece on {} moves but its identity is not written",
                mv.from()
            )
        })?;
        pos.set_hidden_identity(mv.from(), said)
            .map_err(|e| e.to_string())?;
    }
    if let Some(said) = written.captured
        && pos.hidden_identity(mv.to()).is_none()
    {
        pos.set_hidden_identity(mv.to(), said)
            .map_err(|e| e.to_string())?;
    }
    // Written from the identities now known, so a deal-only reveal still shows in the move list.
    let canonical = WrittenMove {
        mv,
        reveal: pos.hidden_identity(mv.from()).filter(|_| reveal),
        captured: written.captured,
    };
    let ply = PlyView {
        number: pos.move_number(),
        red: pos.side_to_move() == crate::rules::Color::Red,
        zh: write_move(pos, &canonical, Notation::Chinese),
        iccs: write_move(pos, &canonical, Notation::Iccs),
        from: mv.from().index90(),
        to: mv.to().index90(),
        reveal,
        capture: pos.is_capture(mv),
    };
    pos.make_move(mv).map_err(|e| e.to_string())?;
    Ok(ply)
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

/// The view as JSON that is safe inside an HTML `<script>` element (no `<`, `>` or `&` characters,
/// so record text can never close the element).
pub fn to_script_json(view: &GameView) -> String {
    let json = serde_json::to_string(view).unwrap_or_else(|_| "null".to_string());
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
        let deal = Deal::parse("pppppccrnbaabnrRNBAABNRCCPPPPP").unwrap();
        let view = replay("1. h2e2", Variant::Jieqi, Some(&deal)).unwrap();
        assert_eq!(view.error, None);
        let revealed = view.plies[0].iccs.as_bytes()[4] as char;
        assert!(revealed.is_ascii_uppercase(), "{}", view.plies[0].iccs);
        let e2 = Square::parse("e2").unwrap().index90();
        assert_eq!(view.positions[1].as_bytes()[e2] as char, revealed);
        // Without the deal the same record cannot say what the piece was.
        let blind = replay("1. h2e2", Variant::Jieqi, None).unwrap();
        assert!(blind.error.unwrap().contains("identity is not written"));
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
    fn broken_records_and_banqi_are_errors() {
        assert!(matches!(
            replay("[Event \"x", Variant::Xiangqi, None),
            Err(ViewError::Syntax(_))
        ));
        assert!(matches!(
            replay("[FEN \"nonsense\"]\n", Variant::Xiangqi, None),
            Err(ViewError::Setup(_))
        ));
        assert!(matches!(
            replay("", Variant::Banqi, None),
            Err(ViewError::Unsupported(Variant::Banqi))
        ));
    }

    #[test]
    fn script_json_cannot_close_the_script_element() {
        let view = GameView {
            variant: "xiangqi",
            positions: vec![],
            plies: vec![],
            error: Some("ply 1 (</script><b>&): illegal".into()),
        };
        let json = to_script_json(&view);
        assert!(!json.contains('<') && !json.contains('>') && !json.contains('&'));
        let back: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(back["error"], "ply 1 (</script><b>&): illegal");
    }
}
