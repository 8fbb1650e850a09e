//! A Banqi deal: the hidden layout of one game, 32 letters in square order `a1 b1 … h4` (RULES.md §1, §6).

use super::board::{Piece, PieceKind, SQUARES, Square};
use crate::rules::Color;
use rand_chacha::rand_core::Rng;

/// A validated deal: every square's face-down piece, a full set of 16 pieces per side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deal([Piece; SQUARES]);

/// Why a deal string was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// Not 32 letters.
    #[error("a Banqi deal has 32 letters, this one has {0}")]
    Length(usize),
    /// A character that is no piece letter.
    #[error(
        "'{letter}' at position {position} ({square}) is not a piece letter (K A B R N C P, E/H, lower case for Black)"
    )]
    Letter {
        /// The character.
        letter: char,
        /// 1-based position in the string.
        position: usize,
        /// The square it stands for.
        square: Square,
    },
    /// Too many or too few of one piece.
    #[error("the deal has {found} '{piece}', a full set has {expected}")]
    Count {
        /// The piece.
        piece: Piece,
        /// How many the deal has.
        found: usize,
        /// How many a set has.
        expected: usize,
    },
}

impl Deal {
    /// Parses and validates 32 letters in square order (surrounding whitespace ignored).
    pub fn parse(s: &str) -> Result<Deal, DealError> {
        let letters: Vec<char> = s.trim().chars().collect();
        if letters.len() != SQUARES {
            return Err(DealError::Length(letters.len()));
        }
        let mut pieces = [Piece::new(Color::Red, PieceKind::Pawn); SQUARES];
        for (square, &letter) in Square::all().zip(&letters) {
            pieces[square.index()] = Piece::from_letter(letter).ok_or(DealError::Letter {
                letter,
                position: square.index() + 1,
                square,
            })?;
        }
        check_full_set(&pieces)?;
        Ok(Deal(pieces))
    }

    /// A deal shuffled with `rng` (Fisher–Yates over all 32 pieces, RULES.md §9).
    pub fn shuffled<R: Rng + ?Sized>(rng: &mut R) -> Deal {
        let mut pieces = full_set();
        for i in (1..SQUARES).rev() {
            // Rejection sampling keeps every permutation equally likely.
            let bound = (i + 1) as u32;
            let zone = u32::MAX - u32::MAX % bound;
            let j = loop {
                let r = rng.next_u32();
                if r < zone {
                    break (r % bound) as usize;
                }
            };
            pieces.swap(i, j);
        }
        Deal(pieces)
    }

    /// The piece dealt face-down on `square`.
    #[inline]
    pub fn piece_at(&self, square: Square) -> Piece {
        self.0[square.index()]
    }

    /// The pieces in square order.
    pub fn pieces(&self) -> &[Piece; SQUARES] {
        &self.0
    }
}

impl std::fmt::Display for Deal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.iter().try_for_each(|p| write!(f, "{}", p.letter()))
    }
}

impl std::str::FromStr for Deal {
    type Err = DealError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Deal::parse(s)
    }
}

/// The 32 pieces of a set, Red then Black, each side K A A B B R R N N C C P P P P P.
pub fn full_set() -> [Piece; SQUARES] {
    let mut pieces = [Piece::new(Color::Red, PieceKind::Pawn); SQUARES];
    let mut i = 0;
    for color in [Color::Red, Color::Black] {
        for kind in PieceKind::ALL {
            for _ in 0..kind.count_per_side() {
                pieces[i] = Piece::new(color, kind);
                i += 1;
            }
        }
    }
    pieces
}

fn check_full_set(pieces: &[Piece]) -> Result<(), DealError> {
    let mut counts = [0usize; 14];
    for p in pieces {
        counts[p.index()] += 1;
    }
    for (i, &found) in counts.iter().enumerate() {
        let piece = Piece::from_index(i);
        let expected = piece.kind.count_per_side() as usize;
        if found != expected {
            return Err(DealError::Count {
                piece,
                found,
                expected,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;

    /// A fixed deal used across the Banqi tests.
    pub(crate) const FIXED: &str = "KAABBRRNNCCPPPPPkaabbrrnnccppppp";

    #[test]
    fn parses_and_round_trips() {
        let deal = Deal::parse(FIXED).unwrap();
        assert_eq!(deal.to_string(), FIXED);
        assert_eq!(
            deal.piece_at(Square::parse("a1").unwrap()),
            Piece::new(Color::Red, PieceKind::King)
        );
        assert_eq!(
            deal.piece_at(Square::parse("h4").unwrap()),
            Piece::new(Color::Black, PieceKind::Pawn)
        );
        // WXF letters are accepted and written back in the house letters.
        let wxf = FIXED.replace("BB", "EE").replace("nn", "hh");
        assert_eq!(Deal::parse(&wxf).unwrap().to_string(), FIXED);
    }

    #[test]
    fn rejects_bad_deals_with_a_reason() {
        assert_eq!(Deal::parse("KAAB"), Err(DealError::Length(4)));
        let e = Deal::parse(&FIXED.replacen('K', "X", 1)).unwrap_err();
        assert!(
            matches!(
                e,
                DealError::Letter {
                    letter: 'X',
                    position: 1,
                    ..
                }
            ),
            "{e}"
        );
        assert!(e.to_string().contains("a1"), "{e}");
        // Three red chariots, one red horse.
        let e = Deal::parse(&FIXED.replacen('N', "R", 1)).unwrap_err();
        assert_eq!(
            e,
            DealError::Count {
                piece: Piece::new(Color::Red, PieceKind::Chariot),
                found: 3,
                expected: 2
            }
        );
    }

    /// Property: shuffled deals are valid full sets and round-trip through their string.
    #[test]
    fn property_shuffled_deals_round_trip() {
        let mut rng = ChaCha8Rng::seed_from_u64(32);
        let mut first_squares = std::collections::HashSet::new();
        for _ in 0..300 {
            let deal = Deal::shuffled(&mut rng);
            let text = deal.to_string();
            assert_eq!(Deal::parse(&text), Ok(deal));
            first_squares.insert(deal.pieces()[0]);
        }
        // Every identity turns up on a1 at some point: the shuffle reaches the whole set.
        assert_eq!(first_squares.len(), 14);
    }
}
