//! A club's rating list: players, their points and games, and the log of rated games applied in date
//! order (file order within a date), from which every number can be recomputed.

use super::formula::{Outcome, SideResult, red_change};
use super::level::{Level, LevelTable};
use super::points::Points;
use super::sheet::GameSheet;
use crate::rules::Color;
use chrono::NaiveDate;
use std::collections::HashMap;

/// The settings of one rating list (RULES.md §7 defaults: 1500.00 start, rated after 10 games, levels
/// 30 − ⌊(points − 1000)/50⌋ clamped to 1…30).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RatingSettings {
    /// Points of a player who enters the list without a starting entry.
    pub start_points: Points,
    /// A player is 無級別 (unrated) until they have this many rated games.
    pub rated_after_games: u32,
    /// How points map to levels once rated.
    pub levels: LevelTable,
}

impl Default for RatingSettings {
    fn default() -> RatingSettings {
        RatingSettings {
            start_points: Points::whole(1500),
            rated_after_games: 10,
            levels: LevelTable::default(),
        }
    }
}

impl RatingSettings {
    /// The level of a player with `points` after `games` rated games.
    pub fn level(&self, points: Points, games: u32) -> Level {
        if games < self.rated_after_games {
            Level::Unrated
        } else {
            Level::Ranked(self.levels.level_number(points))
        }
    }
}

/// A player's handle within one rating list (handed out by that list only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(u32);

impl PlayerId {
    /// The position of the player in the list, in order of entry (0-based).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A rated game between two players of a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game {
    /// The day it was played; games are applied in date order.
    pub date: NaiveDate,
    /// The player with Red.
    pub red: PlayerId,
    /// The player with Black.
    pub black: PlayerId,
    /// The decided result.
    pub outcome: Outcome,
}

/// A game as applied to the list, with the points it moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AppliedGame {
    /// The game.
    pub game: Game,
    /// What Red gained (negative: lost); Black's change is the negation.
    pub red_change: Points,
    /// Red's points after the game.
    pub red_after: Points,
    /// Black's points after the game.
    pub black_after: Points,
}

/// One side's part of a game's effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SideChange {
    /// The player.
    pub player: PlayerId,
    /// Points gained (negative: lost).
    pub change: Points,
    /// Points after the game.
    pub points_after: Points,
    /// Rated games after the game.
    pub games_after: u32,
    /// Level after the game.
    pub level_after: Level,
}

/// What applying one game did to both players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameChange {
    /// Red's side.
    pub red: SideChange,
    /// Black's side.
    pub black: SideChange,
}

/// A player's line in the list's standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// Place, 1-based; players with equal points share a place.
    pub rank: usize,
    /// The player.
    pub player: PlayerId,
    /// The player's name.
    pub name: String,
    /// Current points.
    pub points: Points,
    /// Current level.
    pub level: Level,
    /// Rated games, including those of a starting entry.
    pub games: u32,
    /// Date of the last game in the list's log, if any.
    pub last_played: Option<NaiveDate>,
}

/// One game in a player's history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HistoryEntry {
    /// The day it was played.
    pub date: NaiveDate,
    /// The player's colour in that game.
    pub color: Color,
    /// The opponent.
    pub opponent: PlayerId,
    /// The player's result.
    pub result: SideResult,
    /// Points gained (negative: lost).
    pub change: Points,
    /// Points after the game.
    pub points_after: Points,
}

/// Why a request to the list was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RatingError {
    /// A player name is empty (or only whitespace).
    #[error("empty player name")]
    EmptyName,
    /// A player already has an entry in the list.
    #[error("player '{0}' is already in the list")]
    DuplicatePlayer(String),
    /// A game has the same player on both sides.
    #[error("'{0}' cannot play against themself")]
    SamePlayer(String),
    /// A player handle that this list did not hand out.
    #[error("no player #{0} in this list")]
    UnknownPlayer(usize),
}

/// A player's starting entry (from a start list); without one a player starts from the settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Start {
    points: Points,
    games: u32,
}

#[derive(Debug, Clone)]
struct Player {
    name: Box<str>,
    start: Option<Start>,
    points: Points,
    games: u32,
}

