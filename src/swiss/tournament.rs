//! The state of a Swiss tournament as pairing and standings need it.
//!
//! Players are identified by their pairing number (the TRF start number, 1-based). Each player carries
//! one [`RoundEntry`] per played round: the opponent (or none), the colour (Red = "white" in TRF), and a
//! [`ResultCode`] covering every TRF result code. Scores are [`Points`] in tenths of a point, so both
//! the Chinese 2/1/0 and the FIDE 1/½/0 scoring systems (and any TRF points line) stay exact integers.

use std::collections::HashSet;
use std::fmt;

use crate::rules::Color;

/// A player's pairing number (start number in TRF), 1-based.
pub type PlayerNumber = u32;

/// A score in tenths of a point: `Points::from_tenths(5)` is ½.
///
/// Tenths cover every value a TRF file can express (one decimal digit) without fractions or floats.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(i32);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);

    /// Points from a count of tenths of a point.
    pub const fn from_tenths(tenths: i32) -> Points {
        Points(tenths)
    }

    /// A whole number of points.
    pub const fn whole(points: i32) -> Points {
        Points(points * 10)
    }

    /// The score in tenths of a point.
    pub const fn tenths(self) -> i32 {
        self.0
    }

    /// Parses a decimal such as `2`, `1.5`, `0.5`, `.5` or `-1.0` (at most one decimal digit).
    pub fn parse(text: &str) -> Option<Points> {
        let text = text.trim();
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (whole, fraction) = match digits.split_once('.') {
            Some((w, f)) => (w, f),
            None => (digits, ""),
        };
        if whole.is_empty() && fraction.is_empty() {
            return None;
        }
        if !whole.chars().all(|c| c.is_ascii_digit())
            || !fraction.chars().all(|c| c.is_ascii_digit())
        {
            return None;
        }
        // A trailing "0" beyond the first decimal ("1.50") is harmless; anything finer is not a tenth.
        let mut fraction_digits = fraction.chars();
        let tenth = fraction_digits.next().map_or(0, |c| c as i32 - '0' as i32);
        if fraction_digits.any(|c| c != '0') {
            return None;
        }
        let whole: i32 = if whole.is_empty() {
            0
        } else {
            whole.parse().ok()?
        };
        let tenths = whole.checked_mul(10)?.checked_add(tenth)?;
        Some(Points(if negative { -tenths } else { tenths }))
    }
}

impl fmt::Display for Points {
    /// Writes the score with one decimal, as TRF does: `2.0`, `0.5`, `-1.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let magnitude = self.0.unsigned_abs();
        write!(f, "{sign}{}.{}", magnitude / 10, magnitude % 10)
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        self.0 += other.0;
    }
}

impl std::ops::Sub for Points {
    type Output = Points;
    fn sub(self, other: Points) -> Points {
        Points(self.0 - other.0)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

/// The result of one player in one round, one variant per TRF result code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResultCode {
    /// `1`: won a played game.
    Win,
    /// `=`: drew a played game.
    Draw,
    /// `0`: lost a played game.
    Loss,
    /// `+`: won by forfeit (the opponent did not appear).
    ForfeitWin,
    /// `-`: lost by forfeit.
    ForfeitLoss,
    /// `W`: won a game that is not rated (e.g. lasted less than one move).
    UnratedWin,
    /// `D`: drew a game that is not rated.
    UnratedDraw,
    /// `L`: lost a game that is not rated.
    UnratedLoss,
    /// `H`: half-point bye (requested).
    HalfBye,
    /// `F`: full-point bye (requested, or awarded by the arbiter).
    FullBye,
    /// `U`: the pairing-allocated bye (PAB).
    PairingBye,
    /// `Z`: zero-point bye (known absence).
    ZeroBye,
    /// Blank: not paired in this round (absent, withdrawn, or not yet entered).
    NotPaired,
}

impl ResultCode {
    /// Reads a TRF result character; a blank means not paired.
    pub fn from_trf(c: char) -> Option<ResultCode> {
        Some(match c {
            '1' => ResultCode::Win,
            '=' => ResultCode::Draw,
            '0' => ResultCode::Loss,
            '+' => ResultCode::ForfeitWin,
            '-' => ResultCode::ForfeitLoss,
            'W' | 'w' => ResultCode::UnratedWin,
            'D' | 'd' => ResultCode::UnratedDraw,
            'L' | 'l' => ResultCode::UnratedLoss,
            'H' | 'h' => ResultCode::HalfBye,
            'F' | 'f' => ResultCode::FullBye,
            'U' | 'u' => ResultCode::PairingBye,
            'Z' | 'z' => ResultCode::ZeroBye,
            ' ' => ResultCode::NotPaired,
            _ => return None,
        })
    }

