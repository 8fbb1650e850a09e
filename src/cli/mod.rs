//! Command-line interface: one file per subcommand. Each returns the process exit status.

use clap::{Parser, Subcommand};

pub mod adjudicate;
pub mod perft;
pub mod perft_banqi;

/// Anqi — tournament director for Jieqi, xiangqi and Banqi.
#[derive(Debug, Parser)]
#[command(name = "anqi", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the leaf nodes of the move generator to a depth (perft).
    Perft(perft::PerftArgs),
    /// Replay a game record, check every ply and report how the game ended.
    Adjudicate(adjudicate::AdjudicateArgs),
}

/// Parses the process arguments and runs the chosen subcommand; returns the exit status.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    run(cli)
}

/// Runs a parsed command line; returns the exit status.
pub fn run(cli: Cli) -> i32 {
    match cli.command {
        Command::Perft(args) => perft::run(args),
        Command::Adjudicate(args) => adjudicate::run(args),
    }
}
