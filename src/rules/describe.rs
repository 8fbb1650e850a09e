//! Verdicts in words: the reason a ply was refused ("the piece on b2 is an elephant, not a
//! chariot"; 「b2 的暗子是相，不是車」), each ruling event ("第 112 著：局面第三次重複，紅方長將；
//! 對局繼續"), a verdict in one sentence, and why a record cannot be read or set up (its syntax,
//! its deal, its FEN), as [`Reason`]s: message keys (`verdict_*`, in
//! `locales/<lang>/verdicts.ftl`) with named arguments, which the pages and the CLI word in their
//! reader's language. Pure functions.

use super::adjudicate::SetupError;
use super::banqi::{IllegalTurn, Piece as BanqiPiece, Square as BanqiSquare};
use super::outcome::{GameResult, PlyCause, PlyError, Rule, RulingEvent, Termination, Verdict};
use super::xiangqi::PieceKind;
use super::{Color, Variant};
use crate::i18n::{Lang, Reason};

/// A piece's name with its article in English ("an elephant"), or its Chinese name for its side
/// (紅 相, 黑 象; 車/车 for both).
pub fn piece(kind: PieceKind, color: Color) -> Reason {
    let red = color == Color::Red;
    Reason::new(match (kind, red) {
        (PieceKind::King, true) => "verdict_piece_king_red",
        (PieceKind::King, false) => "verdict_piece_king_black",
        (PieceKind::Advisor, true) => "verdict_piece_advisor_red",
        (PieceKind::Advisor, false) => "verdict_piece_advisor_black",
        (PieceKind::Elephant, true) => "verdict_piece_elephant_red",
        (PieceKind::Elephant, false) => "verdict_piece_elephant_black",
        (PieceKind::Horse, true) => "verdict_piece_horse_red",
        (PieceKind::Horse, false) => "verdict_piece_horse_black",
        (PieceKind::Chariot, true) => "verdict_piece_chariot_red",
        (PieceKind::Chariot, false) => "verdict_piece_chariot_black",
        (PieceKind::Cannon, true) => "verdict_piece_cannon_red",
        (PieceKind::Cannon, false) => "verdict_piece_cannon_black",
        (PieceKind::Pawn, true) => "verdict_piece_pawn_red",
        (PieceKind::Pawn, false) => "verdict_piece_pawn_black",
    })
}

/// A side: "Red" / 紅方 / 红方.
pub fn side(color: Color) -> Reason {
    Reason::new(match color {
        Color::Red => "verdict_side_red",
        Color::Black => "verdict_side_black",
    })
}

/// The game's name.
pub fn variant(v: Variant) -> Reason {
    Reason::new(match v {
        Variant::Xiangqi => "verdict_variant_xiangqi",
        Variant::Jieqi => "verdict_variant_jieqi",
        Variant::Banqi => "verdict_variant_banqi",
    })
}

/// A result in words ("Red wins", 紅勝, "draw").
pub fn result(r: GameResult) -> Reason {
    Reason::new(match r {
        GameResult::RedWins => "verdict_result_red_wins",
        GameResult::BlackWins => "verdict_result_black_wins",
        GameResult::Draw => "verdict_result_draw",
        GameResult::Unknown => "verdict_result_unknown",
    })
}

/// How a game ended, in words ("checkmate", 將死).
pub fn termination(t: Termination) -> Reason {
    Reason::new(match t {
        Termination::Checkmate => "verdict_term_checkmate",
        Termination::Stalemate => "verdict_term_stalemate",
        Termination::PerpetualCheck => "verdict_term_perpetual_check",
        Termination::PerpetualChase => "verdict_term_perpetual_chase",
        Termination::Repetition => "verdict_term_repetition",
        Termination::MoveLimit => "verdict_term_move_limit",
        Termination::NoPieces => "verdict_term_no_pieces",
        Termination::Claimed => "verdict_term_claimed",
        Termination::Unfinished => "verdict_term_unfinished",
        Termination::Illegal => "verdict_term_illegal",
    })
}

/// A result with how the game ended: "Red wins (checkmate)", 「紅勝（將死）」.
pub fn outcome(r: GameResult, t: Termination) -> Reason {
    Reason::new("verdict_outcome")
        .arg_reason("result", &result(r))
        .arg_reason("how", &termination(t))
}

