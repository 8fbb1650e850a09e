//! Deals with a public value (the bridge world's SquareDeal): the arbiter seals a seed, the
//! commitment is published, and only then is a public value fixed — numbers drawn at the venue in
//! front of the players, or a named outside source such as a lottery draw. The deal is drawn from
//! `SHA-256(seed bytes ‖ UTF-8 of the value)`, so no one, the arbiter included, knows or chooses the
//! layout before the value exists (`docs/deals.md`).
//!
//! The commitment of such a deal cannot cover the layout, which does not exist yet: it covers the
//! seed and the game, under its own version tag:
//! ```text
//! anqi-deal-commitment-v2\n
//! variant:<len>:<jieqi|banqi>\n
//! event:<len>:<event id>\n
//! round:<len>:<round>\n
//! game:<len>:<game number or "decider">\n
//! seed:<len>:<64 lower-case hex digits>\n
//! ```

use sha2::{Digest, Sha256};

use super::commitment::{Commitment, DealContext, Mismatch};
use super::draw::{Seed, draw};
use super::layout::{Deal, DealStringError};
use crate::rules::Variant;

/// Version tag opening the committed bytes of a deal drawn with a public value.
pub const PUBLIC_VALUE_TAG: &str = "anqi-deal-commitment-v2";

/// Most characters of a public value.
pub const MAX_PUBLIC_VALUE: usize = 200;

/// A public value as entered: its text without surrounding whitespace, 1 to
/// [`MAX_PUBLIC_VALUE`] characters, no control characters. Its UTF-8 bytes are what is hashed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PublicValue(String);

/// Why a public value was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PublicValueError {
    /// Nothing was entered.
    #[error("the public value is empty")]
    Empty,
    /// More than [`MAX_PUBLIC_VALUE`] characters.
    #[error("the public value has more than {MAX_PUBLIC_VALUE} characters")]
    TooLong,
    /// A control character (a line break, a tab) inside the value.
    #[error("the public value has a control character")]
    Control,
}

impl PublicValue {
    /// Reads a public value (surrounding whitespace is not part of it).
    pub fn parse(text: &str) -> Result<PublicValue, PublicValueError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(PublicValueError::Empty);
        }
        if text.chars().count() > MAX_PUBLIC_VALUE {
            return Err(PublicValueError::TooLong);
        }
        if text.chars().any(char::is_control) {
            return Err(PublicValueError::Control);
        }
        Ok(PublicValue(text.to_string()))
    }

    /// The value's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for PublicValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The seed the deal is drawn from: `SHA-256(seed bytes ‖ UTF-8 of the value)`.
pub fn mixed_seed(seed: &Seed, value: &PublicValue) -> Seed {
    let mut hash = Sha256::new();
    hash.update(seed.as_bytes());
    hash.update(value.as_str().as_bytes());
    let mut bytes = [0u8; 32];
    bytes.copy_from_slice(&hash.finalize());
    Seed::from_bytes(bytes)
}

/// The deal of `variant` drawn from `seed` and the public value.
pub fn draw_with_value(
    variant: Variant,
    seed: &Seed,
    value: &PublicValue,
) -> Result<Deal, DealStringError> {
    draw(variant, &mixed_seed(seed, value))
}

/// The exact bytes the commitment of a deal with a public value hashes (see the module).
pub fn public_value_commitment_bytes(
    context: &DealContext,
    variant: Variant,
    seed: &Seed,
) -> Vec<u8> {
    let mut out = format!("{PUBLIC_VALUE_TAG}\n");
    let fields: [(&str, String); 5] = [
        ("variant", variant.name().to_string()),
        ("event", context.event().to_string()),
        ("round", context.round().to_string()),
        ("game", context.game().to_string()),
        ("seed", seed.to_hex()),
    ];
    for (name, value) in fields {
        out.push_str(&format!("{name}:{}:{value}\n", value.len()));
    }
    out.into_bytes()
}

/// A sealed deal whose public value is still to come: what sealing stores and publishes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingDeal {
    /// The game it is for.
    pub context: DealContext,
    /// Jieqi or Banqi.
    pub variant: Variant,
    /// The secret seed.
    pub seed: Seed,
    /// SHA-256 over the context and the seed (see the module).
    pub commitment: Commitment,
}

