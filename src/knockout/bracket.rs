//! The bracket: rounds of matches fed by their predecessors, what is due, and the JSON view.

use super::matches::{Entrant, KnockoutError, Match, MatchGame, MatchId, MatchKind, MatchState};
use super::seeding::first_round_pairs;
use super::settings::KnockoutSettings;
use crate::deal::GameNumber;
use crate::rules::Color;
use crate::rules::adjudicate::GameResult;

/// A game that can be played now (or as soon as its colours are fixed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DueGame {
    /// The match.
    pub match_id: MatchId,
    /// 0-based knockout round (0 = first round).
    pub round: usize,
    /// 1-based game number in the match (the decider of a best of N is N+1).
    pub number: u32,
    /// The sealed deal of the round it uses.
    pub deal_game: GameNumber,
    /// Start number playing Red; `None` until the lot (game 1) or the decider choice is recorded.
    pub red: Option<u32>,
    /// Start number playing Black; `None` likewise.
    pub black: Option<u32>,
}

/// A single-elimination knockout (RULES.md §8). Build it with [`Bracket::seed`], then record lots,
/// results, decider choices and forfeits; every other fact (who plays whom, what is due, who won) follows.
/// A store can persist the inputs and replay them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bracket {
    settings: KnockoutSettings,
    qualifiers: Vec<u32>,
    rounds: Vec<Vec<Match>>,
    /// Players who left the event, with the arbiter's reason: they forfeit every match they reach.
    withdrawn: Vec<(u32, String)>,
}

impl Bracket {
    /// Seeds the bracket from the qualifiers' start numbers in Swiss order (seed 1 first).
    /// The size must be a power of two ≥ 2 (the seed: 8). The 3rd-place match needs 4 or more.
    pub fn seed(qualifiers: &[u32], settings: KnockoutSettings) -> Result<Bracket, KnockoutError> {
        let pairs =
            first_round_pairs(qualifiers.len()).ok_or(KnockoutError::Size(qualifiers.len()))?;
        if let Some(dup) = first_duplicate(qualifiers) {
            return Err(KnockoutError::Duplicate(dup));
        }
        let entrant = |seed: u32| {
            Some(Entrant {
                seed,
                start: qualifiers[seed as usize - 1],
            })
        };
        let mut next_id = 1u32;
        let mut id = || {
            let id = MatchId(next_id);
            next_id += 1;
            id
        };
        let first: Vec<Match> = pairs
            .iter()
            .map(|&(a, b)| Match::new(id(), MatchKind::Main, settings, [entrant(a), entrant(b)]))
            .collect();
        let mut rounds = vec![first];
        let mut size = pairs.len() / 2;
        while size >= 1 {
            let mut round: Vec<Match> = (0..size)
                .map(|_| Match::new(id(), MatchKind::Main, settings, [None, None]))
                .collect();
            if size == 1 && settings.third_place_match && qualifiers.len() >= 4 {
                round.push(Match::new(
                    id(),
                    MatchKind::ThirdPlace,
                    settings,
                    [None, None],
                ));
            }
            rounds.push(round);
            size /= 2;
        }
        Ok(Bracket {
            settings,
            qualifiers: qualifiers.to_vec(),
            rounds,
            withdrawn: Vec::new(),
        })
    }

    /// The settings it was seeded with.
    pub fn settings(&self) -> KnockoutSettings {
        self.settings
    }

    /// The qualifiers' start numbers in seed order.
    pub fn qualifiers(&self) -> &[u32] {
        &self.qualifiers
    }

    /// The rounds, first round first; the last holds the final and then any 3rd-place match.
    pub fn rounds(&self) -> &[Vec<Match>] {
        &self.rounds
    }

    /// The English name of a round: "Final", "Semi-finals", "Quarter-finals", "Round of 16"…
    pub fn round_name(&self, round: usize) -> String {
        let players = self.qualifiers.len() >> round;
        match players {
            2 => "Final".to_string(),
            4 => "Semi-finals".to_string(),
            8 => "Quarter-finals".to_string(),
            n => format!("Round of {n}"),
        }
    }

