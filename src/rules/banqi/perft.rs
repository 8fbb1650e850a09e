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
