//! Property tests over seeded random games: the fast generator agrees with a slow, independent
//! reference (coordinates instead of the mailbox, legality by "can any enemy move take the king"),
//! FEN and deals round-trip, and make/unmake keeps the pool and hash consistent.

use super::*;
use crate::rules::{Color, Variant};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use std::collections::BTreeSet;

type Grid = [[Option<Piece>; 9]; 10];

fn grid(pos: &Position) -> Grid {
    let mut g = [[None; 9]; 10];
    for sq in Square::all() {
        g[sq.rank() as usize][sq.file() as usize] = pos.piece_at(sq);
    }
    g
}

fn at(g: &Grid, f: i32, r: i32) -> Option<Option<Piece>> {
    if (0..9).contains(&f) && (0..10).contains(&r) {
        Some(g[r as usize][f as usize])
    } else {
        None
    }
}

fn in_palace_of(c: Color, f: i32, r: i32) -> bool {
    (3..=5).contains(&f) && if c == Color::Red { r <= 2 } else { r >= 7 }
}

fn own_half(c: Color, r: i32) -> bool {
    if c == Color::Red { r <= 4 } else { r >= 5 }
}

/// Pseudo-legal destinations of the piece on (f, r), straight from the rule text.
fn reference_targets(g: &Grid, variant: Variant, f: i32, r: i32) -> Vec<(i32, i32)> {
    let Some(p) = g[r as usize][f as usize] else {
        return vec![];
    };
    let free = variant == Variant::Jieqi && !p.face_down;
    let mut out = vec![];
    let lands = |t: (i32, i32)| {
        matches!(at(g, t.0, t.1), Some(None))
            || matches!(at(g, t.0, t.1), Some(Some(q)) if q.color != p.color)
    };
    let empty = |t: (i32, i32)| matches!(at(g, t.0, t.1), Some(None));
    match p.kind {
        PieceKind::King => {
            for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let t = (f + df, r + dr);
                if in_palace_of(p.color, t.0, t.1) && lands(t) {
                    out.push(t);
                }
            }
        }
        PieceKind::Advisor => {
            for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let t = (f + df, r + dr);
                if lands(t) && (free || in_palace_of(p.color, t.0, t.1)) {
                    out.push(t);
                }
            }
        }
        PieceKind::Elephant => {
            for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let t = (f + 2 * df, r + 2 * dr);
                if empty((f + df, r + dr)) && lands(t) && (free || own_half(p.color, t.1)) {
                    out.push(t);
                }
            }
        }
        PieceKind::Horse => {
            for (df, dr) in [
                (1i32, 2i32),
                (-1, 2),
                (1, -2),
                (-1, -2),
                (2, 1),
                (2, -1),
                (-2, 1),
                (-2, -1),
            ] {
                let leg = if df.abs() == 2 {
                    (f + df / 2, r)
                } else {
                    (f, r + dr / 2)
                };
                let t = (f + df, r + dr);
                if empty(leg) && lands(t) {
                    out.push(t);
                }
            }
        }
        PieceKind::Chariot | PieceKind::Cannon => {
            for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let mut t = (f + df, r + dr);
                let mut screens = 0;
                while let Some(cell) = at(g, t.0, t.1) {
                    match (p.kind, screens, cell) {
                        (_, 0, None) => out.push(t),
                        (PieceKind::Chariot, 0, Some(_)) => {
                            if lands(t) {
                                out.push(t);
                            }
                            break;
                        }
                        (PieceKind::Cannon, 1, Some(_)) => {
                            if lands(t) {
                                out.push(t);
                            }
                            break;
                        }
                        (_, _, Some(_)) => screens += 1,
                        _ => {}
                    }
                    t = (t.0 + df, t.1 + dr);
                }
            }
        }
        PieceKind::Pawn => {
            let fwd = if p.color == Color::Red { 1 } else { -1 };
            let mut steps = vec![(0, fwd)];
            if !own_half(p.color, r) {
                steps.extend([(1, 0), (-1, 0)]);
            }
            for (df, dr) in steps {
                let t = (f + df, r + dr);
                if lands(t) {
                    out.push(t);
                }
            }
        }
    }
    out
}