    /// The TRF result character.
    pub const fn trf_char(self) -> char {
        match self {
            ResultCode::Win => '1',
            ResultCode::Draw => '=',
            ResultCode::Loss => '0',
            ResultCode::ForfeitWin => '+',
            ResultCode::ForfeitLoss => '-',
            ResultCode::UnratedWin => 'W',
            ResultCode::UnratedDraw => 'D',
            ResultCode::UnratedLoss => 'L',
            ResultCode::HalfBye => 'H',
            ResultCode::FullBye => 'F',
            ResultCode::PairingBye => 'U',
            ResultCode::ZeroBye => 'Z',
            ResultCode::NotPaired => ' ',
        }
    }

    /// Whether a game was actually played over the board (`1 = 0 W D L`).
    ///
    /// Only played games count for colour history and for "have already met" (FIDE C.04.1).
    pub const fn is_played_game(self) -> bool {
        matches!(
            self,
            ResultCode::Win
                | ResultCode::Draw
                | ResultCode::Loss
                | ResultCode::UnratedWin
                | ResultCode::UnratedDraw
                | ResultCode::UnratedLoss
        )
    }

    /// Whether this code is one of a forfeit (`+ -`).
    pub const fn is_forfeit(self) -> bool {
        matches!(self, ResultCode::ForfeitWin | ResultCode::ForfeitLoss)
    }

    /// Whether the code names an opponent necessarily (played games; forfeits may or may not).
    pub const fn requires_opponent(self) -> bool {
        self.is_played_game()
    }

    /// Whether the code may name an opponent (games and forfeits).
    pub const fn allows_opponent(self) -> bool {
        self.is_played_game() || self.is_forfeit()
    }

    /// The opponent's code for the same game, for consistency checks (`1`↔`0`, `+`↔`-`, …).
    pub const fn counterpart(self) -> Option<ResultCode> {
        Some(match self {
            ResultCode::Win => ResultCode::Loss,
            ResultCode::Loss => ResultCode::Win,
            ResultCode::Draw => ResultCode::Draw,
            ResultCode::UnratedWin => ResultCode::UnratedLoss,
            ResultCode::UnratedLoss => ResultCode::UnratedWin,
            ResultCode::UnratedDraw => ResultCode::UnratedDraw,
            ResultCode::ForfeitWin => ResultCode::ForfeitLoss,
            ResultCode::ForfeitLoss => ResultCode::ForfeitWin,
            _ => return None,
        })
    }
}

/// One player's entry for one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RoundEntry {
    /// The opponent's pairing number; `None` for byes and unpaired rounds.
    pub opponent: Option<PlayerNumber>,
    /// The colour the player had (Red = TRF "w"); `None` when no game was played with a colour.
    pub colour: Option<Color>,
    /// The result code.
    pub result: ResultCode,
    /// Points scored in the round when they are not the result code's: the match score of a pairing
    /// that plays several games (Banqi matches, seed 004 §5.2). `None` for ordinary games.
    pub points: Option<Points>,
}

impl RoundEntry {
    /// The entry of a player who was not paired in a round.
    pub const NOT_PAIRED: RoundEntry = RoundEntry {
        opponent: None,
        colour: None,
        result: ResultCode::NotPaired,
        points: None,
    };

    /// The same entry scoring `points` instead of its result code's points (a match score).
    pub const fn with_points(self, points: Points) -> RoundEntry {
        RoundEntry {
            points: Some(points),
            ..self
        }
    }

    /// The points this entry scores under `scoring`.
    pub fn score(&self, scoring: &ScoringSystem) -> Points {
        self.points.unwrap_or_else(|| scoring.points(self.result))
    }

    /// A game (played or forfeited) against `opponent` with `colour`.
    pub const fn game(opponent: PlayerNumber, colour: Color, result: ResultCode) -> RoundEntry {
        RoundEntry {
            opponent: Some(opponent),
            colour: Some(colour),
            result,
            points: None,
        }
    }

    /// A round without an opponent (a bye of some kind, or not paired).
    pub const fn without_opponent(result: ResultCode) -> RoundEntry {
        RoundEntry {
            opponent: None,
            colour: None,
            result,
            points: None,
        }
    }

    /// The colour if a game was actually played (forfeited games do not count for colours).
    pub fn played_colour(&self) -> Option<Color> {
        if self.result.is_played_game() {
            self.colour
        } else {
            None
        }
    }

    /// The opponent if a game was actually played against them.
    pub fn played_opponent(&self) -> Option<PlayerNumber> {
        if self.result.is_played_game() {
            self.opponent
        } else {
            None
        }
    }
}

