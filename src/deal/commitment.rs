//! Sealing: the SHA-256 commitment over a deal, its seed and the game it is for, and its verification.

use sha2::{Digest, Sha256};

use super::draw::{Seed, draw};
use super::layout::Deal;

/// Version tag opening the committed byte string; a change of layout gets a new tag.
pub const COMMITMENT_TAG: &str = "anqi-deal-commitment-v1";

/// Which game of a round a deal is for: game 1, 2, 3… of a knockout match or a Swiss round (always 1),
/// or the knockout decider.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameNumber {
    /// Game 1, 2, 3… (1-based).
    Game(u32),
    /// The decider after a level match (RULES.md §8).
    Decider,
}

impl GameNumber {
    /// Whether this is the decider.
    pub fn is_decider(self) -> bool {
        self == GameNumber::Decider
    }

    /// Parses `1`, `2`, … or `decider` (also `d`), case-insensitive.
    pub fn parse(text: &str) -> Option<GameNumber> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("decider") || text.eq_ignore_ascii_case("d") {
            return Some(GameNumber::Decider);
        }
        match text.parse::<u32>() {
            Ok(n) if n >= 1 && text.bytes().all(|b| b.is_ascii_digit()) => {
                Some(GameNumber::Game(n))
            }
            _ => None,
        }
    }
}

impl std::fmt::Display for GameNumber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameNumber::Game(n) => write!(f, "{n}"),
            GameNumber::Decider => f.write_str("decider"),
        }
    }
}

/// The game a deal is sealed for: event, round and game number.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DealContext {
    event: String,
    round: u32,
    game: GameNumber,
}

/// Why a deal context was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ContextError {
    /// The event id is empty, too long or has control characters.
    #[error("event id must be 1–200 bytes without control characters")]
    EventId,
    /// Round 0.
    #[error("rounds are numbered from 1")]
    Round,
    /// Game 0.
    #[error("games are numbered from 1")]
    Game,
}

impl DealContext {
    /// A context; the event id is the event's identifier as the store writes it (e.g. `"17"`).
    pub fn new(event: &str, round: u32, game: GameNumber) -> Result<DealContext, ContextError> {
        if event.is_empty() || event.len() > 200 || event.chars().any(char::is_control) {
            return Err(ContextError::EventId);
        }
        if round == 0 {
            return Err(ContextError::Round);
        }
        if game == GameNumber::Game(0) {
            return Err(ContextError::Game);
        }
        Ok(DealContext {
            event: event.to_string(),
            round,
            game,
        })
    }

    /// The event id.
    pub fn event(&self) -> &str {
        &self.event
    }

    /// The 1-based round of the event (the store numbers knockout rounds after the Swiss ones).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The game number within the round.
    pub fn game(&self) -> GameNumber {
        self.game
    }
}

/// The exact bytes the commitment hashes. One line per field, in this order, each `name:length:value\n`
/// where length is the value's byte count in decimal, after the first line `anqi-deal-commitment-v1\n`:
/// `variant` (`jieqi`/`banqi`), `event`, `round` (decimal), `game` (decimal or `decider`), `deal` (the
/// canonical deal string), `seed` (64 lower-case hex digits). The length prefixes make it unambiguous
/// whatever the event id contains.
pub fn commitment_bytes(context: &DealContext, deal: &Deal, seed: &Seed) -> Vec<u8> {
    let mut out = format!("{COMMITMENT_TAG}\n");
    let fields: [(&str, String); 6] = [
        ("variant", deal.variant().name().to_string()),
        ("event", context.event.clone()),
        ("round", context.round.to_string()),
        ("game", context.game.to_string()),
        ("deal", deal.as_str().to_string()),
        ("seed", seed.to_hex()),
    ];
    for (name, value) in fields {
        out.push_str(&format!("{name}:{}:{value}\n", value.len()));
    }
    out.into_bytes()
}

/// A SHA-256 commitment, written as 64 lower-case hex digits.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Commitment([u8; 32]);

impl Commitment {
    /// Commits to a deal drawn (or to be checked) for a game.
    pub fn compute(context: &DealContext, deal: &Deal, seed: &Seed) -> Commitment {
        let digest = Sha256::digest(commitment_bytes(context, deal, seed));
        let mut bytes = [0u8; 32];
        bytes.copy_from_slice(&digest);
        Commitment(bytes)
    }