/// A rating list: the settings, the players, and the rated games in the order they were applied.
///
/// Invariant: `log` is sorted by date (stable: equal dates keep their order of arrival), and every
/// player's points and games are what replaying `log` from the starting values gives.
#[derive(Debug, Clone)]
pub struct RatingList {
    settings: RatingSettings,
    players: Vec<Player>,
    by_name: HashMap<Box<str>, PlayerId>,
    log: Vec<AppliedGame>,
}

impl RatingList {
    /// An empty list with the given settings.
    pub fn new(settings: RatingSettings) -> RatingList {
        RatingList {
            settings,
            players: Vec::new(),
            by_name: HashMap::new(),
            log: Vec::new(),
        }
    }

    /// The list's settings.
    pub fn settings(&self) -> &RatingSettings {
        &self.settings
    }

    /// Changes the settings and recomputes every player from the start (a new start value applies to
    /// every player without a starting entry).
    pub fn set_settings(&mut self, settings: RatingSettings) {
        self.settings = settings;
        self.recompute();
    }

    /// Adds a player with a starting entry: `points` and `games` already played elsewhere.
    pub fn add_player(
        &mut self,
        name: &str,
        points: Points,
        games: u32,
    ) -> Result<PlayerId, RatingError> {
        let name = checked_name(name)?;
        if self.by_name.contains_key(name) {
            return Err(RatingError::DuplicatePlayer(name.to_string()));
        }
        Ok(self.push_player(name, Some(Start { points, games })))
    }

    /// The player called `name`, entering them with the list's start points if new.
    pub fn enter(&mut self, name: &str) -> Result<PlayerId, RatingError> {
        let name = checked_name(name)?;
        match self.by_name.get(name) {
            Some(&id) => Ok(id),
            None => Ok(self.push_player(name, None)),
        }
    }

    fn push_player(&mut self, name: &str, start: Option<Start>) -> PlayerId {
        let id = PlayerId(u32::try_from(self.players.len()).expect("fewer than 2^32 players"));
        let (points, games) = match start {
            Some(s) => (s.points, s.games),
            None => (self.settings.start_points, 0),
        };
        self.players.push(Player {
            name: name.into(),
            start,
            points,
            games,
        });
        self.by_name.insert(name.into(), id);
        id
    }

    /// The player called `name`, if in the list (names are compared after trimming whitespace).
    pub fn find(&self, name: &str) -> Option<PlayerId> {
        self.by_name.get(name.trim()).copied()
    }