/// Kinds of requested bye for a future round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ByeKind {
    /// Half-point bye (`H`).
    Half,
    /// Full-point bye (`F`), where the regulations allow one.
    Full,
    /// Zero-point bye (`Z`): the player announced an absence.
    Zero,
}

impl ByeKind {
    /// The result code the player gets for the round.
    pub const fn result(self) -> ResultCode {
        match self {
            ByeKind::Half => ResultCode::HalfBye,
            ByeKind::Full => ResultCode::FullBye,
            ByeKind::Zero => ResultCode::ZeroBye,
        }
    }
}

/// A player's request not to be paired in a future round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ByeRequest {
    /// Who asked.
    pub player: PlayerNumber,
    /// The round (1-based) the player will miss.
    pub round: u32,
    /// What the player scores for it.
    pub kind: ByeKind,
}

/// Points awarded for each kind of result (TRF points-system line `162`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScoringSystem {
    /// A won game (`1`, `W`).
    pub win: Points,
    /// A drawn game (`=`, `D`).
    pub draw: Points,
    /// A lost game (`0`, `L`).
    pub loss: Points,
    /// A win by forfeit (`+`).
    pub forfeit_win: Points,
    /// A loss by forfeit (`-`).
    pub forfeit_loss: Points,
    /// The pairing-allocated bye (`U`).
    pub pairing_bye: Points,
    /// A full-point bye (`F`).
    pub full_bye: Points,
    /// A half-point bye (`H`).
    pub half_bye: Points,
    /// A zero-point bye (`Z`).
    pub zero_bye: Points,
    /// A round in which the player was not paired (blank).
    pub not_paired: Points,
}

impl ScoringSystem {
    /// FIDE scoring: win 1, draw ½, loss 0; forfeit win and pairing bye 1, half bye ½.
    pub const FIDE: ScoringSystem = ScoringSystem {
        win: Points::whole(1),
        draw: Points::from_tenths(5),
        loss: Points::ZERO,
        forfeit_win: Points::whole(1),
        forfeit_loss: Points::ZERO,
        pairing_bye: Points::whole(1),
        full_bye: Points::whole(1),
        half_bye: Points::from_tenths(5),
        zero_bye: Points::ZERO,
        not_paired: Points::ZERO,
    };

    /// Chinese events (RULES.md §8): win 2, draw 1, loss 0; a pairing bye scores a win.
    pub const CHINESE: ScoringSystem = ScoringSystem {
        win: Points::whole(2),
        draw: Points::whole(1),
        loss: Points::ZERO,
        forfeit_win: Points::whole(2),
        forfeit_loss: Points::ZERO,
        pairing_bye: Points::whole(2),
        full_bye: Points::whole(2),
        half_bye: Points::whole(1),
        zero_bye: Points::ZERO,
        not_paired: Points::ZERO,
    };

    /// The points a result is worth.
    pub const fn points(&self, result: ResultCode) -> Points {
        match result {
            ResultCode::Win | ResultCode::UnratedWin => self.win,
            ResultCode::Draw | ResultCode::UnratedDraw => self.draw,
            ResultCode::Loss | ResultCode::UnratedLoss => self.loss,
            ResultCode::ForfeitWin => self.forfeit_win,
            ResultCode::ForfeitLoss => self.forfeit_loss,
            ResultCode::PairingBye => self.pairing_bye,
            ResultCode::FullBye => self.full_bye,
            ResultCode::HalfBye => self.half_bye,
            ResultCode::ZeroBye => self.zero_bye,
            ResultCode::NotPaired => self.not_paired,
        }
    }
}

impl Default for ScoringSystem {
    fn default() -> Self {
        ScoringSystem::FIDE
    }
}

/// A registered player with their round-by-round record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// Pairing number (TRF start number), 1-based; the initial ranking order.
    pub number: PlayerNumber,
    /// Name as printed on pairings ("Surname, Given" in TRF).
    pub name: String,
    /// Rating; 0 when unrated.
    pub rating: u32,
    /// FIDE (or national) id, if known.
    pub id: Option<u64>,
    /// Federation code (e.g. `HKG`), if known.
    pub federation: Option<String>,
    /// Sex as TRF writes it (`m`, `w`), if known.
    pub sex: Option<char>,
    /// Title (e.g. `GM`, `IM`), if any.
    pub title: Option<String>,
    /// Birth date or year as given (TRF `YYYY/MM/DD` or `YYYY`), if known.
    pub birth: Option<String>,
    /// One entry per played round: `rounds[0]` is round 1.
    pub rounds: Vec<RoundEntry>,
    /// The first round the player can be paired in (1 unless a late entry).
    pub joins_at: u32,
    /// The first round the player is no longer paired in, after withdrawing.
    pub withdrawn_from: Option<u32>,
}

