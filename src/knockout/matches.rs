//! One knockout match as a state machine: games, score, colours, tie rule, forfeit (RULES.md §8).

use super::settings::{KnockoutSettings, TieRule};
use crate::deal::GameNumber;
use crate::rules::Color;
use crate::rules::adjudicate::GameResult;

/// Identifies a match within its bracket (1-based, round by round, top to bottom; the 3rd-place match
/// follows the final).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MatchId(pub u32);

impl std::fmt::Display for MatchId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A player's line in a match: the upper or lower line of the bracket.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    /// The upper line (index 0).
    Upper,
    /// The lower line (index 1).
    Lower,
}

impl Slot {
    /// The other line.
    pub const fn other(self) -> Slot {
        match self {
            Slot::Upper => Slot::Lower,
            Slot::Lower => Slot::Upper,
        }
    }

    /// 0 for the upper line, 1 for the lower.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A qualified player in the bracket.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Entrant {
    /// Knockout seed, 1 = best Swiss rank among the qualifiers.
    pub seed: u32,
    /// The player's start (pairing) number in the event.
    pub start: u32,
}

/// The bracket's main line or the play-off for 3rd place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MatchKind {
    /// A match whose winner goes on (or, in the last round, the final).
    Main,
    /// Between the semi-final losers.
    ThirdPlace,
}

/// How a match was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Decision {
    /// More than half of the N game points.
    Score,
    /// The decider game was won.
    DeciderWon,
    /// The decider game was drawn: Black advances.
    DeciderDrawnBlackAdvances,
    /// An extra game after a level match was won (tie rule "play on").
    PlayOnWon,
    /// Level after N games: the higher seed advances (tie rule).
    HigherSeed,
    /// The other player withdrew or forfeited.
    Forfeit,
}

/// A player's withdrawal or forfeit, as logged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Forfeit {
    /// Who forfeited.
    pub by: Slot,
    /// The arbiter's note.
    pub reason: String,
}

/// A game of a match, due or played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchGame {
    /// 1-based position in the match (the decider of a best of 3 is number 4).
    pub number: u32,
    /// Which sealed deal of the round it uses (game 1, 2, 3…, or the decider).
    pub deal_game: GameNumber,
    /// The line playing Red, once the lot (or the decider choice) is recorded.
    pub red: Option<Slot>,
    /// The result, once recorded.
    pub result: Option<GameResult>,
}

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchState {
    /// One or both players are not known yet.
    Waiting,
    /// Game 1's colours must be drawn by lot and recorded before it can start.
    AwaitingLot,
    /// Level after N games: the higher seed must choose the colour of the decider.
    AwaitingDeciderColour,
    /// This game is due (colours known).
    GameDue(MatchGame),
    /// Over.
    Decided {
        /// The line that advances.
        winner: Slot,
        /// How.
        how: Decision,
    },
}