/// Several alternatives: "a or b or c" / 「a或b或c」.
fn alternatives(items: &[String]) -> Reason {
    match items {
        [] => Reason::new("verdict_message").arg("message", ""),
        [one] => Reason::new("verdict_message").arg("message", one),
        [first, rest @ ..] => {
            let rest = alternatives(rest);
            Reason::new("verdict_or")
                .arg("first", first)
                .arg_reason("rest", &rest)
        }
    }
}

/// Why a ply was refused.
pub fn cause(c: &PlyCause) -> Reason {
    match c {
        PlyCause::RevealContradicts {
            square,
            color,
            known,
            said,
        } => Reason::new("verdict_cause_reveal_contradicts")
            .arg("square", square)
            .arg_reason("known", &piece(*known, *color))
            .arg_reason("said", &piece(*said, *color)),
        PlyCause::CapturedContradicts {
            square,
            color,
            known,
            said,
        } => Reason::new("verdict_cause_captured_contradicts")
            .arg("square", square)
            .arg_reason("known", &piece(*known, *color))
            .arg_reason("said", &piece(*said, *color)),
        PlyCause::RevealMissing { square } => {
            Reason::new("verdict_cause_reveal_missing").arg("square", square)
        }
        PlyCause::ImpossibleIdentity {
            square,
            color,
            said,
        } => Reason::new("verdict_cause_impossible_identity")
            .arg("square", square)
            .arg_reason("said", &piece(*said, *color))
            .arg_reason("side", &side(*color)),
        PlyCause::NotAMove => Reason::new("verdict_cause_not_a_move"),
        PlyCause::NoLegalMatch => Reason::new("verdict_cause_no_legal_match"),
        PlyCause::IntoCheck { in_check: true } => Reason::new("verdict_cause_still_in_check"),
        PlyCause::IntoCheck { in_check: false } => Reason::new("verdict_cause_into_check"),
        PlyCause::Ambiguous { candidates } => Reason::new("verdict_cause_ambiguous")
            .arg_reason("candidates", &alternatives(candidates)),
        PlyCause::RevealOnFaceUp { square } => {
            Reason::new("verdict_cause_reveal_on_face_up").arg("square", square)
        }
        PlyCause::AfterTheEnd {
            termination: t,
            after_ply,
        } => Reason::new("verdict_cause_after_the_end")
            .arg("termination", t.as_str())
            .arg("after", after_ply),
        PlyCause::NotUtf8 => Reason::new("verdict_cause_not_utf8"),
        PlyCause::Unreadable { line, column } => Reason::new("verdict_cause_unreadable")
            .arg("line", line)
            .arg("column", column),
        PlyCause::NotABanqiTurn => Reason::new("verdict_cause_not_a_banqi_turn"),
        PlyCause::EitherSide { square, name } => Reason::new("verdict_cause_either_side")
            .arg("square", square)
            .arg("name", name),
        PlyCause::IllegalTurn { turn } => illegal_turn(turn),
        PlyCause::FlipUnnamed { square } => {
            Reason::new("verdict_cause_flip_unnamed").arg("square", square)
        }
        PlyCause::FlipContradicts {
            square,
            dealt,
            written,
        } => Reason::new("verdict_cause_flip_contradicts")
            .arg("square", square)
            .arg_reason("dealt", &banqi_piece(*dealt))
            .arg_reason("written", &banqi_piece(*written)),
        PlyCause::Unplayable => Reason::new("verdict_cause_unplayable"),
    }
}

/// A Banqi piece with its side: "a Red king" / 「紅方帥」.
fn banqi_piece(p: BanqiPiece) -> Reason {
    Reason::new("verdict_banqi_piece")
        .arg_reason("side", &side(p.color))
        .arg_reason("piece", &piece(p.kind.xiangqi(), p.color))
}