/// Whether `color`'s king can be taken on this grid (an enemy move reaches it, or kings face).
fn reference_king_attacked(g: &Grid, variant: Variant, color: Color) -> bool {
    let mut king = None;
    let mut enemy_king = None;
    for r in 0..10 {
        for f in 0..9 {
            if let Some(p) = g[r as usize][f as usize].filter(|p| p.kind == PieceKind::King) {
                if p.color == color {
                    king = Some((f, r))
                } else {
                    enemy_king = Some((f, r))
                }
            }
        }
    }
    let Some(k) = king else { return true };
    if let Some(e) = enemy_king.filter(|e| e.0 == k.0) {
        let (lo, hi) = (k.1.min(e.1), k.1.max(e.1));
        if ((lo + 1)..hi).all(|r| g[r as usize][k.0 as usize].is_none()) {
            return true;
        }
    }
    for r in 0..10 {
        for f in 0..9 {
            if g[r as usize][f as usize].is_some_and(|p| p.color != color)
                && reference_targets(g, variant, f, r).contains(&k)
            {
                return true;
            }
        }
    }
    false
}

fn reference_legal(pos: &Position) -> BTreeSet<(Square, Square)> {
    let g = grid(pos);
    let us = pos.side_to_move();
    let mut out = BTreeSet::new();
    for r in 0..10 {
        for f in 0..9 {
            if g[r as usize][f as usize].is_none_or(|p| p.color != us) {
                continue;
            }
            for (tf, tr) in reference_targets(&g, pos.variant(), f, r) {
                let mut after = g;
                after[tr as usize][tf as usize] = after[r as usize][f as usize].take();
                if !reference_king_attacked(&after, pos.variant(), us) {
                    let sq = |f: i32, r: i32| Square::new(f as u8, r as u8).unwrap();
                    out.insert((sq(f, r), sq(tf, tr)));
                }
            }
        }
    }
    out
}

fn random_deal(rng: &mut ChaCha8Rng) -> Deal {
    let identity = Deal::identity();
    let mut red = [PieceKind::Pawn; 15];
    let mut black = [PieceKind::Pawn; 15];
    for (i, (_, color, kind)) in identity.entries().enumerate() {
        if color == Color::Black {
            black[i] = kind
        } else {
            red[i - 15] = kind
        }
    }
    for side in [&mut red, &mut black] {
        for i in (1..15).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            side.swap(i, j);
        }
    }
    Deal::from_sides(red, black).unwrap()
}

fn face_down_count(pos: &Position, color: Color) -> u32 {
    Square::all()
        .filter(|&s| {
            pos.piece_at(s)
                .is_some_and(|p| p.face_down && p.color == color)
        })
        .count() as u32
}

fn check_invariants(pos: &Position) {
    for color in [Color::Red, Color::Black] {
        assert_eq!(
            pos.pool().total(color),
            face_down_count(pos, color) + u32::from(pos.unknown_captures(color)),
            "pool total of {color:?} in {pos:?}"
        );
        for kind in PieceKind::ALL {
            assert!(
                pos.face_up_count(color, kind) + pos.pool().count(color, kind)
                    <= kind.start_count()
            );
        }
    }
    let fen = pos.to_fen();
    let back = Position::from_fen(&fen, pos.variant()).unwrap();
    assert_eq!(back.to_fen(), fen);
    assert_eq!(
        back.hash(),
        pos.hash(),
        "incremental hash equals recomputed hash for {fen}"
    );
}