/// Why a knockout operation was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KnockoutError {
    /// Bracket size not a power of two ≥ 2.
    #[error("a bracket needs 2, 4, 8, 16… qualifiers, not {0}")]
    Size(usize),
    /// A start number appears twice in a list.
    #[error("start number {0} appears twice")]
    Duplicate(u32),
    /// No match with this id.
    #[error("no match {0}")]
    NoMatch(MatchId),
    /// The match's players are not known yet.
    #[error("match {0} is waiting for its players")]
    NotReady(MatchId),
    /// The match is already decided.
    #[error("match {0} is already decided")]
    Decided(MatchId),
    /// Game 1's colours have not been drawn.
    #[error("match {0}: record the lot for game 1's colours first")]
    LotMissing(MatchId),
    /// The lot cannot change once game 1 has a result.
    #[error("match {0}: the lot cannot change after game 1")]
    LotFixed(MatchId),
    /// The decider's colour has not been chosen.
    #[error("match {0}: the higher seed must choose the decider's colour first")]
    ColourMissing(MatchId),
    /// No decider is due in this match now.
    #[error("match {0}: no decider is due")]
    NoDecider(MatchId),
    /// Not the game that is due.
    #[error("match {id}: game {game} is not due (next is game {due})")]
    NotDue {
        /// The match.
        id: MatchId,
        /// The game asked for.
        game: u32,
        /// The game that is due.
        due: u32,
    },
    /// Only the last recorded game of a match can be corrected.
    #[error("match {id}: game {game} can no longer be changed (only the last game, game {last})")]
    NotLastGame {
        /// The match.
        id: MatchId,
        /// The game asked for.
        game: u32,
        /// The last recorded game.
        last: u32,
    },
    /// `*` is not a result to record.
    #[error("match {0}: a game result must be 1-0, 0-1 or 1/2-1/2")]
    NoResult(MatchId),
    /// The player does not play in this match.
    #[error("match {id}: start number {start} does not play in it")]
    NotInMatch {
        /// The match.
        id: MatchId,
        /// The start number given.
        start: u32,
    },
    /// A change would alter a later match that has already begun.
    #[error("the change would replace a player in match {0}, which has already begun")]
    Locked(MatchId),
    /// Only qualifiers can withdraw from the knockout.
    #[error("start number {0} is not in the knockout")]
    NotQualified(u32),
    /// The player has already withdrawn.
    #[error("start number {0} has already withdrawn")]
    AlreadyWithdrawn(u32),
    /// The bracket has undecided matches.
    #[error("the knockout is not finished")]
    NotFinished,
    /// A qualifier is missing from the Swiss order.
    #[error("start number {0} is missing from the Swiss order")]
    MissingFromSwiss(u32),
}

/// A knockout match. Its settings, players, lot, results and any forfeit determine everything else.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    id: MatchId,
    kind: MatchKind,
    settings: KnockoutSettings,
    entrants: [Option<Entrant>; 2],
    lot: Option<Slot>,
    decider_red: Option<Slot>,
    results: Vec<GameResult>,
    forfeit: Option<Forfeit>,
}

impl Match {
    /// A match with the given players (unknown ones `None`) and nothing recorded.
    pub fn new(
        id: MatchId,
        kind: MatchKind,
        settings: KnockoutSettings,
        entrants: [Option<Entrant>; 2],
    ) -> Match {
        Match {
            id,
            kind,
            settings,
            entrants,
            lot: None,
            decider_red: None,
            results: Vec::new(),
            forfeit: None,
        }
    }

    /// The id.
    pub fn id(&self) -> MatchId {
        self.id
    }

    /// Main line or 3rd-place match.
    pub fn kind(&self) -> MatchKind {
        self.kind
    }

    /// The players, upper line first.
    pub fn entrants(&self) -> [Option<Entrant>; 2] {
        self.entrants
    }

    /// The player on a line.
    pub fn entrant(&self, slot: Slot) -> Option<Entrant> {
        self.entrants[slot.index()]
    }

    /// The line holding the higher seed (the lower seed number), once both are known.
    pub fn higher_seed(&self) -> Option<Slot> {
        match self.entrants {
            [Some(a), Some(b)] => Some(if a.seed < b.seed {
                Slot::Upper
            } else {
                Slot::Lower
            }),
            _ => None,
        }
    }

    /// The line playing Red in game 1, once the lot is recorded.
    pub fn lot(&self) -> Option<Slot> {
        self.lot
    }

    /// The forfeit, if any.
    pub fn forfeit(&self) -> Option<&Forfeit> {
        self.forfeit.as_ref()
    }

    /// Whether anything has been played or decided in this match.
    pub fn has_begun(&self) -> bool {
        !self.results.is_empty() || self.forfeit.is_some()
    }

    fn best_of(&self) -> u32 {
        self.settings.best_of.games()
    }

    fn is_decider(&self, number: u32) -> bool {
        self.settings.tie_rule == TieRule::Decider && number == self.best_of() + 1
    }

    /// The sealed deal a game number uses: game k, or the decider.
    pub fn deal_game(&self, number: u32) -> GameNumber {
        if self.is_decider(number) {
            GameNumber::Decider
        } else {
            GameNumber::Game(number)
        }
    }

    /// Red in a game: by the lot in game 1, then alternating (extra games too); the decider by choice.
    pub fn red_in(&self, number: u32) -> Option<Slot> {
        if self.is_decider(number) {
            self.decider_red
        } else {
            self.lot.map(|first| {
                if number % 2 == 1 {
                    first
                } else {
                    first.other()
                }
            })
        }
    }

