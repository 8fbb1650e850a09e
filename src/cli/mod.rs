//! Command-line interface: one file per subcommand. Each returns the process exit status.

use clap::{Parser, Subcommand};

pub mod rate;

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
    /// Rate games by the Taiwan formula and write the standings as CSV.
    Rate(rate::RateArgs),
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
        Command::Rate(args) => rate::run(args),
    }
}