    /// A match by id.
    pub fn get(&self, id: MatchId) -> Result<&Match, KnockoutError> {
        self.rounds
            .iter()
            .flatten()
            .find(|m| m.id() == id)
            .ok_or(KnockoutError::NoMatch(id))
    }

    /// The 0-based round of a match.
    pub fn round_of(&self, id: MatchId) -> Result<usize, KnockoutError> {
        self.rounds
            .iter()
            .position(|r| r.iter().any(|m| m.id() == id))
            .ok_or(KnockoutError::NoMatch(id))
    }

    /// The final.
    pub fn final_match(&self) -> Option<&Match> {
        self.rounds.last().and_then(|r| r.first())
    }

    /// The 3rd-place match, if the event plays one.
    pub fn third_place_match(&self) -> Option<&Match> {
        self.rounds
            .last()
            .and_then(|r| r.iter().find(|m| m.kind() == MatchKind::ThirdPlace))
    }

    /// Records the lot for game 1 of a match: the start number who plays Red.
    pub fn record_lot(&mut self, id: MatchId, red_in_game_1: u32) -> Result<(), KnockoutError> {
        self.apply(id, |m| {
            let slot = m.slot_of(red_in_game_1).ok_or(KnockoutError::NotInMatch {
                id,
                start: red_in_game_1,
            })?;
            m.record_lot(slot)
        })
    }

    /// Records the higher seed's colour choice for the decider of a match.
    pub fn choose_decider_colour(
        &mut self,
        id: MatchId,
        higher_seed_plays: Color,
    ) -> Result<(), KnockoutError> {
        self.apply(id, |m| m.choose_decider_colour(higher_seed_plays))
    }

    /// Records the result of game `number` of a match (the due game, or a correction of the last one
    /// as long as no later match has begun with a player it would replace).
    pub fn record_game(
        &mut self,
        id: MatchId,
        number: u32,
        result: GameResult,
    ) -> Result<(), KnockoutError> {
        self.apply(id, |m| m.record_game(number, result))
    }

    /// A player withdraws or forfeits a match: the opponent advances. The reason is kept with the match.
    pub fn record_forfeit(
        &mut self,
        id: MatchId,
        start: u32,
        reason: &str,
    ) -> Result<(), KnockoutError> {
        self.apply(id, |m| m.record_forfeit(start, reason))
    }

    /// A qualifier leaves the event: they forfeit the match they are in now, and every later match they
    /// reach (a 3rd-place match included) as soon as its pairing is known; each opponent advances.
    pub fn withdraw(&mut self, start: u32, reason: &str) -> Result<(), KnockoutError> {
        if !self.qualifiers.contains(&start) {
            return Err(KnockoutError::NotQualified(start));
        }
        if self.withdrawn.iter().any(|(s, _)| *s == start) {
            return Err(KnockoutError::AlreadyWithdrawn(start));
        }
        let mut next = self.clone();
        next.withdrawn.push((start, reason.to_string()));
        next.settle()?;
        *self = next;
        Ok(())
    }

    /// The players who withdrew, with the reasons, in the order recorded.
    pub fn withdrawals(&self) -> &[(u32, String)] {
        &self.withdrawn
    }

    /// Applies a change to a copy, propagates winners and losers, and keeps it only if no match that
    /// has begun would get a different player.
    fn apply(
        &mut self,
        id: MatchId,
        change: impl FnOnce(&mut Match) -> Result<(), KnockoutError>,
    ) -> Result<(), KnockoutError> {
        let mut next = self.clone();
        let target = next
            .rounds
            .iter_mut()
            .flatten()
            .find(|m| m.id() == id)
            .ok_or(KnockoutError::NoMatch(id))?;
        change(target)?;
        next.settle()?;
        *self = next;
        Ok(())
    }

