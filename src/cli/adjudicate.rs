//! `anqi adjudicate [--variant V] [--deal DEAL] [--fen FEN] [--json] FILE|-`: replay a record and report
//! the verdict. Exit status 0 for a legal record, 1 for an illegal one, 2 for unreadable input.

use std::io::Read;

use crate::rules::Variant;
use crate::rules::adjudicate::{AdjudicateOptions, GameResult, Termination, Verdict, adjudicate};
use crate::rules::notation::Record;
use crate::rules::{banqi, xiangqi};

/// Arguments of `anqi adjudicate`.
#[derive(Debug, clap::Args)]
pub struct AdjudicateArgs {
    /// The game: xiangqi, jieqi or banqi (default: the record's Variant or Game tag).
    #[arg(long)]
    pub variant: Option<String>,
    /// The arbiter's deal (overrides the record's Deal tag).
    #[arg(long)]
    pub deal: Option<String>,
    /// The start position (overrides the record's FEN tag).
    #[arg(long)]
    pub fen: Option<String>,
    /// Draw after this many plies without a capture (Banqi: without a capture or a flip; default 100).
    /// 0 turns the rule off.
    #[arg(long, value_name = "PLIES")]
    pub move_limit: Option<String>,
    /// Banqi: draw after this many plies in all (off by default; some rule sets use 180).
    #[arg(long, value_name = "PLIES")]
    pub ply_limit: Option<u32>,
    /// Banqi: plies of perpetual chasing, with no face-down piece left, that draw (seed 4.11 D; default 20).
    /// 0 turns the rule off.
    #[arg(long, value_name = "PLIES")]
    pub chase_limit: Option<u32>,
    /// Banqi: chariots move any distance (a house rule; off by default).
    #[arg(long)]
    pub chariot_slides: bool,
    /// Banqi: a capturing piece may go on capturing in the same turn, written `a1xa2xa3` (a house rule;
    /// off by default).
    #[arg(long)]
    pub chain_captures: bool,
    /// Print the verdict as JSON.
    #[arg(long)]
    pub json: bool,
    /// The record file, or `-` for standard input.
    pub file: String,
}

/// Runs `anqi adjudicate`; returns the exit status.
pub fn run(args: AdjudicateArgs) -> i32 {
    // Options are checked here, not by clap, so that every error is one line.
    let chosen = match args
        .variant
        .as_deref()
        .map(str::parse::<Variant>)
        .transpose()
    {
        Ok(v) => v,
        Err(e) => {
            eprintln!("anqi adjudicate: {e}");
            return 2;
        }
    };
    let move_limit = match args
        .move_limit
        .as_deref()
        .map(|m| m.trim().parse::<u32>())
        .transpose()
    {
        Ok(m) => m,
        Err(_) => {
            eprintln!(
                "anqi adjudicate: --move-limit must be a whole number of plies (0 turns the rule off), got '{}'",
                args.move_limit.as_deref().unwrap_or_default()
            );
            return 2;
        }
    };
    let bytes = match read_input(&args.file) {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("anqi adjudicate: cannot read {}: {e}", args.file);
            return 2;
        }
    };
    // The xiangqi/Jieqi replay reads the record itself and reports garbage inside a move at its ply;
    // the record is read here first only when its tag must name the game, and for Banqi.
    let record = || Record::from_bytes(&bytes).map_err(|e| format!("{}: {e}", args.file));
    let variant = match chosen {
        Some(v) => v,
        None => {
            let record = match record() {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("anqi adjudicate: {e}");
                    return 2;
                }
            };
            match record.tag("Variant").or_else(|| record.tag("Game")) {
                Some(tag) => match Variant::parse(tag) {
                    Some(v) => v,
                    None => {
                        eprintln!("anqi adjudicate: unknown variant tag '{tag}' (give --variant)");
                        return 2;
                    }
                },
                None => {
                    eprintln!("anqi adjudicate: no variant: give --variant or a Variant tag");
                    return 2;
                }
            }
        }
    };
    let verdict = match variant {
        Variant::Banqi => record().and_then(|r| adjudicate_banqi(&r, &args, move_limit)),
        Variant::Xiangqi | Variant::Jieqi => adjudicate_xiangqi(&bytes, variant, &args, move_limit),
    };
    let verdict = match verdict {
        Ok(v) => v,
        Err(message) => {
            eprintln!("anqi adjudicate: {message}");
            return 2;
        }
    };
    if args.json {
        println!("{}", verdict.to_json());
    } else {
        print!("{}", report(&verdict, Language::from_env()));
    }
    if verdict.is_legal() { 0 } else { 1 }
}

