//! FIDE Dutch system pairing (Handbook C.04.3 as applied from 1 February 2026, with the basic
//! rules C.04.1 and the general handling rules C.04.2; RULES.md §10).
//!
//! The round is paired bracket by bracket from the top score group down. Each bracket takes the
//! candidate that best satisfies the criteria in priority order, and among equally good candidates
//! the first one in the rules' generation order ([`bracket`]). Completion (C4) holds for every
//! bracket: its candidate must let all lower players be paired too, and its look-ahead counts only
//! next-bracket pairings that do (see `pair_field`). Colours follow E.1–E.5 ([`colour`]); boards
//! are ordered by the general handling rules (higher score in the pair, then the sum of scores,
//! then the higher rank).
//!
//! Criteria, in priority order:
//! - absolute: C1 no rematch (played games only; forfeits do not count) and no forbidden pair; C2
//!   no pairing-allocated bye (PAB) for a player who had one or scored, in one round and without
//!   playing, as many points as a win (`U`, `F`, `+`; C.04.1 art. 4); C3 no two non-topscorers
//!   with the same absolute colour preference (topscorers: over 50 % of the maximum score, last
//!   round only);
//! - completion: C4 the remaining players must stay pairable (cardinality matching test), with
//!   the PAB for a player of the lowest possible score (C5 of the 2025 text, decided before the
//!   brackets are paired);
//! - quality: pairs in the bracket; PSD (exact lexicographic comparison, artificial value one win
//!   below the bracket's lowest score); pairs and PSD of the following bracket; the PAB assignee's
//!   unplayed games (where the bracket's single unpaired player receives the PAB); topscorers'
//!   colour difference beyond ±2 and three equal colours; colour preferences and strong ones;
//!   repeated down/upfloats from one and two rounds before; their score differences (compared like
//!   a PSD). A player scoring more than a loss without playing has floated down (1.4.3).
//!
//! Interpretations where the text leaves room: colour histories are compared over games actually
//! played (E.3); among moved-down players of equal score that cannot all be paired, the
//! higher-ranked ones are preferred.

mod blossom;
mod bracket;
mod cardinality;
mod check;
mod colour;
mod field;
mod perfect;
mod players;
mod weight;

use crate::rules::Color;
use crate::swiss::tournament::{PlayerNumber, ResultCode, Tournament};
use crate::swiss::{Pairing, PairingError};

pub use check::{RoundCheck, check_rounds};

use bracket::pair_bracket;
use field::{Field, Outcome, Spec};
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
    // E.5's pairing numbers count only the players taken into account for the round (RULES.md
    // §10): those to be paired now and those who took part in an earlier round's pairing, so a
    // player absent from round 1 shifts the parity of everyone ranked below. They are counted in
    // the pairing order (C.04.2's initial order), which a late entry may enter above players with
    // lower start numbers.
    let to_pair: std::collections::HashSet<PlayerNumber> =
        players.iter().map(|c| c.number).collect();
    let mut tpn = std::collections::HashMap::new();
    let mut counted = 0;
    for number in t.pairing_order() {
        let Some(p) = t.player(number) else { continue };
        let paired_before = p
            .rounds
            .iter()
            .any(|e| e.opponent.is_some() || e.result == ResultCode::PairingBye);
        if to_pair.contains(&number) || paired_before {
            counted += 1;
        }
        if to_pair.contains(&number) {
            tpn.insert(number, counted);
        }
    }
    for candidate in &mut players {
        candidate.tpn = tpn.get(&candidate.number).copied().unwrap_or(0);
    }
    // A.2: score, then the pairing order (the start number unless late entries came in above).
    let rank = t.rank_indices();
    let rank_of = |n: PlayerNumber| {
        (n as usize)
            .checked_sub(1)
            .and_then(|i| rank.get(i))
            .copied()
            .unwrap_or(u32::MAX)
    };
    players.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then(rank_of(a.number).cmp(&rank_of(b.number)))
    });
    let mut field = Field::new(
        &players,
        t.first_colour,
        t.scoring.win.tenths().max(1) as i64,
    );
    let no_pairing = PairingError::NoLegalPairing { round };
    if !restrict_bye_to_lowest_score(&mut field) {
        return Err(no_pairing);
    }
    let (pairs, bye) = pair_field(&field).ok_or(no_pairing)?;
    Ok(Pairing {
        boards: boards(&field, pairs),
        bye: bye.map(|i| players[i].number),
    })
}

