//! Fuzz the record reader and xiangqi/Jieqi adjudication: no input may panic.
//! Run: `RUSTC_BOOTSTRAP=1 cargo fuzz run record` (or `cargo +nightly fuzz run record`) in this directory.

#![no_main]

use anqi::rules::Variant;
use anqi::rules::adjudicate::{AdjudicateOptions, adjudicate};
use anqi::rules::notation::parse_move;
use anqi::rules::xiangqi::{Deal, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let options = AdjudicateOptions { move_limit: 40, fen: None };
    let deal = Deal::identity();
    for variant in [Variant::Xiangqi, Variant::Jieqi] {
        if let Ok(v) = adjudicate(data, variant, None, &options) {
            let _ = v.to_json();
        }
    }
    let _ = adjudicate(data, Variant::Jieqi, Some(&deal), &options);
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = Position::from_fen(text, Variant::Jieqi);
        let _ = Deal::parse(text);
        for token in text.split_whitespace().take(8) {
            let _ = parse_move(&Position::start(Variant::Jieqi), token);
        }
    }
});