impl Player {
    /// A new player with no results, entering at round 1.
    pub fn new(number: PlayerNumber, name: impl Into<String>, rating: u32) -> Player {
        Player {
            number,
            name: name.into(),
            rating,
            id: None,
            federation: None,
            sex: None,
            title: None,
            birth: None,
            rounds: Vec::new(),
            joins_at: 1,
            withdrawn_from: None,
        }
    }

    /// The entry for round `round` (1-based), if that round has been played.
    pub fn entry(&self, round: u32) -> Option<&RoundEntry> {
        let index = usize::try_from(round).ok()?.checked_sub(1)?;
        self.rounds.get(index)
    }

    /// Whether the player entered and has not withdrawn by `round`.
    pub fn is_active_in(&self, round: u32) -> bool {
        round >= self.joins_at && self.withdrawn_from.is_none_or(|from| round < from)
    }
}

/// An inconsistency in the tournament state, naming the player and round concerned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    /// Players must be numbered 1, 2, 3, … in order.
    #[error("player at position {position} has pairing number {number}, expected {}", position + 1)]
    Numbering {
        /// Zero-based position in the player list.
        position: usize,
        /// The number found there.
        number: PlayerNumber,
    },
    /// A player has a different number of round entries than rounds played.
    #[error("player {player} has {found} round entries, expected {expected}")]
    RoundCount {
        /// The player.
        player: PlayerNumber,
        /// Entries found.
        found: usize,
        /// Rounds played.
        expected: u32,
    },
    /// More rounds played than the tournament has.
    #[error("{played} rounds played but the tournament has only {total}")]
    TooManyRounds {
        /// Rounds played.
        played: u32,
        /// Total rounds.
        total: u32,
    },
    /// A round entry names an opponent that does not exist or is the player.
    #[error("player {player}, round {round}: invalid opponent {opponent}")]
    BadOpponent {
        /// The player.
        player: PlayerNumber,
        /// The round.
        round: u32,
        /// The opponent named.
        opponent: PlayerNumber,
    },
    /// A game result without an opponent, or a bye with one.
    #[error("player {player}, round {round}: result '{}' does not fit the opponent field", code.trf_char())]
    OpponentMismatch {
        /// The player.
        player: PlayerNumber,
        /// The round.
        round: u32,
        /// The result code.
        code: ResultCode,
    },
    /// The two entries of a game disagree (opponent, colours or results).
    #[error("player {player}, round {round}: entry does not match opponent {opponent}'s entry")]
    Asymmetric {
        /// The player.
        player: PlayerNumber,
        /// The round.
        round: u32,
        /// The opponent.
        opponent: PlayerNumber,
    },
    /// A played game without a colour.
    #[error("player {player}, round {round}: a played game needs a colour")]
    MissingColour {
        /// The player.
        player: PlayerNumber,
        /// The round.
        round: u32,
    },
    /// A bye request or forbidden pair names an unknown player.
    #[error("unknown player {0}")]
    UnknownPlayer(PlayerNumber),
    /// A player asked for two byes in the same round.
    #[error("player {player} has more than one bye request for round {round}")]
    DuplicateByeRequest {
        /// The player.
        player: PlayerNumber,
        /// The round.
        round: u32,
    },
    /// The pairing order names a player twice, an unknown player, or leaves one out (0).
    #[error("the pairing order must list every player once (player {0})")]
    Ranking(PlayerNumber),
    /// A player's entry round is 0.
    #[error("player {0} joins at round 0 (rounds are numbered from 1)")]
    BadEntryRound(PlayerNumber),
}

impl ModelError {
    /// What is inconsistent, as a message for the reader's language (`model_*`, area `trf`).
    pub fn reason(&self) -> crate::i18n::Reason {
        use crate::i18n::Reason;
        let at = |key: &'static str, player: PlayerNumber, round: u32| {
            Reason::new(key).arg("player", player).arg("round", round)
        };
        match *self {
            ModelError::Numbering { position, number } => Reason::new("model_numbering")
                .arg("position", position + 1)
                .arg("number", number),
            ModelError::RoundCount {
                player,
                found,
                expected,
            } => Reason::new("model_round_count")
                .arg("player", player)
                .arg("found", found)
                .arg("expected", expected),
            ModelError::TooManyRounds { played, total } => Reason::new("model_too_many_rounds")
                .arg("played", played)
                .arg("total", total),
            ModelError::BadOpponent {
                player,
                round,
                opponent,
            } => at("model_bad_opponent", player, round).arg("opponent", opponent),
            ModelError::OpponentMismatch {
                player,
                round,
                code,
            } => at("model_opponent_mismatch", player, round).arg("result", code.trf_char()),
            ModelError::Asymmetric {
                player,
                round,
                opponent,
            } => at("model_asymmetric", player, round).arg("opponent", opponent),
            ModelError::MissingColour { player, round } => {
                at("model_missing_colour", player, round)
            }
            ModelError::UnknownPlayer(player) => {
                Reason::new("model_unknown_player").arg("player", player)
            }
            ModelError::DuplicateByeRequest { player, round } => {
                at("model_duplicate_bye", player, round)
            }
            ModelError::Ranking(player) => Reason::new("model_ranking").arg("player", player),
            ModelError::BadEntryRound(player) => {
                Reason::new("model_bad_entry_round").arg("player", player)
            }
        }
    }
}