/// C5 (Dutch, 2025): "minimise the score of the player who receives the pairing-allocated bye".
/// Keeps the bye for the eligible players of the lowest score with which everyone else can still
/// be paired; `false` when no complete pairing exists at all. An even field has no bye.
fn restrict_bye_to_lowest_score(field: &mut Field<'_>) -> bool {
    let n = field.players.len();
    let all: Vec<usize> = (0..n).collect();
    if n.is_multiple_of(2) {
        return completable(field, &all);
    }
    let mut scores: Vec<_> = (0..n)
        .filter(|&i| field.bye_eligible[i])
        .map(|i| field.players[i].score)
        .collect();
    scores.sort();
    scores.dedup();
    let eligible = field.bye_eligible.clone();
    for score in scores {
        for (i, slot) in field.bye_eligible.iter_mut().enumerate() {
            *slot = eligible[i] && field.players[i].score == score;
        }
        if completable(field, &all) {
            return true;
        }
    }
    false
}

/// Pairs of rank indices and the bye's rank index.
type RankPairing = (Vec<(usize, usize)>, Option<usize>);

/// Pairs all brackets; returns pairs of rank indices and the bye, or `None` if no legal pairing.
///
/// Every bracket is paired so that the rest of the round can still be completed (C4, with the bye
/// for a player of the lowest possible score, C5), its look-ahead (C7, C8) counting only pairings
/// of the next bracket that allow that completion. The fast path pairs a bracket without the
/// lower players and keeps the result when one look-ahead pairing it assumed does complete (then
/// no candidate can do better under completion); otherwise the bracket is paired again with every
/// lower player in the matching.
///
/// The bye is decided in the first bracket holding bye candidates (of the bye assignee's score,
/// as residents or MDPs) that can pair all its players but one with everyone below paired too
/// (its single unpaired player is then the assignee); otherwise the candidates float on and the
/// last bracket's unpaired player receives it. C9 applies in the bracket that decides, the last
/// one included.
fn pair_field(field: &Field<'_>) -> Option<RankPairing> {
    let n = field.players.len();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        match groups.last_mut() {
            Some(group) if field.players[group[0]].score == field.players[i].score => group.push(i),
            _ => groups.push(vec![i]),
        }
    }
    // After `restrict_bye_to_lowest_score` every bye candidate has the same score, and nobody
    // below it is a candidate.
    let odd = n % 2 == 1;
    let mut pairs = Vec::new();
    let mut mdps: Vec<usize> = Vec::new();
    let mut bye = None;
    for g in 0..groups.len() {
        let lower: Vec<usize> = groups[g + 1..].iter().flatten().copied().collect();
        let last = lower.is_empty();
        let bracket: Vec<usize> = mdps.iter().chain(&groups[g]).copied().collect();
        // C9 (minimise the unplayed games of the PAB assignee) belongs to the bracket that picks
        // the assignee: the first bracket holding bye candidates (residents of the bye score, or
        // MDPs below it) that can pair all its players but one while everyone below pairs too
        // (all lower players are ineligible, so its unpaired player is the assignee); otherwise
        // the last bracket, which the remaining candidates reach as MDPs.
        let decides_bye = bye.is_none()
            && odd
            && (last
                || (bracket.iter().any(|&i| field.bye_eligible[i])
                    && bracket.len() % 2 == 1
                    && completable(field, &bracket)
                    && completable(field, &lower)));
        let spec = Spec {
            mdps,
            residents: groups[g].clone(),
            next: groups.get(g + 1).cloned().unwrap_or_default(),
            lower,
            completion: last || decides_bye,
            last,
            decides_bye,
        };
        let outcome = match pair_bracket(field, &spec) {
            Some(relaxed) if spec.completion || lookahead_completes(field, &spec, &relaxed) => {
                relaxed
            }
            Some(_) => pair_bracket(
                field,
                &Spec {
                    completion: true,
                    ..spec
                },
            )?,
            None => return None,
        };
        pairs.extend(outcome.pairs);
        bye = bye.or(outcome.bye);
        mdps = outcome.downfloaters;
    }
    Some((pairs, bye))
}

/// Whether a bracket paired without its lower players still lets the round complete with the
/// look-ahead it was chosen for: one optimal pairing of the next bracket (its pairs and PSD come
/// first, and they are this bracket's C7 and C8) leaves players who can all be paired (C4).
fn lookahead_completes(field: &Field<'_>, spec: &Spec, outcome: &Outcome) -> bool {
    let beyond_next = &spec.lower[spec.next.len().min(spec.lower.len())..];
    if outcome.downfloaters.is_empty() || spec.next.is_empty() {
        let rest: Vec<usize> = outcome
            .downfloaters
            .iter()
            .chain(&spec.lower)
            .copied()
            .collect();
        return completable(field, &rest);
    }
    let next = Spec {
        mdps: outcome.downfloaters.clone(),
        residents: spec.next.clone(),
        next: Vec::new(),
        lower: Vec::new(),
        completion: false,
        last: false,
        decides_bye: false,
    };
    let rest: Vec<usize> = bracket::unpaired_in_an_optimum(field, &next)
        .into_iter()
        .chain(beyond_next.iter().copied())
        .collect();
    completable(field, &rest)
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
        if odd && field.bye_eligible[players[i]] {
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
