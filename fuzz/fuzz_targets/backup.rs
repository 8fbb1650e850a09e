//! Fuzz target: backup JSON as the event importer reads it (see `checks.rs`).
//! Run in `fuzz/`: `RUSTC_BOOTSTRAP=1 cargo fuzz run backup`.

#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::backup(data));