/// Players no two of whom may meet in rounds `first_round..=last_round` (TRF-2026 `260`; a team
/// kept apart, 同隊回避).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prohibition {
    /// The first round it applies to.
    pub first_round: u32,
    /// The last round it applies to.
    pub last_round: u32,
    /// The players, ascending and each once (see [`Prohibition::new`]).
    pub players: Vec<PlayerNumber>,
}

impl Prohibition {
    /// The prohibition of `players` (in any order) in rounds `first_round..=last_round`.
    pub fn new(first_round: u32, last_round: u32, mut players: Vec<PlayerNumber>) -> Prohibition {
        players.sort_unstable();
        players.dedup();
        Prohibition {
            first_round,
            last_round,
            players,
        }
    }

    /// Whether it applies when `round` is paired.
    pub fn applies(&self, round: u32) -> bool {
        (self.first_round..=self.last_round).contains(&round)
    }

    /// Whether `player` is one of its players.
    pub fn holds(&self, player: PlayerNumber) -> bool {
        self.players.binary_search(&player).is_ok()
    }
}

/// A Swiss tournament: players, results so far, and the settings pairing depends on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament {
    /// Players in pairing-number order: `players[i].number == i + 1`.
    pub players: Vec<Player>,
    /// Rounds the tournament has in total (TRF `142`).
    pub total_rounds: u32,
    /// Rounds already played; every player has this many round entries.
    pub rounds_played: u32,
    /// Points per result (TRF `162`).
    pub scoring: ScoringSystem,
    /// The colour of player 1 in round 1, drawn by lot (TRF `152`); the rest alternate down the boards.
    pub first_colour: Color,
    /// Pairs that must not meet (same club, family; TRF `XXP`).
    pub forbidden_pairs: Vec<(PlayerNumber, PlayerNumber)>,
    /// Groups of players no two of whom may meet in some rounds (team avoidance, TRF-2026 `260`):
    /// each applies when the round to be paired is among its rounds.
    pub prohibited: Vec<Prohibition>,
    /// Requested byes for future rounds.
    pub bye_requests: Vec<ByeRequest>,
    /// The pairing order (C.04.2's initial order) when it is not the pairing-number order: every
    /// pairing number once, highest-ranked first. Empty means pairing-number order. A late entry
    /// keeps the next free start number but is ranked where the handling rules put it (by
    /// strength), so start number and pairing order can differ (TRF `XXC rank` with the player
    /// lines in this order). Set it with [`Tournament::set_ranking`].
    pub ranking: Vec<PlayerNumber>,
}

impl Tournament {
    /// An empty tournament of `total_rounds` rounds.
    pub fn new(total_rounds: u32, scoring: ScoringSystem, first_colour: Color) -> Tournament {
        Tournament {
            players: Vec::new(),
            total_rounds,
            rounds_played: 0,
            scoring,
            first_colour,
            forbidden_pairs: Vec::new(),
            prohibited: Vec::new(),
            bye_requests: Vec::new(),
            ranking: Vec::new(),
        }
    }

    /// Sets the pairing order (highest-ranked first); an order equal to the pairing-number order
    /// is stored as empty, so equal tournaments compare equal however their order was given.
    pub fn set_ranking(&mut self, order: Vec<PlayerNumber>) {
        let identity = order.iter().enumerate().all(|(i, &n)| n as usize == i + 1);
        self.ranking = if identity { Vec::new() } else { order };
    }

    /// Places a late entry in the pairing order where the general handling rules put it (C.04.2,
    /// initial order: strength, then name; late entrants are "given an appropriate pairing
    /// number"): before the first player it outranks. Its start number stays the next free one.
    pub fn rank_late_entry(&mut self, number: PlayerNumber) {
        let Some(late) = self.player(number) else {
            return;
        };
        let outranks = |p: &Player| {
            (std::cmp::Reverse(late.rating), late.name.as_str())
                < (std::cmp::Reverse(p.rating), p.name.as_str())
        };
        let mut order = self.pairing_order();
        order.retain(|&n| n != number);
        let at = order
            .iter()
            .position(|&n| self.player(n).is_some_and(outranks))
            .unwrap_or(order.len());
        order.insert(at, number);
        self.set_ranking(order);
    }