/// Which rule of movement a Banqi turn breaks.
fn illegal_turn(rule: &IllegalTurn) -> Reason {
    let two = |key: &'static str, from: &BanqiSquare, to: &BanqiSquare| {
        Reason::new(key).arg("from", from).arg("to", to)
    };
    let one = |key: &'static str, square: &BanqiSquare| Reason::new(key).arg("square", square);
    match rule {
        IllegalTurn::NothingToFlip { square } => one("verdict_turn_nothing_to_flip", square),
        IllegalTurn::FirstTurnNotFlip => Reason::new("verdict_turn_first_not_flip"),
        IllegalTurn::OpponentsPiece { square } => one("verdict_turn_opponents_piece", square),
        IllegalTurn::FaceDownMover { square } => one("verdict_turn_face_down_mover", square),
        IllegalTurn::NoPiece { square } => one("verdict_turn_no_piece", square),
        IllegalTurn::NotInLine { from, to } => two("verdict_turn_not_in_line", from, to),
        IllegalTurn::TooFar { from, to } => two("verdict_turn_too_far", from, to),
        IllegalTurn::NotEmpty { square } => one("verdict_turn_not_empty", square),
        IllegalTurn::NothingToCapture { square } => one("verdict_turn_nothing_to_capture", square),
        IllegalTurn::FaceDownTarget { square } => one("verdict_turn_face_down_target", square),
        IllegalTurn::OwnPiece { square } => one("verdict_turn_own_piece", square),
        IllegalTurn::CannonScreen { from, to, between } => {
            two("verdict_turn_cannon_screen", from, to).arg("between", between)
        }
        IllegalTurn::CaptureAtDistance { from, to } => {
            two("verdict_turn_capture_at_distance", from, to)
        }
        IllegalTurn::Outranked { piece, target } => {
            Reason::new(if piece.kind == crate::rules::banqi::PieceKind::King {
                "verdict_turn_king_takes_pawn"
            } else {
                "verdict_turn_outranked"
            })
            .arg_reason("piece", &banqi_piece(*piece))
            .arg_reason("target", &banqi_piece(*target))
        }
        IllegalTurn::ChainsOff => Reason::new("verdict_turn_chains_off"),
    }
}

/// A refused ply whose English message (the JSON's `message`) is written from its cause.
pub fn ply_error(ply: usize, token: &str, c: PlyCause) -> PlyError {
    PlyError {
        ply,
        token: token.to_string(),
        message: Lang::En.reason(&cause(&c)),
        cause: Some(c),
    }
}

/// Why the ply of `e` was refused: from its cause, else (a verdict stored before causes were kept,
/// a Banqi move) its message as it stands. An unreadable game keeps its message, which names what
/// could not be read.
pub fn error(e: &PlyError) -> Reason {
    match &e.cause {
        Some(c) if !matches!(c, PlyCause::Unreadable { .. }) || e.message.is_empty() => cause(c),
        _ => Reason::new("verdict_message").arg("message", &e.message),
    }
}

/// A ruling event in a sentence, e.g. "ply 112: third occurrence, Red checked perpetually; play
/// went on" / 「第 112 著：局面第三次重複，紅方長將；對局繼續」. `went_on` says whether the record
/// goes on after the event's ply.
pub fn event(e: &RulingEvent, variant: Variant, went_on: bool) -> Reason {
    let what = match e.rule {
        Rule::Repetition => {
            let again = match e.occurrence {
                Some(n) => Reason::new("verdict_again_n").arg("n", n),
                None => Reason::new("verdict_again"),
            };
            let ruling = match (e.ruling, e.offender) {
                (Termination::PerpetualCheck, Some(c)) => {
                    Reason::new("verdict_ruling_perpetual_check").arg_reason("side", &side(c))
                }
                (Termination::PerpetualChase, Some(c)) => {
                    Reason::new("verdict_ruling_perpetual_chase").arg_reason("side", &side(c))
                }
                (Termination::PerpetualCheck, None) => Reason::new("verdict_ruling_both_check"),
                (Termination::PerpetualChase, None) => Reason::new("verdict_ruling_both_chase"),
                _ => Reason::new("verdict_ruling_draw"),
            };
            Reason::new("verdict_repetition")
                .arg_reason("again", &again)
                .arg_reason("ruling", &ruling)
        }
        Rule::MoveLimit if variant == Variant::Banqi => {
            Reason::new("verdict_event_move_limit_banqi")
        }
        Rule::MoveLimit => Reason::new("verdict_event_move_limit"),
        Rule::PerpetualChase => Reason::new("verdict_event_perpetual_chase"),
    };
    Reason::new("verdict_event")
        .arg("ply", e.ply)
        .arg_reason("what", &what)
        .arg("went_on", if went_on { "yes" } else { "no" })
}

