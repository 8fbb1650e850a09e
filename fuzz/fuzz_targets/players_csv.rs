//! Fuzz target: player CSV import; entries written back read as the same entries (see `checks.rs`).
//! Run in `fuzz/`: `RUSTC_BOOTSTRAP=1 cargo fuzz run players_csv`.

#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::players_csv(data));
