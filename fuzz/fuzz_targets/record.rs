//! Fuzz target: the record reader and the adjudicators of the three games; records round-trip through the writer (see `checks.rs`).
//! Run in `fuzz/`: `RUSTC_BOOTSTRAP=1 cargo fuzz run record`.

#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::record(data));
