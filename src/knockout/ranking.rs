//! The final ranking after the knockout (RULES.md §8).

use super::bracket::{Bracket, first_duplicate};
use super::matches::{KnockoutError, MatchKind};

/// One line of the final ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placing {
    /// 1-based final place.
    pub place: u32,
    /// The player's start number.
    pub start: u32,
}

impl Bracket {
    /// The final ranking of the whole event: 1st and 2nd from the final; 3rd and 4th from the 3rd-place
    /// match (without one, the semi-final losers by Swiss rank); then the losers of each earlier round,
    /// latest round first, each group ordered by Swiss rank (8 qualifiers: places 5–8 are the
    /// quarter-final losers); then everyone who did not qualify, in Swiss order.
    ///
    /// `swiss_order` is every player's start number in final Swiss standing order.
    pub fn final_ranking(&self, swiss_order: &[u32]) -> Result<Vec<Placing>, KnockoutError> {
        if !self.is_finished() {
            return Err(KnockoutError::NotFinished);
        }
        if let Some(dup) = first_duplicate(swiss_order) {
            return Err(KnockoutError::Duplicate(dup));
        }
        let swiss_rank = |start: u32| swiss_order.iter().position(|&s| s == start);
        if let Some(&missing) = self.qualifiers().iter().find(|&&q| swiss_rank(q).is_none()) {
            return Err(KnockoutError::MissingFromSwiss(missing));
        }
        let by_swiss = |mut group: Vec<u32>| {
            group.sort_by_key(|&s| swiss_rank(s));
            group
        };
        let rounds = self.rounds();
        let mut order: Vec<u32> = Vec::with_capacity(swiss_order.len());
        let last = rounds.len() - 1;
        for m in &rounds[last] {
            // Final first, then the 3rd-place match: winner before loser.
            order.extend(m.winner().map(|e| e.start));
            order.extend(m.loser().map(|e| e.start));
        }
        let third_played = rounds[last]
            .iter()
            .any(|m| m.kind() == MatchKind::ThirdPlace);
        for (r, matches) in rounds.iter().enumerate().take(last).rev() {
            if r + 1 == last && third_played {
                continue; // the semi-final losers are placed by the 3rd-place match
            }
            order.extend(by_swiss(
                matches
                    .iter()
                    .filter_map(|m| m.loser().map(|e| e.start))
                    .collect(),
            ));
        }
        order.extend(
            swiss_order
                .iter()
                .copied()
                .filter(|s| !self.qualifiers().contains(s)),
        );
        Ok((1..)
            .zip(order)
            .map(|(place, start)| Placing { place, start })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knockout::matches::MatchId;
    use crate::knockout::settings::KnockoutSettings;
    use crate::rules::Color;
    use crate::rules::adjudicate::GameResult::{BlackWins, Draw, RedWins};

    /// `winner` wins match `id` 2–0, having Red in game 1 by the lot.
    fn win_two_nil(b: &mut Bracket, id: u32, winner: u32) {
        b.record_lot(MatchId(id), winner).expect("lot");
        b.record_game(MatchId(id), 1, RedWins).expect("g1");
        b.record_game(MatchId(id), 2, BlackWins).expect("g2");
    }

    /// The start numbers of the final ranking in place order.
    fn ranked_starts(b: &Bracket, swiss: &[u32]) -> Vec<u32> {
        let ranking = b.final_ranking(swiss).expect("ranking");
        ranking.iter().map(|p| p.start).collect()
    }

    /// The seed's event shape: 12 players in Swiss order 1..=12 (start numbers 201..=212), top 8 qualify.
    /// QF: 1–8 won 2–0 by 1, 4–5 won 2–1 by 5, 3–6 level 1½–1½ and won by 6 on a drawn decider with
    /// Black, 2–7 won 2–0 by 2. SF: 1 beats 5, 2 beats 6. Final: 2 beats 1. 3rd place: 6 beats 5.
    #[test]
    fn seed_format_ranking_over_twelve_places() {
        let swiss: Vec<u32> = (201..=212).collect();
        let mut b = Bracket::seed(&swiss[..8], KnockoutSettings::default()).expect("bracket");
        win_two_nil(&mut b, 1, 201);
        // 4–5: 205 wins 2–1.
        b.record_lot(MatchId(2), 204).expect("lot");
        b.record_game(MatchId(2), 1, RedWins).expect("g1"); // 204
        b.record_game(MatchId(2), 2, RedWins).expect("g2"); // 205
        b.record_game(MatchId(2), 3, BlackWins).expect("g3"); // 205 with Black
        // 3–6: level, decider drawn, 206 had Black.
        b.record_lot(MatchId(3), 203).expect("lot");
        b.record_game(MatchId(3), 1, RedWins).expect("g1"); // 203
        b.record_game(MatchId(3), 2, RedWins).expect("g2"); // 206
        b.record_game(MatchId(3), 3, Draw).expect("g3");
        b.choose_decider_colour(MatchId(3), Color::Red)
            .expect("203 takes Red");
        assert!(matches!(
            b.final_ranking(&swiss),
            Err(KnockoutError::NotFinished)
        ));
        b.record_game(MatchId(3), 4, Draw).expect("decider");
        win_two_nil(&mut b, 4, 202);
        win_two_nil(&mut b, 5, 201);
        win_two_nil(&mut b, 6, 202);
        win_two_nil(&mut b, 7, 202);
        win_two_nil(&mut b, 8, 206);
        assert!(b.is_finished());
        assert!(b.due_games().is_empty());
        let ranking = b.final_ranking(&swiss).expect("ranking");
        let order: Vec<u32> = ranking.iter().map(|p| p.start).collect();
        // 5–8: quarter-final losers 208, 204, 203, 207 ordered by Swiss rank.
        assert_eq!(
            order,
            [202, 201, 206, 205, 203, 204, 207, 208, 209, 210, 211, 212]
        );
        assert_eq!(
            ranking[4],
            Placing {
                place: 5,
                start: 203
            }
        );
        assert_eq!(ranking.len(), 12);
    }

    #[test]
    fn without_a_third_place_match_semi_losers_go_by_swiss_rank() {
        let swiss = [31, 32, 33, 34, 35];
        let settings = KnockoutSettings {
            third_place_match: false,
            ..KnockoutSettings::default()
        };
        let mut b = Bracket::seed(&swiss[..4], settings).expect("bracket");
        for (id, winner) in [(1, 34), (2, 32), (3, 34)] {
            win_two_nil(&mut b, id, winner);
        }
        let order = ranked_starts(&b, &swiss);
        assert_eq!(order, [34, 32, 31, 33, 35]);
        assert_eq!(
            b.final_ranking(&[31, 32, 33]),
            Err(KnockoutError::MissingFromSwiss(34))
        );
        assert_eq!(
            b.final_ranking(&[31, 32, 33, 34, 31]),
            Err(KnockoutError::Duplicate(31))
        );
    }

    #[test]
    fn sixteen_places_losers_of_each_round_by_swiss_rank() {
        let swiss: Vec<u32> = (1..=20).collect();
        let mut b = Bracket::seed(&swiss[..16], KnockoutSettings::default()).expect("bracket");
        // The lower seed wins every match: upsets all the way.
        while !b.is_finished() {
            let due = b.due_games();
            let g = due.first().expect("a game is due");
            let m = b.get(g.match_id).expect("match").clone();
            let lower = m
                .entrants()
                .iter()
                .flatten()
                .max_by_key(|e| e.seed)
                .expect("two")
                .start;
            if g.red.is_none() {
                b.record_lot(g.match_id, lower).expect("lot");
                continue;
            }
            let result = if g.red == Some(lower) {
                RedWins
            } else {
                BlackWins
            };
            b.record_game(g.match_id, g.number, result).expect("game");
        }
        let order = ranked_starts(&b, &swiss);
        // First-round losers are seeds 1–8 (places 9–16), QF losers seeds 9–12 (places 5–8).
        assert_eq!(&order[4..8], &[9, 10, 11, 12]);
        assert_eq!(&order[8..16], &[1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(&order[16..], &[17, 18, 19, 20]);
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, swiss);
    }
}
