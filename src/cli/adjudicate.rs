//! `anqi adjudicate`: replay a game record and report how it ended or its first illegal ply.
//!
//! Exit status: 0 for a legal record, 1 for an illegal one, 2 for unreadable input (file, syntax,
//! bad deal or FEN, unknown variant).

use crate::rules::Variant;
use crate::rules::adjudicate::{AdjudicateOptions, Termination, Verdict, adjudicate};
use crate::rules::xiangqi::Deal;
use std::io::Read;

/// Arguments of `anqi adjudicate`. Values are checked here so every error is one line, status 2.
#[derive(Debug, clap::Args)]
pub struct AdjudicateArgs {
    /// The game: xiangqi or jieqi.
    #[arg(long)]
    pub variant: String,
    /// The sealed deal (Jieqi, 30 letters): reveals are checked against it.
    #[arg(long)]
    pub deal: Option<String>,
    /// Start position, overriding the record's FEN tag.
    #[arg(long)]
    pub fen: Option<String>,
    /// Plies without a capture that draw the game.
    #[arg(long, default_value = "120")]
    pub move_limit: String,
    /// Print the verdict as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The record file, or `-` for standard input.
    pub file: String,
}

/// Runs `anqi adjudicate`.
pub fn run(args: AdjudicateArgs) -> i32 {
    match verdict(&args) {
        Ok(v) => {
            if args.json {
                println!("{}", v.to_json());
            } else {
                print!("{}", report(&v, chinese_wanted()));
            }
            if v.is_legal() { 0 } else { 1 }
        }
        Err(e) => {
            eprintln!("anqi adjudicate: {e}");
            2
        }
    }
}

/// Reads the input and adjudicates it, or says in one line why it cannot.
fn verdict(args: &AdjudicateArgs) -> Result<Verdict, String> {
    let variant: Variant = args.variant.parse()?;
    let move_limit: u16 = args
        .move_limit
        .trim()
        .parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| {
            format!(
                "--move-limit must be a positive number of plies, got '{}'",
                args.move_limit
            )
        })?;
    let bytes = read_input(&args.file)?;
    let options = AdjudicateOptions {
        move_limit,
        fen: args.fen.clone(),
    };
    match variant {
        Variant::Xiangqi | Variant::Jieqi => {
            let deal = match &args.deal {
                Some(d) => Some(Deal::parse(d).map_err(|e| e.to_string())?),
                None => None,
            };
            adjudicate(&bytes, variant, deal.as_ref(), &options).map_err(|e| e.to_string())
        }
        Variant::Banqi => Err("banqi adjudication is not available in this build".to_string()),
    }
}

fn read_input(file: &str) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    if file == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
    } else {
        bytes = std::fs::read(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    }
    Ok(bytes)
}

/// Whether the `LANG` environment variable asks for Chinese.
fn chinese_wanted() -> bool {
    std::env::var("LANG").is_ok_and(|l| l.to_ascii_lowercase().starts_with("zh"))
}

fn termination_zh(t: Termination) -> &'static str {
    match t {
        Termination::Checkmate => "将死",
        Termination::Stalemate => "困毙",
        Termination::PerpetualCheck => "长将",
        Termination::PerpetualChase => "长捉",
        Termination::Repetition => "重复局面",
        Termination::MoveLimit => "限着",
        Termination::NoPieces => "无子",
        Termination::Claimed => "按记录结果",
        Termination::Unfinished => "未完",
        Termination::Illegal => "违例",
    }
}

fn variant_zh(v: Variant) -> &'static str {
    match v {
        Variant::Xiangqi => "象棋",
        Variant::Jieqi => "揭棋",
        Variant::Banqi => "暗棋",
    }
}

/// The readable report, in Chinese or English.
fn report(v: &Verdict, chinese: bool) -> String {
    let mut s = String::new();
    if chinese {
        s += &format!("棋种：{}\n", variant_zh(v.variant));
        s += &format!("已走步数：{}\n", v.plies);
        s += &format!("结果：{}（{}）\n", v.result, termination_zh(v.termination));
        s += &format!("终局局面：{}\n", v.final_fen);
        if let Some(e) = &v.error {
            s += &format!("第{}步「{}」有误：{}\n", e.ply, e.token, e.message);
        }
        if let Some(c) = v.claim_conflict {
            s += &format!("记录的结果 {c} 与局面不符\n");
        }
    } else {
        s += &format!("Variant: {}\n", v.variant);
        s += &format!("Plies applied: {}\n", v.plies);
        s += &format!(
            "Result: {} ({})\n",
            v.result,
            v.termination.as_str().replace('_', " ")
        );
        s += &format!("Final position: {}\n", v.final_fen);
        if let Some(e) = &v.error {
            s += &format!("Ply {} '{}' rejected: {}\n", e.ply, e.token, e.message);
        }
        if let Some(c) = v.claim_conflict {
            s += &format!("The record's result {c} contradicts the position\n");
        }
    }
    s
}
