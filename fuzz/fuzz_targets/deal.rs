//! Fuzz target: Jieqi and Banqi deal strings; a deal that reads round-trips (see `checks.rs`).
//! Run in `fuzz/`: `RUSTC_BOOTSTRAP=1 cargo fuzz run deal`.

#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::deal(data));