    /// Propagates results, and lets withdrawn players forfeit every open match they stand in, until
    /// nothing changes (each pass decides at least one more match, so this ends).
    fn settle(&mut self) -> Result<(), KnockoutError> {
        loop {
            self.propagate()?;
            let Bracket {
                rounds, withdrawn, ..
            } = self;
            let open = rounds.iter_mut().flatten().find_map(|m| {
                if !matches!(
                    m.state(),
                    MatchState::AwaitingLot
                        | MatchState::AwaitingDeciderColour
                        | MatchState::GameDue(_)
                ) {
                    return None;
                }
                let quitter = m
                    .entrants()
                    .into_iter()
                    .flatten()
                    .find_map(|e| withdrawn.iter().find(|(s, _)| *s == e.start))?;
                Some((m, quitter))
            });
            let Some((m, (start, reason))) = open else {
                return Ok(());
            };
            m.record_forfeit(*start, &format!("withdrew: {reason}"))?;
        }
    }

    /// Fills every later match with the winners (or, for 3rd place, the semi-final losers) of its feeders.
    fn propagate(&mut self) -> Result<(), KnockoutError> {
        for r in 1..self.rounds.len() {
            let (done, rest) = self.rounds.split_at_mut(r);
            let feeders = &done[r - 1];
            for (i, m) in rest[0].iter_mut().enumerate() {
                let wanted = match m.kind() {
                    MatchKind::Main => [
                        feeders.get(2 * i).and_then(Match::winner),
                        feeders.get(2 * i + 1).and_then(Match::winner),
                    ],
                    MatchKind::ThirdPlace => [
                        feeders.first().and_then(Match::loser),
                        feeders.get(1).and_then(Match::loser),
                    ],
                };
                if wanted != m.entrants() {
                    if m.has_begun() {
                        return Err(KnockoutError::Locked(m.id()));
                    }
                    m.set_entrants(wanted);
                }
            }
        }
        Ok(())
    }

    /// Every game that is due now across the bracket, in match order (a decider only when needed).
    pub fn due_games(&self) -> Vec<DueGame> {
        let mut due = Vec::new();
        for (round, matches) in self.rounds.iter().enumerate() {
            for m in matches {
                let game = match m.state() {
                    MatchState::GameDue(g) => g,
                    MatchState::AwaitingLot | MatchState::AwaitingDeciderColour => {
                        match m.games().last() {
                            Some(g) if g.result.is_none() => *g,
                            _ => continue,
                        }
                    }
                    MatchState::Waiting | MatchState::Decided { .. } => continue,
                };
                let (red, black) = colours(m, &game);
                due.push(DueGame {
                    match_id: m.id(),
                    round,
                    number: game.number,
                    deal_game: game.deal_game,
                    red,
                    black,
                });
            }
        }
        due
    }

    /// Whether every match is decided.
    pub fn is_finished(&self) -> bool {
        self.rounds
            .iter()
            .flatten()
            .all(|m| matches!(m.state(), MatchState::Decided { .. }))
    }

    /// The bracket as the API's JSON: `{"rounds":[{"name","matches":[{"id","seeds":[a,b],
    /// "players":[start,start],"score":[x,y],"winner","games":[{"number","red","black","result"}]}]}]}`.
    /// Unknown players, seeds, winners and colours are `null`; a due game has `"result": null`.
    pub fn to_json(&self) -> serde_json::Value {
        let rounds: Vec<serde_json::Value> = self
            .rounds
            .iter()
            .enumerate()
            .map(|(r, matches)| {
                let matches: Vec<serde_json::Value> = matches.iter().map(match_json).collect();
                serde_json::json!({"name": self.round_name(r), "matches": matches})
            })
            .collect();
        serde_json::json!({ "rounds": rounds })
    }
}

/// Start numbers playing Red and Black in a game of a match.
fn colours(m: &Match, game: &MatchGame) -> (Option<u32>, Option<u32>) {
    match game.red {
        Some(red) => (
            m.entrant(red).map(|e| e.start),
            m.entrant(red.other()).map(|e| e.start),
        ),
        None => (None, None),
    }
}

