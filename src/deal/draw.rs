//! Drawing a deal: a 256-bit secret seed drives ChaCha20, which shuffles the pieces (Fisher–Yates).
//!
//! The bounded random integer is implemented here (rejection sampling on `next_u32`) rather than taken
//! from the `rand` crate, so a seed gives the same deal on every machine and with every library version:
//! ChaCha20's output stream is fixed by its specification, and so is everything below.

use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use super::layout::{Deal, DealStringError, JIEQI_IDENTITY, banqi_base_order};
use crate::rules::Variant;

/// The 256-bit secret from which a deal is drawn. Written as 64 lower-case hex digits.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Seed([u8; 32]);

/// Why a seed could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeedError {
    /// Not 64 hex digits.
    #[error("a seed is 64 hex digits, found {0} characters")]
    Length(usize),
    /// A character that is not a hex digit.
    #[error("seed character {position} '{character}' is not a hex digit")]
    NotHex {
        /// 1-based position.
        position: usize,
        /// The offending character.
        character: char,
    },
    /// The operating system's random source failed.
    #[error("the operating system's random source failed: {0}")]
    Os(String),
}

impl Seed {
    /// A fresh seed from the operating system's CSPRNG.
    pub fn generate() -> Result<Seed, SeedError> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| SeedError::Os(e.to_string()))?;
        Ok(Seed(bytes))
    }

    /// A seed from its raw bytes.
    pub const fn from_bytes(bytes: [u8; 32]) -> Seed {
        Seed(bytes)
    }

    /// Parses 64 hex digits (either case; surrounding whitespace ignored).
    pub fn from_hex(text: &str) -> Result<Seed, SeedError> {
        let text = text.trim();
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != 64 {
            return Err(SeedError::Length(chars.len()));
        }
        let mut bytes = [0u8; 32];
        for (i, byte) in bytes.iter_mut().enumerate() {
            let digit = |k: usize| {
                chars[k].to_digit(16).ok_or(SeedError::NotHex {
                    position: k + 1,
                    character: chars[k],
                })
            };
            // Hex digits are < 16, so the two nibbles always fit a byte.
            *byte = (digit(2 * i)? * 16 + digit(2 * i + 1)?) as u8;
        }
        Ok(Seed(bytes))
    }

    /// The seed as 64 lower-case hex digits.
    pub fn to_hex(&self) -> String {
        super::hex(&self.0)
    }

    /// The raw bytes.
    pub const fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }
}

impl std::fmt::Debug for Seed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Shown in full: the seed is secret only until unsealing, and the store decides who sees it.
        write!(f, "Seed({})", self.to_hex())
    }
}

impl std::fmt::Display for Seed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_hex())
    }
}

/// A uniform integer in `0..bound` (`bound` ≥ 1) by rejection sampling: draws of `next_u32` at or above
/// the largest multiple of `bound` below 2³² are discarded, so every residue is equally likely.
pub fn uniform_below(rng: &mut ChaCha20Rng, bound: u32) -> u32 {
    debug_assert!(bound > 0);
    let bound = u64::from(bound.max(1));
    let span = 1u64 << 32;
    let limit = span - span % bound;
    loop {
        let x = u64::from(rng.next_u32());
        if x < limit {
            // x % bound < bound ≤ u32::MAX.
            return (x % bound) as u32;
        }
    }
}

/// Fisher–Yates: for i from the last index down to 1, swap element i with a uniform j in 0..=i.
pub fn shuffle<T>(rng: &mut ChaCha20Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        // i < items.len() ≤ 32 here, far below u32::MAX.
        let j = uniform_below(rng, (i + 1) as u32) as usize;
        items.swap(i, j);
    }
}

