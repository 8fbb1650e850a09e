//! Fuzz target: move notation: games chosen by the bytes, each move written in ICCS, WXF and Chinese (Banqi squares) and read back (see `checks.rs`).
//! Run in `fuzz/`: `RUSTC_BOOTSTRAP=1 cargo fuzz run notation`.

#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::notation(data));