    /// A commitment from a SHA-256 digest (32 bytes; a shorter slice is zero-padded).
    pub(crate) fn from_digest(digest: &[u8]) -> Commitment {
        let mut bytes = [0u8; 32];
        let n = digest.len().min(32);
        bytes[..n].copy_from_slice(&digest[..n]);
        Commitment(bytes)
    }

    /// Parses 64 hex digits (either case).
    pub fn from_hex(text: &str) -> Option<Commitment> {
        Seed::from_hex(text).ok().map(|s| Commitment(*s.as_bytes()))
    }

    /// The commitment as 64 lower-case hex digits.
    pub fn to_hex(&self) -> String {
        super::hex(&self.0)
    }
}

impl std::fmt::Display for Commitment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_hex())
    }
}

/// Why an unsealed deal does not verify.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Mismatch {
    /// The seed does not draw this deal.
    #[error("the seed does not draw this deal")]
    DealNotFromSeed,
    /// The commitment is not the hash of these fields.
    #[error("the commitment does not match the variant, event, round, game, deal and seed")]
    Commitment,
    /// The seed and the public value do not draw this deal.
    #[error("the seed and the public value do not draw this deal")]
    DealNotFromSeedAndValue,
}

/// Checks an unsealed deal: the seed must draw exactly this deal, and the commitment must be the hash of
/// all the fields. Either failing means the published deal is not the one sealed.
pub fn verify(
    context: &DealContext,
    deal: &Deal,
    seed: &Seed,
    commitment: &Commitment,
) -> Result<(), Mismatch> {
    match draw(deal.variant(), seed) {
        Ok(drawn) if &drawn == deal => {}
        _ => return Err(Mismatch::DealNotFromSeed),
    }
    if &Commitment::compute(context, deal, seed) != commitment {
        return Err(Mismatch::Commitment);
    }
    Ok(())
}

/// A freshly drawn and sealed deal: what the arbiter stores (all three) and publishes (the commitment).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SealedDeal {
    /// The game it is for.
    pub context: DealContext,
    /// The hidden layout.
    pub deal: Deal,
    /// The secret seed.
    pub seed: Seed,
    /// SHA-256 over all of the above.
    pub commitment: Commitment,
}

