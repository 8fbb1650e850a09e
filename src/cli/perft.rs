//! `anqi perft --variant V [--fen FEN] [--deal DEAL] DEPTH`: count move-generator leaf nodes.

use super::perft_banqi;
use crate::rules::Variant;

/// Arguments of `anqi perft`.
#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// The game: xiangqi, jieqi or banqi.
    #[arg(long)]
    pub variant: Variant,
    /// Start from this FEN instead of the start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// The hidden layout: its pieces are revealed by the flips (Banqi: 32 letters in square order, or one
    /// letter per face-down square of the FEN).
    #[arg(long)]
    pub deal: Option<String>,
    /// Number of plies (at least 1).
    pub depth: u32,
}

/// Runs `anqi perft`; returns the exit status (0, or 2 for bad input).
pub fn run(args: PerftArgs) -> i32 {
    match args.variant {
        Variant::Banqi => {
            perft_banqi::run_banqi(args.fen.as_deref(), args.deal.as_deref(), args.depth)
        }
        Variant::Xiangqi | Variant::Jieqi => {
            eprintln!(
                "anqi perft: {} perft is not available in this build",
                args.variant
            );
            2
        }
    }
}
