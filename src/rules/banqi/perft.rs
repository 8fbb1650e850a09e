//! Perft: the number of turn sequences of a given depth, to check the move generator. A flip is one
//! turn and reveals the deal's piece, so every face-down identity must be known below depth 1.

use super::position::{Position, Turn};

/// Why perft cannot run on a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PerftError {
    /// Depth 0 counts nothing useful and is refused like the xiangqi perft.
    #[error("perft depth must be at least 1")]
    DepthZero,
    /// Flips below the first ply need the identities of the face-down pieces.
    #[error("face-down pieces of unknown identity: give a deal to count beyond depth 1")]
    DealNeeded,
}

/// Counts the leaf nodes at `depth` (≥ 1) turns from `position`.
pub fn perft(position: &Position, depth: u32) -> Result<u64, PerftError> {
    Ok(divide(position, depth)?.iter().map(|(_, n)| n).sum())
}

/// The perft count below each legal turn of `position`, in generation order.
pub fn divide(position: &Position, depth: u32) -> Result<Vec<(Turn, u64)>, PerftError> {
    if depth == 0 {
        return Err(PerftError::DepthZero);
    }
    if depth > 1 && !position.identities_known() {
        return Err(PerftError::DealNeeded);
    }
    let turns = position.legal_turns();
    let mut buffers = vec![Vec::with_capacity(64); depth as usize];
    Ok(turns
        .into_iter()
        .map(|turn| {
            let mut child = position.clone();
            child.apply(turn);
            (turn, count(&child, depth - 1, &mut buffers))
        })
        .collect())
}

