//! `anqi rate GAMES.csv [--players START.csv] [--out RATINGS.csv]`: rate games by the Taiwan formula
//! (RULES.md §7) and write the standings as `player,points,level,games`.
//!
//! Exit status: 0 on success; 2 when an input cannot be read or has an error (the message names the file,
//! line and column) or an option is invalid; 1 when the output cannot be written. Every input is read and
//! checked before anything is written.

use crate::rating::csv::{read_games, read_start_list, write_standings};
use crate::rating::{LevelTable, Points, RatingList, RatingSettings};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Options of `anqi rate`.
#[derive(Debug, clap::Args)]
pub struct RateArgs {
    /// Games CSV with header `date,red,black,result` (date YYYY-MM-DD; result 1-0, 0-1 or 1/2-1/2).
    pub games: PathBuf,
    /// Starting list CSV with header `player,points,games` (a previous output works too).
    #[arg(long, value_name = "START.csv")]
    pub players: Option<PathBuf>,
    /// Write the standings here instead of standard output.
    #[arg(long, value_name = "RATINGS.csv")]
    pub out: Option<PathBuf>,
    /// Points of a player not in the starting list.
    #[arg(long, value_name = "POINTS", default_value = "1500", value_parser = parse_points)]
    pub start_points: Points,
    /// Rated games before a player gets a level (無級別 until then).
    #[arg(long, value_name = "GAMES", default_value_t = 10)]
    pub rated_after: u32,
    /// Points where the lowest level's band starts.
    #[arg(long, value_name = "POINTS", default_value = "1000", value_parser = parse_points)]
    pub level_base: Points,
    /// Points per level.
    #[arg(long, value_name = "POINTS", default_value = "50", value_parser = parse_points)]
    pub level_step: Points,
    /// Number of the lowest level.
    #[arg(long, value_name = "LEVEL", default_value_t = 30)]
    pub lowest_level: u8,
    /// Number of the highest level.
    #[arg(long, value_name = "LEVEL", default_value_t = 1)]
    pub highest_level: u8,
}

fn parse_points(text: &str) -> Result<Points, String> {
    Points::parse(text).map_err(|e| e.to_string())
}

/// Runs `anqi rate`; returns the exit status.
pub fn run(args: RateArgs) -> i32 {
    match rate(&args) {
        Ok(()) => 0,
        Err(Failure { status, message }) => {
            eprintln!("error: {message}");
            status
        }
    }
}

/// A failed run: its exit status and its one-line message.
struct Failure {
    status: i32,
    message: String,
}

fn input_error(message: String) -> Failure {
    Failure { status: 2, message }
}

fn rate(args: &RateArgs) -> Result<(), Failure> {
    let levels = LevelTable::new(
        args.level_base,
        args.level_step,
        args.lowest_level,
        args.highest_level,
    )
    .map_err(|e| input_error(format!("level table: {e}")))?;
    let settings = RatingSettings {
        start_points: args.start_points,
        rated_after_games: args.rated_after,
        levels,
    };
    let mut list = RatingList::new(settings);

    if let Some(path) = &args.players {
        let entries = read_start_list(&read(path)?)
            .map_err(|e| input_error(format!("{}: {e}", path.display())))?;
        for entry in entries {
            // The reader already refused empty and repeated names.
            list.add_player(&entry.name, entry.points, entry.games)
                .map_err(|e| input_error(format!("{}: {e}", path.display())))?;
        }
    }
    let sheet = read_games(&read(&args.games)?)
        .map_err(|e| input_error(format!("{}: {e}", args.games.display())))?;
    list.apply_sheet(&sheet)
        .map_err(|e| input_error(format!("{}: {e}", args.games.display())))?;

    let mut csv = Vec::new();
    write_standings(&mut csv, &list.standings()).map_err(|e| Failure {
        status: 1,
        message: format!("cannot write the standings: {e}"),
    })?;
    let written = match &args.out {
        Some(path) => {
            std::fs::write(path, &csv).map_err(|e| format!("cannot write {}: {e}", path.display()))
        }
        None => std::io::stdout()
            .lock()
            .write_all(&csv)
            .map_err(|e| format!("cannot write to standard output: {e}")),
    };
    written.map_err(|message| Failure { status: 1, message })
}

fn read(path: &Path) -> Result<Vec<u8>, Failure> {
    std::fs::read(path).map_err(|e| input_error(format!("cannot read {}: {e}", path.display())))
}