    /// Every player, in order of entry.
    pub fn players(&self) -> impl Iterator<Item = PlayerId> + '_ {
        (0..self.players.len()).map(|i| PlayerId(i as u32))
    }

    /// Number of players.
    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    /// A player's name.
    pub fn name(&self, id: PlayerId) -> Option<&str> {
        self.players.get(id.index()).map(|p| &*p.name)
    }

    /// A player's current points.
    pub fn points(&self, id: PlayerId) -> Option<Points> {
        self.players.get(id.index()).map(|p| p.points)
    }

    /// A player's rated games so far (including those of a starting entry).
    pub fn games_played(&self, id: PlayerId) -> Option<u32> {
        self.players.get(id.index()).map(|p| p.games)
    }

    /// A player's starting entry (points, games) when added with one; `None` for players who started
    /// from the settings (what a store needs to rebuild the list).
    pub fn starting_entry(&self, id: PlayerId) -> Option<(Points, u32)> {
        self.players
            .get(id.index())?
            .start
            .map(|s| (s.points, s.games))
    }

    /// A player's current level.
    pub fn level(&self, id: PlayerId) -> Option<Level> {
        self.players
            .get(id.index())
            .map(|p| self.settings.level(p.points, p.games))
    }

    /// The rated games applied so far, in date order.
    pub fn games(&self) -> &[AppliedGame] {
        &self.log
    }

    /// Sum of all players' current points minus the sum of their starting points; always zero because
    /// every game is zero-sum (a check for tests and for the web layer's consistency page).
    pub fn points_created(&self) -> Points {
        self.players
            .iter()
            .map(|p| p.points - self.start_of(p).0)
            .sum()
    }

    /// Applies a rated game. A game dated before the last applied one is put in its place (after the games
    /// of its own date already in the list) and the later games are re-rated, so the list always equals a
    /// recomputation from scratch.
    pub fn apply(&mut self, game: Game) -> Result<GameChange, RatingError> {
        for id in [game.red, game.black] {
            if id.index() >= self.players.len() {
                return Err(RatingError::UnknownPlayer(id.index()));
            }
        }
        if game.red == game.black {
            return Err(RatingError::SamePlayer(
                self.players[game.red.index()].name.to_string(),
            ));
        }
        let place = self.log.partition_point(|g| g.game.date <= game.date);
        if place == self.log.len() {
            return Ok(self.rate(game));
        }
        let later = self.log.split_off(place);
        for g in later.iter().rev() {
            self.undo(g);
        }
        let change = self.rate(game);
        for g in &later {
            self.rate(g.game);
        }
        Ok(change)
    }

    /// Applies every game of a sheet read from CSV, entering new players with the start points. Games are
    /// applied in date order, in sheet order within a date.
    pub fn apply_sheet(&mut self, sheet: &GameSheet) -> Result<(), RatingError> {
        let ids = sheet
            .names()
            .iter()
            .map(|n| self.enter(n))
            .collect::<Result<Vec<_>, _>>()?;
        let mut games: Vec<Game> = sheet
            .entries()
            .iter()
            .map(|g| Game {
                date: g.date,
                red: ids[g.red as usize],
                black: ids[g.black as usize],
                outcome: g.outcome,
            })
            .collect();
        // A sheet has distinct names on both sides of every game; checked again so nothing is applied
        // from a sheet that breaks that.
        if let Some(g) = games.iter().find(|g| g.red == g.black) {
            return Err(RatingError::SamePlayer(
                self.players[g.red.index()].name.to_string(),
            ));
        }
        // Stable, so games of one date keep their file order; already-sorted files cost one pass.
        games.sort_by_key(|g| g.date);
        let Some(first) = games.first().map(|g| g.date) else {
            return Ok(());
        };
        // Take back the logged games dated after the sheet's first day, then rate the two date-sorted
        // runs merged (logged games first within a date, as `apply` would place them): one pass, however
        // far back the sheet reaches.
        let place = self.log.partition_point(|g| g.game.date <= first);
        let later = self.log.split_off(place);
        for g in later.iter().rev() {
            self.undo(g);
        }
        self.log.reserve(later.len() + games.len());
        let mut logged = later.into_iter().map(|g| g.game).peekable();
        let mut new = games.into_iter().peekable();
        loop {
            let take_logged = match (logged.peek(), new.peek()) {
                (Some(l), Some(n)) => l.date <= n.date,
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => break,
            };
            let next = if take_logged {
                logged.next()
            } else {
                new.next()
            };
            if let Some(game) = next {
                self.rate(game);
            }
        }
        Ok(())
    }

    /// Recomputes every player's points and games from the starting values by replaying the log.
    pub fn recompute(&mut self) {
        for i in 0..self.players.len() {
            let (points, games) = self.start_of(&self.players[i]);
            let p = &mut self.players[i];
            p.points = points;
            p.games = games;
        }
        let log = std::mem::take(&mut self.log);
        self.log.reserve(log.len());
        for g in log {
            self.rate(g.game);
        }
    }

    /// The standings: points descending, then name; equal points share a rank.
    pub fn standings(&self) -> Vec<Standing> {
        let mut last_played: Vec<Option<NaiveDate>> = vec![None; self.players.len()];
        for g in &self.log {
            last_played[g.game.red.index()] = Some(g.game.date);
            last_played[g.game.black.index()] = Some(g.game.date);
        }
        let mut order: Vec<usize> = (0..self.players.len()).collect();
        order.sort_by(|&a, &b| {
            let (pa, pb) = (&self.players[a], &self.players[b]);
            pb.points
                .cmp(&pa.points)
                .then_with(|| pa.name.cmp(&pb.name))
        });
        let mut standings: Vec<Standing> = Vec::with_capacity(order.len());
        for (place, &i) in order.iter().enumerate() {
            let p = &self.players[i];
            let rank = match standings.last() {
                Some(prev) if prev.points == p.points => prev.rank,
                _ => place + 1,
            };
            standings.push(Standing {
                rank,
                player: PlayerId(i as u32),
                name: p.name.to_string(),
                points: p.points,
                level: self.settings.level(p.points, p.games),
                games: p.games,
                last_played: last_played[i],
            });
        }
        standings
    }

    /// A player's rated games in date order with the points each moved (empty for an unknown handle).
    pub fn history(&self, player: PlayerId) -> Vec<HistoryEntry> {
        self.log
            .iter()
            .filter_map(|g| {
                let (color, opponent, change, points_after) = if g.game.red == player {
                    (Color::Red, g.game.black, g.red_change, g.red_after)
                } else if g.game.black == player {
                    (Color::Black, g.game.red, -g.red_change, g.black_after)
                } else {
                    return None;
                };
                Some(HistoryEntry {
                    date: g.game.date,
                    color,
                    opponent,
                    result: g.game.outcome.for_side(color),
                    change,
                    points_after,
                })
            })
            .collect()
    }

    /// A player's starting points and games.
    fn start_of(&self, p: &Player) -> (Points, u32) {
        match p.start {
            Some(s) => (s.points, s.games),
            None => (self.settings.start_points, 0),
        }
    }

    /// Rates a game on the current points and appends it to the log. The players must be valid and
    /// distinct, and the game must not be dated before the last one in the log.
    fn rate(&mut self, game: Game) -> GameChange {
        let (r, b) = (game.red.index(), game.black.index());
        let change = red_change(self.players[r].points, self.players[b].points, game.outcome);
        let red = self.side_after(r, change);
        let black = self.side_after(b, -change);
        self.log.push(AppliedGame {
            game,
            red_change: change,
            red_after: red.points_after,
            black_after: black.points_after,
        });
        GameChange { red, black }
    }

    /// Moves `change` points to the player at `index`, counts the game, and reports the new state.
    fn side_after(&mut self, index: usize, change: Points) -> SideChange {
        let p = &mut self.players[index];
        p.points += change;
        p.games += 1;
        SideChange {
            player: PlayerId(index as u32),
            change,
            points_after: p.points,
            games_after: p.games,
            level_after: self.settings.level(p.points, p.games),
        }
    }

    /// Takes a game's effect back (the caller removes it from the log).
    fn undo(&mut self, g: &AppliedGame) {
        let red = &mut self.players[g.game.red.index()];
        red.points -= g.red_change;
        red.games -= 1;
        let black = &mut self.players[g.game.black.index()];
        black.points += g.red_change;
        black.games -= 1;
    }
}