fn match_json(m: &Match) -> serde_json::Value {
    let [a, b] = m.entrants();
    let games: Vec<serde_json::Value> = m
        .games()
        .iter()
        .map(|g| {
            let (red, black) = colours(m, g);
            serde_json::json!({
                "number": g.number,
                "red": red,
                "black": black,
                "result": g.result.map(|r| r.as_str()),
            })
        })
        .collect();
    serde_json::json!({
        "id": m.id().0,
        "seeds": [a.map(|e| e.seed), b.map(|e| e.seed)],
        "players": [a.map(|e| e.start), b.map(|e| e.start)],
        "score": m.score(),
        "winner": m.winner().map(|e| e.start),
        "games": games,
    })
}

/// The first start number that appears twice.
pub(super) fn first_duplicate(starts: &[u32]) -> Option<u32> {
    let mut seen = std::collections::HashSet::new();
    starts.iter().copied().find(|s| !seen.insert(*s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knockout::settings::{BestOf, TieRule};
    use GameResult::{BlackWins, Draw, RedWins};

    /// Start numbers of the 8 qualifiers in Swiss order: seed k has start number 100 + k.
    fn eight() -> Bracket {
        let q: Vec<u32> = (101..=108).collect();
        Bracket::seed(&q, KnockoutSettings::default()).expect("8 qualifiers")
    }

    /// Plays a match so that `winner` (a start number) wins 2–0 with the lot giving it Red.
    fn two_nil(b: &mut Bracket, id: MatchId, winner: u32) {
        b.record_lot(id, winner).expect("lot");
        b.record_game(id, 1, RedWins).expect("game 1");
        b.record_game(id, 2, BlackWins).expect("game 2");
    }

    fn starts(m: &Match) -> [Option<u32>; 2] {
        m.entrants().map(|e| e.map(|e| e.start))
    }

    #[test]
    fn eight_seeds_into_the_rulebook_quarter_finals() {
        let b = eight();
        let names: Vec<String> = (0..3).map(|r| b.round_name(r)).collect();
        assert_eq!(names, ["Quarter-finals", "Semi-finals", "Final"]);
        let seeds: Vec<[u32; 2]> = b.rounds()[0]
            .iter()
            .map(|m| m.entrants().map(|e| e.map_or(0, |e| e.seed)))
            .collect();
        assert_eq!(seeds, [[1, 8], [4, 5], [3, 6], [2, 7]]);
        assert_eq!(b.rounds()[1].len(), 2);
        assert_eq!(b.rounds()[2].len(), 2, "final and 3rd-place match");
        assert_eq!(b.final_match().map(Match::id), Some(MatchId(7)));
        assert_eq!(b.third_place_match().map(Match::id), Some(MatchId(8)));
        // All four quarter-finals wait for the lot; nothing else is due.
        let due = b.due_games();
        assert_eq!(due.len(), 4);
        assert!(
            due.iter()
                .all(|d| d.number == 1 && d.red.is_none() && d.round == 0)
        );
    }

    #[test]
    fn four_and_sixteen_and_refused_sizes() {
        let four = Bracket::seed(&[7, 3, 9, 1], KnockoutSettings::default()).expect("4");
        assert_eq!(starts(&four.rounds()[0][0]), [Some(7), Some(1)]);
        assert_eq!(starts(&four.rounds()[0][1]), [Some(3), Some(9)]);
        assert_eq!(four.round_name(0), "Semi-finals");
        let sixteen =
            Bracket::seed(&(1..=16).collect::<Vec<_>>(), KnockoutSettings::default()).expect("16");
        assert_eq!(sixteen.rounds().len(), 4);
        assert_eq!(sixteen.round_name(0), "Round of 16");
        assert_eq!(
            Bracket::seed(&[1, 2, 3], KnockoutSettings::default()),
            Err(KnockoutError::Size(3))
        );
        assert_eq!(
            Bracket::seed(&[1, 2, 3, 1], KnockoutSettings::default()),
            Err(KnockoutError::Duplicate(1))
        );
        let no_third = KnockoutSettings {
            third_place_match: false,
            ..KnockoutSettings::default()
        };
        let b = Bracket::seed(&[1, 2, 3, 4], no_third).expect("4");
        assert_eq!(b.rounds()[1].len(), 1);
        assert!(b.third_place_match().is_none());
        let two = Bracket::seed(&[5, 6], KnockoutSettings::default()).expect("2");
        assert_eq!(two.rounds().len(), 1);
        assert!(two.third_place_match().is_none());
    }

    #[test]
    fn winners_advance_and_semi_losers_meet_for_third_place() {
        let mut b = eight();
        two_nil(&mut b, MatchId(1), 101);
        assert_eq!(starts(&b.rounds()[1][0]), [Some(101), None]);
        two_nil(&mut b, MatchId(2), 105);
        assert_eq!(starts(&b.rounds()[1][0]), [Some(101), Some(105)]);
        two_nil(&mut b, MatchId(3), 103);
        two_nil(&mut b, MatchId(4), 102);
        assert_eq!(starts(&b.rounds()[1][1]), [Some(103), Some(102)]);
        two_nil(&mut b, MatchId(5), 105);
        two_nil(&mut b, MatchId(6), 102);
        assert_eq!(
            starts(b.final_match().expect("final")),
            [Some(105), Some(102)]
        );
        assert_eq!(
            starts(b.third_place_match().expect("3rd")),
            [Some(101), Some(103)]
        );
        assert!(!b.is_finished());
    }

    #[test]
    fn due_games_list_colours_and_a_decider_only_when_needed() {
        let mut b = eight();
        b.record_lot(MatchId(1), 108).expect("lot");
        let d = b.due_games();
        assert_eq!(
            d[0],
            DueGame {
                match_id: MatchId(1),
                round: 0,
                number: 1,
                deal_game: GameNumber::Game(1),
                red: Some(108),
                black: Some(101),
            }
        );
        b.record_game(MatchId(1), 1, RedWins).expect("g1"); // 108 wins
        b.record_game(MatchId(1), 2, RedWins).expect("g2"); // 101 wins
        assert_eq!(b.due_games()[0].number, 3);
        assert!(
            b.due_games()
                .iter()
                .all(|g| g.deal_game != GameNumber::Decider)
        );
        b.record_game(MatchId(1), 3, Draw).expect("g3");
        let d = b.due_games()[0];
        assert_eq!(
            (d.number, d.deal_game, d.red),
            (4, GameNumber::Decider, None)
        );
        b.choose_decider_colour(MatchId(1), Color::Red)
            .expect("choice"); // seed 1 takes Red
        let d = b.due_games()[0];
        assert_eq!((d.red, d.black), (Some(101), Some(108)));
        b.record_game(MatchId(1), 4, Draw).expect("decider"); // Black (108) advances
        assert_eq!(
            b.get(MatchId(1)).expect("m1").winner().map(|e| e.start),
            Some(108)
        );
        assert!(b.due_games().iter().all(|g| g.match_id != MatchId(1)));
        assert_eq!(
            b.record_lot(MatchId(99), 1),
            Err(KnockoutError::NoMatch(MatchId(99)))
        );
        assert_eq!(
            b.record_lot(MatchId(2), 101),
            Err(KnockoutError::NotInMatch {
                id: MatchId(2),
                start: 101
            })
        );
    }

    #[test]
    fn a_correction_cannot_change_a_match_that_has_begun() {
        let mut b = eight();
        two_nil(&mut b, MatchId(1), 101);
        two_nil(&mut b, MatchId(2), 104);
        b.record_lot(MatchId(5), 101).expect("semi lot");
        // Correcting QF game 2 before the semi-final starts is fine (101 is no longer through) …
        b.record_game(MatchId(1), 2, RedWins).expect("correction");
        assert_eq!(starts(&b.rounds()[1][0]), [None, Some(104)]);
        assert_eq!(
            b.get(MatchId(5)).expect("semi").lot(),
            None,
            "lot cleared with the pairing"
        );
        b.record_game(MatchId(1), 3, RedWins).expect("g3"); // 101 (Red in game 3) wins 2–1
        b.record_lot(MatchId(5), 101).expect("semi lot");
        b.record_game(MatchId(5), 1, Draw).expect("semi game 1");
        // … but once the semi-final has a game, the quarter-final result is locked.
        assert_eq!(
            b.record_game(MatchId(1), 3, BlackWins),
            Err(KnockoutError::Locked(MatchId(5)))
        );
        assert_eq!(
            b.get(MatchId(1)).expect("qf").winner().map(|e| e.start),
            Some(101)
        );
    }

    #[test]
    fn forfeit_in_the_bracket_advances_the_opponent() {
        let mut b = eight();
        b.record_forfeit(MatchId(4), 102, "withdrew before the match")
            .expect("forfeit");
        assert_eq!(starts(&b.rounds()[1][1]), [None, Some(107)]);
        let m = b.get(MatchId(4)).expect("m4");
        assert_eq!(
            m.forfeit().map(|f| f.reason.as_str()),
            Some("withdrew before the match")
        );
        assert!(b.due_games().iter().all(|g| g.match_id != MatchId(4)));
    }

    #[test]
    fn a_withdrawn_player_forfeits_every_match_they_reach() {
        let mut b = eight();
        two_nil(&mut b, MatchId(2), 105);
        b.record_lot(MatchId(1), 101).expect("lot");
        // 105 leaves while the semi-final's other half is still being played.
        b.withdraw(105, "flight home").expect("withdraw");
        assert_eq!(starts(&b.rounds()[1][0]), [None, Some(105)]);
        assert_eq!(
            b.withdraw(105, "again"),
            Err(KnockoutError::AlreadyWithdrawn(105))
        );
        assert_eq!(b.withdraw(120, "?"), Err(KnockoutError::NotQualified(120)));
        b.record_game(MatchId(1), 1, RedWins).expect("g1");
        b.record_game(MatchId(1), 2, BlackWins).expect("g2"); // 101 through
        // The semi-final is forfeited at once: 101 advances without a game being due.
        let semi = b.get(MatchId(5)).expect("semi");
        assert_eq!(semi.winner().map(|e| e.start), Some(101));
        assert_eq!(
            semi.forfeit().map(|f| f.reason.as_str()),
            Some("withdrew: flight home")
        );
        assert!(b.due_games().iter().all(|g| g.match_id != MatchId(5)));
        // As a semi-final loser, 105 also forfeits the 3rd-place match once it is paired.
        two_nil(&mut b, MatchId(3), 103);
        two_nil(&mut b, MatchId(4), 102);
        two_nil(&mut b, MatchId(6), 103);
        let third = b.third_place_match().expect("3rd");
        assert_eq!(third.winner().map(|e| e.start), Some(102));
        assert_eq!(b.withdrawals().len(), 1);
    }

    #[test]
    fn json_matches_the_api_shape() {
        let settings = KnockoutSettings {
            best_of: BestOf::THREE,
            tie_rule: TieRule::Decider,
            third_place_match: true,
        };
        let mut b = Bracket::seed(&[11, 12, 13, 14], settings).expect("4");
        b.record_lot(MatchId(1), 14).expect("lot");
        b.record_game(MatchId(1), 1, Draw).expect("g1");
        let v = b.to_json();
        let m = &v["rounds"][0]["matches"][0];
        assert_eq!(v["rounds"][0]["name"], "Semi-finals");
        assert_eq!(m["id"], 1);
        assert_eq!(m["seeds"], serde_json::json!([1, 4]));
        assert_eq!(m["players"], serde_json::json!([11, 14]));
        assert_eq!(m["score"], serde_json::json!([0.5, 0.5]));
        assert_eq!(m["winner"], serde_json::Value::Null);
        assert_eq!(
            m["games"],
            serde_json::json!([
                {"number": 1, "red": 14, "black": 11, "result": "1/2-1/2"},
                {"number": 2, "red": 11, "black": 14, "result": null}
            ])
        );
        let other = &v["rounds"][0]["matches"][1];
        assert_eq!(
            other["games"],
            serde_json::json!([{"number": 1, "red": null, "black": null, "result": null}])
        );
        let final_ = &v["rounds"][1]["matches"][0];
        assert_eq!(final_["players"], serde_json::json!([null, null]));
        assert_eq!(final_["games"], serde_json::json!([]));
        assert_eq!(v["rounds"][1]["matches"].as_array().map(Vec::len), Some(2));
    }
}
