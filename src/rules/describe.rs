//! Verdicts in words, in the reader's language (English, traditional and simplified Chinese): the
//! reason a ply was refused ("the piece on b2 is an elephant, not a chariot"; 「b2 的暗子是相，不是車」),
//! each ruling event ("第 112 著：局面第三次重複，紅方長將；對局繼續") and the whole report the CLI
//! prints. Pure functions, shared by the CLI and the web layer.

use super::outcome::{GameResult, PlyCause, PlyError, Rule, RulingEvent, Termination, Verdict};
use super::xiangqi::PieceKind;
use super::{Color, Variant};

/// The language of a description.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English (the default).
    #[default]
    En,
    /// Traditional Chinese (zh-Hant: Taiwan, Hong Kong, Macau).
    ZhHant,
    /// Simplified Chinese (zh-Hans).
    ZhHans,
}

impl Lang {
    /// Chooses from a `LANG`-style value (`zh_TW.UTF-8`, `zh_CN`, `en_US`) or a language tag
    /// (`zh-Hant`, `zh-Hans`, `en`): `zh` with TW, HK, MO or Hant is traditional, other `zh`
    /// simplified, anything else English.
    pub fn from_lang(lang: &str) -> Lang {
        let lang = lang.to_ascii_lowercase();
        if !lang.starts_with("zh") {
            Lang::En
        } else if ["tw", "hk", "mo", "hant"]
            .iter()
            .any(|region| lang.contains(region))
        {
            Lang::ZhHant
        } else {
            Lang::ZhHans
        }
    }

    /// The language tag (`en`, `zh-Hant`, `zh-Hans`).
    pub const fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhHant => "zh-Hant",
            Lang::ZhHans => "zh-Hans",
        }
    }

    /// One phrase in the three languages: English, traditional, simplified.
    pub fn pick<'a>(self, en: &'a str, hant: &'a str, hans: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::ZhHant => hant,
            Lang::ZhHans => hans,
        }
    }

    fn zh(self) -> bool {
        self != Lang::En
    }
}

/// A piece's name with its article in English ("an elephant"), or its Chinese name for its side
/// (紅 相, 黑 象; 車/车 for both).
pub fn piece(kind: PieceKind, color: Color, lang: Lang) -> String {
    let red = color == Color::Red;
    let name = match (kind, lang) {
        (PieceKind::King, Lang::En) => "a king",
        (PieceKind::Advisor, Lang::En) => "an advisor",
        (PieceKind::Elephant, Lang::En) => "an elephant",
        (PieceKind::Horse, Lang::En) => "a horse",
        (PieceKind::Chariot, Lang::En) => "a chariot",
        (PieceKind::Cannon, Lang::En) => "a cannon",
        (PieceKind::Pawn, Lang::En) => "a pawn",
        (PieceKind::King, Lang::ZhHant) if red => "帥",
        (PieceKind::King, Lang::ZhHant) => "將",
        (PieceKind::King, Lang::ZhHans) if red => "帅",
        (PieceKind::King, Lang::ZhHans) => "将",
        (PieceKind::Advisor, _) if red => "仕",
        (PieceKind::Advisor, _) => "士",
        (PieceKind::Elephant, _) if red => "相",
        (PieceKind::Elephant, _) => "象",
        (PieceKind::Horse, Lang::ZhHant) => "馬",
        (PieceKind::Horse, Lang::ZhHans) => "马",
        (PieceKind::Chariot, Lang::ZhHant) => "車",
        (PieceKind::Chariot, Lang::ZhHans) => "车",
        (PieceKind::Cannon, _) => "炮",
        (PieceKind::Pawn, _) if red => "兵",
        (PieceKind::Pawn, _) => "卒",
    };
    name.to_string()
}

/// A side: "Red" / 紅方 / 红方.
pub fn side(color: Color, lang: Lang) -> &'static str {
    match color {
        Color::Red => lang.pick("Red", "紅方", "红方"),
        Color::Black => lang.pick("Black", "黑方", "黑方"),
    }
}

/// The game's name.
pub fn variant(v: Variant, lang: Lang) -> &'static str {
    match v {
        Variant::Xiangqi => lang.pick("Xiangqi", "象棋", "象棋"),
        Variant::Jieqi => lang.pick("Jieqi", "揭棋", "揭棋"),
        Variant::Banqi => lang.pick("Banqi", "暗棋", "暗棋"),
    }
}