/// The trimmed name, or an error when nothing is left.
fn checked_name(name: &str) -> Result<&str, RatingError> {
    let name = name.trim();
    if name.is_empty() {
        Err(RatingError::EmptyName)
    } else {
        Ok(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{Rng, SeedableRng};

    fn p(text: &str) -> Points {
        Points::parse(text).expect("test literal")
    }

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 1, 1).expect("valid date") + chrono::Days::new(u64::from(d))
    }

    fn game(date: NaiveDate, red: PlayerId, black: PlayerId, outcome: Outcome) -> Game {
        Game {
            date,
            red,
            black,
            outcome,
        }
    }

    /// A list of the default settings with players entered by name, and their ids.
    fn entered<const N: usize>(names: [&str; N]) -> (RatingList, [PlayerId; N]) {
        let mut list = RatingList::new(RatingSettings::default());
        let ids = names.map(|name| list.enter(name).expect("name"));
        (list, ids)
    }

    /// Applies `(day, red, black, outcome)` games in this order, each valid.
    fn apply_all(list: &mut RatingList, games: &[(u32, PlayerId, PlayerId, Outcome)]) {
        for &(d, red, black, outcome) in games {
            list.apply(game(day(d), red, black, outcome))
                .expect("valid");
        }
    }

    #[test]
    fn a_game_moves_the_formula_change_from_loser_to_winner() {
        let mut list = RatingList::new(RatingSettings::default());
        let low = list.add_player("王小明", p("1500"), 0).expect("new player");
        let high = list.add_player("陳大文", p("1620"), 0).expect("new player");
        // d = 120: the lower side wins d/2 = 60.
        let change = list
            .apply(game(day(0), high, low, Outcome::BlackWins))
            .expect("valid game");
        assert_eq!(change.black.change, p("60"));
        assert_eq!(change.red.change, p("-60"));
        assert_eq!(list.points(low), Some(p("1560")));
        assert_eq!(list.points(high), Some(p("1560")));
        assert_eq!(change.black.points_after, p("1560"));
        assert_eq!(list.games_played(low), Some(1));
        // Now equal: a draw moves nothing, a win moves 10.
        list.apply(game(day(1), low, high, Outcome::Draw))
            .expect("valid game");
        assert_eq!(list.points(low), Some(p("1560")));
        list.apply(game(day(2), low, high, Outcome::RedWins))
            .expect("valid game");
        assert_eq!(list.points(low), Some(p("1570")));
        assert_eq!(list.points(high), Some(p("1550")));
        assert_eq!(list.points_created(), Points::ZERO);
    }

    #[test]
    fn new_players_start_from_the_settings() {
        let settings = RatingSettings {
            start_points: p("1200"),
            ..RatingSettings::default()
        };
        let mut list = RatingList::new(settings);
        let a = list.enter("甲").expect("name");
        assert_eq!(list.enter(" 甲 "), Ok(a), "names are trimmed");
        assert_eq!(list.points(a), Some(p("1200")));
        assert_eq!(list.games_played(a), Some(0));
        assert_eq!(list.find("甲"), Some(a));
        assert_eq!(list.find("乙"), None);
        assert_eq!(list.starting_entry(a), None);
        let b = list.add_player("乙", p("1234.5"), 3).expect("new player");
        assert_eq!(list.starting_entry(b), Some((p("1234.5"), 3)));
    }

    #[test]
    fn unrated_until_the_threshold_then_levelled_by_points() {
        let mut list = RatingList::new(RatingSettings::default());
        let a = list.add_player("a", p("1500"), 8).expect("new player");
        let b = list.enter("b").expect("name");
        assert_eq!(list.level(a), Some(Level::Unrated));
        let c = list
            .apply(game(day(0), a, b, Outcome::Draw))
            .expect("valid game");
        assert_eq!(c.red.games_after, 9);
        assert_eq!(c.red.level_after, Level::Unrated);
        let c = list
            .apply(game(day(0), a, b, Outcome::RedWins))
            .expect("valid game");
        assert_eq!(c.red.games_after, 10);
        assert_eq!(
            c.red.level_after,
            Level::Ranked(20),
            "1510 is 30 − ⌊510/50⌋ = 20級"
        );
        assert_eq!(list.level(b), Some(Level::Unrated));

        let settings = RatingSettings {
            rated_after_games: 2,
            ..RatingSettings::default()
        };
        list.set_settings(settings);
        assert_eq!(
            list.level(b),
            Some(Level::Ranked(21)),
            "1490 → 21級 once 2 games suffice"
        );
    }

    #[test]
    fn refuses_bad_players() {
        let mut list = RatingList::new(RatingSettings::default());
        let a = list.enter("a").expect("name");
        assert_eq!(list.enter("  "), Err(RatingError::EmptyName));
        assert_eq!(
            list.add_player("", p("1500"), 0),
            Err(RatingError::EmptyName)
        );
        assert_eq!(
            list.add_player("a", p("1500"), 0),
            Err(RatingError::DuplicatePlayer("a".into()))
        );
        assert_eq!(
            list.apply(game(day(0), a, a, Outcome::Draw)),
            Err(RatingError::SamePlayer("a".into()))
        );
        let foreign = PlayerId(7);
        assert_eq!(
            list.apply(game(day(0), a, foreign, Outcome::Draw)),
            Err(RatingError::UnknownPlayer(7))
        );
        assert!(list.games().is_empty());
        assert_eq!(list.name(foreign), None);
        assert!(list.history(foreign).is_empty());
    }

    #[test]
    fn standings_sort_by_points_then_name_with_shared_ranks() {
        let mut list = RatingList::new(RatingSettings::default());
        list.add_player("b", p("1500"), 0).expect("new");
        list.add_player("a", p("1500"), 0).expect("new");
        list.add_player("c", p("1600.5"), 0).expect("new");
        list.add_player("d", p("900"), 0).expect("new");
        let s = list.standings();
        let names: Vec<&str> = s.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["c", "a", "b", "d"]);
        let ranks: Vec<usize> = s.iter().map(|s| s.rank).collect();
        assert_eq!(ranks, [1, 2, 2, 4]);
        assert!(s.iter().all(|s| s.last_played.is_none()));
    }

    #[test]
    fn history_lists_each_game_from_the_players_side() {
        let (mut list, [a, b, c]) = entered(["a", "b", "c"]);
        apply_all(
            &mut list,
            &[
                (0, a, b, Outcome::RedWins),
                (1, c, b, Outcome::Draw),
                (2, c, a, Outcome::RedWins),
            ],
        );
        let h = list.history(b);
        assert_eq!(h.len(), 2);
        assert_eq!(
            h[0],
            HistoryEntry {
                date: day(0),
                color: Color::Black,
                opponent: a,
                result: SideResult::Loss,
                change: p("-10"),
                points_after: p("1490"),
            }
        );
        // b (1490) drew c (1500): d = 10, the lower side gains (10 + 1)/2 = 5.50.
        assert_eq!(h[1].color, Color::Black);
        assert_eq!(h[1].result, SideResult::Draw);
        assert_eq!(h[1].change, p("5.5"));
        assert_eq!(h[1].points_after, p("1495.5"));
        let last: Vec<_> = list
            .standings()
            .into_iter()
            .map(|s| (s.name, s.last_played))
            .collect();
        assert!(last.contains(&("b".to_string(), Some(day(1)))));
        assert!(last.contains(&("a".to_string(), Some(day(2)))));
    }

    #[test]
    fn a_late_game_is_placed_by_date_and_later_games_are_re_rated() {
        let (mut list, [a, b]) = entered(["a", "b"]);
        apply_all(
            &mut list,
            &[(5, a, b, Outcome::RedWins), (3, a, b, Outcome::RedWins)],
        );
        // Day 3 comes first: 1500/1500 → +10; then day 5 at 1510/1490, d = 20 → higher wins 10 − 1.6.
        let log: Vec<_> = list
            .games()
            .iter()
            .map(|g| (g.game.date, g.red_change))
            .collect();
        assert_eq!(log, [(day(3), p("10")), (day(5), p("8.4"))]);
        assert_eq!(list.points(a), Some(p("1518.4")));
        // Same date as an existing game: after it (file order within a date). b (1490) beats a (1510):
        // d = 20, the lower side gains 10 + 2 = 12; then day 5 at a 1498 / b 1502: d = 4 → 10.
        let change = list
            .apply(game(day(3), b, a, Outcome::RedWins))
            .expect("valid");
        assert_eq!(change.red.change, p("12"));
        assert_eq!(change.red.points_after, p("1502"));
        assert_eq!(
            change.red.games_after, 2,
            "counted at that point of the list"
        );
        let log: Vec<_> = list
            .games()
            .iter()
            .map(|g| (g.game.date, g.game.red, g.red_change))
            .collect();
        assert_eq!(
            log,
            [
                (day(3), a, p("10")),
                (day(3), b, p("12")),
                (day(5), a, p("10"))
            ]
        );
        assert_eq!(list.points(a), Some(p("1508")));
        assert_eq!(list.points(b), Some(p("1492")));
        assert_eq!(list.games_played(a), Some(3));
    }

    /// A player's name and optional starting entry (points, games).
    type Entry = (String, Option<(Points, u32)>);
    /// A game as (day, red index, black index, outcome).
    type GameSpec = (u32, usize, usize, Outcome);

    /// A random list: 2–40 players (some with random starting entries), 0–300 games on random days in
    /// random arrival order, so late games are inserted into the log.
    fn random_list(rng: &mut ChaCha8Rng) -> (RatingSettings, Vec<Entry>, Vec<GameSpec>) {
        let settings = RatingSettings {
            start_points: Points::from_hundredths(100_000 + (rng.next_u64() % 100_000) as i64),
            rated_after_games: (rng.next_u64() % 15) as u32,
            levels: LevelTable::default(),
        };
        let players = 2 + (rng.next_u64() % 39) as usize;
        let entries = (0..players)
            .map(|i| {
                let start = rng.next_u64().is_multiple_of(2).then(|| {
                    (
                        Points::from_hundredths(50_000 + (rng.next_u64() % 250_000) as i64),
                        (rng.next_u64() % 30) as u32,
                    )
                });
                (format!("選手{i}"), start)
            })
            .collect();
        let games = (0..rng.next_u64() % 301)
            .map(|_| {
                let red = (rng.next_u64() % players as u64) as usize;
                let black = (red + 1 + (rng.next_u64() % (players as u64 - 1)) as usize) % players;
                let outcome = [Outcome::RedWins, Outcome::BlackWins, Outcome::Draw]
                    [(rng.next_u64() % 3) as usize];
                ((rng.next_u64() % 60) as u32, red, black, outcome)
            })
            .collect();
        (settings, entries, games)
    }

    fn build(settings: RatingSettings, entries: &[Entry]) -> (RatingList, Vec<PlayerId>) {
        let mut list = RatingList::new(settings);
        let ids = entries
            .iter()
            .map(|(name, start)| match start {
                Some((points, games)) => list
                    .add_player(name, *points, *games)
                    .expect("distinct names"),
                None => list.enter(name).expect("non-empty name"),
            })
            .collect();
        (list, ids)
    }

    /// Applies games one by one, in the order given.
    fn apply_each(list: &mut RatingList, ids: &[PlayerId], games: &[GameSpec]) {
        for &(d, red, black, outcome) in games {
            list.apply(game(day(d), ids[red], ids[black], outcome))
                .expect("valid game");
        }
    }

    /// The list built by sorting all games by date (arrival order within a date) and rating them in one
    /// pass, so no game is ever inserted before another.
    fn rated_from_scratch(
        settings: RatingSettings,
        entries: &[Entry],
        games: &[GameSpec],
    ) -> RatingList {
        let (mut scratch, ids) = build(settings, entries);
        let mut sorted = games.to_vec();
        sorted.sort_by_key(|g| g.0);
        apply_each(&mut scratch, &ids, &sorted);
        scratch
    }

    #[test]
    fn every_game_is_zero_sum_over_random_game_lists() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x5a5a_2011);
        for _ in 0..200 {
            let (settings, entries, games) = random_list(&mut rng);
            let (mut list, ids) = build(settings, &entries);
            let total_before: Points = list.players().filter_map(|id| list.points(id)).sum();
            for &(d, red, black, outcome) in &games {
                let change = list
                    .apply(game(day(d), ids[red], ids[black], outcome))
                    .expect("valid game");
                assert_eq!(change.red.change, -change.black.change);
                assert_eq!(list.points_created(), Points::ZERO);
            }
            let total_after: Points = list.players().filter_map(|id| list.points(id)).sum();
            assert_eq!(total_before, total_after);
            assert!(
                list.games()
                    .iter()
                    .all(|g| g.red_change.hundredths().abs() <= 1_000_000)
            );
        }
    }

    #[test]
    fn recomputing_from_scratch_equals_incremental_updates() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x0010_0010);
        for _ in 0..200 {
            let (settings, entries, games) = random_list(&mut rng);
            // Incremental: games arrive in random date order, each applied as it comes.
            let (mut incremental, ids) = build(settings, &entries);
            apply_each(&mut incremental, &ids, &games);
            // From scratch: all games sorted by date (arrival order within a date), rated in one pass.
            let scratch = rated_from_scratch(settings, &entries, &games);
            assert_eq!(incremental.games(), scratch.games());
            assert_eq!(incremental.standings(), scratch.standings());
            // And recompute() on the incremental list changes nothing.
            let before = incremental.standings();
            incremental.recompute();
            assert_eq!(incremental.standings(), before);
            assert_eq!(incremental.games(), scratch.games());
            for id in incremental.players() {
                assert_eq!(incremental.history(id), scratch.history(id));
            }
        }
    }

    #[test]
    fn a_sheet_reaching_back_in_time_equals_rating_from_scratch() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x00c5_0010);
        for _ in 0..100 {
            let (settings, entries, games) = random_list(&mut rng);
            let split = (rng.next_u64() % (games.len() as u64 + 1)) as usize;
            // Incremental: the first games one by one, the rest as an uploaded CSV sheet.
            let (mut incremental, ids) = build(settings, &entries);
            apply_each(&mut incremental, &ids, &games[..split]);
            let mut csv = String::from("date,red,black,result\n");
            for &(d, red, black, outcome) in &games[split..] {
                let (red, black) = (&entries[red].0, &entries[black].0);
                csv.push_str(&format!("{},{red},{black},{}\n", day(d), outcome.result()));
            }
            let sheet = crate::rating::csv::read_games(csv.as_bytes()).expect("valid CSV");
            incremental.apply_sheet(&sheet).expect("valid sheet");
            // From scratch, in arrival order within a date.
            let scratch = rated_from_scratch(settings, &entries, &games);
            assert_eq!(incremental.games(), scratch.games());
            assert_eq!(incremental.standings(), scratch.standings());
        }
    }
}
