//! A Banqi game in progress: the position, the event's rule settings, the history the end rules need,
//! the ruling events met on the way and the outcome where the game stands (RULES.md §6). Hard ends (a
//! side without pieces or without a legal turn) end the game; the draws (repetition, the move limit,
//! perpetual chase) are rulings: reported as events, never refusing later turns.

use std::collections::HashMap;

use super::board::{Cell, Piece, Square};
use super::position::{MoveRules, Position, Turn, TurnError};
use crate::rules::Color;
use crate::rules::outcome::{GameResult, Rule, RulingEvent, Termination};

/// The configurable Banqi rules of an event. [`Settings::default`] is the Taiwan rule set of seed 004.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Settings {
    /// Movement variants (all off by default).
    pub move_rules: MoveRules,
    /// Plies with neither a capture nor a flip after which the game is drawn (seed 4.11 C: 50 moves =
    /// 100 plies). Some rule sets use 60. `None` disables the rule.
    pub no_progress_limit: Option<u32>,
    /// Total plies after which the game is drawn (some rule sets use 180). Off by default.
    pub ply_limit: Option<u32>,
    /// Perpetual chase (長捉/長擋, seed 4.11 D): with no face-down piece left, when one side has chased with
    /// every one of its moves over this many plies without a capture, the game is drawn. Default 20 plies
    /// (10 moves each); `None` disables the rule.
    pub perpetual_chase_plies: Option<u32>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            move_rules: MoveRules::default(),
            no_progress_limit: Some(100),
            ply_limit: None,
            perpetual_chase_plies: Some(20),
        }
    }
}

/// How a decided game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: GameResult,
    /// The rule that decided it.
    pub termination: Termination,
}

/// A game: a position plus what the repetition, move-limit and chase rules need to remember.
#[derive(Debug, Clone)]
pub struct Game {
    position: Position,
    settings: Settings,
    /// How often each position (by hash) has occurred since the last flip or capture (the current
    /// one included); earlier positions cannot recur because flips and captures cannot be undone.
    /// A map, so that counting costs O(1) a ply however long the shuffle.
    since_progress: HashMap<u64, usize>,
    /// For each ply since the last flip or capture: the mover and whether the ply chased.
    chases: Vec<(Color, bool)>,
    plies: u32,
    /// The hard end reached, if any: nothing may follow it.
    hard_end: Option<Outcome>,
    /// Whether the current position belongs to a repetition episode (RULES.md §5).
    in_episode: bool,
    /// Whether the perpetual-chase condition held after the previous ply.
    chasing: bool,
    events: Vec<RulingEvent>,
}