/// Every event of `v` in a sentence, in ply order.
pub fn events(v: &Verdict) -> Vec<Reason> {
    v.events
        .iter()
        .map(|e| event(e, v.variant, e.ply < v.plies || v.error.is_some()))
        .collect()
}

/// An illegal ply in one sentence: "illegal ply 3 (马二进三车): reveal contradicts the deal: …",
/// 「第 3 著「马二进三车」不合規則：…」.
pub fn illegal(e: &PlyError) -> Reason {
    Reason::new("verdict_illegal_ply")
        .arg("ply", e.ply)
        .arg("token", &e.token)
        .arg_reason("why", &error(e))
}

/// The verdict in one sentence, for pages: "Red wins (checkmate)", an illegal ply as
/// [`illegal`], 「紅勝（將死）」, with the record's contradicted claim when there is one.
pub fn summary(v: &Verdict) -> Reason {
    if let Some(e) = &v.error {
        return illegal(e);
    }
    let s = outcome(v.result, v.termination);
    match v.claim_conflict {
        Some(c) => Reason::new("verdict_claim_conflict")
            .arg_reason("summary", &s)
            .arg("claim", c.as_str()),
        None => s,
    }
}

/// Why a record's start cannot be set up, as a message for the reader's language (naming the tag
/// or FEN field; the parsers' own English detail is for the CLI).
pub fn setup_error(e: &SetupError) -> Reason {
    let variant = |v: Variant| Reason::new(variant_key(v));
    match e {
        SetupError::UnknownVariantTag(t) => Reason::new("words_setup_variant_tag").arg("tag", t),
        SetupError::OtherVariant { record, asked } => Reason::new("words_setup_other_variant")
            .arg_reason("record", &variant(*record))
            .arg_reason("asked", &variant(*asked)),
        SetupError::JieqiDealForBanqi => Reason::new("words_setup_jieqi_deal_for_banqi"),
        SetupError::DealTag(d) => {
            Reason::new("words_setup_deal_tag").arg_reason("detail", &deal_error(d))
        }
        SetupError::DealDiffers => Reason::new("words_setup_deal_differs"),
        SetupError::DealNeedsJieqi => Reason::new("words_setup_deal_needs_jieqi"),
        SetupError::Fen(f) => fen_error(f),
        SetupError::DealPool(_) => Reason::new("words_setup_deal_pool"),
        SetupError::Banqi(b) => banqi_setup_error(b),
    }
}

/// What is wrong with a Jieqi deal, as a message (see [`setup_error`]).
pub fn deal_error(d: &super::xiangqi::DealError) -> Reason {
    use super::xiangqi::DealError as D;
    match *d {
        D::WrongLength { found } => Reason::new("words_deal_length")
            .arg("expected", 30)
            .arg("found", found),
        D::NotAPiece { position, letter } => Reason::new("words_deal_letter")
            .arg("position", position)
            .arg("letter", letter),
        D::WrongColor {
            position,
            letter,
            expected,
        } => Reason::new("words_deal_case")
            .arg("position", position)
            .arg("letter", letter)
            .arg_reason("side", &Reason::new(expected.as_str())),
        D::WrongCount {
            color,
            kind,
            found,
            expected,
        } => Reason::new("words_deal_count")
            .arg_reason("side", &Reason::new(color.as_str()))
            .arg("letter", kind.letter())
            .arg("found", found)
            .arg("expected", expected),
    }
}

/// What is wrong with a xiangqi or Jieqi FEN, as a message (see [`setup_error`]).
pub fn fen_error(f: &super::xiangqi::FenError) -> Reason {
    use super::xiangqi::FenError as F;
    match f {
        F::Board(_) => Reason::new("words_fen_board"),
        F::SideToMove(v) => Reason::new("words_fen_side").arg("value", v),
        F::Pool(_) => Reason::new("words_fen_pool"),
        F::Clock(v) => Reason::new("words_fen_clock").arg("value", v),
        F::MoveNumber(v) => Reason::new("words_fen_move_number").arg("value", v),
        F::ExtraField(v) => Reason::new("words_fen_extra").arg("value", v),
        F::Position(_) => Reason::new("words_fen_position"),
    }
}

