//! Setup-sheet data: what the arbiter's helpers need to set every board of a round identically face-down.

use super::layout::{Deal, chinese_name, letter_color};
use crate::rules::{Color, Variant};

/// One face-down square and the piece to put there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SheetEntry {
    /// Square name (`a9`, `h4`).
    pub square: &'static str,
    /// Piece letter, upper case Red.
    pub letter: char,
    /// The character on the piece (Jieqi simplified as seed 000, Banqi traditional as seed 004).
    pub chinese: &'static str,
    /// The piece's colour.
    pub color: Color,
}

/// One occupied square of the diagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SheetCell {
    /// Piece letter.
    pub letter: char,
    /// The character on the piece.
    pub chinese: &'static str,
    /// The piece's colour.
    pub color: Color,
    /// Set face-down (every piece but the Jieqi kings).
    pub face_down: bool,
}

/// The setup sheet of a deal: a list of squares and a board diagram.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupSheet {
    /// The game.
    pub variant: Variant,
    /// The deal string.
    pub deal: String,
    /// Every face-down square in deal-string order.
    pub entries: Vec<SheetEntry>,
    /// File letters, left to right as Red sees the board.
    pub files: Vec<char>,
    /// Rank labels of the rows, top row first (Jieqi `9`…`0`, Banqi `4`…`1`).
    pub ranks: Vec<char>,
    /// Rows top first (Black's side for Jieqi), each left to right; `None` for an empty square.
    pub grid: Vec<Vec<Option<SheetCell>>>,
}

impl SetupSheet {
    /// Builds the sheet of a deal.
    pub fn new(deal: &Deal) -> SetupSheet {
        let variant = deal.variant();
        let entries: Vec<SheetEntry> = deal
            .squares()
            .into_iter()
            .map(|s| SheetEntry {
                square: s.square,
                letter: s.letter,
                // Every letter of a valid deal has a name; "?" cannot appear.
                chinese: chinese_name(variant, s.letter).unwrap_or("?"),
                color: letter_color(s.letter),
            })
            .collect();
        let (files, ranks): (Vec<char>, Vec<char>) = match variant {
            Variant::Banqi => ("abcdefgh".chars().collect(), "4321".chars().collect()),
            _ => (
                "abcdefghi".chars().collect(),
                "9876543210".chars().collect(),
            ),
        };
        let mut grid = vec![vec![None; files.len()]; ranks.len()];
        let mut place = |square: &str, cell: SheetCell| {
            let mut chars = square.chars();
            let (Some(f), Some(r)) = (chars.next(), chars.next()) else {
                return;
            };
            if let (Some(col), Some(row)) = (
                files.iter().position(|&x| x == f),
                ranks.iter().position(|&x| x == r),
            ) {
                grid[row][col] = Some(cell);
            }
        };
        for e in &entries {
            place(
                e.square,
                SheetCell {
                    letter: e.letter,
                    chinese: e.chinese,
                    color: e.color,
                    face_down: true,
                },
            );
        }
        if variant == Variant::Jieqi {
            // Jieqi kings stand face-up on their palace centres (RULES.md §3).
            for (square, letter) in [("e9", 'k'), ("e0", 'K')] {
                let cell = SheetCell {
                    letter,
                    chinese: chinese_name(variant, letter).unwrap_or("?"),
                    color: letter_color(letter),
                    face_down: false,
                };
                place(square, cell);
            }
        }
        SetupSheet {
            variant,
            deal: deal.as_str().to_string(),
            entries,
            files,
            ranks,
            grid,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::layout::{JIEQI_IDENTITY, banqi_base_order};

    #[test]
    fn jieqi_sheet_places_identity_deal_on_the_start_squares() {
        let deal = Deal::parse(Variant::Jieqi, JIEQI_IDENTITY).expect("deal");
        let sheet = SetupSheet::new(&deal);
        assert_eq!(sheet.entries.len(), 30);
        assert_eq!(sheet.entries[0].chinese, "车");
        assert_eq!(sheet.grid.len(), 10);
        assert!(sheet.grid.iter().all(|row| row.len() == 9));
        let at = |file: usize, row: usize| sheet.grid[row][file].map(|c| (c.letter, c.face_down));
        assert_eq!(at(0, 0), Some(('r', true))); // a9
        assert_eq!(at(4, 0), Some(('k', false))); // e9 king face-up
        assert_eq!(at(1, 2), Some(('c', true))); // b7
        assert_eq!(at(4, 6), Some(('P', true))); // e3
        assert_eq!(at(4, 9), Some(('K', false))); // e0
        assert_eq!(at(3, 9).map(|c| c.0), Some('A')); // d0
        assert_eq!(at(4, 4), None); // e5 empty
        let occupied = sheet.grid.iter().flatten().filter(|c| c.is_some()).count();
        assert_eq!(occupied, 32);
    }

    #[test]
    fn banqi_sheet_fills_the_4_by_8_board() {
        let deal = Deal::parse(Variant::Banqi, &banqi_base_order()).expect("deal");
        let sheet = SetupSheet::new(&deal);
        assert_eq!((sheet.grid.len(), sheet.grid[0].len()), (4, 8));
        assert!(
            sheet
                .grid
                .iter()
                .flatten()
                .all(|c| c.is_some_and(|c| c.face_down))
        );
        // a1 is the bottom-left square and holds the first letter.
        assert_eq!(sheet.grid[3][0].map(|c| c.chinese), Some("帥"));
        assert_eq!(sheet.grid[0][7].map(|c| c.chinese), Some("卒"));
    }
}