impl Game {
    /// A game from `position` under `settings`. A position that is already decided (a side without
    /// pieces or without a legal turn) has its outcome at once.
    pub fn new(position: Position, settings: Settings) -> Game {
        let position = position.with_rules(settings.move_rules);
        let mut game = Game {
            since_progress: HashMap::from([(position.hash(), 1)]),
            position,
            settings,
            chases: Vec::new(),
            plies: 0,
            hard_end: None,
            in_episode: false,
            chasing: false,
            events: Vec::new(),
        };
        game.hard_end = game.decided_by_material();
        game
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The settings in force.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Plies played in this game.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The outcome if the game ended here: the hard end, else the ruling that applies to the current
    /// position (repetition, perpetual chase, move limit, in that order), else `None`.
    pub fn outcome(&self) -> Option<Outcome> {
        self.hard_end.or_else(|| self.ruling())
    }

    /// The hard end reached, if any (a side without pieces or without a legal turn).
    pub fn hard_end(&self) -> Option<Outcome> {
        self.hard_end
    }

    /// The ruling events so far, in ply order.
    pub fn events(&self) -> &[RulingEvent] {
        &self.events
    }

    /// Plays a turn (see [`Position::play`] for `identity`) and applies the end rules; returns
    /// [`Game::outcome`] after it. Only a hard end refuses further turns.
    pub fn play(
        &mut self,
        turn: Turn,
        identity: Option<Piece>,
    ) -> Result<Option<Outcome>, GameError> {
        if let Some(outcome) = self.hard_end {
            return Err(GameError::Over(outcome));
        }
        let mover = self.position.side_to_move();
        let chase_rule_applies = self.settings.perpetual_chase_plies.is_some()
            && self.position.face_down_count() == 0
            && matches!(turn, Turn::Move { .. });
        let before = if chase_rule_applies {
            Some(self.attack_map())
        } else {
            None
        };
        let no_progress_before = self.position.no_progress_plies();
        self.position.play(turn, identity)?;
        self.plies += 1;
        match turn {
            Turn::Flip(_) | Turn::Capture { .. } | Turn::Chain { .. } => {
                self.since_progress.clear();
                self.chases.clear();
            }
            Turn::Move { from, to } => {
                if let (Some(before), Some(mover)) = (before, mover) {
                    let chased = self.chased(&before, from, to);
                    self.chases.push((mover, chased));
                } else {
                    self.chases.clear();
                }
            }
        }
        *self.since_progress.entry(self.position.hash()).or_default() += 1;
        self.hard_end = self.decided_by_material();
        if self.hard_end.is_none() {
            self.note_events(no_progress_before);
        }
        Ok(self.outcome())
    }

    /// Records the rulings that start at the ply just played (RULES.md §5–§6): a repetition episode,
    /// the perpetual-chase window filling, a limit reached.
    fn note_events(&mut self, no_progress_before: u32) {
        let ply = self.plies as usize;
        let count = self.occurrences();
        let event = |rule, ruling, occurrence| RulingEvent {
            ply,
            rule,
            ruling,
            result: GameResult::Draw,
            offender: None,
            occurrence,
        };
        if count >= 2 && self.in_episode {
            // The episode goes on.
        } else if count >= 3 {
            self.in_episode = true;
            let occurrence = u32::try_from(count).ok();
            self.events
                .push(event(Rule::Repetition, Termination::Repetition, occurrence));
        } else {
            self.in_episode = false;
        }
        let chasing = self.chase_holds();
        if chasing && !self.chasing {
            self.events.push(event(
                Rule::PerpetualChase,
                Termination::PerpetualChase,
                None,
            ));
        }
        self.chasing = chasing;
        let now = self.position.no_progress_plies();
        let reached = |limit: Option<u32>, before: u32, after: u32| {
            limit.is_some_and(|l| after >= l && before < l)
        };
        if reached(self.settings.no_progress_limit, no_progress_before, now)
            || reached(self.settings.ply_limit, self.plies - 1, self.plies)
        {
            self.events
                .push(event(Rule::MoveLimit, Termination::MoveLimit, None));
        }
    }

    /// How many times the current position has occurred since the last flip or capture.
    fn occurrences(&self) -> usize {
        self.since_progress
            .get(&self.position.hash())
            .copied()
            .unwrap_or(0)
    }

    fn chase_holds(&self) -> bool {
        self.settings
            .perpetual_chase_plies
            .is_some_and(|window| self.perpetual_chase(window as usize))
    }

    /// The draw rulings in their order: repetition, perpetual chase, move limits.
    fn ruling(&self) -> Option<Outcome> {
        let draw = |termination| {
            Some(Outcome {
                result: GameResult::Draw,
                termination,
            })
        };
        if self.occurrences() >= 3 {
            return draw(Termination::Repetition);
        }
        if self.chase_holds() {
            return draw(Termination::PerpetualChase);
        }
        let reached = |limit: Option<u32>, count: u32| limit.is_some_and(|l| count >= l);
        if reached(
            self.settings.no_progress_limit,
            self.position.no_progress_plies(),
        ) || reached(self.settings.ply_limit, self.plies)
        {
            return draw(Termination::MoveLimit);
        }
        None
    }

    /// A side to move without pieces, or without a legal turn, loses.
    fn decided_by_material(&self) -> Option<Outcome> {
        let side = self.position.side_to_move()?;
        let win = GameResult::win_for(side.opponent());
        if !self.position.has_pieces(side) {
            return Some(Outcome {
                result: win,
                termination: Termination::NoPieces,
            });
        }
        if self.position.legal_turns().is_empty() {
            return Some(Outcome {
                result: win,
                termination: Termination::Stalemate,
            });
        }
        None
    }

    /// Whether, over the last `window` plies (all moves, no face-down piece left), one side chased with
    /// every one of its moves.
    fn perpetual_chase(&self, window: usize) -> bool {
        if window == 0 || self.chases.len() < window {
            return false;
        }
        let recent = &self.chases[self.chases.len() - window..];
        [Color::Red, Color::Black].into_iter().any(|side| {
            let mut moves = recent.iter().filter(|(mover, _)| *mover == side).peekable();
            moves.peek().is_some() && moves.all(|(_, chased)| *chased)
        })
    }

    /// For every face-up piece of the side to move: the enemy squares it attacks.
    fn attack_map(&self) -> [u32; 32] {
        let mut map = [0u32; 32];
        let Some(side) = self.position.side_to_move() else {
            return map;
        };
        for s in Square::all() {
            if matches!(self.position.cell(s), Cell::FaceUp(p) if p.color == side) {
                map[s.index()] = self.position.attacks(s);
            }
        }
        map
    }

    /// Whether the move `from`-`to` just played made one of the mover's pieces attack a piece it did not
    /// attack before (the moved piece is followed from `from` to `to`).
    fn chased(&self, before: &[u32; 32], from: Square, to: Square) -> bool {
        let Cell::FaceUp(mover) = self.position.cell(to) else {
            return false;
        };
        Square::all().any(|s| {
            let own = matches!(self.position.cell(s), Cell::FaceUp(p) if p.color == mover.color);
            let earlier = if s == to { from } else { s };
            own && self.position.attacks(s) & !before[earlier.index()] != 0
        })
    }
}

/// Why a turn was refused by the game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The game was already decided.
    #[error("the game is already over ({}, {})", .0.result, .0.termination)]
    Over(Outcome),
    /// The turn itself was refused.
    #[error(transparent)]
    Turn(#[from] TurnError),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::banqi::fen;
    use crate::rules::banqi::notation::{parse, resolve};

    fn game(fen_text: &str, settings: Settings) -> Game {
        Game::new(fen::read(fen_text, None).unwrap(), settings)
    }

    /// Plays tokens; returns the outcome after the last one.
    fn play(game: &mut Game, tokens: &str) -> Option<Outcome> {
        let mut outcome = None;
        for token in tokens.split_whitespace() {
            let (turn, identity) = resolve(game.position(), parse(token).unwrap()).unwrap();
            outcome = game
                .play(turn, identity)
                .unwrap_or_else(|e| panic!("{token}: {e}"));
        }
        outcome
    }

    fn outcome(result: GameResult, termination: Termination) -> Option<Outcome> {
        Some(Outcome {
            result,
            termination,
        })
    }

    #[test]
    fn a_side_without_pieces_loses() {
        let mut g = game("8/8/8/Rn6 r 0 9", Settings::default());
        assert_eq!(
            play(&mut g, "a1xb1"),
            outcome(GameResult::RedWins, Termination::NoPieces)
        );
        let mut g = game("8/8/8/Nr6 b 0 9", Settings::default());
        assert_eq!(
            play(&mut g, "b1xa1"),
            outcome(GameResult::BlackWins, Termination::NoPieces)
        );
        // Face-down pieces of unknown colour may still belong to the side: no decision.
        let mut g = game("X7/8/8/Rn6 r 0 9", Settings::default());
        assert_eq!(play(&mut g, "a1xb1"), None);
    }

    #[test]
    fn a_side_without_a_legal_turn_loses() {
        // The black pawn on a1 can take neither the advisor on a2 nor the chariot on b1.
        let mut g = game("7K/8/A7/pR6 r 0 9", Settings::default());
        assert_eq!(
            play(&mut g, "h4-h3"),
            outcome(GameResult::RedWins, Termination::Stalemate)
        );
    }

    #[test]
    fn a_decided_game_takes_no_more_turns() {
        let mut g = game("8/8/8/Rn6 r 0 9", Settings::default());
        play(&mut g, "a1xb1");
        let e = g.play(
            Turn::Move {
                from: Square::parse("b1").unwrap(),
                to: Square::parse("b2").unwrap(),
            },
            None,
        );
        assert!(matches!(e, Err(GameError::Over(_))), "{e:?}");
        // A position decided from the start has its outcome at once.
        let g = game("8/8/8/K7 b 0 9", Settings::default());
        assert_eq!(
            g.outcome(),
            outcome(GameResult::RedWins, Termination::NoPieces)
        );
    }

    #[test]
    fn threefold_repetition_draws() {
        let mut g = game("K7/8/8/7k r 0 9", Settings::default());
        assert_eq!(
            play(&mut g, "a4-b4 h1-g1 b4-a4 g1-h1 a4-b4 h1-g1 b4-a4"),
            None
        );
        assert_eq!(
            play(&mut g, "g1-h1"),
            outcome(GameResult::Draw, Termination::Repetition)
        );
    }

    #[test]
    fn rulings_are_events_and_turns_go_on_after_them() {
        let mut g = game("K7/8/8/7k r 0 9", Settings::default());
        play(&mut g, "a4-b4 h1-g1 b4-a4 g1-h1 a4-b4 h1-g1 b4-a4 g1-h1");
        assert_eq!(
            g.outcome(),
            outcome(GameResult::Draw, Termination::Repetition)
        );
        assert_eq!(g.hard_end(), None);
        // The repetition is a ruling: the game goes on, and leaves it.
        assert_eq!(play(&mut g, "a4-b4 h1-h2"), None);
        assert_eq!(g.events().len(), 1);
        assert_eq!(
            (g.events()[0].ply, g.events()[0].rule),
            (8, Rule::Repetition)
        );
        // A hard end still refuses further turns.
        let mut g = game("8/8/8/Rn6 r 0 9", Settings::default());
        play(&mut g, "a1xb1");
        assert!(g.hard_end().is_some());
    }

    #[test]
    fn a_flip_or_capture_breaks_the_repetition_count() {
        let mut g = game("K6X/8/8/7k r 0 9", Settings::default());
        // The flip on h4 comes between the occurrences; before and after it the boards differ anyway.
        assert_eq!(
            play(
                &mut g,
                "a4-b4 h1-g1 b4-a4 g1-h1 h4=P h1-g1 a4-b4 g1-h1 b4-a4"
            ),
            None
        );
    }

    #[test]
    fn hundred_plies_without_capture_or_flip_draw() {
        let mut g = game("K7/8/8/7k r 98 60", Settings::default());
        assert_eq!(play(&mut g, "a4-b4"), None);
        assert_eq!(
            play(&mut g, "h1-g1"),
            outcome(GameResult::Draw, Termination::MoveLimit)
        );
        // A shorter limit of another rule set, and the limit switched off.
        let sixty = Settings {
            no_progress_limit: Some(60),
            ..Settings::default()
        };
        let mut g = game("K7/8/8/7k r 59 60", sixty);
        assert_eq!(
            play(&mut g, "a4-b4"),
            outcome(GameResult::Draw, Termination::MoveLimit)
        );
        let off = Settings {
            no_progress_limit: None,
            ..Settings::default()
        };
        let mut g = game("K7/8/8/7k r 500 60", off);
        assert_eq!(play(&mut g, "a4-b4"), None);
    }

    #[test]
    fn an_optional_total_ply_limit_draws() {
        let limited = Settings {
            ply_limit: Some(3),
            ..Settings::default()
        };
        let mut g = game("K7/8/8/7k r 0 9", limited);
        assert_eq!(play(&mut g, "a4-b4 h1-g1"), None);
        assert_eq!(
            play(&mut g, "b4-c4"),
            outcome(GameResult::Draw, Termination::MoveLimit)
        );
        assert_eq!(Settings::default().ply_limit, None);
    }

    /// Red's chariot chases the black horse up the board; the horse runs. Every red move attacks it anew.
    const CHASE: &str = "a1-b1 c1-c2 b1-b2 c2-c3 b2-b3 c3-c4 b3-b4";

    #[test]
    fn perpetual_chase_draws_when_no_face_down_piece_remains() {
        let window = Settings {
            perpetual_chase_plies: Some(8),
            ..Settings::default()
        };
        let mut g = game("8/8/8/R1n5 r 0 9", window);
        assert_eq!(play(&mut g, CHASE), None);
        assert_eq!(
            play(&mut g, "c4-d4"),
            outcome(GameResult::Draw, Termination::PerpetualChase)
        );
    }

    #[test]
    fn the_default_chase_window_is_ten_moves_each() {
        assert_eq!(Settings::default().perpetual_chase_plies, Some(20));
        // Red's king chases the black advisor along rank 1 and up the h-file: 10 red moves, each attacking
        // the advisor anew, and no position occurs twice.
        let mut g = game("8/8/8/K1a5 r 0 9", Settings::default());
        let chase = "a1-b1 c1-d1 b1-c1 d1-e1 c1-d1 e1-f1 d1-e1 f1-g1 e1-f1 g1-h1 \
                     f1-g1 h1-h2 g1-g2 h2-h3 g2-g3 h3-h4 g3-g4 h4-h3 g4-g3";
        assert_eq!(play(&mut g, chase), None, "19 plies");
        assert_eq!(
            play(&mut g, "h3-h2"),
            outcome(GameResult::Draw, Termination::PerpetualChase)
        );
    }

    #[test]
    fn perpetual_chase_needs_all_pieces_face_up_and_can_be_switched_off() {
        let window = Settings {
            perpetual_chase_plies: Some(8),
            ..Settings::default()
        };
        let mut g = game("7X/8/8/R1n5 r 0 9", window);
        assert_eq!(play(&mut g, &format!("{CHASE} c4-d4")), None);
        let off = Settings {
            perpetual_chase_plies: None,
            ..Settings::default()
        };
        let mut g = game("8/8/8/R1n5 r 0 9", off);
        assert_eq!(play(&mut g, &format!("{CHASE} c4-d4")), None);
        // A move that attacks nothing new is no chase.
        let mut g = game("8/8/8/R1n5 r 0 9", window);
        assert_eq!(
            play(&mut g, "a1-a2 c1-c2 a2-a3 c2-c3 a3-a4 c3-c4 a4-b4 c4-d4"),
            None
        );
    }
}
