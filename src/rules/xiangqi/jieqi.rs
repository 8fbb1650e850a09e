//! 揭棋 Jieqi specifics: the deal (hidden layout of one game) and the pool of unrevealed identities.

use super::board::{PieceKind, Square};
use crate::rules::Color;
use std::fmt;

/// The 30 deal squares in deal-string order (RULES.md §3): 15 Black, then 15 Red.
const DEAL_SQUARES: [(u8, u8); 30] = [
    (0, 9),
    (1, 9),
    (2, 9),
    (3, 9),
    (5, 9),
    (6, 9),
    (7, 9),
    (8, 9),
    (1, 7),
    (7, 7),
    (0, 6),
    (2, 6),
    (4, 6),
    (6, 6),
    (8, 6),
    (0, 3),
    (2, 3),
    (4, 3),
    (6, 3),
    (8, 3),
    (1, 2),
    (7, 2),
    (0, 0),
    (1, 0),
    (2, 0),
    (3, 0),
    (5, 0),
    (6, 0),
    (7, 0),
    (8, 0),
];

/// The colour owning deal position `i` (0-based).
const fn deal_color(i: usize) -> Color {
    if i < 15 { Color::Black } else { Color::Red }
}

/// The square of deal position `i` (0-based, < 30).
fn deal_square(i: usize) -> Square {
    let (f, r) = DEAL_SQUARES[i % 30];
    Square::new(f, r).unwrap_or_else(|| unreachable!("deal squares are on the board"))
}

/// Why a deal string was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// Not 30 letters.
    #[error("deal has {found} letters, expected 30")]
    WrongLength {
        /// Letters found.
        found: usize,
    },
    /// A character that is no piece letter (or a king).
    #[error("deal letter {position} '{letter}' is not one of R N B A C P")]
    NotAPiece {
        /// 1-based position in the string.
        position: usize,
        /// The character.
        letter: char,
    },
    /// A letter in the wrong case for its half of the string.
    #[error("deal letter {position} '{letter}' must be {} (letters 1-15 are Black, lower case; 16-30 Red, upper case)", if matches!(expected, Color::Red) { "Red, upper case" } else { "Black, lower case" })]
    WrongColor {
        /// 1-based position in the string.
        position: usize,
        /// The character.
        letter: char,
        /// The side that position belongs to.
        expected: Color,
    },
    /// Wrong number of pieces of one kind for a side.
    #[error("deal has {found} {} {kind:?}s, expected {expected}", if matches!(color, Color::Red) { "Red" } else { "Black" })]
    WrongCount {
        /// The side.
        color: Color,
        /// The kind.
        kind: PieceKind,
        /// How many the deal has.
        found: u8,
        /// How many a side has.
        expected: u8,
    },
}

/// A validated Jieqi deal: the identity of the face-down piece on each of the 30 start squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deal {
    kinds: [PieceKind; 30],
}

impl Deal {
    /// The identity deal: every piece on its own start square (`rnbaabnrccpppppPPPPPCCRNBAABNR`).
    pub fn identity() -> Deal {
        let mut kinds = [PieceKind::Pawn; 30];
        for (i, k) in kinds.iter_mut().enumerate() {
            *k = super::board::start_square_kind(deal_color(i), deal_square(i))
                .unwrap_or_else(|| unreachable!("deal squares are start squares"));
        }
        Deal { kinds }
    }

    /// Parses and validates a 30-letter deal string (WXF letters `E`/`H` accepted).
    pub fn parse(s: &str) -> Result<Deal, DealError> {
        let s = s.trim();
        let found = s.chars().count();
        if found != 30 {
            return Err(DealError::WrongLength { found });
        }
        let mut kinds = [PieceKind::Pawn; 30];
        let mut counts = [[0u8; 7]; 2];
        for (i, letter) in s.chars().enumerate() {
            let position = i + 1;
            let kind = match PieceKind::from_letter(letter) {
                Some(k) if k != PieceKind::King && letter.is_ascii() => k,
                _ => return Err(DealError::NotAPiece { position, letter }),
            };
            let expected = deal_color(i);
            let is_red = letter.is_ascii_uppercase();
            if is_red != matches!(expected, Color::Red) {
                return Err(DealError::WrongColor {
                    position,
                    letter,
                    expected,
                });
            }
            kinds[i] = kind;
            counts[expected.index()][kind.index()] += 1;
        }
        Deal::check_counts(&counts)?;
        Ok(Deal { kinds })
    }