/// A result in words ("Red wins", 紅勝, "draw").
pub fn result(r: GameResult, lang: Lang) -> &'static str {
    match r {
        GameResult::RedWins => lang.pick("Red wins", "紅勝", "红胜"),
        GameResult::BlackWins => lang.pick("Black wins", "黑勝", "黑胜"),
        GameResult::Draw => lang.pick("draw", "和棋", "和棋"),
        GameResult::Unknown => lang.pick("no result", "未定", "未定"),
    }
}

/// How a game ended, in words ("checkmate", 將死).
pub fn termination(t: Termination, lang: Lang) -> &'static str {
    match t {
        Termination::Checkmate => lang.pick("checkmate", "將死", "将死"),
        Termination::Stalemate => lang.pick(
            "the side to move has no legal move",
            "走方無著可走",
            "走方无着可走",
        ),
        Termination::PerpetualCheck => lang.pick("perpetual check", "長將", "长将"),
        Termination::PerpetualChase => lang.pick("perpetual chase", "長捉", "长捉"),
        Termination::Repetition => {
            lang.pick("threefold repetition", "三次重複局面", "三次重复局面")
        }
        Termination::MoveLimit => lang.pick("move limit reached", "達到限著", "达到限着"),
        Termination::NoPieces => lang.pick(
            "a side has no pieces left",
            "一方棋子被吃光",
            "一方棋子被吃光",
        ),
        Termination::Claimed => lang.pick(
            "result as claimed in the record",
            "依棋譜所記結果",
            "依棋谱所记结果",
        ),
        Termination::Unfinished => lang.pick("unfinished", "對局未完", "对局未完"),
        Termination::Illegal => lang.pick("illegal move", "違例著法", "违例着法"),
    }
}

/// Why a ply was refused.
pub fn cause(c: &PlyCause, lang: Lang) -> String {
    match (c, lang) {
        (
            PlyCause::RevealContradicts {
                square,
                color,
                known,
                said,
            },
            Lang::En,
        ) => format!(
            "reveal contradicts the deal: the piece on {square} is {}, not {}",
            piece(*known, *color, lang),
            piece(*said, *color, lang)
        ),
        (
            PlyCause::RevealContradicts {
                square,
                color,
                known,
                said,
            },
            _,
        ) => format!(
            "{square} 的暗子是{}，不是{}",
            piece(*known, *color, lang),
            piece(*said, *color, lang)
        ),
        (
            PlyCause::CapturedContradicts {
                square,
                color,
                known,
                said,
            },
            Lang::En,
        ) => format!(
            "captured identity contradicts the deal: the piece taken on {square} is {}, not {}",
            piece(*known, *color, lang),
            piece(*said, *color, lang)
        ),
        (
            PlyCause::CapturedContradicts {
                square,
                color,
                known,
                said,
            },
            _,
        ) => format!(
            "{square} 被吃的暗子是{}，不是{}",
            piece(*known, *color, lang),
            piece(*said, *color, lang)
        ),
        (PlyCause::RevealMissing { square }, Lang::En) => format!(
            "reveal missing: the face-down piece on {square} moves but the record does not name it"
        ),
        (PlyCause::RevealMissing { square }, _) => format!(
            "{square} 的暗子{}",
            lang.pick(
                "",
                "走動了，但棋譜沒有記下翻出的棋子",
                "走动了，但棋谱没有记下翻出的棋子"
            )
        ),
        (
            PlyCause::ImpossibleIdentity {
                square,
                color,
                said,
            },
            Lang::En,
        ) => format!(
            "impossible identity: the face-down piece on {square} cannot be {}: {} has none of them left face-down",
            piece(*said, *color, lang),
            side(*color, lang)
        ),
        (
            PlyCause::ImpossibleIdentity {
                square,
                color,
                said,
            },
            _,
        ) => format!(
            "{square} 的暗子不可能是{}：{}{}",
            piece(*said, *color, lang),
            side(*color, lang),
            lang.pick("", "已沒有這種暗子", "已没有这种暗子")
        ),
        (PlyCause::NotAMove, _) => lang
            .pick(
                "not a move in ICCS, WXF or Chinese notation",
                "不是 ICCS、WXF 或中文記譜的著法",
                "不是 ICCS、WXF 或中文记谱的着法",
            )
            .to_string(),
        (PlyCause::NoLegalMatch, _) => lang
            .pick(
                "illegal move: no legal move matches it",
                "沒有合法著法與之相符",
                "没有合法着法与之相符",
            )
            .to_string(),
        (PlyCause::Ambiguous(candidates), Lang::En) => {
            format!("ambiguous move: could be {}", candidates.join(" or "))
        }
        (PlyCause::Ambiguous(candidates), _) => format!(
            "{}{}",
            lang.pick("", "著法不明確，可能是", "着法不明确，可能是"),
            candidates.join(lang.pick(" or ", "或", "或"))
        ),
        (PlyCause::RevealOnFaceUp { square }, Lang::En) => {
            format!("a reveal is written but the piece on {square} is face-up")
        }
        (PlyCause::RevealOnFaceUp { square }, _) => format!(
            "{}{square}{}",
            lang.pick("", "記了翻出的棋子，但 ", "记了翻出的棋子，但 "),
            lang.pick("", " 的棋子已是明子", " 的棋子已是明子")
        ),
        (
            PlyCause::AfterTheEnd {
                termination: t,
                after_ply,
            },
            Lang::En,
        ) => {
            let when = if *after_ply == 0 {
                "before the first move".to_string()
            } else {
                format!("after ply {after_ply}")
            };
            format!("the game had already ended ({t}) {when}")
        }
        (
            PlyCause::AfterTheEnd {
                termination: t,
                after_ply,
            },
            _,
        ) => {
            let when = if *after_ply == 0 {
                lang.pick("", "開局時", "开局时").to_string()
            } else {
                format!(
                    "{}{after_ply}{}",
                    lang.pick("", "第 ", "第 "),
                    lang.pick("", " 著後", " 着后")
                )
            };
            format!(
                "{when}{}{}",
                lang.pick("", "對局已經結束：", "对局已经结束："),
                termination(*t, lang)
            )
        }
        (PlyCause::NotUtf8, _) => lang
            .pick(
                "garbage bytes (not UTF-8) in the move",
                "著法中有不是 UTF-8 的位元組",
                "着法中有不是 UTF-8 的字节",
            )
            .to_string(),
        (PlyCause::Unreadable { line, column }, _) => format!(
            "{}{line}{}{column}{}",
            lang.pick("unreadable at line ", "第 ", "第 "),
            lang.pick(", column ", " 行第 ", " 行第 "),
            lang.pick("", " 欄無法讀取", " 列无法读取")
        ),
    }
}