fn read_input(file: &str) -> std::io::Result<Vec<u8>> {
    if file == "-" {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes)?;
        Ok(bytes)
    } else {
        std::fs::read(file)
    }
}

/// Xiangqi and Jieqi: the deal (checked), the move limit (default 120 plies; 0 turns it off), then the
/// replay.
fn adjudicate_xiangqi(
    bytes: &[u8],
    variant: Variant,
    args: &AdjudicateArgs,
    move_limit: Option<u32>,
) -> Result<Verdict, String> {
    let deal = match &args.deal {
        Some(d) => Some(xiangqi::Deal::parse(d).map_err(|e| format!("--deal: {e}"))?),
        None => None,
    };
    let move_limit = match move_limit {
        None => 120,
        Some(0) => u16::MAX,
        Some(n) => u16::try_from(n).map_err(|_| format!("--move-limit {n} is too large"))?,
    };
    let options = AdjudicateOptions {
        move_limit,
        fen: args.fen.clone(),
    };
    adjudicate(bytes, variant, deal.as_ref(), &options).map_err(|e| e.to_string())
}

/// Banqi: settings from the flags (defaults of RULES.md §6), then the replay.
fn adjudicate_banqi(
    record: &Record,
    args: &AdjudicateArgs,
    move_limit: Option<u32>,
) -> Result<Verdict, String> {
    let defaults = banqi::Settings::default();
    let limit = |flag: Option<u32>, default: Option<u32>| match flag {
        Some(0) => None,
        Some(n) => Some(n),
        None => default,
    };
    let settings = banqi::Settings {
        move_rules: banqi::MoveRules {
            chariot_slides: args.chariot_slides,
            chain_captures: args.chain_captures,
        },
        no_progress_limit: limit(move_limit, defaults.no_progress_limit),
        ply_limit: limit(args.ply_limit, defaults.ply_limit),
        perpetual_chase_plies: limit(args.chase_limit, defaults.perpetual_chase_plies),
    };
    banqi::adjudicate(record, args.fen.as_deref(), args.deal.as_deref(), settings)
        .map_err(|e| e.to_string())
}

/// The language of the readable report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    /// English (the default).
    English,
    /// Simplified Chinese (`LANG=zh_CN…`, `zh_SG`, `zh`).
    Simplified,
    /// Traditional Chinese (`LANG=zh_TW…`, `zh_HK`, `zh_MO`).
    Traditional,
}

impl Language {
    /// Chooses from a `LANG` value such as `zh_TW.UTF-8`.
    pub fn from_lang(lang: &str) -> Language {
        let lang = lang.to_ascii_lowercase();
        if !lang.starts_with("zh") {
            Language::English
        } else if ["tw", "hk", "mo", "hant"]
            .iter()
            .any(|region| lang.contains(region))
        {
            Language::Traditional
        } else {
            Language::Simplified
        }
    }

    /// Chooses from the `LANG` environment variable.
    pub fn from_env() -> Language {
        Language::from_lang(&std::env::var("LANG").unwrap_or_default())
    }
}

