//! FIDE Dutch system pairing (Handbook C.04.3, with the general rules C.04.1 and C.04.2).
//!
//! The round is paired bracket by bracket from the top score group down (A.9). Each bracket takes
//! the candidate that best satisfies the quality criteria in priority order, and among equally good
//! candidates the first one in the rules' generation order ([`bracket`]). If the players left after
//! a bracket can no longer all be paired (C4), that bracket becomes the penultimate pairing bracket:
//! it is paired again so that the rest can be completed, and all remaining players form the
//! collapsed last bracket. Colours follow E.1–E.5 ([`colour`]); boards are ordered by the general
//! handling rules (higher score in the pair, then the sum of scores, then the higher rank).
//!
//! Criteria, as numbered in the current rules:
//! - absolute: C1 no rematch (played games only; forfeits do not count) and no forbidden pair; C2
//!   no pairing-allocated bye (PAB) for a player who had one or scored a point without playing
//!   (`U`, `F`, `+`); C3 no two non-topscorers with the same absolute colour preference (topscorers:
//!   over 50 % of the maximum score, last round only);
//! - completion: C4 the remaining players must stay pairable (cardinality matching test);
//! - quality, in priority order: C5 pairs; C6 PSD (exact lexicographic comparison, artificial value
//!   one win below the bracket's lowest score); C7/C8 pairs and PSD of the following bracket; C9 the
//!   PAB assignee's unplayed games; C10/C11 topscorers' colour difference beyond ±2 and three equal
//!   colours; C12/C13 colour preferences and strong ones; C14–C17 repeated down/upfloats from one and
//!   two rounds before; C18–C21 their score differences (compared like a PSD).
//!
//! Interpretations where the text leaves room: a player who did not play a game in a round counts
//! as having floated down in it (A.4); colour histories are compared over games actually played
//! (E.3); among moved-down players of equal score that cannot all be paired, the higher-ranked
//! ones are preferred.

mod blossom;
mod bracket;
mod cardinality;
mod colour;
mod perfect;
mod players;
mod weight;

use crate::rules::Color;
use crate::swiss::tournament::{PlayerNumber, Tournament};
use crate::swiss::{Pairing, PairingError};

use bracket::{Field, Outcome, Spec, pair_bracket};
use players::Candidate;

/// Pairs the next round of `t` by the Dutch system.
///
/// Players who withdrew, have not entered yet, or asked for a bye this round are left out (the
/// caller records their `H`/`Z`/`F` entries). Returns the boards in board order with colours
/// (`(red, black)`) and the pairing-allocated bye, or [`PairingError::NoLegalPairing`] when the
/// absolute criteria cannot all be met.
pub fn pair_next_round(t: &Tournament) -> Result<Pairing, PairingError> {
    t.validate()?;
    let round = t.next_round();
    if round > t.total_rounds {
        return Err(PairingError::TournamentOver(t.total_rounds));
    }
    let mut players: Vec<Candidate> = t
        .players
        .iter()
        .filter(|p| t.is_available(p.number, round))
        .filter_map(|p| Candidate::new(t, p.number))
        .collect();
    // A.2: score, then pairing number.
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.number.cmp(&b.number)));
    let field = Field::new(
        &players,
        t.first_colour,
        t.scoring.win.tenths().max(1) as i64,
    );
    let (pairs, bye) = pair_field(&field).ok_or(PairingError::NoLegalPairing { round })?;
    Ok(Pairing {
        boards: boards(&field, pairs),
        bye: bye.map(|i| players[i].number),
    })
}

/// Pairs of rank indices and the bye's rank index.
type RankPairing = (Vec<(usize, usize)>, Option<usize>);

/// Pairs all brackets; returns pairs of rank indices and the bye, or `None` if no legal pairing.
fn pair_field(field: &Field<'_>) -> Option<RankPairing> {
    let n = field.players.len();
    let all: Vec<usize> = (0..n).collect();
    if !completable(field, &all) {
        return None;
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        match groups.last_mut() {
            Some(group) if field.players[group[0]].score == field.players[i].score => group.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let mut pairs = Vec::new();
    let mut mdps: Vec<usize> = Vec::new();
    for g in 0..groups.len() {
        let lower: Vec<usize> = groups[g + 1..].iter().flatten().copied().collect();
        if lower.is_empty() {
            let spec = Spec {
                mdps,
                residents: groups[g].clone(),
                next: Vec::new(),
                lower,
                completion: true,
                last: true,
            };
            let outcome = pair_bracket(field, &spec)?;
            pairs.extend(outcome.pairs);
            return Some((pairs, outcome.bye));
        }
        let spec = Spec {
            mdps: mdps.clone(),
            residents: groups[g].clone(),
            next: groups[g + 1].clone(),
            lower: lower.clone(),
            completion: false,
            last: false,
        };
        let outcome = pair_bracket(field, &spec)?;
        let rest: Vec<usize> = outcome
            .downfloaters
            .iter()
            .chain(lower.iter())
            .copied()
            .collect();
        if completable(field, &rest) {
            pairs.extend(outcome.pairs);
            mdps = outcome.downfloaters;
            continue;
        }
        // A.9: this is the penultimate pairing bracket; pair it so that the rest can complete,
        // then pair everyone left as the collapsed last bracket.
        let ppb = Spec {
            next: Vec::new(),
            completion: true,
            ..spec
        };
        let Outcome {
            pairs: ppb_pairs,
            downfloaters,
            ..
        } = pair_bracket(field, &ppb)?;
        pairs.extend(ppb_pairs);
        let clb = Spec {
            mdps: downfloaters,
            residents: lower,
            next: Vec::new(),
            lower: Vec::new(),
            completion: true,
            last: true,
        };
        let outcome = pair_bracket(field, &clb)?;
        pairs.extend(outcome.pairs);
        return Some((pairs, outcome.bye));
    }
    Some((pairs, None))
}

/// C4: whether `players` can all be paired under the absolute criteria, but for one player who
/// may receive the pairing-allocated bye.
fn completable(field: &Field<'_>, players: &[usize]) -> bool {
    let n = players.len();
    let odd = n % 2 == 1;
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n + usize::from(odd)];
    for i in 0..n {
        for j in i + 1..n {
            if field.compatible[players[i]][players[j]] {
                adj[i].push(j);
                adj[j].push(i);
            }
        }
        if odd && field.players[players[i]].bye_eligible {
            adj[i].push(n);
            adj[n].push(i);
        }
    }
    2 * cardinality::maximum_matching_size(&adj) == adj.len()
}

/// Colours (E.1–E.5) and board order: by the higher score in the pair, then the sum of scores,
/// then the rank of the higher-ranked player.
fn boards(field: &Field<'_>, pairs: Vec<(usize, usize)>) -> Vec<(PlayerNumber, PlayerNumber)> {
    let mut ordered: Vec<(usize, usize)> = pairs
        .into_iter()
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    let score = |i: usize| field.players[i].score;
    ordered.sort_by(|&(a, b), &(c, d)| {
        let key1 = (score(a).max(score(b)), score(a) + score(b));
        let key2 = (score(c).max(score(d)), score(c) + score(d));
        key2.cmp(&key1).then(a.min(b).cmp(&c.min(d)))
    });
    ordered
        .into_iter()
        .map(|(higher, lower)| {
            let (h, l) = (&field.players[higher], &field.players[lower]);
            if colour::allocate(h, l, field.first_colour) == Color::Red {
                (h.number, l.number)
            } else {
                (l.number, h.number)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests;
