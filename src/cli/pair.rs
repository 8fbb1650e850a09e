//! `anqi pair --dutch INPUT.trf -p [OUTPUT]`: pairs the next round of a TRF with the FIDE Dutch
//! system, with the interface of the established pairing engines (JaVaFo, bbpPairings).
//!
//! Output: the number of pairs on the first line, then one `red black` pair of start numbers per board
//! in board order ("white" = Red), the pairing-allocated bye last as `number 0`.
//!
//! Exit status: 0 paired; 1 no valid pairing exists; 2 bad command line; 3 invalid input (the message
//! names the line); 5 the input cannot be read or the output cannot be written.

use std::path::PathBuf;

use crate::swiss::trf::TrfDocument;
use crate::swiss::{Pairing, PairingError, dutch};

/// Arguments of `anqi pair`.
#[derive(Debug, clap::Args)]
pub struct PairArgs {
    /// Pair by the FIDE Dutch system (C.04.3, 2025 rules).
    #[arg(long, required = true)]
    pub dutch: bool,
    /// The tournament so far as a TRF (TRF-2026, or TRF16 with the TRF(x) lines XXR, XXC, XXP).
    pub input: PathBuf,
    /// Pair the next round and write it to OUTPUT, or to standard output when OUTPUT is left out.
    #[arg(short = 'p', long = "pair", value_name = "OUTPUT", num_args = 0..=1, required = true)]
    pub output: Option<Option<PathBuf>>,
}

/// Exit status: the next round was paired.
pub const EXIT_PAIRED: i32 = 0;
/// Exit status: no pairing satisfies the absolute criteria.
pub const EXIT_NO_PAIRING: i32 = 1;
/// Exit status: the input is not a valid tournament to pair.
pub const EXIT_INVALID_INPUT: i32 = 3;
/// Exit status: a file could not be read or written.
pub const EXIT_FILE_ACCESS: i32 = 5;

/// Runs `anqi pair`; returns the exit status.
pub fn run(args: PairArgs) -> i32 {
    let input = args.input.display();
    let text = match std::fs::read(&args.input) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                // Line of the first byte that is not UTF-8, so the user can find it.
                let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
                let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
                eprintln!("anqi pair: {input}: line {line}: not UTF-8 text");
                return EXIT_INVALID_INPUT;
            }
        },
        Err(e) => {
            eprintln!("anqi pair: cannot read {input}: {e}");
            return EXIT_FILE_ACCESS;
        }
    };
    let document = match TrfDocument::parse(&text) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("anqi pair: {input}: {e}");
            return EXIT_INVALID_INPUT;
        }
    };
    if let Some(e) = document.unsupported_for_pairing() {
        eprintln!("anqi pair: {input}: {e}");
        return EXIT_INVALID_INPUT;
    }
    if document.total_rounds().is_none() {
        eprintln!("anqi pair: {input}: the number of rounds is missing (line 142 or XXR)");
        return EXIT_INVALID_INPUT;
    }
    let tournament = match document.to_tournament() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("anqi pair: {input}: {e}");
            return EXIT_INVALID_INPUT;
        }
    };
    let pairing = match dutch::pair_next_round(&tournament) {
        Ok(p) => p,
        Err(e @ PairingError::NoLegalPairing { .. }) => {
            eprintln!("anqi pair: {input}: {e}");
            return EXIT_NO_PAIRING;
        }
        Err(e) => {
            eprintln!("anqi pair: {input}: {e}");
            return EXIT_INVALID_INPUT;
        }
    };
    let out = format_pairing(&pairing);
    match args.output.flatten() {
        Some(path) => {
            if let Err(e) = std::fs::write(&path, out) {
                eprintln!("anqi pair: cannot write {}: {e}", path.display());
                return EXIT_FILE_ACCESS;
            }
        }
        None => print!("{out}"),
    }
    EXIT_PAIRED
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