    fn game(&self, number: u32, result: Option<GameResult>) -> MatchGame {
        MatchGame {
            number,
            deal_game: self.deal_game(number),
            red: self.red_in(number),
            result,
        }
    }

    /// The recorded games, in order.
    pub fn played(&self) -> Vec<MatchGame> {
        (1..)
            .zip(&self.results)
            .map(|(n, &r)| self.game(n, Some(r)))
            .collect()
    }

    /// The recorded games followed by the game that is due, if one is (result `None`, colours `None`
    /// while awaiting the lot or the decider choice).
    pub fn games(&self) -> Vec<MatchGame> {
        let mut games = self.played();
        let next = self.results.len() as u32 + 1;
        match self.state() {
            MatchState::GameDue(g) => games.push(g),
            MatchState::AwaitingLot | MatchState::AwaitingDeciderColour => {
                games.push(self.game(next, None))
            }
            MatchState::Waiting | MatchState::Decided { .. } => {}
        }
        games
    }

    /// Game points in half points, per line, over the first `count` games.
    fn halves(&self, count: usize) -> [u32; 2] {
        let mut h = [0u32; 2];
        for (n, &result) in (1..).zip(self.results.iter().take(count)) {
            let Some(red) = self.red_in(n) else { continue };
            match result {
                GameResult::RedWins => h[red.index()] += 2,
                GameResult::BlackWins => h[red.other().index()] += 2,
                GameResult::Draw => {
                    h[0] += 1;
                    h[1] += 1;
                }
                GameResult::Unknown => {}
            }
        }
        h
    }

    /// The match score in game points (win 1, draw ½), all games counted, upper line first.
    pub fn score(&self) -> [f64; 2] {
        let h = self.halves(self.results.len());
        [f64::from(h[0]) / 2.0, f64::from(h[1]) / 2.0]
    }

    /// Where the match stands.
    pub fn state(&self) -> MatchState {
        let Some(higher) = self.higher_seed() else {
            return MatchState::Waiting;
        };
        if let Some(f) = &self.forfeit {
            return MatchState::Decided {
                winner: f.by.other(),
                how: Decision::Forfeit,
            };
        }
        let n = self.best_of();
        let played = self.results.len() as u32;
        // A player is through with more than N/2 points, i.e. more than N half points.
        let h = self.halves(n as usize);
        for slot in [Slot::Upper, Slot::Lower] {
            if h[slot.index()] > n {
                return MatchState::Decided {
                    winner: slot,
                    how: Decision::Score,
                };
            }
        }
        let due = |m: &Match| {
            let g = m.game(played + 1, None);
            match g.red {
                Some(_) => MatchState::GameDue(g),
                None if m.is_decider(played + 1) => MatchState::AwaitingDeciderColour,
                None => MatchState::AwaitingLot,
            }
        };
        if played < n {
            return due(self);
        }
        // Level after N games.
        match self.settings.tie_rule {
            TieRule::HigherSeedAdvances => MatchState::Decided {
                winner: higher,
                how: Decision::HigherSeed,
            },
            TieRule::Decider => match (self.results.get(n as usize), self.decider_red) {
                (Some(&result), Some(red)) => match result {
                    GameResult::RedWins => MatchState::Decided {
                        winner: red,
                        how: Decision::DeciderWon,
                    },
                    GameResult::BlackWins => MatchState::Decided {
                        winner: red.other(),
                        how: Decision::DeciderWon,
                    },
                    _ => MatchState::Decided {
                        winner: red.other(),
                        how: Decision::DeciderDrawnBlackAdvances,
                    },
                },
                _ => due(self),
            },
            TieRule::PlayOn => {
                for (number, &result) in (n + 1..).zip(&self.results[n as usize..]) {
                    let Some(red) = self.red_in(number) else {
                        break;
                    };
                    match result {
                        GameResult::RedWins => {
                            return MatchState::Decided {
                                winner: red,
                                how: Decision::PlayOnWon,
                            };
                        }
                        GameResult::BlackWins => {
                            return MatchState::Decided {
                                winner: red.other(),
                                how: Decision::PlayOnWon,
                            };
                        }
                        _ => {}
                    }
                }
                due(self)
            }
        }
    }