/// A refused ply whose English message is written from its cause.
pub fn ply_error(ply: usize, token: &str, c: PlyCause) -> PlyError {
    PlyError {
        ply,
        token: token.to_string(),
        message: cause(&c, Lang::En),
        cause: Some(c),
    }
}

/// Why the ply of `e` was refused: from its cause in any language, else its English message.
pub fn error(e: &PlyError, lang: Lang) -> String {
    match &e.cause {
        Some(c) if lang.zh() && !matches!(c, PlyCause::Unreadable { .. }) => cause(c, lang),
        _ => e.message.clone(),
    }
}

/// An ordinal count of occurrences: "third", 第三次.
fn occurrence(n: u32, lang: Lang) -> String {
    const EN: [&str; 8] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
    ];
    const ZH: [&str; 10] = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十"];
    match lang {
        Lang::En => EN
            .get(n as usize - 1)
            .map_or_else(|| format!("{n}th"), |s| s.to_string()),
        _ => format!(
            "第{}次",
            ZH.get(n as usize - 1)
                .map_or_else(|| format!(" {n} "), |s| s.to_string())
        ),
    }
}

/// A ruling event in a sentence, e.g. "ply 112: third occurrence, Red checked perpetually; play
/// went on" / 「第 112 著：局面第三次重複，紅方長將；對局繼續」. `went_on` says whether the record
/// goes on after the event's ply.
pub fn event(e: &RulingEvent, variant: Variant, went_on: bool, lang: Lang) -> String {
    let ply = match lang {
        Lang::En => format!("ply {}: ", e.ply),
        Lang::ZhHant => format!("第 {} 著：", e.ply),
        Lang::ZhHans => format!("第 {} 着：", e.ply),
    };
    let what = match e.rule {
        Rule::Repetition => {
            let again = match (e.occurrence, lang) {
                (Some(n), Lang::En) => format!("{} occurrence", occurrence(n, lang)),
                (None, Lang::En) => "repeated position".to_string(),
                (Some(n), _) => format!(
                    "{}{}{}",
                    lang.pick("", "局面", "局面"),
                    occurrence(n, lang),
                    lang.pick("", "重複", "重复")
                ),
                (None, _) => lang.pick("", "局面重複", "局面重复").to_string(),
            };
            let ruling = match (e.ruling, e.offender, lang) {
                (Termination::PerpetualCheck, Some(c), Lang::En) => {
                    format!("{} checked perpetually", side(c, lang))
                }
                (Termination::PerpetualCheck, Some(c), _) => {
                    format!("{}{}", side(c, lang), lang.pick("", "長將", "长将"))
                }
                (Termination::PerpetualChase, Some(c), Lang::En) => {
                    format!("{} chased perpetually", side(c, lang))
                }
                (Termination::PerpetualChase, Some(c), _) => {
                    format!("{}{}", side(c, lang), lang.pick("", "長捉", "长捉"))
                }
                (Termination::PerpetualCheck, None, _) => lang
                    .pick(
                        "both sides checked perpetually: a draw",
                        "雙方長將，判和",
                        "双方长将，判和",
                    )
                    .to_string(),
                (Termination::PerpetualChase, None, _) => lang
                    .pick(
                        "both sides chased perpetually: a draw",
                        "雙方長捉，判和",
                        "双方长捉，判和",
                    )
                    .to_string(),
                _ => lang
                    .pick("a draw by repetition", "判和", "判和")
                    .to_string(),
            };
            format!("{again}{}{ruling}", lang.pick(", ", "，", "，"))
        }
        Rule::MoveLimit if variant == Variant::Banqi => lang
            .pick(
                "the move limit was reached without a capture or a flip: a draw may be ruled",
                "久未吃子或翻子，達到限著，可判和",
                "久未吃子或翻子，达到限着，可判和",
            )
            .to_string(),
        Rule::MoveLimit => lang
            .pick(
                "the move limit was reached without a capture: a draw",
                "久未吃子，達到限著，判和",
                "久未吃子，达到限着，判和",
            )
            .to_string(),
        Rule::PerpetualChase => lang
            .pick(
                "perpetual chasing with no face-down piece left: a draw may be ruled",
                "無暗子時長捉，可判和",
                "无暗子时长捉，可判和",
            )
            .to_string(),
    };
    let after = if went_on {
        lang.pick("; play went on", "；對局繼續", "；对局继续")
    } else {
        lang.pick("; the record ends here", "；棋譜至此結束", "；棋谱至此结束")
    };
    format!("{ply}{what}{after}")
}