/// The readable report of a verdict, in the given language, ending with a newline.
pub fn report(verdict: &Verdict, language: Language) -> String {
    let zh = language != Language::English;
    let t =
        |simplified: &'static str, traditional: &'static str, english: &'static str| match language
        {
            Language::English => english,
            Language::Simplified => simplified,
            Language::Traditional => traditional,
        };
    // Chinese-only phrases (the English report is worded separately).
    let z = |simplified: &'static str, traditional: &'static str| {
        if language == Language::Traditional {
            traditional
        } else {
            simplified
        }
    };
    let game = match verdict.variant {
        Variant::Xiangqi => t("象棋", "象棋", "Xiangqi"),
        Variant::Jieqi => t("揭棋", "揭棋", "Jieqi"),
        Variant::Banqi => t("暗棋", "暗棋", "Banqi"),
    };
    let mut out = String::new();
    if let Some(e) = &verdict.error {
        if zh {
            out.push_str(&format!(
                "{game}：第 {} 步「{}」{}：{}\n",
                e.ply,
                e.token,
                z("不合规则", "不合規則"),
                e.message
            ));
            out.push_str(&format!(
                "{} {} {}：{}\n",
                "已走",
                verdict.plies,
                z("步；出错前的局面", "步；出錯前的局面"),
                verdict.final_fen
            ));
        } else {
            out.push_str(&format!(
                "{game}: illegal ply {} '{}': {}\n",
                e.ply, e.token, e.message
            ));
            out.push_str(&format!(
                "Plies applied: {}. Position before it: {}\n",
                verdict.plies, verdict.final_fen
            ));
        }
        return out;
    }
    let result = match verdict.result {
        GameResult::RedWins => t("红胜", "紅勝", "Red wins"),
        GameResult::BlackWins => t("黑胜", "黑勝", "Black wins"),
        GameResult::Draw => t("和棋", "和棋", "draw"),
        GameResult::Unknown => t("未定", "未定", "no result"),
    };
    let how = match verdict.termination {
        Termination::Checkmate => t("将死", "將死", "checkmate"),
        Termination::Stalemate => t(
            "走方无着可走",
            "走方無著可走",
            "the side to move has no legal move",
        ),
        Termination::PerpetualCheck => t("长将", "長將", "perpetual check"),
        Termination::PerpetualChase => t("长捉", "長捉", "perpetual chase"),
        Termination::Repetition => t("三次重复局面", "三次重複局面", "threefold repetition"),
        Termination::MoveLimit => t("达到限着", "達到限著", "move limit reached"),
        Termination::NoPieces => t(
            "一方棋子被吃光",
            "一方棋子被吃光",
            "a side has no pieces left",
        ),
        Termination::Claimed => t(
            "依棋谱所记结果",
            "依棋譜所記結果",
            "result as claimed in the record",
        ),
        Termination::Unfinished => t("对局未完", "對局未完", "unfinished"),
        Termination::Illegal => t("违例着法", "違例著法", "illegal move"),
    };
    if zh {
        out.push_str(&format!(
            "{game}：共 {} 步，{}（{result}，{how}）\n",
            verdict.plies, verdict.result
        ));
        out.push_str(&format!(
            "{}：{}\n",
            z("终局局面", "終局局面"),
            verdict.final_fen
        ));
    } else {
        out.push_str(&format!(
            "{game}: {} plies, {} ({result}: {how})\n",
            verdict.plies, verdict.result
        ));
        out.push_str(&format!("Final position: {}\n", verdict.final_fen));
    }
    if let Some(claim) = verdict.claim_conflict {
        if zh {
            out.push_str(&format!(
                "{}：{claim}\n",
                z("棋谱所记结果与局面矛盾", "棋譜所記結果與局面矛盾")
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
    use crate::rules::adjudicate::PlyError;

    fn verdict() -> Verdict {
        Verdict {
            variant: Variant::Banqi,
            plies: 12,
            result: GameResult::RedWins,
            termination: Termination::NoPieces,
            final_fen: "8/8/8/1R6 b 0 9".into(),
            error: None,
            claim_conflict: None,
        }
    }

    #[test]
    fn language_follows_lang() {
        assert_eq!(Language::from_lang("en_US.UTF-8"), Language::English);
        assert_eq!(Language::from_lang(""), Language::English);
        assert_eq!(Language::from_lang("zh_CN.UTF-8"), Language::Simplified);
        assert_eq!(Language::from_lang("zh_TW.UTF-8"), Language::Traditional);
        assert_eq!(Language::from_lang("zh_HK"), Language::Traditional);
    }

    #[test]
    fn reports_in_each_language() {
        let v = verdict();
        assert_eq!(
            report(&v, Language::English),
            "Banqi: 12 plies, 1-0 (Red wins: a side has no pieces left)\nFinal position: 8/8/8/1R6 b 0 9\n"
        );
        assert_eq!(
            report(&v, Language::Traditional),
            "暗棋：共 12 步，1-0（紅勝，一方棋子被吃光）\n終局局面：8/8/8/1R6 b 0 9\n"
        );
        assert!(report(&v, Language::Simplified).contains("红胜"));
        let conflict = Verdict {
            claim_conflict: Some(GameResult::BlackWins),
            ..verdict()
        };
        assert!(report(&conflict, Language::English).contains("claims 0-1"));
    }

    #[test]
    fn reports_an_illegal_ply() {
        let v = Verdict {
            plies: 2,
            result: GameResult::Unknown,
            termination: Termination::Illegal,
            error: Some(PlyError {
                ply: 3,
                token: "a1-a2".into(),
                message: "a2 is not empty".into(),
            }),
            ..verdict()
        };
        assert_eq!(
            report(&v, Language::English),
            "Banqi: illegal ply 3 'a1-a2': a2 is not empty\nPlies applied: 2. Position before it: 8/8/8/1R6 b 0 9\n"
        );
        assert!(
            report(&v, Language::Simplified)
                .starts_with("暗棋：第 3 步「a1-a2」不合规则：a2 is not empty\n")
        );
    }
}
