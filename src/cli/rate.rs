//! `anqi rate GAMES.csv [--players START.csv] [--out RATINGS.csv]`: rate games by the Taiwan formula
//! (RULES.md §7) and write the standings as `player,points,level,games`.
//!
//! Exit status: 0 on success; 2 when an input cannot be read or has an error (the message names the file,
//! line and column) or an option is invalid; 1 when the output cannot be written. Every input is read and
//! checked before anything is written.

use super::{Refusal, lang};
use crate::i18n::{Lang, Reason};
use crate::rating::csv::{read_games, read_start_list, write_standings};
use crate::rating::level::LevelTableError;
use crate::rating::list::RatingError;
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
            eprintln!(
                "{}",
                lang().reason(&Reason::new("cli_error").arg("message", message))
            );
            status
        }
    }
}

/// A failed run: its exit status and its one-line message in the language of `LANG`.
struct Failure {
    status: i32,
    message: String,
}

/// A failure worded `english` as it always was, and by `reason` in a Chinese `LANG`.
fn failure(status: i32, english: String, reason: Reason) -> Failure {
    Failure {
        status,
        message: Refusal::new(english, reason).text(lang()),
    }
}

fn input_error(english: String, reason: Reason) -> Failure {
    failure(2, english, reason)
}

/// An error in a file: `FILE: what`.
fn file_error(path: &Path, what: impl std::fmt::Display, local: String) -> Failure {
    input_error(
        format!("{}: {what}", path.display()),
        Reason::new("cli_rate_file")
            .arg("file", path.display())
            .arg("why", local),
    )
}

fn rate(args: &RateArgs) -> Result<(), Failure> {
    let levels = LevelTable::new(
        args.level_base,
        args.level_step,
        args.lowest_level,
        args.highest_level,
    )
    .map_err(|e| {
        let why = match e {
            LevelTableError::StepNotPositive => "cli_level_step",
            LevelTableError::BadRange => "cli_level_range",
        };
        input_error(
            format!("level table: {e}"),
            Reason::new("cli_rate_level_table").arg_reason("why", &Reason::new(why)),
        )
    })?;
    let settings = RatingSettings {
        start_points: args.start_points,
        rated_after_games: args.rated_after,
        levels,
    };
    let mut list = RatingList::new(settings);
    let lang = lang();

    if let Some(path) = &args.players {
        let entries = read_start_list(read(path)?.as_bytes())
            .map_err(|e| file_error(path, &e, e.text(lang)))?;
        for entry in entries {
            // The reader already refused empty and repeated names.
            list.add_player(&entry.name, entry.points, entry.games)
                .map_err(|e| file_error(path, &e, rating_error_text(lang, &e)))?;
        }
    }
    let sheet = read_games(read(&args.games)?.as_bytes())
        .map_err(|e| file_error(&args.games, &e, e.text(lang)))?;
    list.apply_sheet(&sheet)
        .map_err(|e| file_error(&args.games, &e, rating_error_text(lang, &e)))?;

    let mut csv = Vec::new();
    write_standings(&mut csv, &list.standings()).map_err(|e| {
        failure(
            1,
            format!("cannot write the standings: {e}"),
            Reason::new("cli_cannot_write_standings").arg("why", &e),
        )
    })?;
    match &args.out {
        Some(path) => std::fs::write(path, &csv).map_err(|e| {
            failure(
                1,
                format!("cannot write {}: {e}", path.display()),
                Reason::new("cli_cannot_write")
                    .arg("file", path.display())
                    .arg("why", &e),
            )
        }),
        None => std::io::stdout().lock().write_all(&csv).map_err(|e| {
            failure(
                1,
                format!("cannot write to standard output: {e}"),
                Reason::new("cli_cannot_write_stdout").arg("why", &e),
            )
        }),
    }
}

/// A CSV file's text: UTF-8, or Big5 or GB18030 as a spreadsheet saved it (`csv_text::decode`,
/// which says on standard error which one it read).
fn read(path: &Path) -> Result<String, Failure> {
    let bytes = std::fs::read(path).map_err(|e| {
        input_error(
            format!("cannot read {}: {e}", path.display()),
            Reason::new("cli_cannot_read")
                .arg("file", path.display())
                .arg("why", &e),
        )
    })?;
    let decoded = crate::csv_text::decode(&bytes)
        .map_err(|e| file_error(path, &e, lang().reason(&e.reason())))?;
    if decoded.legacy.is_some() {
        let read_as = Reason::new("cli_rate_read_as")
            .arg("file", path.display())
            .arg("encoding", decoded.encoding_name());
        eprintln!("{}", lang().reason(&read_as));
    }
    Ok(decoded.text.into_owned())
}

/// A CSV reader's error in `lang`: where (line, column and its header name) and what (the words
/// of the rating list's import page).
/// The rating list's refusal of a player or game in `lang`.
fn rating_error_text(lang: Lang, e: &RatingError) -> String {
    match e {
        RatingError::EmptyName => lang.t("csv_empty_name").to_string(),
        RatingError::DuplicatePlayer(n) => {
            lang.reason(&Reason::new("csv_duplicate_player").arg("player", n))
        }
        RatingError::SamePlayer(n) => lang.reason(&Reason::new("csv_same_player").arg("player", n)),
        // A handle the list did not hand out: a bug, not the input's fault.
        RatingError::UnknownPlayer(_) => e.to_string(),
    }
}
