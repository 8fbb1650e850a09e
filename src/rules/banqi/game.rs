//! A Banqi game in progress: the position, the event's rule settings, the history the end rules need, and
//! the outcome once the game is decided (RULES.md §6).

use super::board::{Cell, Piece, Square};
use super::position::{MoveRules, Position, Turn, TurnError};
use crate::rules::Color;
use crate::rules::adjudicate::{GameResult, Termination};

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
    /// Hashes of the positions since the last flip or capture (including the current one); earlier
    /// positions cannot recur because flips and captures cannot be undone.
    since_progress: Vec<u64>,
    /// For each ply since the last flip or capture: the mover and whether the ply chased.
    chases: Vec<(Color, bool)>,
    plies: u32,
    outcome: Option<Outcome>,
}

impl Game {
    /// A game from `position` under `settings`. A position that is already decided (a side without
    /// pieces or without a legal turn) has its outcome at once.
    pub fn new(position: Position, settings: Settings) -> Game {
        let position = position.with_rules(settings.move_rules);
        let mut game = Game {
            since_progress: vec![position.hash()],
            position,
            settings,
            chases: Vec::new(),
            plies: 0,
            outcome: None,
        };
        game.outcome = game.decided_by_material();
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

    /// The outcome, once decided.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Plays a turn (see [`Position::play`] for `identity`) and applies the end rules. A decided game takes
    /// no more turns.
    pub fn play(
        &mut self,
        turn: Turn,
        identity: Option<Piece>,
    ) -> Result<Option<Outcome>, GameError> {
        if let Some(outcome) = self.outcome {
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
        self.position.play(turn, identity)?;
        self.plies += 1;
        match turn {
            Turn::Flip(_) | Turn::Capture { .. } => {
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
        self.since_progress.push(self.position.hash());
        self.outcome = self.decide();
        Ok(self.outcome)
    }

    /// The end rules in their order: no pieces, no legal turn, repetition, perpetual chase, move limits.
    fn decide(&self) -> Option<Outcome> {
        if let Some(outcome) = self.decided_by_material() {
            return Some(outcome);
        }
        let draw = |termination| {
            Some(Outcome {
                result: GameResult::Draw,
                termination,
            })
        };
        let current = self.position.hash();
        if self
            .since_progress
            .iter()
            .filter(|&&h| h == current)
            .count()
            >= 3
        {
            return draw(Termination::Repetition);
        }
        if let Some(window) = self.settings.perpetual_chase_plies
            && self.perpetual_chase(window as usize)
        {
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