    /// The player who advances, once decided.
    pub fn winner(&self) -> Option<Entrant> {
        match self.state() {
            MatchState::Decided { winner, .. } => self.entrant(winner),
            _ => None,
        }
    }

    /// The player who is out, once decided.
    pub fn loser(&self) -> Option<Entrant> {
        match self.state() {
            MatchState::Decided { winner, .. } => self.entrant(winner.other()),
            _ => None,
        }
    }

    /// The line of a start number.
    pub fn slot_of(&self, start: u32) -> Option<Slot> {
        [Slot::Upper, Slot::Lower]
            .into_iter()
            .find(|s| self.entrant(*s).is_some_and(|e| e.start == start))
    }

    /// Records the lot for game 1: the line that plays Red. Allowed until game 1 has a result.
    pub fn record_lot(&mut self, red_in_game_1: Slot) -> Result<(), KnockoutError> {
        if self.higher_seed().is_none() {
            return Err(KnockoutError::NotReady(self.id));
        }
        if !self.results.is_empty() {
            return Err(KnockoutError::LotFixed(self.id));
        }
        self.lot = Some(red_in_game_1);
        Ok(())
    }

    /// The higher seed's choice of colour for the decider. Allowed while the decider is due and unplayed.
    pub fn choose_decider_colour(&mut self, higher_seed_plays: Color) -> Result<(), KnockoutError> {
        let higher = self.higher_seed().ok_or(KnockoutError::NotReady(self.id))?;
        match self.state() {
            MatchState::AwaitingDeciderColour => {}
            MatchState::GameDue(g) if g.deal_game == GameNumber::Decider => {}
            _ => return Err(KnockoutError::NoDecider(self.id)),
        }
        self.decider_red = Some(match higher_seed_plays {
            Color::Red => higher,
            Color::Black => higher.other(),
        });
        Ok(())
    }

    /// Records the result of game `number`: the game that is due, or a correction of the last recorded
    /// game (the same result again is accepted and changes nothing).
    pub fn record_game(&mut self, number: u32, result: GameResult) -> Result<(), KnockoutError> {
        if result == GameResult::Unknown {
            return Err(KnockoutError::NoResult(self.id));
        }
        let played = self.results.len() as u32;
        if number >= 1 && number <= played {
            if self.results[number as usize - 1] == result {
                return Ok(());
            }
            if number != played || self.forfeit.is_some() {
                return Err(KnockoutError::NotLastGame {
                    id: self.id,
                    game: number,
                    last: played,
                });
            }
            self.results[number as usize - 1] = result;
            if number <= self.best_of() {
                // The match may no longer be level: a decider choice made for it lapses.
                self.decider_red = None;
            }
            return Ok(());
        }
        match self.state() {
            MatchState::Waiting => Err(KnockoutError::NotReady(self.id)),
            MatchState::Decided { .. } => Err(KnockoutError::Decided(self.id)),
            MatchState::AwaitingLot => Err(KnockoutError::LotMissing(self.id)),
            MatchState::AwaitingDeciderColour => Err(KnockoutError::ColourMissing(self.id)),
            MatchState::GameDue(g) if g.number == number => {
                self.results.push(result);
                Ok(())
            }
            MatchState::GameDue(g) => Err(KnockoutError::NotDue {
                id: self.id,
                game: number,
                due: g.number,
            }),
        }
    }

    /// A player withdraws or forfeits: the opponent advances. Refused once the match is decided.
    pub fn record_forfeit(&mut self, start: u32, reason: &str) -> Result<(), KnockoutError> {
        match self.state() {
            MatchState::Waiting => return Err(KnockoutError::NotReady(self.id)),
            MatchState::Decided { .. } => return Err(KnockoutError::Decided(self.id)),
            _ => {}
        }
        let by = self
            .slot_of(start)
            .ok_or(KnockoutError::NotInMatch { id: self.id, start })?;
        self.forfeit = Some(Forfeit {
            by,
            reason: reason.to_string(),
        });
        Ok(())
    }

