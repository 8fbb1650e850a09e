//! `anqi pair --dutch INPUT.trf -p [OUTPUT]`: pairs the next round of a TRF with the FIDE Dutch
//! system, with the interface of the established pairing engines (JaVaFo, bbpPairings).
//! `anqi pair --dutch FULL.trf -c`: checks every round of a tournament (the pairings checker).
//!
//! Pairing output: the number of pairs on the first line, then one `red black` pair of start
//! numbers per board in board order ("white" = Red), the pairing-allocated bye last as `number 0`.
//!
//! Checker output: per round `Round N: same`, or `Round N: differs` followed by the engine's and the
//! tournament's pairings side by side (`red - black`, the bye as `N - bye`); a round the file marks
//! as fixed by hand says so (`### round N fixed by hand: NOTE`).
//!
//! Exit status: 0 paired, or every round the same; 1 no valid pairing exists (for some round, with
//! `-c`); 2 bad command line; 3 invalid input (the message names the line); 5 the input cannot be
//! read or the output cannot be written; 6 (`-c`) some round differs.

use std::path::PathBuf;

use crate::i18n::{Lang, Reason};
use crate::swiss::dutch::RoundCheck;
use crate::swiss::trf::TrfDocument;
use crate::swiss::{Pairing, PairingError, Tournament, dutch};

/// Arguments of `anqi pair`.
#[derive(Debug, clap::Args)]
pub struct PairArgs {
    /// Pair by the FIDE Dutch system (C.04.3, 2025 rules).
    #[arg(long, required = true)]
    pub dutch: bool,
    /// The tournament so far as a TRF (TRF-2026, or TRF16 with the TRF(x) lines XXR, XXC, XXP).
    pub input: PathBuf,
    /// Pair the next round and write it to OUTPUT, or to standard output when OUTPUT is left out.
    #[arg(
        short = 'p',
        long = "pair",
        value_name = "OUTPUT",
        num_args = 0..=1,
        required_unless_present = "check",
        conflicts_with = "check"
    )]
    pub output: Option<Option<PathBuf>>,
    /// Check every round of the tournament: pair it again from the rounds before it and compare.
    #[arg(short = 'c', long = "check")]
    pub check: bool,
}

/// Exit status: the next round was paired.
pub const EXIT_PAIRED: i32 = 0;
/// Exit status: no pairing satisfies the absolute criteria.
pub const EXIT_NO_PAIRING: i32 = 1;
/// Exit status: the input is not a valid tournament to pair.
pub const EXIT_INVALID_INPUT: i32 = 3;
/// Exit status: a file could not be read or written.
pub const EXIT_FILE_ACCESS: i32 = 5;
/// Exit status (`-c`): the engine pairs some round differently from the tournament.
pub const EXIT_ROUND_DIFFERS: i32 = 6;

/// Runs `anqi pair`; returns the exit status.
pub fn run(args: PairArgs) -> i32 {
    let lang = Lang::from_env();
    let input = args.input.display();
    let text = match std::fs::read(&args.input) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                // Line of the first byte that is not UTF-8, so the user can find it.
                let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
                let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
                let why = lang.reason(&Reason::new("trf_cli_not_utf8").arg("line", line));
                eprintln!("anqi pair: {input}: {why}");
                return EXIT_INVALID_INPUT;
            }
        },
        Err(e) => {
            let why = Reason::new("trf_cli_cannot_read")
                .arg("file", &input)
                .arg("error", e);
            eprintln!("anqi pair: {}", lang.reason(&why));
            return EXIT_FILE_ACCESS;
        }
    };
    let refuse = |e: crate::swiss::trf::TrfError| {
        eprintln!("anqi pair: {input}: {}", lang.reason(&e.located()));
        EXIT_INVALID_INPUT
    };
    let document = match TrfDocument::parse(&text) {
        Ok(d) => d,
        Err(e) => return refuse(e),
    };
    if let Some(e) = document.unsupported_for_pairing() {
        return refuse(e);
    }
    // A finished tournament's rounds are its player lines; pairing the next needs the total.
    if !args.check && document.total_rounds().is_none() {
        let why = lang.reason(&Reason::new("trf_cli_rounds_missing"));
        eprintln!("anqi pair: {input}: {why}");
        return EXIT_INVALID_INPUT;
    }
    let tournament = match document.to_tournament() {
        Ok(t) => t,
        Err(e) => return refuse(e),
    };
    if args.check {
        return check(&tournament, &document.hand_fixed_rounds());
    }
    let pairing = match dutch::pair_next_round(&tournament) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("anqi pair: {input}: {}", lang.reason(&e.reason()));
            return match e {
                PairingError::NoLegalPairing { .. } => EXIT_NO_PAIRING,
                _ => EXIT_INVALID_INPUT,
            };
        }
    };
    let out = format_pairing(&pairing);
    match args.output.flatten() {
        Some(path) => {
            if let Err(e) = std::fs::write(&path, out) {
                let why = Reason::new("trf_cli_cannot_write")
                    .arg("file", path.display())
                    .arg("error", e);
                eprintln!("anqi pair: {}", lang.reason(&why));
                return EXIT_FILE_ACCESS;
            }
        }
        None => print!("{out}"),
    }
    EXIT_PAIRED
}