/// Why a Banqi record's start cannot be set up, as a message (see [`setup_error`]).
pub fn banqi_setup_error(e: &super::banqi::SetupError) -> Reason {
    use super::banqi::SetupError as S;
    match e {
        S::Deal(d) => {
            Reason::new("words_setup_deal_tag").arg_reason("detail", &banqi_deal_error(d))
        }
        S::Fen(f) => banqi_fen_error(f),
        S::OtherVariant(tag) => Reason::new("words_setup_not_banqi").arg("tag", tag),
    }
}

/// What is wrong with a Banqi deal, as a message (see [`setup_error`]).
pub fn banqi_deal_error(d: &super::banqi::DealError) -> Reason {
    use super::banqi::DealError as D;
    match d {
        D::Length(found) => Reason::new("words_deal_length")
            .arg("expected", 32)
            .arg("found", found),
        D::Letter {
            letter, position, ..
        } => Reason::new("words_deal_letter")
            .arg("position", position)
            .arg("letter", letter),
        D::Count {
            piece,
            found,
            expected,
        } => Reason::new("words_banqi_deal_count")
            .arg("letter", piece)
            .arg("found", found)
            .arg("expected", expected),
    }
}

/// What is wrong with a Banqi FEN, as a message (see [`setup_error`]).
pub fn banqi_fen_error(f: &super::banqi::fen::FenError) -> Reason {
    use super::banqi::fen::FenError as F;
    match f {
        F::FieldCount(n) => Reason::new("words_banqi_fen_fields").arg("found", n),
        F::Board(_) => Reason::new("words_fen_board"),
        F::Side(d) => Reason::new("words_fen_side").arg("value", d),
        F::Clock(v) => Reason::new("words_fen_clock").arg("value", v),
        F::MoveNumber(v) => Reason::new("words_fen_move_number").arg("value", v),
        F::Pieces(_) => Reason::new("words_fen_position"),
    }
}

/// The key of a game's name as the setup errors word it.
fn variant_key(v: Variant) -> &'static str {
    match v {
        Variant::Xiangqi => "variant_xiangqi",
        Variant::Jieqi => "variant_jieqi",
        Variant::Banqi => "variant_banqi",
    }
}

