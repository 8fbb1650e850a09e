//! The deal string: which hidden piece stands on which face-down square (RULES.md §3, §6).

use crate::rules::{Color, Variant};

/// Jieqi's 30 face-down squares in deal-string order: Black's 15, then Red's 15 (RULES.md §3).
pub const JIEQI_SQUARES: [&str; 30] = [
    "a9", "b9", "c9", "d9", "f9", "g9", "h9", "i9", "b7", "h7", "a6", "c6", "e6", "g6",
    "i6", //
    "a3", "c3", "e3", "g3", "i3", "b2", "h2", "a0", "b0", "c0", "d0", "f0", "g0", "h0", "i0",
];

/// Banqi's 32 squares in deal-string order `a1 … h1 a2 … h4` (RULES.md §1).
pub const BANQI_SQUARES: [&str; 32] = [
    "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2",
    "h2", //
    "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4",
];

/// The identity Jieqi deal: every piece on its own start square.
pub const JIEQI_IDENTITY: &str = "rnbaabnrccpppppPPPPPCCRNBAABNR";

/// One side's 16 Banqi pieces in the fixed order the shuffle starts from (Red's; Black's is lower case).
pub const BANQI_SIDE_ORDER: &str = "KAABBRRNNCCPPPPP";

/// Why a deal string was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DealStringError {
    /// Xiangqi has no hidden pieces, so no deal.
    #[error("{0} has no deal (only jieqi and banqi do)")]
    NoDeal(Variant),
    /// Wrong number of letters.
    #[error("a {variant} deal has {expected} letters, found {found}")]
    Length {
        /// The game.
        variant: Variant,
        /// Letters required.
        expected: usize,
        /// Letters given.
        found: usize,
    },
    /// A character that is not a piece letter of this game.
    #[error("letter {position} '{letter}' is not a {variant} piece letter")]
    Letter {
        /// The game.
        variant: Variant,
        /// 1-based position in the string.
        position: usize,
        /// The offending character.
        letter: char,
    },
    /// Jieqi: a piece of the wrong colour on a side's squares (letters 1–15 Black, 16–30 Red).
    #[error("letter {position} '{letter}' stands on {square}, which holds a {side} piece")]
    WrongSide {
        /// 1-based position in the string.
        position: usize,
        /// The offending letter.
        letter: char,
        /// Its square.
        square: &'static str,
        /// The colour that square must hold.
        side: &'static str,
    },
    /// The letters are not exactly the game's piece set.
    #[error("a {variant} deal needs {expected} '{letter}', found {found}")]
    Count {
        /// The game.
        variant: Variant,
        /// The piece letter.
        letter: char,
        /// How many the set has.
        expected: usize,
        /// How many the string has.
        found: usize,
    },
}

/// A valid deal: the hidden layout of one game of Jieqi or Banqi. Only constructible valid.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Deal {
    variant: Variant,
    letters: String,
}

/// One face-down square of a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealSquare {
    /// Square name (`a9`, `h4`).
    pub square: &'static str,
    /// Piece letter, upper case Red, lower case Black.
    pub letter: char,
}