/// Copy-make recursion with bulk counting at the last ply; `buffers` holds one turn list per level.
fn count(position: &Position, depth: u32, buffers: &mut [Vec<Turn>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((turns, deeper)) = buffers.split_first_mut() else {
        return 0;
    };
    turns.clear();
    position.legal_turns_into(turns);
    if depth == 1 {
        return turns.len() as u64;
    }
    let mut nodes = 0;
    for &turn in turns.iter() {
        let mut child = position.clone();
        child.apply(turn);
        nodes += count(&child, depth - 1, deeper);
    }
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::banqi::board::{Cell, PieceKind, Square};
    use crate::rules::banqi::deal::Deal;
    use crate::rules::banqi::fen;
    use crate::rules::banqi::position::MoveRules;

    const DEAL: &str = "KAABBRRNNCCPPPPPkaabbrrnnccppppp";

    fn start() -> Position {
        Position::start(Some(&Deal::parse(DEAL).unwrap()))
    }

    /// Depth 3 from the start counted independently: after two flips the first player has 30 flips, no
    /// step (the board is full) and a capture when the two flipped pieces can take one another.
    fn start_depth3_by_hand(deal: &Deal) -> u64 {
        let mut nodes = 0;
        for a in Square::all() {
            for b in Square::all().filter(|&b| b != a) {
                let (pa, pb) = (deal.piece_at(a), deal.piece_at(b));
                nodes += 30;
                let line = a.file() == b.file() || a.rank() == b.rank();
                let distance = a.file().abs_diff(b.file()) + a.rank().abs_diff(b.rank());
                let takes = pa.color != pb.color
                    && line
                    && if pa.kind == PieceKind::Cannon {
                        distance == 2
                    } else {
                        distance == 1 && pa.kind.outranks(pb.kind)
                    };
                nodes += u64::from(takes);
            }
        }
        nodes
    }

    #[test]
    fn start_position_with_a_fixed_deal() {
        let p = start();
        assert_eq!(perft(&p, 1), Ok(32));
        assert_eq!(perft(&p, 2), Ok(32 * 31));
        let deal = Deal::parse(DEAL).unwrap();
        let expected = start_depth3_by_hand(&deal);
        assert!(expected > 32 * 31 * 30);
        assert_eq!(perft(&p, 3), Ok(expected));
        // Checked against the slow reference by the ignored test below.
        assert_eq!(perft(&p, 4), Ok(864_480));
    }

    #[test]
    fn depth_three_matches_the_hand_count_for_other_deals() {
        for deal in [
            "pppppccnnrrbbaakPPPPPCCNNRRBBAAK",
            "KkAaAaBbBbRrRrNnNnCcCcPpPpPpPpPp",
        ] {
            let deal = Deal::parse(deal).unwrap();
            assert_eq!(
                perft(&Position::start(Some(&deal)), 3),
                Ok(start_depth3_by_hand(&deal))
            );
        }
    }

    #[test]
    fn divide_sums_to_perft() {
        let p = start();
        let parts = divide(&p, 2).unwrap();
        assert_eq!(parts.len(), 32);
        assert!(parts.iter().all(|(_, n)| *n == 31));
    }

    /// Mid-game positions counted by hand.
    #[test]
    fn mid_game_positions_by_hand() {
        // K on a1 cannot take the pawn on b1: only a1-a2. Then the pawn has a1, b2, c1.
        let p = fen::read("8/8/8/Kp6 r 0 5", None).unwrap();
        assert_eq!(perft(&p, 1), Ok(1));
        assert_eq!(perft(&p, 2), Ok(3));
        // Cannon a1 jumps the face-down b1 onto c1; steps to a2; flip b1. 3 turns.
        let p = fen::read("8/8/8/CXn5 r 0 5", Some("K")).unwrap();
        assert_eq!(perft(&p, 1), Ok(3));
        // After each: Black's horse (c1) — after a1xc1 Black has only the flip of b1 (1); after a1-a2 the
        // horse steps c2, d1 or flips b1 (3); after b1=K (red king) the horse cannot take it: c2, d1, flip? no
        // face-down left, so 2.
        assert_eq!(perft(&p, 2), Ok(1 + 3 + 2));
        // A side without pieces has no turn.
        let p = fen::read("8/8/8/K7 b 0 5", None).unwrap();
        assert_eq!(perft(&p, 1), Ok(0));
    }

    #[test]
    fn chariot_slides_change_the_count() {
        let p = fen::read("8/8/8/R6k r 0 5", None).unwrap();
        assert_eq!(perft(&p, 1), Ok(2));
        let slides = MoveRules {
            chariot_slides: true,
            ..MoveRules::default()
        };
        assert_eq!(perft(&p.clone().with_rules(slides), 1), Ok(6 + 3));
    }

    #[test]
    fn chain_captures_change_the_count() {
        // a1-a2, a1xb1, and with the house rule also a1xb1xc1.
        let p = fen::read("8/8/8/Rnn5 r 0 5", None).unwrap();
        assert_eq!(perft(&p, 1), Ok(2));
        let chains = MoveRules {
            chain_captures: true,
            ..MoveRules::default()
        };
        assert_eq!(perft(&p.clone().with_rules(chains), 1), Ok(3));
        // After a1-a2 both horses step (4); after a1xb1 the horse on c1 steps (2) but cannot take the
        // chariot back; after the chain Black has nothing left.
        assert_eq!(perft(&p.clone().with_rules(chains), 2), Ok(4 + 2));
    }

    /// Reference perft through the checker over every (from, to) pair; shares no code with the generator.
    fn slow_perft(p: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut turns = Vec::new();
        for from in Square::all() {
            turns.push(Turn::Flip(from));
            for to in Square::all() {
                turns.push(Turn::Move { from, to });
                turns.push(Turn::Capture { from, to });
            }
        }
        turns
            .into_iter()
            .filter(|t| p.check_turn(*t).is_ok())
            .map(|t| {
                let mut child = p.clone();
                child.play(t, None).expect("known identities");
                slow_perft(&child, depth - 1)
            })
            .sum()
    }

    #[test]
    fn mid_game_positions_agree_with_the_slow_reference() {
        let positions = [
            ("XXXX4/1k1XX1XX/3PXC2/XXXXXXXX r 3 7", "AABBRRNNCPPPPaabb"),
            ("2c1n3/1R1a2P1/k3C3/4K1p1 b 10 30", ""),
            ("X1X1X1X1/1r1N1b1C/pPpPpPpP/8 r 0 12", "AaBb"),
        ];
        for (fen_text, deal) in positions {
            let p = fen::read(fen_text, Some(deal)).unwrap_or_else(|e| panic!("{fen_text}: {e}"));
            assert!(Square::all().all(|s| p.cell(s) != Cell::FaceDown(None)));
            for depth in 1..=3 {
                assert_eq!(
                    perft(&p, depth),
                    Ok(slow_perft(&p, depth)),
                    "{fen_text} depth {depth}"
                );
            }
        }
    }

    #[test]
    fn bad_requests_are_errors() {
        assert_eq!(perft(&start(), 0), Err(PerftError::DepthZero));
        assert_eq!(perft(&Position::start(None), 1), Ok(32));
        assert_eq!(
            perft(&Position::start(None), 2),
            Err(PerftError::DealNeeded)
        );
    }

    /// Depth 4 from the start through the slow reference (about 60 million checker calls): run in release.
    #[test]
    #[ignore]
    fn start_depth_four_agrees_with_the_slow_reference() {
        let p = start();
        assert_eq!(perft(&p, 4), Ok(slow_perft(&p, 4)));
    }
}
