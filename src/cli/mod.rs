//! Command-line interface: one file per subcommand. Each returns the process exit status.

pub mod adjudicate;
pub mod copy_db;
pub mod deal;
pub mod pair;
pub mod perft;
pub mod perft_banqi;
pub mod rate;
pub mod serve;
pub mod snapshot;
pub mod user;

use clap::{Parser, Subcommand};

/// Anqi — tournament director for Jieqi, xiangqi and Banqi.
#[derive(Debug, Parser)]
#[command(name = "anqi", version, about)]
pub struct Cli {
    /// The subcommand to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the web server (default database sqlite://anqi.db, address 127.0.0.1:8080).
    Serve(serve::ServeArgs),
    /// Manage accounts (for scripts).
    User(user::UserArgs),
    /// Draw, seal and verify duplicate deals.
    Deal(deal::DealArgs),
    /// Pair the next Swiss round of a TRF (JaVaFo / bbpPairings interface).
    Pair(pair::PairArgs),
    /// Replay a game record and report how it ended or its first illegal ply.
    Adjudicate(adjudicate::AdjudicateArgs),
    /// Count the legal move tree of a position (move-generator check).
    Perft(perft::PerftArgs),
    /// Rate games by the Taiwan formula and write the standings as CSV.
    Rate(rate::RateArgs),
    /// Copy the whole SQLite database to a new FILE while the server runs (VACUUM INTO; not the
    /// JSON export of one event; a PostgreSQL database is pg_dump's).
    Backup(snapshot::BackupArgs),
    /// Replace the whole database with a copy made by `anqi backup`; refused while the database is
    /// in use (stop the server first).
    Restore(snapshot::RestoreArgs),
    /// Copy every row of one database into a new, empty one (SQLite to PostgreSQL or back), ids kept.
    CopyDb(copy_db::CopyDbArgs),
}

/// The language of the command line's messages (`LANG`, e.g. `zh_TW.UTF-8`; English otherwise).
pub fn lang() -> crate::i18n::Lang {
    let var = std::env::var("LANG").unwrap_or_default();
    let tag = var.split('.').next().unwrap_or("").replace('_', "-");
    crate::i18n::Lang::from_accept_language(&tag)
}

/// A command's refusal of its input: the English it prints (as before, so scripts that match it
/// keep working) and the same as a message, printed instead in a Chinese `LANG`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The English text.
    pub english: String,
    /// The message for the reader's language.
    pub reason: crate::i18n::Reason,
}

impl Refusal {
    /// A refusal worded `english` in English and `reason` otherwise.
    pub fn new(english: impl Into<String>, reason: crate::i18n::Reason) -> Refusal {
        Refusal {
            english: english.into(),
            reason,
        }
    }

    /// The refusal in `lang`.
    pub fn text(&self, lang: crate::i18n::Lang) -> String {
        match lang {
            crate::i18n::Lang::En => self.english.clone(),
            _ => lang.reason(&self.reason),
        }
    }
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
        Command::Serve(args) => serve::run(args),
        Command::User(args) => user::run(args),
        Command::Deal(args) => deal::run(args),
        Command::Pair(args) => pair::run(args),
        Command::Adjudicate(args) => adjudicate::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Rate(args) => rate::run(args),
        Command::Backup(args) => snapshot::backup(args),
        Command::Restore(args) => snapshot::restore(args),
        Command::CopyDb(args) => copy_db::run(args),
    }
}