/// Draws the deal of `variant` from `seed`. Jieqi: Black's 15 pieces are shuffled first (starting from
/// the identity deal's order), then Red's 15 with the same generator. Banqi: the 32 pieces, starting from
/// `KAABBRRNNCCPPPPPkaabbrrnnccppppp`, in one shuffle. Xiangqi has no deal.
pub fn draw(variant: Variant, seed: &Seed) -> Result<Deal, DealStringError> {
    let mut rng = ChaCha20Rng::from_seed(seed.0);
    let letters: String = match variant {
        Variant::Jieqi => {
            let mut pieces: Vec<char> = JIEQI_IDENTITY.chars().collect();
            let (black, red) = pieces.split_at_mut(15);
            shuffle(&mut rng, black);
            shuffle(&mut rng, red);
            pieces.into_iter().collect()
        }
        Variant::Banqi => {
            let mut pieces: Vec<char> = banqi_base_order().chars().collect();
            shuffle(&mut rng, &mut pieces);
            pieces.into_iter().collect()
        }
        Variant::Xiangqi => return Err(DealStringError::NoDeal(variant)),
    };
    Ok(Deal::from_trusted(variant, letters))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::layout::{BANQI_SQUARES, JIEQI_SQUARES};

    fn seed_from_counter(n: u64) -> Seed {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&n.to_le_bytes());
        Seed::from_bytes(bytes)
    }

    #[test]
    fn seed_hex_round_trip_and_errors() {
        let hex = "00112233445566778899aabbccddeeff00112233445566778899AABBCCDDEEFF";
        let seed = Seed::from_hex(hex).expect("valid hex");
        assert_eq!(seed.to_hex(), hex.to_ascii_lowercase());
        assert_eq!(seed.as_bytes()[1], 0x11);
        assert_eq!(Seed::from_hex("abc"), Err(SeedError::Length(3)));
        let bad = format!("{}g", &hex[..63]);
        assert_eq!(
            Seed::from_hex(&bad),
            Err(SeedError::NotHex {
                position: 64,
                character: 'g'
            })
        );
    }

    #[test]
    fn fresh_seeds_differ() {
        let a = Seed::generate().expect("OS random");
        let b = Seed::generate().expect("OS random");
        assert_ne!(a, b);
    }

    /// The same seed gives the same deal on every machine and version: these strings are pinned.
    #[test]
    fn pinned_seed_gives_pinned_deal() {
        let seed = Seed::from_hex(&"00".repeat(32)).expect("zero seed");
        let jieqi = draw(Variant::Jieqi, &seed).expect("jieqi deal");
        let banqi = draw(Variant::Banqi, &seed).expect("banqi deal");
        assert_eq!(jieqi.as_str(), PINNED_JIEQI);
        assert_eq!(banqi.as_str(), PINNED_BANQI);
        let seed = Seed::from_hex("0123456789abcdef".repeat(4).as_str()).expect("seed");
        assert_eq!(
            draw(Variant::Jieqi, &seed).expect("deal").as_str(),
            PINNED_JIEQI_2
        );
    }

    // Cross-checked with an independent ChaCha20 (RFC 8439 block function, zero nonce, 64-bit block
    // counter, words little-endian) plus the same rejection sampling and Fisher–Yates, written in Python.
    const PINNED_JIEQI: &str = "ppnrcprabpnpbacNPBPRCRBNPACPAP";
    const PINNED_BANQI: &str = "anKpcNBAkpCpPbPPcrBRppPCRAnaNPbr";
    const PINNED_JIEQI_2: &str = "rbapnpcanbrpcppBRNBCPCAAPNPRPP";

    #[test]
    fn draws_are_valid_and_deterministic() {
        for n in 0..200 {
            let seed = seed_from_counter(n);
            for variant in [Variant::Jieqi, Variant::Banqi] {
                let deal = draw(variant, &seed).expect("deal");
                assert_eq!(Deal::parse(variant, deal.as_str()), Ok(deal.clone()));
                assert_eq!(draw(variant, &seed), Ok(deal));
            }
        }
        assert!(draw(Variant::Xiangqi, &seed_from_counter(0)).is_err());
    }

    #[test]
    fn uniform_below_stays_in_range_and_hits_every_value() {
        let mut rng = ChaCha20Rng::from_seed([7; 32]);
        let mut seen = [0u32; 15];
        for _ in 0..15_000 {
            let x = uniform_below(&mut rng, 15) as usize;
            seen[x] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800 && c < 1200), "{seen:?}");
        assert_eq!(uniform_below(&mut rng, 1), 0);
    }

    /// Pearson's chi-square over (square, piece kind) cells for `draws` deals from fixed seeds.
    /// Each square's kinds form one multinomial with (kinds − 1) degrees of freedom; summed over squares.
    fn chi_square(
        variant: Variant,
        draws: u64,
        mut deal_of: impl FnMut(u64) -> String,
    ) -> (f64, usize) {
        let squares = match variant {
            Variant::Jieqi => JIEQI_SQUARES.len(),
            _ => BANQI_SQUARES.len(),
        };
        let kinds = "KRNBACPkrnbacp";
        let mut counts = vec![[0u64; 14]; squares];
        for n in 0..draws {
            for (sq, c) in deal_of(n).chars().enumerate() {
                let k = kinds.find(c).expect("piece letter");
                counts[sq][k] += 1;
            }
        }
        let set = match variant {
            Variant::Jieqi => JIEQI_IDENTITY.to_string(),
            _ => banqi_base_order(),
        };
        let (mut chi, mut dof) = (0.0, 0);
        for (sq, row) in counts.iter().enumerate() {
            // Jieqi squares hold only their own side's pieces; Banqi squares hold any of the 32.
            let pool: String = match variant {
                Variant::Jieqi if sq < 15 => set[..15].to_string(),
                Variant::Jieqi => set[15..].to_string(),
                _ => set.clone(),
            };
            let mut cells = 0;
            for (k, kind) in kinds.chars().enumerate() {
                let share = pool.chars().filter(|&c| c == kind).count();
                if share == 0 {
                    assert_eq!(row[k], 0, "{kind} can never stand on square {sq}");
                    continue;
                }
                let expected = draws as f64 * share as f64 / pool.len() as f64;
                chi += (row[k] as f64 - expected).powi(2) / expected;
                cells += 1;
            }
            dof += cells - 1;
        }
        (chi, dof)
    }

    /// Each piece kind lands on each square about as often as expected. With fixed seeds this is
    /// deterministic; the bound (mean + 8 standard deviations of χ²) would hold for any seeds too.
    #[test]
    fn uniformity_smoke_test() {
        for variant in [Variant::Jieqi, Variant::Banqi] {
            let (chi, dof) = chi_square(variant, 100_000, |n| {
                draw(variant, &seed_from_counter(n))
                    .expect("deal")
                    .as_str()
                    .to_string()
            });
            let bound = dof as f64 + 8.0 * (2.0 * dof as f64).sqrt();
            assert!(
                chi < bound,
                "{variant}: chi-square {chi:.1} over {dof} dof exceeds {bound:.1}"
            );
            // A fit far better than chance would mean the draws are not independent.
            let floor = dof as f64 - 8.0 * (2.0 * dof as f64).sqrt();
            assert!(
                chi > floor,
                "{variant}: chi-square {chi:.1} suspiciously below {floor:.1}"
            );
        }
    }

    /// The smoke test has teeth: the classic wrong shuffle (swap with any index, not only 0..=i) is
    /// biased, and the same bound rejects it with far fewer draws.
    #[test]
    fn uniformity_bound_rejects_a_biased_shuffle() {
        let (chi, dof) = chi_square(Variant::Jieqi, 20_000, |n| {
            let mut rng = ChaCha20Rng::from_seed(*seed_from_counter(n).as_bytes());
            let mut pieces: Vec<char> = JIEQI_IDENTITY.chars().collect();
            for half in pieces.chunks_mut(15) {
                for i in 0..half.len() {
                    let j = uniform_below(&mut rng, half.len() as u32) as usize;
                    half.swap(i, j);
                }
            }
            pieces.into_iter().collect()
        });
        let bound = dof as f64 + 8.0 * (2.0 * dof as f64).sqrt();
        assert!(
            chi > bound,
            "biased shuffle passed: chi-square {chi:.1} ≤ {bound:.1}"
        );
    }
}