    /// Builds a deal from each side's 15 identities in deal-square order (Red's from `a3` to `i0`,
    /// Black's from `a9` to `i6`), checking the counts.
    pub fn from_sides(red: [PieceKind; 15], black: [PieceKind; 15]) -> Result<Deal, DealError> {
        let mut kinds = [PieceKind::Pawn; 30];
        kinds[..15].copy_from_slice(&black);
        kinds[15..].copy_from_slice(&red);
        let mut counts = [[0u8; 7]; 2];
        for (i, k) in kinds.iter().enumerate() {
            if *k == PieceKind::King {
                return Err(DealError::NotAPiece {
                    position: i + 1,
                    letter: 'K',
                });
            }
            counts[deal_color(i).index()][k.index()] += 1;
        }
        Deal::check_counts(&counts)?;
        Ok(Deal { kinds })
    }

    fn check_counts(counts: &[[u8; 7]; 2]) -> Result<(), DealError> {
        for color in [Color::Red, Color::Black] {
            for kind in PieceKind::ALL.into_iter().skip(1) {
                let found = counts[color.index()][kind.index()];
                if found != kind.start_count() {
                    return Err(DealError::WrongCount {
                        color,
                        kind,
                        found,
                        expected: kind.start_count(),
                    });
                }
            }
        }
        Ok(())
    }

    /// The identity dealt to the start square `sq`, if it is one of the 30 deal squares.
    pub fn identity_at(&self, sq: Square) -> Option<(Color, PieceKind)> {
        (0..30)
            .find(|&i| deal_square(i) == sq)
            .map(|i| (deal_color(i), self.kinds[i]))
    }

    /// The 30 (square, side, identity) entries in deal-string order.
    pub fn entries(&self) -> impl Iterator<Item = (Square, Color, PieceKind)> + '_ {
        (0..30).map(|i| (deal_square(i), deal_color(i), self.kinds[i]))
    }
}

impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, k) in self.kinds.iter().enumerate() {
            let c = k.letter();
            let c = if matches!(deal_color(i), Color::Black) {
                c.to_ascii_lowercase()
            } else {
                c
            };
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Deal({self})")
    }
}

impl std::str::FromStr for Deal {
    type Err = DealError;
    fn from_str(s: &str) -> Result<Deal, DealError> {
        Deal::parse(s)
    }
}

/// The pool: per side, how many of each identity are still unrevealed (face-down on the board, or
/// captured face-down without the identity being known to this position).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Pool {
    counts: [[u8; 7]; 2],
}

/// FEN order of pool letters (RULES.md §3).
pub const POOL_ORDER: [PieceKind; 6] = [
    PieceKind::Chariot,
    PieceKind::Advisor,
    PieceKind::Cannon,
    PieceKind::Pawn,
    PieceKind::Horse,
    PieceKind::Elephant,
];

impl Pool {
    /// The empty pool.
    pub const fn empty() -> Pool {
        Pool {
            counts: [[0; 7]; 2],
        }
    }

    /// The full pool of the Jieqi start (15 per side).
    pub fn full() -> Pool {
        let mut p = Pool::empty();
        for c in [Color::Red, Color::Black] {
            for k in POOL_ORDER {
                p.counts[c.index()][k.index()] = k.start_count();
            }
        }
        p
    }

    /// Every identity not face-up, per side: the start's counts less `face_up` (counts by side
    /// and kind index), for a FEN that has no pool field.
    pub(crate) fn unseen(face_up: &[[u8; 7]; 2]) -> Pool {
        let mut p = Pool::empty();
        for c in [Color::Red, Color::Black] {
            for k in POOL_ORDER {
                p.counts[c.index()][k.index()] = k
                    .start_count()
                    .saturating_sub(face_up[c.index()][k.index()]);
            }
        }
        p
    }

    /// How many `kind` of `color` are unrevealed.
    #[inline]
    pub fn count(&self, color: Color, kind: PieceKind) -> u8 {
        self.counts[color.index()][kind.index()]
    }

    /// Total unrevealed pieces of `color`.
    pub fn total(&self, color: Color) -> u32 {
        self.counts[color.index()]
            .iter()
            .map(|&n| u32::from(n))
            .sum()
    }

    #[inline]
    pub(crate) fn add(&mut self, color: Color, kind: PieceKind, n: i8) {
        let c = &mut self.counts[color.index()][kind.index()];
        *c = c.wrapping_add_signed(n);
    }

