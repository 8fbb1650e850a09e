//! Checks and chases of single moves, for the repetition rules of RULES.md §5.
//!
//! A move *chases* when after it one of the mover's pieces other than king and pawn attacks a
//! face-up enemy piece it did not attack before the move, the target is not a king and not an
//! un-crossed pawn, and the target is a chariot attacked by a horse or cannon, or is not protected
//! (the enemy has no legal recapture on its square).

use super::board::{EMPTY, PieceKind, Square};
use super::movegen::MoveList;
use super::position::{Move, Position};
use crate::rules::Color;

impl Position {
    /// Whether making `mv` (legal here) puts the opponent in check. `None` when `mv` reveals a
    /// piece whose identity this position does not know.
    pub fn gives_check(&self, mv: Move) -> Option<bool> {
        let mut after = self.clone();
        after.make_move(mv).ok()?;
        Some(after.in_check())
    }

    /// Whether `mv` (legal here) chases by RULES.md §5. `None` when `mv` reveals a piece whose
    /// identity this position does not know.
    pub fn chases(&self, mv: Move) -> Option<bool> {
        let mover = self.side;
        let mut after = self.clone();
        after.make_move(mv).ok()?;
        let before_attacks = self.captures_of(mover);
        let after_attacks = after.captures_of(mover);
        for &(from, target) in &after_attacks {
            let origin = if from == mv.to() { mv.from() } else { from };
            if before_attacks.contains(&(origin, target)) {
                continue;
            }
            let (Some(attacker), Some(victim)) = (after.piece_at(from), after.piece_at(target))
            else {
                continue;
            };
            if matches!(attacker.kind, PieceKind::King | PieceKind::Pawn) || victim.face_down {
                continue;
            }
            if victim.kind == PieceKind::King
                || (victim.kind == PieceKind::Pawn && target.on_own_half(victim.color))
            {
                continue;
            }
            let chariot_by_horse_or_cannon = victim.kind == PieceKind::Chariot
                && matches!(attacker.kind, PieceKind::Horse | PieceKind::Cannon);
            if chariot_by_horse_or_cannon || !after.recapture_possible(mover, from, target) {
                return Some(true);
            }
        }
        Some(false)
    }

    /// The legal captures `side` could make if it were to move here, as (from, to).
    fn captures_of(&self, side: Color) -> Vec<(Square, Square)> {
        let mut p = self.clone();
        p.side = side;
        let mut list = MoveList::new();
        p.legal_moves_into(&mut list);
        list.iter()
            .filter(|m| p.cells[m.to().cell()] != EMPTY)
            .map(|m| (m.from(), m.to()))
            .collect()
    }

    /// Whether, after `side` captured from `from` on `target`, the other side could take back on
    /// `target` with a legal move. The capturing piece keeps its current face (a face-down attacker
    /// attacks as its start-square type; its identity does not change who can recapture).
    fn recapture_possible(&self, side: Color, from: Square, target: Square) -> bool {
        let mut p = self.clone();
        p.side = side;
        let moved = p.cells[from.cell()];
        p.cells[target.cell()] = moved;
        p.cells[from.cell()] = EMPTY;
        p.identity[target.cell()] = p.identity[from.cell()];
        p.identity[from.cell()] = 0;
        if moved & super::board::KIND_MASK == PieceKind::King as u8 {
            p.kings[side.index()] = target.cell() as u8;
        }
        p.side = side.opponent();
        let mut list = MoveList::new();
        p.legal_moves_into(&mut list);
        list.iter().any(|m| m.to() == target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, Variant::Xiangqi).unwrap()
    }

    fn mv(s: &str) -> Move {
        Move::parse_iccs(s).unwrap()
    }

    #[test]
    fn check_is_detected() {
        let p = pos("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
        assert_eq!(p.gives_check(mv("a0a9")), Some(true));
        assert_eq!(p.gives_check(mv("a0a8")), Some(false));
    }

    #[test]
    fn attacking_an_unprotected_piece_is_a_chase() {
        // The Red chariot moves to attack the lone Black horse on c5.
        let p = pos("3k5/9/9/9/2n6/9/9/9/9/R3K4 w - - 0 1");
        assert_eq!(p.chases(mv("a0a5")), Some(true));
        // Attacking it along the file from c0 also chases; a quiet move elsewhere does not.
        assert_eq!(p.chases(mv("a0c0")), Some(true));
        assert_eq!(p.chases(mv("a0b0")), Some(false));
    }

    #[test]
    fn attacking_a_protected_piece_is_no_chase_unless_a_chariot_by_horse_or_cannon() {
        // Black horse on c5 protected by the Black chariot on c9.
        let p = pos("2rk5/9/9/9/2n6/9/9/9/9/R3K4 w - - 0 1");
        assert_eq!(p.chases(mv("a0a5")), Some(false));
        // A horse attacking a protected chariot chases.
        let q = pos("2rk5/9/9/9/2r6/9/9/3N5/9/4K4 w - - 0 1");
        assert_eq!(
            q.chases(mv("d2b3")),
            Some(true),
            "horse attacks the protected chariot on c5"
        );
    }

    #[test]
    fn kings_and_uncrossed_pawns_are_no_chase_targets() {
        // Chariot attacks an un-crossed Black pawn on a6 (unprotected): not a chase.
        let p = pos("3k5/9/9/p8/9/9/9/9/9/1R2K4 w - - 0 1");
        assert_eq!(p.chases(mv("b0a0")), Some(false));
        // The same pawn after crossing (on a4) is a target.
        let p = pos("3k5/9/9/9/9/p8/9/9/9/1R2K4 w - - 0 1");
        assert_eq!(p.chases(mv("b0a0")), Some(true));
    }
}