impl SealedDeal {
    /// Draws the deal from `seed` and commits to it.
    pub fn from_seed(
        variant: crate::rules::Variant,
        context: DealContext,
        seed: Seed,
    ) -> Result<SealedDeal, super::layout::DealStringError> {
        let deal = draw(variant, &seed)?;
        let commitment = Commitment::compute(&context, &deal, &seed);
        Ok(SealedDeal {
            context,
            deal,
            seed,
            commitment,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    fn sealed() -> SealedDeal {
        let ctx = DealContext::new("hk2011", 3, GameNumber::Game(2)).expect("context");
        let seed = Seed::from_hex(&"5a".repeat(32)).expect("seed");
        SealedDeal::from_seed(Variant::Jieqi, ctx, seed).expect("deal")
    }

    #[test]
    fn committed_bytes_are_documented_layout() {
        let s = sealed();
        let text =
            String::from_utf8(commitment_bytes(&s.context, &s.deal, &s.seed)).expect("utf-8");
        let expected = format!(
            "anqi-deal-commitment-v1\nvariant:5:jieqi\nevent:6:hk2011\nround:1:3\ngame:1:2\ndeal:30:{}\nseed:64:{}\n",
            s.deal,
            "5a".repeat(32)
        );
        assert_eq!(text, expected);
    }

    #[test]
    fn commitment_is_sha256_of_the_bytes() {
        // SHA-256 of the empty-field-free known message "abc" pins the hash function itself.
        assert_eq!(
            super::super::hex(&Sha256::digest(b"abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        let s = sealed();
        assert_eq!(s.commitment.to_hex().len(), 64);
        assert_eq!(
            Commitment::from_hex(&s.commitment.to_hex().to_uppercase()),
            Some(s.commitment.clone())
        );
    }

    #[test]
    fn verification_accepts_the_sealed_deal() {
        let s = sealed();
        assert_eq!(verify(&s.context, &s.deal, &s.seed, &s.commitment), Ok(()));
    }

    #[test]
    fn any_changed_field_fails_verification() {
        let s = sealed();
        let other_event = DealContext::new("hk2012", 3, GameNumber::Game(2)).expect("ctx");
        let other_round = DealContext::new("hk2011", 4, GameNumber::Game(2)).expect("ctx");
        let other_game = DealContext::new("hk2011", 3, GameNumber::Decider).expect("ctx");
        for ctx in [other_event, other_round, other_game] {
            assert_eq!(
                verify(&ctx, &s.deal, &s.seed, &s.commitment),
                Err(Mismatch::Commitment)
            );
        }
        // Another deal: swap the first two distinct Black letters.
        let mut letters: Vec<char> = s.deal.as_str().chars().collect();
        let j = (1..15)
            .find(|&j| letters[j] != letters[0])
            .expect("two kinds");
        letters.swap(0, j);
        let other_deal =
            Deal::parse(Variant::Jieqi, &letters.iter().collect::<String>()).expect("deal");
        assert_eq!(
            verify(&s.context, &other_deal, &s.seed, &s.commitment),
            Err(Mismatch::DealNotFromSeed)
        );
        // Another seed.
        let other_seed = Seed::from_hex(&"5b".repeat(32)).expect("seed");
        assert_eq!(
            verify(&s.context, &s.deal, &other_seed, &s.commitment),
            Err(Mismatch::DealNotFromSeed)
        );
        // A seed that draws the other deal, committed honestly, still fails against the old commitment.
        let resealed =
            SealedDeal::from_seed(Variant::Jieqi, s.context.clone(), other_seed).expect("deal");
        assert_eq!(
            verify(&s.context, &resealed.deal, &resealed.seed, &s.commitment),
            Err(Mismatch::Commitment)
        );
        // Another variant: the same seed's Banqi deal.
        let banqi =
            SealedDeal::from_seed(Variant::Banqi, s.context.clone(), s.seed.clone()).expect("deal");
        assert_eq!(
            verify(&s.context, &banqi.deal, &s.seed, &s.commitment),
            Err(Mismatch::Commitment)
        );
        // A flipped bit in the commitment.
        let mut hex: Vec<char> = s.commitment.to_hex().chars().collect();
        hex[10] = if hex[10] == '0' { '1' } else { '0' };
        let tampered = Commitment::from_hex(&hex.iter().collect::<String>()).expect("hex");
        assert_eq!(
            verify(&s.context, &s.deal, &s.seed, &tampered),
            Err(Mismatch::Commitment)
        );
    }

    #[test]
    fn event_ids_cannot_collide_through_field_boundaries() {
        let seed = Seed::from_hex(&"01".repeat(32)).expect("seed");
        let deal = draw(Variant::Jieqi, &seed).expect("deal");
        let a = DealContext::new("e\u{3a}1", 1, GameNumber::Game(1)).expect("ctx");
        let b = DealContext::new("e", 1, GameNumber::Game(1)).expect("ctx");
        assert_ne!(
            Commitment::compute(&a, &deal, &seed),
            Commitment::compute(&b, &deal, &seed)
        );
        assert_eq!(
            DealContext::new("", 1, GameNumber::Game(1)),
            Err(ContextError::EventId)
        );
        assert_eq!(
            DealContext::new("a\nb", 1, GameNumber::Game(1)),
            Err(ContextError::EventId)
        );
        assert_eq!(
            DealContext::new("e", 0, GameNumber::Game(1)),
            Err(ContextError::Round)
        );
        assert_eq!(
            DealContext::new("e", 1, GameNumber::Game(0)),
            Err(ContextError::Game)
        );
    }

    #[test]
    fn game_numbers_parse_and_print() {
        assert_eq!(GameNumber::parse("3"), Some(GameNumber::Game(3)));
        assert_eq!(GameNumber::parse("Decider"), Some(GameNumber::Decider));
        assert_eq!(GameNumber::parse("0"), None);
        assert_eq!(GameNumber::parse("+3"), None);
        assert_eq!(GameNumber::Decider.to_string(), "decider");
    }
}
