//! Sealed duplicate deals (預先布放棋子, RULES.md §9): draw, commit, verify, and setup-sheet data.
//!
//! * **Draw** ([`draw`]): a fresh 256-bit [`Seed`] from the operating system's CSPRNG seeds
//!   `rand_chacha::ChaCha20Rng`; Jieqi shuffles Black's 15 pieces then Red's 15 (Fisher–Yates, each from
//!   the identity deal's order), Banqi shuffles all 32 from `KAABBRRNNCCPPPPPkaabbrrnnccppppp`. The
//!   bounded integer is our own rejection sampling on `next_u32`, so a seed's deal never depends on a
//!   `rand` version.
//! * **Commitment** ([`Commitment`]): SHA-256 over the bytes
//!   ```text
//!   anqi-deal-commitment-v1\n
//!   variant:<len>:<jieqi|banqi>\n
//!   event:<len>:<event id>\n
//!   round:<len>:<round, decimal>\n
//!   game:<len>:<game number, decimal, or "decider">\n
//!   deal:<len>:<canonical deal string>\n
//!   seed:<len>:<64 lower-case hex digits>\n
//!   ```
//!   where `<len>` is the value's length in bytes, in decimal (see `docs/deals.md`).
//! * **Verify** ([`verify`]): the seed must draw the deal and the commitment must match every field.
//! * **Setup sheet** ([`SetupSheet`]): the face-down squares with letters and Chinese names, and a grid.
//! * **Public value** ([`PendingDeal`], [`verify_with_value`]): a deal drawn from
//!   SHA-256(seed ‖ a public value fixed after the commitment), so no one can choose the layout.

mod commitment;
mod draw;
mod layout;
mod public_value;
mod sheet;

pub use commitment::{
    COMMITMENT_TAG, Commitment, ContextError, DealContext, GameNumber, Mismatch, SealedDeal,
    commitment_bytes, verify,
};
pub use draw::{Seed, SeedError, draw, shuffle, uniform_below};
pub use layout::{
    BANQI_SQUARES, Deal, DealSquare, DealStringError, JIEQI_IDENTITY, JIEQI_SQUARES,
    banqi_base_order, chinese_name, squares,
};
pub use public_value::{
    MAX_PUBLIC_VALUE, PUBLIC_VALUE_TAG, PendingDeal, PublicValue, PublicValueError,
    draw_with_value, mixed_seed, public_value_commitment_bytes, verify_with_value,
};
pub use sheet::{SetupSheet, SheetCell, SheetEntry};

/// Lower-case hex of bytes.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