/// Every event of `v` in a sentence, in ply order.
pub fn events(v: &Verdict, lang: Lang) -> Vec<String> {
    v.events
        .iter()
        .map(|e| event(e, v.variant, e.ply < v.plies || v.error.is_some(), lang))
        .collect()
}

/// The verdict in one sentence, for pages: "Red wins (checkmate)", "illegal ply 3 (马二进三车):
/// reveal contradicts the deal: …", 「紅勝（將死）」.
pub fn describe(v: &Verdict, lang: Lang) -> String {
    if let Some(e) = &v.error {
        return match lang {
            Lang::En => format!("illegal ply {} ({}): {}", e.ply, e.token, error(e, lang)),
            _ => format!(
                "第 {} {}「{}」{}：{}",
                e.ply,
                lang.pick("", "著", "着"),
                e.token,
                lang.pick("", "不合規則", "不合规则"),
                error(e, lang)
            ),
        };
    }
    let mut s = match lang {
        Lang::En => format!(
            "{} ({})",
            capitalized(result(v.result, lang)),
            termination(v.termination, lang)
        ),
        _ => format!(
            "{}（{}）",
            result(v.result, lang),
            termination(v.termination, lang)
        ),
    };
    if let Some(c) = v.claim_conflict {
        s.push_str(&match lang {
            Lang::En => format!("; the record claims {c}, which the end contradicts"),
            _ => format!(
                "{}{c}{}",
                lang.pick("", "；棋譜所記結果 ", "；棋谱所记结果 "),
                lang.pick("", " 與局面矛盾", " 与局面矛盾")
            ),
        });
    }
    s
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// The readable report of a verdict (what `anqi adjudicate` prints without `--json`), ending with a
/// newline.
pub fn report(v: &Verdict, lang: Lang) -> String {
    let game = variant(v.variant, lang);
    let mut out = String::new();
    let event_lines = |out: &mut String| {
        for line in events(v, lang) {
            out.push_str("  ");
            out.push_str(&line);
            out.push('\n');
        }
    };
    if let Some(e) = &v.error {
        if lang.zh() {
            out.push_str(&format!(
                "{game}：第 {} 步「{}」{}：{}\n",
                e.ply,
                e.token,
                lang.pick("", "不合規則", "不合规则"),
                error(e, lang)
            ));
            out.push_str(&format!(
                "已走 {} {}：{}\n",
                v.plies,
                lang.pick("", "步；出錯前的局面", "步；出错前的局面"),
                v.final_fen
            ));
        } else {
            out.push_str(&format!(
                "{game}: illegal ply {} '{}': {}\n",
                e.ply, e.token, e.message
            ));
            out.push_str(&format!(
                "Plies applied: {}. Position before it: {}\n",
                v.plies, v.final_fen
            ));
        }
        event_lines(&mut out);
        return out;
    }
    let res = result(v.result, lang);
    let how = termination(v.termination, lang);
    if lang.zh() {
        out.push_str(&format!(
            "{game}：共 {} 步，{}（{res}，{how}）\n",
            v.plies, v.result
        ));
        out.push_str(&format!(
            "{}：{}\n",
            lang.pick("", "終局局面", "终局局面"),
            v.final_fen
        ));
    } else {
        out.push_str(&format!(
            "{game}: {} plies, {} ({res}: {how})\n",
            v.plies, v.result
        ));
        out.push_str(&format!("Final position: {}\n", v.final_fen));
    }
    event_lines(&mut out);
    if let Some(claim) = v.claim_conflict {
        if lang.zh() {
            out.push_str(&format!(
                "{}：{claim}\n",
                lang.pick("", "棋譜所記結果與局面矛盾", "棋谱所记结果与局面矛盾")
            ));
        } else {
            out.push_str(&format!(
                "Note: the record claims {claim}, which the position contradicts\n"
            ));
        }
    }
    out
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

    #[test]
    fn reasons_have_correct_grammar_in_each_language() {
        let c = contradiction();
        assert_eq!(
            cause(&c, Lang::En),
            "reveal contradicts the deal: the piece on b2 is an elephant, not a chariot"
        );
        assert_eq!(cause(&c, Lang::ZhHant), "b2 的暗子是相，不是車");
        assert_eq!(cause(&c, Lang::ZhHans), "b2 的暗子是相，不是车");
        let horse = PlyCause::RevealContradicts {
            square: "h9".into(),
            color: Color::Black,
            known: PieceKind::Advisor,
            said: PieceKind::Horse,
        };
        assert_eq!(
            cause(&horse, Lang::En),
            "reveal contradicts the deal: the piece on h9 is an advisor, not a horse"
        );
        assert_eq!(cause(&horse, Lang::ZhHant), "h9 的暗子是士，不是馬");
        let e = ply_error(3, "马二进三车", c);
        assert_eq!(
            describe(
                &Verdict::illegal(Variant::Jieqi, 2, "f".into(), e),
                Lang::ZhHant
            ),
            "第 3 著「马二进三车」不合規則：b2 的暗子是相，不是車"
        );
        let after = PlyCause::AfterTheEnd {
            termination: Termination::Checkmate,
            after_ply: 3,
        };
        assert_eq!(
            cause(&after, Lang::En),
            "the game had already ended (checkmate) after ply 3"
        );
        assert_eq!(cause(&after, Lang::ZhHans), "第 3 着后对局已经结束：将死");
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
            event(&e, Variant::Xiangqi, true, Lang::ZhHant),
            "第 112 著：局面第三次重複，紅方長將；對局繼續"
        );
        assert_eq!(
            event(&e, Variant::Xiangqi, true, Lang::ZhHans),
            "第 112 着：局面第三次重复，红方长将；对局继续"
        );
        assert_eq!(
            event(&e, Variant::Xiangqi, true, Lang::En),
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
            event(&draw, Variant::Xiangqi, false, Lang::En),
            "ply 112: fourth occurrence, a draw by repetition; the record ends here"
        );
    }

    #[test]
    fn languages_follow_lang_values_and_tags() {
        assert_eq!(Lang::from_lang("en_US.UTF-8"), Lang::En);
        assert_eq!(Lang::from_lang(""), Lang::En);
        assert_eq!(Lang::from_lang("zh_CN.UTF-8"), Lang::ZhHans);
        assert_eq!(Lang::from_lang("zh_TW.UTF-8"), Lang::ZhHant);
        assert_eq!(Lang::from_lang("zh_HK"), Lang::ZhHant);
        assert_eq!(Lang::from_lang("zh-Hant"), Lang::ZhHant);
        assert_eq!(Lang::from_lang(Lang::ZhHans.tag()), Lang::ZhHans);
    }
}
