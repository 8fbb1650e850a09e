//! The team ranking by hand and against a recomputation on random tournaments.

use std::collections::HashMap;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use super::*;
use crate::rules::Color::Red;
use crate::swiss::standings::standings;
use crate::swiss::test_support::record_games;
use crate::swiss::tournament::{ResultCode, ScoringSystem, Tournament};

/// Six players, two rounds, 2/1/0:
///
/// ```text
/// round 1: 1–2 1-0, 3–4 ½-½, 5–6 0-1        round 2: 1–3 1-0, 6–2 ½-½, 4–5 1-0
/// scores: 1: 4, 2: 1, 3: 1, 4: 3, 5: 0, 6: 3
/// ```
/// Teams (best 2 counted): East = 1, 5 → 4 + 0 = 4; West = 4, 6, 2 → 3 + 3 = 6 (2 not
/// counted); North = 3 → 1. West first, then East, then North.
#[test]
fn best_scores_add_up_and_rank_the_teams() {
    let mut t = Tournament::new(2, ScoringSystem::CHINESE, Red);
    for i in 1..=6 {
        t.add_player(format!("P{i}"), 0);
    }
    use ResultCode::{Draw, Loss, Win};
    record_games(&mut t, &[(1, 2, Win), (3, 4, Draw), (5, 6, Loss)], None);
    record_games(&mut t, &[(1, 3, Win), (6, 2, Draw), (4, 5, Win)], None);
    let tbs = [TieBreak::Buchholz, TieBreak::PairingNumber];
    let table = standings(&t, 2, &tbs);
    let teams: Vec<(PlayerNumber, String)> = [
        (1, "East"),
        (5, "East"),
        (4, "West"),
        (6, "West"),
        (2, "West"),
        (3, "North"),
    ]
    .into_iter()
    .map(|(p, n)| (p, n.to_string()))
    .collect();
    let ranking = team_ranking(&table, &tbs, &teams, 2).expect("ranking");
    let lines: Vec<(u32, &str, Points, Vec<PlayerNumber>)> = ranking
        .iter()
        .map(|l| (l.rank, l.team.as_str(), l.points, l.players.clone()))
        .collect();
    assert_eq!(
        lines,
        vec![
            (1, "West", Points::whole(6), vec![4, 6]),
            (2, "East", Points::whole(4), vec![1, 5]),
            (3, "North", Points::whole(1), vec![3]),
        ]
    );
    // West's Buchholz: 4 met 3 (1) and 5 (0), 6 met 5 (0) and 2 (1): 2.
    assert_eq!(
        ranking[0].tie_break.map(|v| v.to_string()),
        Some("2.0".into())
    );
    assert_eq!(team_tie_break(&tbs), Some((0, TieBreak::Buchholz)));
    assert_eq!(
        team_ranking(&table, &tbs, &teams, 0),
        Err(TeamError::Counted(0))
    );
}

/// Equal totals: the tie-break on team totals, then the best individual rank.
#[test]
fn equal_totals_go_by_the_tie_break_then_the_best_rank() {
    let mut t = Tournament::new(1, ScoringSystem::CHINESE, Red);
    for i in 1..=4 {
        t.add_player(format!("P{i}"), 0);
    }
    record_games(
        &mut t,
        &[(1, 2, ResultCode::Win), (3, 4, ResultCode::Win)],
        None,
    );
    let teams: Vec<(PlayerNumber, String)> = [(1, "A"), (4, "A"), (3, "B"), (2, "B")]
        .into_iter()
        .map(|(p, n)| (p, n.to_string()))
        .collect();
    // Both teams have 2 points; no additive tie-break, so the best rank decides: 1 is first.
    let tbs = [TieBreak::PairingNumber];
    let table = standings(&t, 1, &tbs);
    let ranking = team_ranking(&table, &tbs, &teams, 3).expect("ranking");
    assert_eq!(
        ranking
            .iter()
            .map(|l| (l.rank, l.team.as_str()))
            .collect::<Vec<_>>(),
        [(1, "A"), (2, "B")]
    );
    assert_eq!(ranking[0].tie_break, None);
    // Without any individual tie-break players 1 and 3 share rank 1, and so do the teams.
    let none = team_ranking(&standings(&t, 1, &[]), &[], &teams, 3).expect("ranking");
    assert_eq!(
        none.iter()
            .map(|l| (l.rank, l.team.as_str()))
            .collect::<Vec<_>>(),
        [(1, "A"), (1, "B")]
    );
}

