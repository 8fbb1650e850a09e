//! `anqi perft`: count the legal move tree of a position, split by root move.
//!
//! Exit status: 0 on success, 2 for bad input (unknown variant, bad FEN or deal, depth 0).

use super::{Refusal, lang};
use crate::i18n::Reason;
use crate::rules::Variant;
use crate::rules::describe::{deal_error, fen_error};
use crate::rules::xiangqi::{Deal, MoveError, Position};

/// Arguments of `anqi perft`. Values are taken as text and checked here so that every error is
/// one line and exit status 2.
#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// The game: xiangqi, jieqi (banqi is handled by its own rules module).
    #[arg(long, default_value = "xiangqi")]
    pub variant: String,
    /// Start from this FEN instead of the variant's start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Jieqi deal (30 letters) giving the identities under the face-down pieces.
    #[arg(long)]
    pub deal: Option<String>,
    /// Plies to search (at least 1).
    pub depth: String,
}

/// Runs `anqi perft`; prints `MOVE: COUNT` per root move and `Nodes searched: N`.
pub fn run(args: PerftArgs) -> i32 {
    match perft_lines(&args) {
        Ok(lines) => {
            for l in lines {
                println!("{l}");
            }
            0
        }
        Err(e) => {
            eprintln!("anqi perft: {e}");
            2
        }
    }
}

/// A refusal in the language of `LANG` (the English it always printed otherwise).
pub(super) fn refused(english: impl Into<String>, reason: Reason) -> String {
    Refusal::new(english, reason).text(lang())
}

/// The output lines, or a one-line error in the language of `LANG`.
fn perft_lines(args: &PerftArgs) -> Result<Vec<String>, String> {
    let variant: Variant = args.variant.parse().map_err(|e: String| {
        refused(
            e,
            Reason::new("verdict_cli_unknown_variant").arg("value", &args.variant),
        )
    })?;
    let depth: u32 = args
        .depth
        .trim()
        .parse()
        .ok()
        .filter(|&d| d >= 1)
        .ok_or_else(|| {
            refused(
                format!(
                    "depth must be a whole number of at least 1, got '{}'",
                    args.depth
                ),
                Reason::new("cli_perft_depth").arg("typed", &args.depth),
            )
        })?;
    match variant {
        Variant::Xiangqi | Variant::Jieqi => xiangqi_perft(variant, args, depth),
        Variant::Banqi => {
            super::perft_banqi::banqi_lines(args.fen.as_deref(), args.deal.as_deref(), depth)
        }
    }
}

/// Perft for xiangqi and Jieqi (`rules::xiangqi`).
fn xiangqi_perft(variant: Variant, args: &PerftArgs, depth: u32) -> Result<Vec<String>, String> {
    let mut pos = match &args.fen {
        Some(fen) => {
            Position::from_fen(fen, variant).map_err(|e| refused(e.to_string(), fen_error(&e)))?
        }
        None => Position::start(variant),
    };
    if let Some(deal) = &args.deal {
        if variant != Variant::Jieqi {
            return Err(refused(
                "--deal needs --variant jieqi",
                Reason::new("cli_perft_deal_variant"),
            ));
        }
        let deal = Deal::parse(deal).map_err(|e| refused(e.to_string(), deal_error(&e)))?;
        pos.apply_deal(&deal)?;
    }
    let divide = pos.perft_divide(depth).map_err(|e| {
        refused(
            format!("{e}; give the deal with --deal"),
            needs_deal_reason(&e),
        )
    })?;
    let mut lines: Vec<String> = divide.iter().map(|(mv, n)| format!("{mv}: {n}")).collect();
    let total: u64 = divide.iter().map(|(_, n)| n).sum();
    lines.push(String::new());
    lines.push(format!("Nodes searched: {total}"));
    Ok(lines)
}

/// Why a Jieqi perft needs the deal, in words: a face-down piece moves without its identity;
/// another move error (not expected from the generator) as it is.
fn needs_deal_reason(e: &MoveError) -> Reason {
    let why = match e {
        MoveError::RevealMissing(square) => {
            Reason::new("cli_perft_reveal_missing").arg("square", square)
        }
        _ => return Reason::new("cli_perft_needs_deal").arg("why", e),
    };
    Reason::new("cli_perft_needs_deal").arg_reason("why", &why)
}