    /// The pairing numbers in pairing order, highest-ranked first.
    pub fn pairing_order(&self) -> Vec<PlayerNumber> {
        if self.ranking.is_empty() {
            self.players.iter().map(|p| p.number).collect()
        } else {
            self.ranking.clone()
        }
    }

    /// Each player's position in the pairing order (0 = highest), indexed by pairing number − 1.
    pub fn rank_indices(&self) -> Vec<u32> {
        let mut ranks: Vec<u32> = (0..self.players.len() as u32).collect();
        for (position, &number) in self.ranking.iter().enumerate() {
            if let Some(slot) = (number as usize)
                .checked_sub(1)
                .and_then(|i| ranks.get_mut(i))
            {
                *slot = position as u32;
            }
        }
        ranks
    }

    /// Registers a player with the next pairing number; returns that number.
    ///
    /// A player added after rounds were played is a late entry: earlier rounds are recorded as not
    /// paired and the player joins at the next round.
    pub fn add_player(&mut self, name: impl Into<String>, rating: u32) -> PlayerNumber {
        let number = self.players.len() as PlayerNumber + 1;
        let mut player = Player::new(number, name, rating);
        player.rounds = vec![RoundEntry::NOT_PAIRED; self.rounds_played as usize];
        player.joins_at = self.rounds_played + 1;
        self.players.push(player);
        if !self.ranking.is_empty() {
            self.ranking.push(number);
        }
        number
    }

    /// The player with pairing number `number`.
    pub fn player(&self, number: PlayerNumber) -> Option<&Player> {
        let index = usize::try_from(number).ok()?.checked_sub(1)?;
        self.players.get(index)
    }

    /// The player with pairing number `number`, mutably.
    pub fn player_mut(&mut self, number: PlayerNumber) -> Option<&mut Player> {
        let index = usize::try_from(number).ok()?.checked_sub(1)?;
        self.players.get_mut(index)
    }

    /// The round to be paired next.
    pub const fn next_round(&self) -> u32 {
        self.rounds_played + 1
    }

    /// The player's score after all played rounds (0 for an unknown player).
    pub fn score(&self, number: PlayerNumber) -> Points {
        self.score_after(number, self.rounds_played)
    }

    /// The player's score after round `round` (0 for an unknown player).
    pub fn score_after(&self, number: PlayerNumber, round: u32) -> Points {
        self.player(number).map_or(Points::ZERO, |p| {
            p.rounds
                .iter()
                .take(round as usize)
                .map(|e| e.score(&self.scoring))
                .sum()
        })
    }

    /// The bye the player requested for `round`, if any.
    pub fn bye_request(&self, number: PlayerNumber, round: u32) -> Option<ByeKind> {
        self.bye_requests
            .iter()
            .find(|r| r.player == number && r.round == round)
            .map(|r| r.kind)
    }

    /// Whether the player is to be paired in `round`: entered, not withdrawn, no requested bye.
    pub fn is_available(&self, number: PlayerNumber, round: u32) -> bool {
        self.player(number).is_some_and(|p| p.is_active_in(round))
            && self.bye_request(number, round).is_none()
    }

    /// Whether the two players must not be paired with each other in the next round: a forbidden
    /// pair, or two players of a prohibition whose rounds include the next round.
    pub fn is_forbidden(&self, a: PlayerNumber, b: PlayerNumber) -> bool {
        let round = self.next_round();
        self.forbidden_pairs
            .iter()
            .any(|&(x, y)| (x == a && y == b) || (x == b && y == a))
            || self
                .prohibited
                .iter()
                .any(|p| p.applies(round) && p.holds(a) && p.holds(b))
    }

    /// Appends a round: `entries` gives some players' entries; everyone else is not paired.
    ///
    /// Fails (leaving the tournament unchanged) if the result would be inconsistent.
    pub fn record_round(
        &mut self,
        entries: &[(PlayerNumber, RoundEntry)],
    ) -> Result<(), ModelError> {
        let mut next = self.clone();
        for player in &mut next.players {
            player.rounds.push(RoundEntry::NOT_PAIRED);
        }
        next.rounds_played += 1;
        let index = next.rounds_played as usize - 1;
        for &(number, entry) in entries {
            let player = next
                .player_mut(number)
                .ok_or(ModelError::UnknownPlayer(number))?;
            player.rounds[index] = entry;
        }
        next.validate()?;
        *self = next;
        Ok(())
    }