    /// Parses the FEN pool field (`R2A2C2P5N2B2r2a2c2p5n2b2` or `-`); letters in any order, a
    /// missing count means 1.
    pub fn parse(s: &str) -> Result<Pool, String> {
        let mut pool = Pool::empty();
        if s == "-" {
            return Ok(pool);
        }
        let chars: Vec<char> = s.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let letter = chars[i];
            let kind = PieceKind::from_letter(letter)
                .filter(|&k| k != PieceKind::King && letter.is_ascii())
                .ok_or_else(|| format!("'{letter}' is not a pool piece letter"))?;
            let color = if letter.is_ascii_uppercase() {
                Color::Red
            } else {
                Color::Black
            };
            i += 1;
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let n: u8 = if start == i {
                1
            } else {
                chars[start..i]
                    .iter()
                    .collect::<String>()
                    .parse()
                    .map_err(|_| format!("count after '{letter}' is too large"))?
            };
            let c = &mut pool.counts[color.index()][kind.index()];
            *c = c
                .checked_add(n)
                .filter(|&t| t <= kind.start_count())
                .ok_or_else(|| {
                    format!("more than {} '{letter}' in the pool", kind.start_count())
                })?;
        }
        Ok(pool)
    }
}

impl fmt::Display for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut any = false;
        for c in [Color::Red, Color::Black] {
            for k in POOL_ORDER {
                let n = self.count(c, k);
                if n > 0 {
                    let l = if matches!(c, Color::Red) {
                        k.letter()
                    } else {
                        k.letter().to_ascii_lowercase()
                    };
                    write!(f, "{l}{n}")?;
                    any = true;
                }
            }
        }
        if !any {
            f.write_str("-")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identity_deal_string() {
        assert_eq!(
            Deal::identity().to_string(),
            "rnbaabnrccpppppPPPPPCCRNBAABNR"
        );
        assert_eq!(
            Deal::parse("rnbaabnrccpppppPPPPPCCRNBAABNR"),
            Ok(Deal::identity())
        );
    }

    #[test]
    fn deal_errors_name_the_problem() {
        assert_eq!(Deal::parse("rnb"), Err(DealError::WrongLength { found: 3 }));
        assert!(matches!(
            Deal::parse("rnbaabnrccpppppPPPPPCCRNBAABNX"),
            Err(DealError::NotAPiece {
                position: 30,
                letter: 'X'
            })
        ));
        assert!(matches!(
            Deal::parse("rnbaabnrccpppppPPPPPCCRNBAABNk"),
            Err(DealError::NotAPiece { position: 30, .. })
        ));
        assert!(matches!(
            Deal::parse("Rnbaabnrccppppppppppccrnbaabnr"),
            Err(DealError::WrongColor { position: 1, .. })
        ));
        // three Red chariots (a pawn replaced)
        let e = Deal::parse("rnbaabnrccpppppRPPPPCCRNBAABNR").unwrap_err();
        assert_eq!(
            e,
            DealError::WrongCount {
                color: Color::Red,
                kind: PieceKind::Chariot,
                found: 3,
                expected: 2
            }
        );
        assert_eq!(e.to_string(), "deal has 3 Red Chariots, expected 2");
    }

    #[test]
    fn deal_accepts_wxf_letters_and_writes_canonical() {
        let d = Deal::parse("rheaaehrccpppppPPPPPCCRHEAAEHR").unwrap();
        assert_eq!(d, Deal::identity());
    }

    #[test]
    fn deal_identity_at_squares() {
        let d = Deal::parse("pppppccrnbaabnrRNBAABNRCCPPPPP").unwrap();
        assert_eq!(
            d.identity_at(Square::parse("a9").unwrap()),
            Some((Color::Black, PieceKind::Pawn))
        );
        assert_eq!(
            d.identity_at(Square::parse("i6").unwrap()),
            Some((Color::Black, PieceKind::Chariot))
        );
        assert_eq!(
            d.identity_at(Square::parse("a3").unwrap()),
            Some((Color::Red, PieceKind::Chariot))
        );
        assert_eq!(d.identity_at(Square::parse("e0").unwrap()), None);
    }

    #[test]
    fn pool_round_trips() {
        let s = "R2A2C2P5N2B2r2a2c2p5n2b2";
        assert_eq!(Pool::parse(s).unwrap(), Pool::full());
        assert_eq!(Pool::full().to_string(), s);
        assert_eq!(Pool::parse("-").unwrap().to_string(), "-");
        assert_eq!(Pool::parse("A1B1P3n2").unwrap().to_string(), "A1P3B1n2");
        assert!(Pool::parse("R3").is_err());
        assert!(Pool::parse("K1").is_err());
        assert!(Pool::parse("Z1").is_err());
    }
}