    /// Replaces the players (a change further up the bracket); clears the lot and decider choice.
    pub(super) fn set_entrants(&mut self, entrants: [Option<Entrant>; 2]) {
        if self.entrants != entrants {
            self.entrants = entrants;
            self.lot = None;
            self.decider_red = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knockout::settings::BestOf;
    use GameResult::{BlackWins, Draw, RedWins};

    const UP: Slot = Slot::Upper;
    const LO: Slot = Slot::Lower;

    /// Seed 1 (start 11) on the upper line against seed 8 (start 18).
    fn fresh(best_of: u32, tie_rule: TieRule) -> Match {
        let settings = KnockoutSettings {
            best_of: BestOf::new(best_of).expect("allowed"),
            tie_rule,
            third_place_match: true,
        };
        let entrants = [
            Some(Entrant { seed: 1, start: 11 }),
            Some(Entrant { seed: 8, start: 18 }),
        ];
        Match::new(MatchId(1), MatchKind::Main, settings, entrants)
    }

    fn due(m: &Match) -> (u32, GameNumber, Slot) {
        match m.state() {
            MatchState::GameDue(g) => (g.number, g.deal_game, g.red.expect("colours known")),
            other => panic!("no game due: {other:?}"),
        }
    }

    fn decided(m: &Match) -> (Slot, Decision) {
        match m.state() {
            MatchState::Decided { winner, how } => (winner, how),
            other => panic!("not decided: {other:?}"),
        }
    }

    #[test]
    fn game_one_needs_the_lot_then_colours_alternate() {
        let mut m = fresh(3, TieRule::Decider);
        assert_eq!(m.state(), MatchState::AwaitingLot);
        assert_eq!(
            m.record_game(1, RedWins),
            Err(KnockoutError::LotMissing(MatchId(1)))
        );
        m.record_lot(LO).expect("lot");
        assert_eq!(due(&m), (1, GameNumber::Game(1), LO));
        m.record_game(1, Draw).expect("game 1");
        assert_eq!(due(&m), (2, GameNumber::Game(2), UP));
        assert_eq!(
            m.record_game(3, Draw),
            Err(KnockoutError::NotDue {
                id: MatchId(1),
                game: 3,
                due: 2
            })
        );
        assert_eq!(m.record_lot(UP), Err(KnockoutError::LotFixed(MatchId(1))));
        m.record_game(2, Draw).expect("game 2");
        assert_eq!(due(&m), (3, GameNumber::Game(3), LO));
    }

    /// Best of 3: the match stops as soon as a player has more than 1½ points.
    #[test]
    fn best_of_three_decided_after_each_game() {
        // 2–0: decided after game 2, game 3 never due.
        let mut m = fresh(3, TieRule::Decider);
        m.record_lot(UP).expect("lot");
        m.record_game(1, RedWins).expect("g1"); // upper wins with Red
        assert!(matches!(m.state(), MatchState::GameDue(_)));
        m.record_game(2, BlackWins).expect("g2"); // upper wins with Black
        assert_eq!(decided(&m), (UP, Decision::Score));
        assert_eq!(m.score(), [2.0, 0.0]);
        assert_eq!(
            m.record_game(3, RedWins),
            Err(KnockoutError::Decided(MatchId(1)))
        );
        assert_eq!(m.games().len(), 2);

        // 1½–½ after two games is not yet decided; the loser of game 1 can still level.
        let mut m = fresh(3, TieRule::Decider);
        m.record_lot(UP).expect("lot");
        m.record_game(1, RedWins).expect("g1");
        m.record_game(2, Draw).expect("g2");
        assert_eq!(due(&m).0, 3);
        m.record_game(3, RedWins).expect("g3"); // upper has Red again: 2½–½
        assert_eq!(decided(&m), (UP, Decision::Score));

        // 2–1 for the lower seed.
        let mut m = fresh(3, TieRule::Decider);
        m.record_lot(UP).expect("lot");
        m.record_game(1, BlackWins).expect("g1"); // lower wins
        m.record_game(2, BlackWins).expect("g2"); // upper (Black) wins
        m.record_game(3, BlackWins).expect("g3"); // lower (Black) wins
        assert_eq!(decided(&m), (LO, Decision::Score));
        assert_eq!(m.winner(), Some(Entrant { seed: 8, start: 18 }));
        assert_eq!(m.loser(), Some(Entrant { seed: 1, start: 11 }));
        assert_eq!(m.score(), [1.0, 2.0]);
    }

    #[test]
    fn best_of_one_five_and_seven() {
        let mut m = fresh(1, TieRule::HigherSeedAdvances);
        m.record_lot(LO).expect("lot");
        m.record_game(1, RedWins).expect("g1");
        assert_eq!(decided(&m), (LO, Decision::Score));

        // Best of 5: 2–0 is not enough, 3–0 ends it.
        let mut m = fresh(5, TieRule::Decider);
        m.record_lot(UP).expect("lot");
        for (n, r) in [(1, RedWins), (2, BlackWins)] {
            m.record_game(n, r).expect("game");
            assert!(
                matches!(m.state(), MatchState::GameDue(_)),
                "after game {n}"
            );
        }
        m.record_game(3, RedWins).expect("g3");
        assert_eq!(decided(&m), (UP, Decision::Score));

        let mut m = fresh(7, TieRule::Decider);
        m.record_lot(UP).expect("lot");
        for n in 1..=6 {
            m.record_game(n, Draw).expect("draw");
        }
        m.record_game(7, Draw).expect("g7");
        assert_eq!(m.state(), MatchState::AwaitingDeciderColour);
    }

    /// Default tie rule: one decider, higher seed chooses colour, Black advances on a draw.
    #[test]
    fn level_match_goes_to_a_decider() {
        let level = || {
            let mut m = fresh(3, TieRule::Decider);
            m.record_lot(UP).expect("lot");
            m.record_game(1, RedWins).expect("g1"); // upper
            m.record_game(2, RedWins).expect("g2"); // lower
            m.record_game(3, Draw).expect("g3"); // 1½–1½
            m
        };
        let mut m = level();
        assert_eq!(m.state(), MatchState::AwaitingDeciderColour);
        assert_eq!(
            m.record_game(4, RedWins),
            Err(KnockoutError::ColourMissing(MatchId(1)))
        );
        let listed = m.games();
        assert_eq!(listed.len(), 4);
        assert_eq!(
            (listed[3].deal_game, listed[3].red, listed[3].result),
            (GameNumber::Decider, None, None)
        );
        // The higher seed (upper, seed 1) takes Black, so it advances on a draw.
        m.choose_decider_colour(Color::Black).expect("choice");
        assert_eq!(due(&m), (4, GameNumber::Decider, LO));
        m.record_game(4, Draw).expect("decider");
        assert_eq!(decided(&m), (UP, Decision::DeciderDrawnBlackAdvances));
        assert_eq!(m.score(), [2.0, 2.0]);

        let mut m = level();
        m.choose_decider_colour(Color::Black).expect("choice");
        m.record_game(4, RedWins).expect("decider");
        assert_eq!(decided(&m), (LO, Decision::DeciderWon));

        let mut m = level();
        m.choose_decider_colour(Color::Red).expect("choice");
        m.record_game(4, Draw).expect("decider");
        assert_eq!(decided(&m), (LO, Decision::DeciderDrawnBlackAdvances));
        assert_eq!(
            m.record_game(5, Draw),
            Err(KnockoutError::Decided(MatchId(1)))
        );
        assert_eq!(
            m.choose_decider_colour(Color::Black),
            Err(KnockoutError::NoDecider(MatchId(1)))
        );

        // No decider choice outside a level match.
        let mut m = fresh(3, TieRule::Decider);
        m.record_lot(UP).expect("lot");
        assert_eq!(
            m.choose_decider_colour(Color::Red),
            Err(KnockoutError::NoDecider(MatchId(1)))
        );
    }

    #[test]
    fn play_on_until_a_game_is_won() {
        let mut m = fresh(3, TieRule::PlayOn);
        m.record_lot(UP).expect("lot");
        for n in 1..=3 {
            m.record_game(n, Draw).expect("draw");
        }
        // Game 4 continues the alternation (upper had Red in 1 and 3) and uses deal "game 4".
        assert_eq!(due(&m), (4, GameNumber::Game(4), LO));
        m.record_game(4, Draw).expect("g4");
        assert_eq!(due(&m), (5, GameNumber::Game(5), UP));
        m.record_game(5, BlackWins).expect("g5");
        assert_eq!(decided(&m), (LO, Decision::PlayOnWon));
        assert_eq!(m.score(), [2.0, 3.0]);
    }

    #[test]
    fn higher_seed_advances_when_level() {
        let mut m = fresh(3, TieRule::HigherSeedAdvances);
        m.record_lot(LO).expect("lot");
        m.record_game(1, RedWins).expect("g1"); // lower
        m.record_game(2, RedWins).expect("g2"); // upper
        assert!(matches!(m.state(), MatchState::GameDue(_)));
        m.record_game(3, Draw).expect("g3");
        assert_eq!(decided(&m), (UP, Decision::HigherSeed));
        assert_eq!(m.games().len(), 3);
    }

    #[test]
    fn forfeit_lets_the_opponent_advance() {
        let mut m = fresh(3, TieRule::Decider);
        m.record_lot(UP).expect("lot");
        m.record_game(1, RedWins).expect("g1");
        assert_eq!(
            m.record_forfeit(99, "ill"),
            Err(KnockoutError::NotInMatch {
                id: MatchId(1),
                start: 99
            })
        );
        m.record_forfeit(11, "withdrew: ill").expect("forfeit");
        assert_eq!(decided(&m), (LO, Decision::Forfeit));
        assert_eq!(
            m.forfeit().map(|f| f.reason.as_str()),
            Some("withdrew: ill")
        );
        assert_eq!(
            m.record_forfeit(18, "late"),
            Err(KnockoutError::Decided(MatchId(1)))
        );
        assert!(matches!(
            m.record_game(1, Draw),
            Err(KnockoutError::NotLastGame { .. })
        ));
    }

    #[test]
    fn only_the_last_game_can_be_corrected() {
        let mut m = fresh(3, TieRule::Decider);
        m.record_lot(UP).expect("lot");
        m.record_game(1, RedWins).expect("g1");
        m.record_game(2, BlackWins).expect("g2");
        assert_eq!(decided(&m), (UP, Decision::Score));
        // Re-sending the same result is harmless.
        m.record_game(2, BlackWins).expect("same again");
        // Correcting game 2 reopens the match.
        m.record_game(2, RedWins).expect("correction");
        assert_eq!(due(&m).0, 3);
        m.record_game(3, Draw).expect("g3");
        assert_eq!(
            m.record_game(1, Draw),
            Err(KnockoutError::NotLastGame {
                id: MatchId(1),
                game: 1,
                last: 3
            })
        );
        assert_eq!(
            m.record_game(4, Draw),
            Err(KnockoutError::ColourMissing(MatchId(1)))
        );
        assert_eq!(
            m.record_game(4, GameResult::Unknown),
            Err(KnockoutError::NoResult(MatchId(1)))
        );
    }

    #[test]
    fn a_decider_choice_lapses_when_a_correction_breaks_the_tie() {
        let mut m = fresh(3, TieRule::Decider);
        m.record_lot(UP).expect("lot");
        m.record_game(1, RedWins).expect("g1"); // upper
        m.record_game(2, RedWins).expect("g2"); // lower
        m.record_game(3, Draw).expect("g3");
        m.choose_decider_colour(Color::Red).expect("choice");
        m.record_game(3, RedWins)
            .expect("correction: upper wins game 3");
        assert_eq!(decided(&m), (UP, Decision::Score));
        m.record_game(3, Draw).expect("corrected back");
        assert_eq!(m.state(), MatchState::AwaitingDeciderColour);
    }

    #[test]
    fn a_match_without_both_players_waits() {
        let settings = KnockoutSettings::default();
        let mut m = Match::new(
            MatchId(5),
            MatchKind::Main,
            settings,
            [Some(Entrant { seed: 1, start: 1 }), None],
        );
        assert_eq!(m.state(), MatchState::Waiting);
        assert_eq!(m.record_lot(UP), Err(KnockoutError::NotReady(MatchId(5))));
        assert_eq!(
            m.record_game(1, Draw),
            Err(KnockoutError::NotReady(MatchId(5)))
        );
        assert!(m.games().is_empty());
    }
}