    /// Checks the state is consistent: numbering, round counts, both sides of every game agree.
    pub fn validate(&self) -> Result<(), ModelError> {
        if self.rounds_played > self.total_rounds {
            return Err(ModelError::TooManyRounds {
                played: self.rounds_played,
                total: self.total_rounds,
            });
        }
        for (position, player) in self.players.iter().enumerate() {
            if player.number as usize != position + 1 {
                return Err(ModelError::Numbering {
                    position,
                    number: player.number,
                });
            }
            if player.joins_at == 0 {
                return Err(ModelError::BadEntryRound(player.number));
            }
            if player.rounds.len() != self.rounds_played as usize {
                return Err(ModelError::RoundCount {
                    player: player.number,
                    found: player.rounds.len(),
                    expected: self.rounds_played,
                });
            }
        }
        for player in &self.players {
            for (index, entry) in player.rounds.iter().enumerate() {
                self.check_entry(player.number, index as u32 + 1, entry)?;
            }
        }
        let mut seen = HashSet::new();
        for request in &self.bye_requests {
            if self.player(request.player).is_none() {
                return Err(ModelError::UnknownPlayer(request.player));
            }
            if !seen.insert((request.player, request.round)) {
                return Err(ModelError::DuplicateByeRequest {
                    player: request.player,
                    round: request.round,
                });
            }
        }
        for &(a, b) in &self.forbidden_pairs {
            for n in [a, b] {
                if self.player(n).is_none() {
                    return Err(ModelError::UnknownPlayer(n));
                }
            }
        }
        for prohibition in &self.prohibited {
            for &n in &prohibition.players {
                if self.player(n).is_none() {
                    return Err(ModelError::UnknownPlayer(n));
                }
            }
        }
        if !self.ranking.is_empty() {
            let mut listed = vec![false; self.players.len()];
            for &n in &self.ranking {
                let slot = (n as usize).checked_sub(1).and_then(|i| listed.get_mut(i));
                match slot {
                    Some(seen) if !*seen => *seen = true,
                    _ => return Err(ModelError::Ranking(n)),
                }
            }
            if listed.len() != self.ranking.len() {
                return Err(ModelError::Ranking(0));
            }
        }
        Ok(())
    }