/// Plays seeded random games, checking every position.
fn random_games(variant: Variant, games: u64, plies: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(0xA17C_0000 + games + variant as u64);
    for _ in 0..games {
        let deal = random_deal(&mut rng);
        let mut pos = if variant == Variant::Jieqi {
            Position::start_with_deal(&deal)
        } else {
            Position::start(variant)
        };
        for _ in 0..plies {
            let fast: BTreeSet<(Square, Square)> = pos
                .legal_moves()
                .iter()
                .map(|m| (m.from(), m.to()))
                .collect();
            assert_eq!(fast, reference_legal(&pos), "legal moves of {pos:?}");
            check_invariants(&pos);
            if fast.is_empty() {
                break;
            }
            let moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
            let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
            let before = pos.clone();
            let undo = pos.make_move(mv).unwrap();
            if rng.next_u64() % 4 == 0 {
                pos.unmake_move(undo);
                assert_eq!(pos, before, "unmake of {mv} restores the position");
                pos.make_move(mv).unwrap();
            }
        }
    }
}

#[test]
fn xiangqi_moves_agree_with_the_reference() {
    random_games(Variant::Xiangqi, 40, 150);
}

#[test]
fn jieqi_moves_agree_with_the_reference_and_keep_the_pool() {
    random_games(Variant::Jieqi, 40, 150);
}

#[test]
fn deals_round_trip() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..500 {
        let d = random_deal(&mut rng);
        assert_eq!(Deal::parse(&d.to_string()), Ok(d));
    }
}

#[test]
fn player_view_tracks_unknown_captures() {
    // Red's cannon takes the face-down piece on h9 without its identity being known.
    let mut pos = Position::start(Variant::Jieqi);
    let h2 = Square::parse("h2").unwrap();
    pos.set_hidden_identity(h2, PieceKind::Cannon).unwrap();
    let undo = pos.make_move(Move::parse_iccs("h2h9").unwrap()).unwrap();
    assert_eq!(undo.revealed(), Some(PieceKind::Cannon));
    assert_eq!(pos.unknown_captures(Color::Black), 1);
    assert_eq!(pos.pool().total(Color::Black), 15);
    check_invariants(&pos);
    // Identities the pool cannot hold are refused: one Red cannon is left, and b0 takes it.
    let b0 = Square::parse("b0").unwrap();
    let h0 = Square::parse("h0").unwrap();
    assert!(pos.set_hidden_identity(b0, PieceKind::Cannon).is_ok());
    assert_eq!(
        pos.set_hidden_identity(h0, PieceKind::Cannon),
        Err(MoveError::ImpossibleIdentity {
            square: h0,
            kind: PieceKind::Cannon
        })
    );
    assert!(pos.set_hidden_identity(h0, PieceKind::Chariot).is_ok());
    assert_eq!(
        pos.set_hidden_identity(Square::parse("e0").unwrap(), PieceKind::Pawn),
        Err(MoveError::NotFaceDown(Square::parse("e0").unwrap()))
    );
}

#[test]
fn face_down_advisor_stays_in_the_palace_but_revealed_one_is_free() {
    let deal = Deal::identity();
    let mut pos = Position::start_with_deal(&deal);
    let d0 = Square::parse("d0").unwrap();
    let targets: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from() == d0)
        .map(|m| m.to().to_string())
        .collect();
    assert_eq!(targets, ["e1"]);
    // Reveal the advisor on e1, then it may leave the palace (d2 and f2 are inside; play to the
    // edge of the palace and out).
    pos.make_move(Move::parse_iccs("d0e1").unwrap()).unwrap();
    pos.make_move(Move::parse_iccs("a6a5").unwrap()).unwrap();
    pos.make_move(Move::parse_iccs("e1f2").unwrap()).unwrap();
    pos.make_move(Move::parse_iccs("a5a4").unwrap()).unwrap();
    assert!(
        pos.is_legal(Move::parse_iccs("f2g1").unwrap()),
        "free advisor leaves the palace"
    );
    let x = Position::from_fen("3k5/9/9/9/9/9/9/5A3/9/4K4 w - - 0 1", Variant::Xiangqi).unwrap();
    assert!(
        !x.is_legal(Move::parse_iccs("f2g1").unwrap()),
        "xiangqi advisor stays in the palace"
    );
}