impl PendingDeal {
    /// Commits to `seed` for a game (xiangqi has no deal).
    pub fn new(
        variant: Variant,
        context: DealContext,
        seed: Seed,
    ) -> Result<PendingDeal, DealStringError> {
        if variant == Variant::Xiangqi {
            return Err(DealStringError::NoDeal(variant));
        }
        let commitment = Commitment::from_digest(&Sha256::digest(public_value_commitment_bytes(
            &context, variant, &seed,
        )));
        Ok(PendingDeal {
            context,
            variant,
            seed,
            commitment,
        })
    }

    /// The deal once the public value is fixed.
    pub fn draw(&self, value: &PublicValue) -> Result<Deal, DealStringError> {
        draw_with_value(self.variant, &self.seed, value)
    }
}

/// Checks a deal drawn with a public value: the commitment must be the hash of the context and
/// the seed, and the seed with the value must draw exactly this deal.
pub fn verify_with_value(
    context: &DealContext,
    deal: &Deal,
    seed: &Seed,
    value: &PublicValue,
    commitment: &Commitment,
) -> Result<(), Mismatch> {
    let expected = PendingDeal::new(deal.variant(), context.clone(), seed.clone())
        .map_err(|_| Mismatch::Commitment)?;
    if &expected.commitment != commitment {
        return Err(Mismatch::Commitment);
    }
    match expected.draw(value) {
        Ok(drawn) if &drawn == deal => Ok(()),
        _ => Err(Mismatch::DealNotFromSeedAndValue),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::GameNumber;

    fn pending() -> PendingDeal {
        let ctx = DealContext::new("hk2011", 3, GameNumber::Game(1)).expect("context");
        PendingDeal::new(
            Variant::Jieqi,
            ctx,
            Seed::from_hex(&"5a".repeat(32)).expect("seed"),
        )
        .expect("pending")
    }

    #[test]
    fn the_mixed_seed_is_sha256_of_the_seed_bytes_then_the_value() {
        let seed = Seed::from_bytes([0; 32]);
        let value = PublicValue::parse(" 3 5 ").expect("value");
        assert_eq!(value.as_str(), "3 5");
        let mut bytes = vec![0u8; 32];
        bytes.extend_from_slice(b"3 5");
        let expected = super::super::hex(&Sha256::digest(&bytes));
        assert_eq!(mixed_seed(&seed, &value).to_hex(), expected);
        assert_eq!(
            draw_with_value(Variant::Jieqi, &seed, &value),
            draw(Variant::Jieqi, &Seed::from_hex(&expected).expect("hex"))
        );
    }

    #[test]
    fn the_commitment_covers_the_seed_and_the_game_not_the_layout() {
        let p = pending();
        let text = String::from_utf8(public_value_commitment_bytes(
            &p.context, p.variant, &p.seed,
        ))
        .expect("utf-8");
        assert_eq!(
            text,
            format!(
                "anqi-deal-commitment-v2\nvariant:5:jieqi\nevent:6:hk2011\nround:1:3\ngame:1:1\nseed:64:{}\n",
                "5a".repeat(32)
            )
        );
        let value = PublicValue::parse("lottery 2026-08-01: 04 17 23 31 38 45").expect("value");
        let deal = p.draw(&value).expect("deal");
        assert_eq!(
            verify_with_value(&p.context, &deal, &p.seed, &value, &p.commitment),
            Ok(())
        );
        let other = PublicValue::parse("lottery 2026-08-01: 04 17 23 31 38 46").expect("value");
        assert_eq!(
            verify_with_value(&p.context, &deal, &p.seed, &other, &p.commitment),
            Err(Mismatch::DealNotFromSeedAndValue)
        );
        let later = DealContext::new("hk2011", 4, GameNumber::Game(1)).expect("context");
        assert_eq!(
            verify_with_value(&later, &deal, &p.seed, &value, &p.commitment),
            Err(Mismatch::Commitment)
        );
    }

    #[test]
    fn public_values_are_bounded() {
        assert_eq!(PublicValue::parse("  "), Err(PublicValueError::Empty));
        assert_eq!(
            PublicValue::parse(&"7".repeat(MAX_PUBLIC_VALUE + 1)),
            Err(PublicValueError::TooLong)
        );
        assert_eq!(PublicValue::parse("3\n5"), Err(PublicValueError::Control));
        assert!(PublicValue::parse("骰子 3、5").is_ok());
    }
}