/// Random tournaments and teams: the ranking equals one recomputed from the games alone.
#[test]
fn team_ranking_equals_a_recomputation() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x7ea3);
    for case in 0..200 {
        let n = 6 + rng.next_u32() % 25;
        let rounds = 1 + rng.next_u32() % 6;
        let mut t = Tournament::new(rounds, ScoringSystem::CHINESE, Red);
        for i in 1..=n {
            t.add_player(format!("P{i}"), 0);
        }
        for _ in 0..rounds {
            let mut order: Vec<u32> = (1..=n).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, rng.next_u32() as usize % (i + 1));
            }
            let bye = (n % 2 == 1).then(|| order.pop()).flatten();
            let games: Vec<_> = order
                .chunks(2)
                .map(|p| {
                    let result = [ResultCode::Win, ResultCode::Draw, ResultCode::Loss]
                        [rng.next_u32() as usize % 3];
                    (p[0], p[1], result)
                })
                .collect();
            record_games(&mut t, &games, bye);
        }
        let team_count = 1 + rng.next_u32() % 6;
        let mut teams: Vec<(PlayerNumber, String)> = Vec::new();
        for p in 1..=n {
            // About one player in eight has no team.
            if rng.next_u32() % 8 != 0 {
                teams.push((p, format!("T{}", rng.next_u32() % team_count)));
            }
        }
        let counted = 1 + rng.next_u32() as usize % 4;
        let tbs = [TieBreak::Buchholz, TieBreak::PairingNumber];
        let got =
            team_ranking(&standings(&t, rounds, &tbs), &tbs, &teams, counted).expect("ranking");
        let got: Vec<Line> = got
            .iter()
            .map(|l| {
                let bh = l.tie_break.map(|v| (v.as_f64() * 10.0).round() as i32);
                (
                    l.rank,
                    l.team.clone(),
                    l.points.tenths(),
                    bh,
                    l.best_rank,
                    l.players.clone(),
                )
            })
            .collect();
        assert_eq!(got, recompute(&t, &teams, counted), "case {case}");
    }
}

/// A team line as (rank, team, points in tenths, Buchholz total in tenths, best rank, players).
type Line = (u32, String, i32, Option<i32>, u32, Vec<PlayerNumber>);

/// From the games: scores, Buchholz (an unplayed round counts the lowest score), the individual
/// order (score, Buchholz, start number), then each team's best `counted` by that order.
fn recompute(t: &Tournament, teams: &[(PlayerNumber, String)], counted: usize) -> Vec<Line> {
    let rounds = t.rounds_played;
    let score: HashMap<u32, i32> = t
        .players
        .iter()
        .map(|p| (p.number, t.score_after(p.number, rounds).tenths()))
        .collect();
    let lowest = score.values().copied().min().unwrap_or(0);
    let buchholz: HashMap<u32, i32> = t
        .players
        .iter()
        .map(|p| {
            let sum = p
                .rounds
                .iter()
                .map(|e| e.played_opponent().map_or(lowest, |o| score[&o]))
                .sum();
            (p.number, sum)
        })
        .collect();
    let mut individual: Vec<u32> = t.players.iter().map(|p| p.number).collect();
    individual.sort_by_key(|&p| (-score[&p], -buchholz[&p], p));
    let rank: HashMap<u32, u32> = individual
        .iter()
        .enumerate()
        .map(|(i, &p)| (p, i as u32 + 1))
        .collect();
    let mut names: Vec<&String> = teams.iter().map(|(_, n)| n).collect();
    names.sort();
    names.dedup();
    let mut lines: Vec<Line> = names
        .into_iter()
        .map(|name| {
            let mut members: Vec<u32> = teams
                .iter()
                .filter(|(_, n)| n == name)
                .map(|&(p, _)| p)
                .collect();
            members.sort_by_key(|p| rank[p]);
            members.truncate(counted);
            let points = members.iter().map(|p| score[p]).sum();
            let bh = members.iter().map(|p| buchholz[p]).sum();
            (
                0,
                name.clone(),
                points,
                Some(bh),
                rank[&members[0]],
                members,
            )
        })
        .collect();
    lines.sort_by_key(|l| (-l.2, -l.3.unwrap_or(0), l.4, l.1.clone()));
    for i in 0..lines.len() {
        let shares = i > 0 && {
            let (a, b) = (&lines[i - 1], &lines[i]);
            (a.2, a.3, a.4) == (b.2, b.3, b.4)
        };
        lines[i].0 = if shares { lines[i - 1].0 } else { i as u32 + 1 };
    }
    lines
}