/// `-c`: prints each round's verdict; returns the exit status.
fn check(tournament: &Tournament, hand_fixed: &[(u32, String)]) -> i32 {
    let checks = dutch::check_rounds(tournament);
    print!("{}", format_checks(&checks, hand_fixed));
    if checks.iter().any(|c| c.engine.is_err()) {
        EXIT_NO_PAIRING
    } else if checks.iter().any(|c| !c.same()) {
        EXIT_ROUND_DIFFERS
    } else {
        EXIT_PAIRED
    }
}

/// The checker's report: `Round N: same`, or `Round N: differs` and both pairings side by side.
pub fn format_checks(checks: &[RoundCheck], hand_fixed: &[(u32, String)]) -> String {
    let mut out = String::new();
    for check in checks {
        let notes: Vec<&str> = hand_fixed
            .iter()
            .filter(|(round, _)| *round == check.round)
            .map(|(_, note)| note.as_str())
            .collect();
        let verdict = match &check.engine {
            _ if check.same() => "same".to_string(),
            Err(e) => format!("differs ({e})"),
            Ok(_) => "differs".to_string(),
        };
        out.push_str(&format!("Round {}: {verdict}", check.round));
        if !notes.is_empty() {
            let notes: Vec<&str> = notes.into_iter().filter(|n| !n.is_empty()).collect();
            out.push_str(" (fixed by hand");
            if !notes.is_empty() {
                out.push_str(&format!(": {}", notes.join("; ")));
            }
            out.push(')');
        }
        out.push('\n');
        if check.same() {
            continue;
        }
        let empty = Pairing {
            boards: Vec::new(),
            bye: None,
        };
        let engine_pairing = check.engine.as_ref().unwrap_or(&empty);
        let engine = board_lines(engine_pairing, &check.played);
        let played = board_lines(&check.played, engine_pairing);
        out.push_str(&format!("  {:<16}{}\n", "engine", "tournament"));
        for i in 0..engine.len().max(played.len()) {
            let cell = |lines: &[String]| lines.get(i).cloned().unwrap_or_default();
            out.push_str(&format!("  {:<16}{}\n", cell(&engine), cell(&played)));
        }
    }
    out
}

/// `red - black` per board, then `N - bye`; a `*` marks what `other` does not have.
fn board_lines(pairing: &Pairing, other: &Pairing) -> Vec<String> {
    let mark = |found: bool| if found { "" } else { " *" };
    pairing
        .boards
        .iter()
        .map(|&(red, black)| {
            let found = other.boards.contains(&(red, black));
            format!("{red:>4} - {black:<4}{}", mark(found))
        })
        .chain(
            pairing
                .bye
                .map(|bye| format!("{bye:>4} - bye {}", mark(other.bye == Some(bye)))),
        )
        .collect()
}

/// The engine output: number of pairs, then `red black` per board, the bye as `number 0`.
pub fn format_pairing(pairing: &Pairing) -> String {
    let count = pairing.boards.len() + usize::from(pairing.bye.is_some());
    let mut out = format!("{count}\n");
    for (red, black) in &pairing.boards {
        out.push_str(&format!("{red} {black}\n"));
    }
    if let Some(bye) = pairing.bye {
        out.push_str(&format!("{bye} 0\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_lists_boards_then_the_bye() {
        let pairing = Pairing {
            boards: vec![(1, 5), (3, 2)],
            bye: Some(6),
        };
        assert_eq!(format_pairing(&pairing), "3\n1 5\n3 2\n6 0\n");
        let even = Pairing {
            boards: vec![(4, 1)],
            bye: None,
        };
        assert_eq!(format_pairing(&even), "1\n4 1\n");
    }
}
