//! Perft: counting the leaf nodes of the legal move tree, the standard check of a move generator.
//! A Jieqi reveal is part of its move, not a separate node (RULES.md §3.1).

use super::movegen::MoveList;
use super::position::{Move, MoveError, Position};

impl Position {
    /// The number of leaf nodes `depth` plies below this position (bulk-counted at the last ply).
    /// Fails when a face-down piece moves whose identity the position does not know.
    pub fn perft(&mut self, depth: u32) -> Result<u64, MoveError> {
        if depth == 0 {
            return Ok(1);
        }
        if depth == 1 {
            return Ok(self.count_legal_moves());
        }
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        let mut nodes = 0;
        for &mv in list.iter() {
            let undo = self.make_move(mv)?;
            let n = self.perft(depth - 1);
            self.unmake_move(undo);
            nodes += n?;
        }
        Ok(nodes)
    }

    /// Perft split by root move ("divide"): each legal move with its leaf count `depth - 1` below.
    pub fn perft_divide(&mut self, depth: u32) -> Result<Vec<(Move, u64)>, MoveError> {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        let mut out = Vec::with_capacity(list.len());
        for &mv in list.iter() {
            if depth <= 1 {
                // A leaf needs no reveal, so a player's view without a deal can still count it.
                out.push((mv, 1));
                continue;
            }
            let undo = self.make_move(mv)?;
            let n = self.perft(depth - 1);
            self.unmake_move(undo);
            out.push((mv, n?));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::super::jieqi::Deal;
    use super::*;
    use crate::rules::Variant;

    /// One perft row: variant, FEN (None = start), deal, counts for depths 1….
    struct Row {
        name: &'static str,
        variant: Variant,
        fen: Option<&'static str>,
        deal: Option<&'static str>,
        counts: &'static [u64],
    }

    /// Xiangqi positions and numbers from the Chess Programming Wiki page
    /// "Chinese Chess Perft Results" (the start position and its ten test positions).
    const CPW: &[(&str, &str, [u64; 5])] = &[
        (
            "start",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            [44, 1920, 79666, 3290240, 133312995],
        ),
        (
            "cpw-2",
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            [38, 1128, 43929, 1339047, 53112976],
        ),
        (
            "cpw-3",
            "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
            [7, 281, 8620, 326201, 10369923],
        ),
        (
            "cpw-4",
            "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
            [25, 424, 9850, 202884, 4739553],
        ),
        (
            "cpw-5",
            "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
            [28, 516, 14808, 395483, 11842230],
        ),
        (
            "cpw-6",
            "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1",
            [21, 364, 7626, 162837, 3500505],
        ),
        (
            "cpw-7",
            "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
            [28, 222, 6241, 64971, 1914306],
        ),
        (
            "cpw-8",
            "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1",
            [23, 345, 8124, 149272, 3513104],
        ),
        (
            "cpw-9",
            "2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1",
            [21, 195, 3883, 48060, 933096],
        ),
        (
            "cpw-10",
            "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
            [30, 830, 22787, 649866, 17920736],
        ),
        (
            "cpw-11",
            "CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w - - 0 1",
            [19, 583, 11714, 376467, 8148177],
        ),
    ];

    /// The Jieqi rows of RULES.md §3.1.
    const JIEQI: &[Row] = &[
        Row {
            name: "jieqi start, identity deal",
            variant: Variant::Jieqi,
            fen: None,
            deal: Some("rnbaabnrccpppppPPPPPCCRNBAABNR"),
            counts: &[44, 1920, 79666, 3290240, 133344053],
        },
        Row {
            name: "jieqi start, shuffled deal",
            variant: Variant::Jieqi,
            fen: None,
            deal: Some("pppppccrnbaabnrRNBAABNRCCPPPPP"),
            counts: &[44, 1926, 72765, 2737427, 94390368],
        },
        Row {
            name: "jieqi all face-up",
            variant: Variant::Jieqi,
            fen: Some("2bk5/9/4b4/2a4N1/1n1a4P/p8/3nP1A2/4BA3/4K2C1/9 w - 0 1"),
            deal: None,
            counts: &[3, 75, 2027, 47365, 1302336],
        },
    ];

    fn rows() -> Vec<Row> {
        let mut v: Vec<Row> = CPW
            .iter()
            .map(|(name, fen, counts)| Row {
                name,
                variant: Variant::Xiangqi,
                fen: Some(fen),
                deal: None,
                counts,
            })
            .collect();
        v.extend(JIEQI.iter().map(|r| Row { ..*r }));
        v
    }

    fn position(row: &Row) -> Position {
        let mut p = match row.fen {
            Some(f) => Position::from_fen(f, row.variant).unwrap(),
            None => Position::start(row.variant),
        };
        if let Some(d) = row.deal {
            p.apply_deal(&Deal::parse(d).unwrap()).unwrap();
        }
        p
    }

    fn check(max_depth: usize, min_depth: usize) {
        check_rows(rows(), max_depth, min_depth);
    }

    fn check_rows(rows: Vec<Row>, max_depth: usize, min_depth: usize) {
        for row in rows {
            let mut p = position(&row);
            let before = p.clone();
            for depth in min_depth..=max_depth.min(row.counts.len()) {
                let want = row.counts[depth - 1];
                assert_eq!(
                    p.perft(depth as u32).unwrap(),
                    want,
                    "{} depth {depth}",
                    row.name
                );
            }
            assert_eq!(p, before, "{}: make/unmake restored the position", row.name);
        }
    }

    #[test]
    fn perft_tables_to_depth_3() {
        check(3, 1);
    }

    #[test]
    #[ignore = "slow in debug builds; run in release"]
    fn perft_tables_depth_4() {
        check(4, 4);
    }

    /// Depth 5 of the xiangqi rows (split from the Jieqi rows so the test threads share the work).
    #[test]
    #[ignore = "slow: run in release"]
    fn perft_tables_depth_5() {
        let xiangqi = rows().into_iter().filter(|r| r.variant == Variant::Xiangqi);
        check_rows(xiangqi.collect(), 5, 5);
    }

    /// Depth 5 of the Jieqi rows.
    #[test]
    #[ignore = "slow: run in release"]
    fn perft_tables_depth_5_jieqi() {
        let jieqi = rows().into_iter().filter(|r| r.variant == Variant::Jieqi);
        check_rows(jieqi.collect(), 5, 5);
    }

    #[test]
    fn divide_sums_to_perft() {
        let mut p = Position::start(Variant::Xiangqi);
        let d = p.perft_divide(2).unwrap();
        assert_eq!(d.len(), 44);
        assert_eq!(d.iter().map(|(_, n)| n).sum::<u64>(), 1920);
    }

    #[test]
    fn jieqi_perft_without_deal_reports_the_missing_reveal() {
        let mut p = Position::start(Variant::Jieqi);
        assert_eq!(p.perft(1), Ok(44));
        assert!(matches!(p.perft(2), Err(MoveError::RevealMissing(_))));
    }
}