impl Deal {
    /// Parses a deal string, also accepting the WXF letters `E`/`H` for elephant/horse (stored as `B`/`N`).
    pub fn parse(variant: Variant, text: &str) -> Result<Deal, DealStringError> {
        let squares = squares(variant)?;
        let letters: String = text
            .trim()
            .chars()
            .map(|c| match c {
                'E' => 'B',
                'e' => 'b',
                'H' => 'N',
                'h' => 'n',
                other => other,
            })
            .collect();
        let found = letters.chars().count();
        if found != squares.len() {
            return Err(DealStringError::Length {
                variant,
                expected: squares.len(),
                found,
            });
        }
        let allowed = match variant {
            Variant::Jieqi => "RNBACP",
            _ => "KRNBACP",
        };
        for (i, c) in letters.chars().enumerate() {
            if !allowed.contains(c.to_ascii_uppercase()) {
                return Err(DealStringError::Letter {
                    variant,
                    position: i + 1,
                    letter: c,
                });
            }
            if variant == Variant::Jieqi {
                // Jieqi shuffles each side among its own squares: Black's first, Red's last.
                let black_square = i < 15;
                if c.is_ascii_lowercase() != black_square {
                    return Err(DealStringError::WrongSide {
                        position: i + 1,
                        letter: c,
                        square: squares[i],
                        side: if black_square { "Black" } else { "Red" },
                    });
                }
            }
        }
        let expected_set: String = match variant {
            Variant::Jieqi => JIEQI_IDENTITY.to_string(),
            _ => banqi_base_order(),
        };
        for letter in "KRNBACPkrnbacp".chars() {
            let expected = expected_set.chars().filter(|&c| c == letter).count();
            let found = letters.chars().filter(|&c| c == letter).count();
            if expected != found {
                return Err(DealStringError::Count {
                    variant,
                    letter,
                    expected,
                    found,
                });
            }
        }
        Ok(Deal { variant, letters })
    }

    /// Builds a deal from letters already known to be a permutation of the game's set (the draw).
    pub(crate) fn from_trusted(variant: Variant, letters: String) -> Deal {
        debug_assert!(
            Deal::parse(variant, &letters).is_ok(),
            "drawn deal must be valid: {letters}"
        );
        Deal { variant, letters }
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The canonical deal string (`B`/`N`, never `E`/`H`).
    pub fn as_str(&self) -> &str {
        &self.letters
    }

    /// Every face-down square with its piece, in deal-string order.
    pub fn squares(&self) -> Vec<DealSquare> {
        let names: &[&'static str] = match self.variant {
            Variant::Jieqi => &JIEQI_SQUARES,
            _ => &BANQI_SQUARES,
        };
        names
            .iter()
            .zip(self.letters.chars())
            .map(|(&square, letter)| DealSquare { square, letter })
            .collect()
    }
}

impl std::fmt::Display for Deal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.letters)
    }
}

/// The face-down squares of a game, in deal-string order.
pub fn squares(variant: Variant) -> Result<&'static [&'static str], DealStringError> {
    match variant {
        Variant::Jieqi => Ok(&JIEQI_SQUARES),
        Variant::Banqi => Ok(&BANQI_SQUARES),
        Variant::Xiangqi => Err(DealStringError::NoDeal(variant)),
    }
}

/// The 32 Banqi pieces in the fixed order the shuffle starts from: Red's 16, then Black's.
pub fn banqi_base_order() -> String {
    format!(
        "{BANQI_SIDE_ORDER}{}",
        BANQI_SIDE_ORDER.to_ascii_lowercase()
    )
}

/// The colour of a piece letter (upper case Red).
pub fn letter_color(letter: char) -> Color {
    if letter.is_ascii_uppercase() {
        Color::Red
    } else {
        Color::Black
    }
}