/// A record's syntax error as a message for the reader's language: the line and column, and what is
/// wrong (its `Display` is the English).
pub fn record_error(e: &super::notation::record::RecordError) -> Reason {
    use super::notation::record::RecordErrorKind as K;
    let what = match &e.kind {
        K::NotUtf8 {
            offset,
            byte,
            likely: Some(enc),
        } => Reason::new("rec_err_not_utf8_legacy")
            .arg("byte", format!("0x{byte:02X}"))
            .arg("offset", offset)
            .arg("encoding", enc.name()),
        K::NotUtf8 { offset, byte, .. } => Reason::new("rec_err_not_utf8")
            .arg("byte", format!("0x{byte:02X}"))
            .arg("offset", offset),
        K::UnterminatedComment => Reason::new("rec_err_unterminated_comment"),
        K::UnterminatedTag => Reason::new("rec_err_unterminated_tag"),
        K::MalformedTag(t) => Reason::new("rec_err_malformed_tag").arg("tag", t),
        K::TagAfterMovetext => Reason::new("rec_err_tag_after_movetext"),
        K::Variation => Reason::new("rec_err_variation"),
        K::StrayCharacter(c) => Reason::new("rec_err_stray").arg("char", c),
        K::BareNumber(t) => Reason::new("rec_err_bare_number").arg("token", t),
        K::TextAfterResult(t) => Reason::new("rec_err_after_result").arg("token", t),
        K::Json(_) => Reason::new("rec_err_json"),
        K::JsonField(f) => Reason::new("rec_err_json_field").arg("field", f),
        K::JsonAdjust(n) => Reason::new("rec_err_json_adjust").arg("entry", n),
        K::JsonGames(n) => Reason::new("rec_err_json_games").arg("games", n),
        K::PositionLine => Reason::new("rec_err_position_line"),
    };
    Reason::new("rec_err_at")
        .arg("line", e.line)
        .arg("column", e.column)
        .arg_reason("what", &what)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contradiction() -> PlyCause {
        PlyCause::RevealContradicts {
            square: "b2".into(),
            color: Color::Red,
            known: PieceKind::Elephant,
            said: PieceKind::Chariot,
        }
    }

    fn say(r: &Reason, lang: Lang) -> String {
        lang.reason(r)
    }

    #[test]
    fn reasons_have_correct_grammar_in_each_language() {
        let c = contradiction();
        assert_eq!(
            say(&cause(&c), Lang::En),
            "reveal contradicts the deal: the piece on b2 is an elephant, not a chariot"
        );
        assert_eq!(say(&cause(&c), Lang::ZhHant), "b2 的暗子是相，不是車");
        assert_eq!(say(&cause(&c), Lang::ZhHans), "b2 的暗子是相，不是车");
        let horse = PlyCause::RevealContradicts {
            square: "h9".into(),
            color: Color::Black,
            known: PieceKind::Advisor,
            said: PieceKind::Horse,
        };
        assert_eq!(
            say(&cause(&horse), Lang::En),
            "reveal contradicts the deal: the piece on h9 is an advisor, not a horse"
        );
        assert_eq!(say(&cause(&horse), Lang::ZhHant), "h9 的暗子是士，不是馬");
        let e = ply_error(3, "马二进三车", c);
        assert_eq!(
            say(
                &summary(&Verdict::illegal(Variant::Jieqi, 2, "f".into(), e)),
                Lang::ZhHant
            ),
            "第 3 著「马二进三车」不合規則：b2 的暗子是相，不是車"
        );
        let after = PlyCause::AfterTheEnd {
            termination: Termination::Checkmate,
            after_ply: 3,
        };
        assert_eq!(
            say(&cause(&after), Lang::En),
            "the game had already ended (checkmate) after ply 3"
        );
        assert_eq!(
            say(&cause(&after), Lang::ZhHans),
            "第 3 着后对局已经结束：将死"
        );
        let at_start = PlyCause::AfterTheEnd {
            termination: Termination::PerpetualCheck,
            after_ply: 0,
        };
        assert_eq!(
            say(&cause(&at_start), Lang::En),
            "the game had already ended (perpetual_check) before the first move"
        );
        assert_eq!(
            say(&cause(&at_start), Lang::ZhHant),
            "開局時對局已經結束：長將"
        );
        let three = PlyCause::Ambiguous {
            candidates: vec!["a".into(), "b".into(), "c".into()],
        };
        assert_eq!(
            say(&cause(&three), Lang::En),
            "ambiguous move: could be a or b or c"
        );
        assert_eq!(
            say(&cause(&three), Lang::ZhHans),
            "着法不明确，可能是a或b或c"
        );
        let gone = PlyCause::ImpossibleIdentity {
            square: "c3".into(),
            color: Color::Black,
            said: PieceKind::Pawn,
        };
        assert_eq!(
            say(&cause(&gone), Lang::ZhHant),
            "c3 的暗子不可能是卒：黑方已沒有這種暗子"
        );
        assert_eq!(
            say(
                &cause(&PlyCause::Unreadable { line: 4, column: 7 }),
                Lang::ZhHans
            ),
            "第 4 行第 7 列无法读取"
        );
    }

    /// Banqi's refused turns are worded from their cause in every language, not from the English
    /// the verdict JSON keeps.
    #[test]
    fn banqi_refusals_are_worded_in_each_language() {
        use crate::rules::banqi::{self, Settings};
        use crate::rules::notation::Record;
        const DEAL: &str = "KAABBRRNNCCPPPPPkaabbrrnnccppppp";
        let refused = |text: &str, deal: Option<&str>| {
            let record = Record::parse(text).unwrap();
            let v = banqi::adjudicate(&record, None, deal, Settings::default()).unwrap();
            v.error.expect("an illegal ply")
        };
        // Red's king on a1 cannot step onto the face-down a2.
        let e = refused("1. a1=K b1\n2. a1-a2 c1", Some(DEAL));
        assert!(e.message.contains("cannot be captured"), "{}", e.message);
        assert_eq!(say(&error(&e), Lang::ZhHant), "a2 的暗子不能吃");
        assert_eq!(say(&error(&e), Lang::ZhHans), "a2 的暗子不能吃");
        assert_eq!(
            say(&error(&e), Lang::En),
            "the face-down piece on a2 cannot be captured"
        );
        let e = refused("1. a1=K b1=a", Some(DEAL));
        assert_eq!(
            say(&illegal(&e), Lang::ZhHant),
            "第 2 著「b1=a」不合規則：b1 翻出的記為黑方士，但佈局中是紅方仕"
        );
        assert_eq!(
            say(&error(&e), Lang::ZhHans),
            "b1 翻出的记为黑方士，但布局中是红方仕"
        );
        let e = refused("1. a1=K b1=k 2. c1", None);
        assert_eq!(
            say(&error(&e), Lang::ZhHant),
            "翻開 c1 時沒有記下翻出的棋子（沒有已知的佈局）"
        );
        let e = refused("1. a1=K b1=K", None);
        assert_eq!(
            say(&error(&e), Lang::ZhHans),
            "b1 的暗子不可能是帅：红方已没有这种暗子"
        );
        let e = refused("1. zz", None);
        assert_eq!(
            say(&error(&e), Lang::ZhHant),
            "不是暗棋記譜（a1、a1=K、a1-a2 或 a1xa3）"
        );
        let e = refused("1. a1-a2", None);
        assert_eq!(say(&error(&e), Lang::ZhHans), "第一步必须翻子");
        // A capture by a lower piece, and the king that cannot take a pawn.
        let lower = IllegalTurn::Outranked {
            piece: BanqiPiece::from_letter('P').unwrap(),
            target: BanqiPiece::from_letter('r').unwrap(),
        };
        assert_eq!(
            say(&cause(&PlyCause::IllegalTurn { turn: lower }), Lang::ZhHant),
            "紅方兵不能吃較大的黑方車"
        );
        let king = IllegalTurn::Outranked {
            piece: BanqiPiece::from_letter('k').unwrap(),
            target: BanqiPiece::from_letter('P').unwrap(),
        };
        assert_eq!(
            say(&cause(&PlyCause::IllegalTurn { turn: king }), Lang::ZhHans),
            "黑方将不能吃红方兵：帅、将不能吃兵、卒"
        );
        // The cause is stored with the verdict and read back.
        let stored = serde_json::to_value(&e).unwrap();
        assert_eq!(stored["cause"]["turn"]["rule"], "first_turn_not_flip");
        let back: PlyError = serde_json::from_value(stored).unwrap();
        assert_eq!(back, e);
    }

    #[test]
    fn a_stored_message_without_a_cause_is_kept() {
        let e = PlyError::new(3, "a1-a2", "a2 is not empty");
        assert_eq!(say(&error(&e), Lang::ZhHant), "a2 is not empty");
        assert_eq!(
            say(
                &outcome(GameResult::Draw, Termination::Repetition),
                Lang::ZhHant
            ),
            "和棋（三次重複局面）"
        );
        assert_eq!(
            say(
                &outcome(GameResult::RedWins, Termination::Checkmate),
                Lang::En
            ),
            "Red wins (checkmate)"
        );
    }

    #[test]
    fn events_read_as_an_arbiter_says_them() {
        let e = RulingEvent {
            ply: 112,
            rule: Rule::Repetition,
            ruling: Termination::PerpetualCheck,
            result: GameResult::BlackWins,
            offender: Some(Color::Red),
            occurrence: Some(3),
        };
        assert_eq!(
            say(&event(&e, Variant::Xiangqi, true), Lang::ZhHant),
            "第 112 著：局面第三次重複，紅方長將；對局繼續"
        );
        assert_eq!(
            say(&event(&e, Variant::Xiangqi, true), Lang::ZhHans),
            "第 112 着：局面第三次重复，红方长将；对局继续"
        );
        assert_eq!(
            say(&event(&e, Variant::Xiangqi, true), Lang::En),
            "ply 112: third occurrence, Red checked perpetually; play went on"
        );
        let draw = RulingEvent {
            ruling: Termination::Repetition,
            result: GameResult::Draw,
            offender: None,
            occurrence: Some(4),
            ..e
        };
        assert_eq!(
            say(&event(&draw, Variant::Xiangqi, false), Lang::En),
            "ply 112: fourth occurrence, a draw by repetition; the record ends here"
        );
        let many = RulingEvent {
            occurrence: Some(11),
            ..draw
        };
        assert_eq!(
            say(&event(&many, Variant::Xiangqi, false), Lang::ZhHant),
            "第 112 著：局面第 11 次重複，判和；棋譜至此結束"
        );
        assert_eq!(
            say(&event(&many, Variant::Xiangqi, false), Lang::En),
            "ply 112: 11th occurrence, a draw by repetition; the record ends here"
        );
    }
}