    /// Checks one round entry against the opponent's entry for the same round.
    fn check_entry(
        &self,
        number: PlayerNumber,
        round: u32,
        entry: &RoundEntry,
    ) -> Result<(), ModelError> {
        let code = entry.result;
        let Some(opponent) = entry.opponent else {
            if code.requires_opponent() {
                return Err(ModelError::OpponentMismatch {
                    player: number,
                    round,
                    code,
                });
            }
            return Ok(());
        };
        if !code.allows_opponent() {
            return Err(ModelError::OpponentMismatch {
                player: number,
                round,
                code,
            });
        }
        let Some(other) = self.player(opponent).filter(|_| opponent != number) else {
            return Err(ModelError::BadOpponent {
                player: number,
                round,
                opponent,
            });
        };
        if code.is_played_game() && entry.colour.is_none() {
            return Err(ModelError::MissingColour {
                player: number,
                round,
            });
        }
        let asymmetric = ModelError::Asymmetric {
            player: number,
            round,
            opponent,
        };
        let Some(theirs) = other.entry(round) else {
            return Err(asymmetric);
        };
        let colours_agree = match (entry.colour, theirs.colour) {
            (Some(a), Some(b)) => a != b,
            (None, None) => true,
            // A forfeit may be recorded with the colour on one side only.
            _ => code.is_forfeit(),
        };
        if theirs.opponent != Some(number)
            || !colours_agree
            || code.counterpart() != Some(theirs.result)
        {
            // Double forfeits (`-` against `-`) are legal: neither player appeared.
            let double_forfeit =
                code == ResultCode::ForfeitLoss && theirs.result == ResultCode::ForfeitLoss;
            if !(double_forfeit && theirs.opponent == Some(number) && colours_agree) {
                return Err(asymmetric);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_parse_and_display() {
        assert_eq!(Points::parse("1.5"), Some(Points::from_tenths(15)));
        assert_eq!(Points::parse("2"), Some(Points::whole(2)));
        assert_eq!(Points::parse(".5"), Some(Points::from_tenths(5)));
        assert_eq!(Points::parse("-1.0"), Some(Points::from_tenths(-10)));
        assert_eq!(Points::parse("0.50"), Some(Points::from_tenths(5)));
        assert_eq!(Points::parse("0.25"), None);
        assert_eq!(Points::parse("x"), None);
        assert_eq!(Points::parse(""), None);
        assert_eq!(Points::from_tenths(45).to_string(), "4.5");
        assert_eq!(Points::from_tenths(-5).to_string(), "-0.5");
        assert_eq!(Points::whole(2).to_string(), "2.0");
    }

    #[test]
    fn result_codes_round_trip_through_trf_chars() {
        for c in "1=0+-WDLHFUZ ".chars() {
            let code = ResultCode::from_trf(c).expect("known code");
            assert_eq!(code.trf_char(), c);
        }
        assert_eq!(ResultCode::from_trf('x'), None);
    }

    fn two_player_game(scoring: ScoringSystem, a: ResultCode) -> Tournament {
        let mut t = Tournament::new(3, scoring, Color::Red);
        t.add_player("A", 2000);
        t.add_player("B", 1900);
        let b = a.counterpart().expect("game result");
        t.record_round(&[
            (1, RoundEntry::game(2, Color::Red, a)),
            (2, RoundEntry::game(1, Color::Black, b)),
        ])
        .expect("consistent round");
        t
    }

    #[test]
    fn scores_follow_the_scoring_system() {
        let fide = two_player_game(ScoringSystem::FIDE, ResultCode::Draw);
        assert_eq!(fide.score(1), Points::from_tenths(5));
        let chinese = two_player_game(ScoringSystem::CHINESE, ResultCode::Draw);
        assert_eq!(chinese.score(1), Points::whole(1));
        let chinese = two_player_game(ScoringSystem::CHINESE, ResultCode::Win);
        assert_eq!(
            (chinese.score(1), chinese.score(2)),
            (Points::whole(2), Points::ZERO)
        );
        assert_eq!(chinese.score_after(1, 0), Points::ZERO);
    }

    #[test]
    fn inconsistent_rounds_are_rejected() {
        let mut t = Tournament::new(3, ScoringSystem::FIDE, Color::Red);
        t.add_player("A", 2000);
        t.add_player("B", 1900);
        // Both claim the win.
        let err = t.record_round(&[
            (1, RoundEntry::game(2, Color::Red, ResultCode::Win)),
            (2, RoundEntry::game(1, Color::Black, ResultCode::Win)),
        ]);
        assert_eq!(
            err,
            Err(ModelError::Asymmetric {
                player: 1,
                round: 1,
                opponent: 2
            })
        );
        assert_eq!(
            t.rounds_played, 0,
            "a rejected round leaves the state unchanged"
        );
        // Same colour on both sides.
        let err = t.record_round(&[
            (1, RoundEntry::game(2, Color::Red, ResultCode::Win)),
            (2, RoundEntry::game(1, Color::Red, ResultCode::Loss)),
        ]);
        assert!(err.is_err());
        // A bye with an opponent.
        let err = t.record_round(&[(
            1,
            RoundEntry {
                opponent: Some(2),
                colour: None,
                result: ResultCode::HalfBye,
                points: None,
            },
        )]);
        assert_eq!(
            err,
            Err(ModelError::OpponentMismatch {
                player: 1,
                round: 1,
                code: ResultCode::HalfBye
            })
        );
        // Pairing against oneself.
        let err = t.record_round(&[(1, RoundEntry::game(1, Color::Red, ResultCode::Draw))]);
        assert_eq!(
            err,
            Err(ModelError::BadOpponent {
                player: 1,
                round: 1,
                opponent: 1
            })
        );
    }

    #[test]
    fn byes_withdrawals_and_late_entries_decide_availability() {
        let mut t = Tournament::new(5, ScoringSystem::FIDE, Color::Red);
        t.add_player("A", 2000);
        t.add_player("B", 1900);
        t.bye_requests.push(ByeRequest {
            player: 2,
            round: 1,
            kind: ByeKind::Half,
        });
        assert!(t.is_available(1, 1));
        assert!(!t.is_available(2, 1));
        assert!(t.is_available(2, 2));
        t.record_round(&[(2, RoundEntry::without_opponent(ByeKind::Half.result()))])
            .expect("valid");
        assert_eq!(t.score(2), Points::from_tenths(5));
        let late = t.add_player("C", 1800);
        assert_eq!(t.player(late).map(|p| p.joins_at), Some(2));
        assert!(t.is_available(late, 2));
        t.player_mut(1).expect("exists").withdrawn_from = Some(2);
        assert!(!t.is_available(1, 2));
        assert!(t.validate().is_ok());
    }

    #[test]
    fn forbidden_pairs_are_symmetric() {
        let mut t = Tournament::new(5, ScoringSystem::FIDE, Color::Red);
        for name in ["A", "B", "C"] {
            t.add_player(name, 0);
        }
        t.forbidden_pairs.push((3, 1));
        assert!(t.is_forbidden(1, 3) && t.is_forbidden(3, 1));
        assert!(!t.is_forbidden(1, 2));
        t.forbidden_pairs.push((1, 9));
        assert_eq!(t.validate(), Err(ModelError::UnknownPlayer(9)));
    }
}