/// The Chinese name of a piece as printed on it: simplified for Jieqi (seed 000), traditional for
/// Banqi (seed 004), where the sides' characters differ (帅/将, 车/車…).
pub fn chinese_name(variant: Variant, letter: char) -> Option<&'static str> {
    let red = letter.is_ascii_uppercase();
    let name = match (variant, letter.to_ascii_uppercase(), red) {
        (Variant::Banqi, 'K', true) => "帥",
        (Variant::Banqi, 'K', false) => "將",
        (Variant::Banqi, 'A', true) => "仕",
        (Variant::Banqi, 'A', false) => "士",
        (Variant::Banqi, 'B', true) => "相",
        (Variant::Banqi, 'B', false) => "象",
        (Variant::Banqi, 'R', true) => "俥",
        (Variant::Banqi, 'R', false) => "車",
        (Variant::Banqi, 'N', true) => "傌",
        (Variant::Banqi, 'N', false) => "馬",
        (Variant::Banqi, 'C', true) => "炮",
        (Variant::Banqi, 'C', false) => "包",
        (Variant::Banqi, 'P', true) => "兵",
        (Variant::Banqi, 'P', false) => "卒",
        (_, 'K', true) => "帅",
        (_, 'K', false) => "将",
        (_, 'A', true) => "仕",
        (_, 'A', false) => "士",
        (_, 'B', true) => "相",
        (_, 'B', false) => "象",
        (_, 'R', _) => "车",
        (_, 'N', _) => "马",
        (_, 'C', _) => "炮",
        (_, 'P', true) => "兵",
        (_, 'P', false) => "卒",
        _ => return None,
    };
    Some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identity_jieqi_deal_parses() {
        let deal = Deal::parse(Variant::Jieqi, JIEQI_IDENTITY).expect("identity deal");
        assert_eq!(deal.as_str(), JIEQI_IDENTITY);
        let sq = deal.squares();
        assert_eq!(
            sq[0],
            DealSquare {
                square: "a9",
                letter: 'r'
            }
        );
        assert_eq!(
            sq[29],
            DealSquare {
                square: "i0",
                letter: 'R'
            }
        );
        assert_eq!(
            sq[17],
            DealSquare {
                square: "e3",
                letter: 'P'
            }
        );
    }

    #[test]
    fn wxf_letters_are_normalised() {
        let wxf = "rhea aehrccpppppPPPPPCCRHEAAEHR".replace(' ', "");
        let deal = Deal::parse(Variant::Jieqi, &wxf).expect("WXF letters");
        assert_eq!(deal.as_str(), JIEQI_IDENTITY);
    }

    #[test]
    fn bad_jieqi_deals_name_the_fault() {
        assert!(matches!(
            Deal::parse(Variant::Jieqi, "rnb"),
            Err(DealStringError::Length {
                expected: 30,
                found: 3,
                ..
            })
        ));
        let wrong_letter = JIEQI_IDENTITY.replacen('c', "k", 1);
        assert!(matches!(
            Deal::parse(Variant::Jieqi, &wrong_letter),
            Err(DealStringError::Letter {
                position: 9,
                letter: 'k',
                ..
            })
        ));
        // A Red piece among Black's squares.
        let swapped = format!("R{}r", &JIEQI_IDENTITY[1..29]);
        assert!(matches!(
            Deal::parse(Variant::Jieqi, &swapped),
            Err(DealStringError::WrongSide {
                position: 1,
                square: "a9",
                ..
            })
        ));
        // Three chariots and one horse for Black.
        let counts = JIEQI_IDENTITY.replacen('n', "r", 1);
        assert!(matches!(
            Deal::parse(Variant::Jieqi, &counts),
            Err(DealStringError::Count {
                letter: 'r',
                expected: 2,
                found: 3,
                ..
            })
        ));
        assert!(matches!(
            Deal::parse(Variant::Xiangqi, JIEQI_IDENTITY),
            Err(DealStringError::NoDeal(Variant::Xiangqi))
        ));
    }

    #[test]
    fn banqi_deal_needs_the_full_set_of_32() {
        let base = banqi_base_order();
        assert_eq!(base.len(), 32);
        let deal = Deal::parse(Variant::Banqi, &base).expect("base order is a valid deal");
        assert_eq!(
            deal.squares()[31],
            DealSquare {
                square: "h4",
                letter: 'p'
            }
        );
        let two_kings = base.replacen('A', "K", 1);
        assert!(matches!(
            Deal::parse(Variant::Banqi, &two_kings),
            Err(DealStringError::Count {
                letter: 'K',
                expected: 1,
                found: 2,
                ..
            })
        ));
    }

    #[test]
    fn chinese_names_follow_each_seed() {
        assert_eq!(chinese_name(Variant::Jieqi, 'R'), Some("车"));
        assert_eq!(chinese_name(Variant::Jieqi, 'p'), Some("卒"));
        assert_eq!(chinese_name(Variant::Banqi, 'R'), Some("俥"));
        assert_eq!(chinese_name(Variant::Banqi, 'c'), Some("包"));
        assert_eq!(chinese_name(Variant::Jieqi, 'x'), None);
    }
}
