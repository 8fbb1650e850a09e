//! Standings (名次) of a Swiss stage: score first, then an ordered list of tie-breaks; and the
//! crosstable data behind them.
//!
//! Unplayed rounds (RULES.md §8, **\[choice\]** for the cases the seed does not name): every round in which
//! a player had no game over the board — the pairing bye, requested byes, absences and forfeits — counts
//! for the opponent-based tie-breaks as a game against a virtual opponent with the lowest score in the
//! field after the round the standings are for.

use std::cmp::Ordering;
use std::collections::HashSet;
use std::fmt;

use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::SeedableRng;

use super::tournament::{PlayerNumber, Points, ResultCode, Tournament};
use crate::deal::{Seed, shuffle};
use crate::rules::Color;

/// One tie-break rule. FIDE codes (C.07) are used in the CLI and the database.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// 对手分 Buchholz (`BH`): the sum of the opponents' scores.
    Buchholz,
    /// Buchholz cut-1 (`BH-C1`): Buchholz without the lowest opponent's score.
    BuchholzCut1,
    /// Median Buchholz (`BH-M1`): Buchholz without the highest and the lowest opponent's score.
    BuchholzMedian,
    /// Sonneborn–Berger (`SB`): each opponent's score times the fraction of a win scored against them.
    SonnebornBerger,
    /// 累进分 progressive score (`PS`): the sum of the player's running score after each round.
    Progressive,
    /// 胜局数 wins (`WIN`): rounds scored as a win, with or without playing (forfeits, full byes, the
    /// pairing bye when it is worth a win).
    Wins,
    /// Games won over the board (`WON`).
    GamesWon,
    /// 后手胜局数 wins with Black (`BWG`), over the board.
    WinsWithBlack,
    /// 后手局数 games played with Black (`BPG`).
    GamesWithBlack,
    /// 直接对局 direct encounter (`DE`): points scored against the other players of the tie, used only
    /// when all of them have met each other (otherwise it separates nobody).
    DirectEncounter,
    /// Pairing number (`PN`): the lower number ranks higher; the last resort.
    PairingNumber,
    /// 犯規 fouls (`FOUL`): the fouls the arbiter recorded up to the round of the standings; fewer
    /// ranks higher.
    Fouls,
    /// 對局時後走 Black in the direct games (`DEB`): games played with Black against the other
    /// players of the tie, used only when all of them have met (otherwise it separates nobody).
    BlackInDirectGames,
    /// 比較前輪成績 previous rounds (`PRV`): the points of the last round, then of the round before,
    /// and so on back to round 1, each compared only among the players still tied.
    PreviousRounds,
    /// 累進分去輪 progressive score cut (`PS-CUT`): the progressive score without round 1's running
    /// score, then without rounds 1–2, and so on, each compared only among the players still tied.
    ProgressiveCuts,
    /// 抽籤 lot (`LOT`): the order of one recorded, seeded lot of the whole field; the last resort
    /// for a complete tie. Without a seed it separates nobody.
    Lot,
}

impl TieBreak {
    /// The default order of RULES.md §8: 对手分, wins, wins with Black, 累进分, pairing number.
    pub const DEFAULT_ORDER: [TieBreak; 5] = [
        TieBreak::Buchholz,
        TieBreak::Wins,
        TieBreak::WinsWithBlack,
        TieBreak::Progressive,
        TieBreak::PairingNumber,
    ];

    /// Every tie-break, for menus.
    pub const ALL: [TieBreak; 16] = [
        TieBreak::Buchholz,
        TieBreak::BuchholzCut1,
        TieBreak::BuchholzMedian,
        TieBreak::SonnebornBerger,
        TieBreak::Progressive,
        TieBreak::Wins,
        TieBreak::GamesWon,
        TieBreak::WinsWithBlack,
        TieBreak::GamesWithBlack,
        TieBreak::DirectEncounter,
        TieBreak::PairingNumber,
        TieBreak::Fouls,
        TieBreak::BlackInDirectGames,
        TieBreak::PreviousRounds,
        TieBreak::ProgressiveCuts,
        TieBreak::Lot,
    ];

    /// The short code (FIDE C.07 style): `BH`, `BH-C1`, `BH-M1`, `SB`, `PS`, `WIN`, `WON`, `BWG`,
    /// `BPG`, `DE`, `PN`; and for the Chinese rules' ladder `FOUL`, `DEB`, `PRV`, `PS-CUT`, `LOT`.
    pub const fn code(self) -> &'static str {
        match self {
            TieBreak::Buchholz => "BH",
            TieBreak::BuchholzCut1 => "BH-C1",
            TieBreak::BuchholzMedian => "BH-M1",
            TieBreak::SonnebornBerger => "SB",
            TieBreak::Progressive => "PS",
            TieBreak::Wins => "WIN",
            TieBreak::GamesWon => "WON",
            TieBreak::WinsWithBlack => "BWG",
            TieBreak::GamesWithBlack => "BPG",
            TieBreak::DirectEncounter => "DE",
            TieBreak::PairingNumber => "PN",
            TieBreak::Fouls => "FOUL",
            TieBreak::BlackInDirectGames => "DEB",
            TieBreak::PreviousRounds => "PRV",
            TieBreak::ProgressiveCuts => "PS-CUT",
            TieBreak::Lot => "LOT",
        }
    }

    /// The Chinese name used on standings sheets.
    pub const fn chinese_name(self) -> &'static str {
        match self {
            TieBreak::Buchholz => "对手分",
            TieBreak::BuchholzCut1 => "对手分（去最低）",
            TieBreak::BuchholzMedian => "中间对手分",
            TieBreak::SonnebornBerger => "索伯分",
            TieBreak::Progressive => "累进分",
            TieBreak::Wins => "胜局数",
            TieBreak::GamesWon => "实胜局数",
            TieBreak::WinsWithBlack => "后手胜局数",
            TieBreak::GamesWithBlack => "后手局数",
            TieBreak::DirectEncounter => "直胜",
            TieBreak::PairingNumber => "编号",
            TieBreak::Fouls => "犯规",
            TieBreak::BlackInDirectGames => "对局时后走",
            TieBreak::PreviousRounds => "前轮成绩",
            TieBreak::ProgressiveCuts => "累进分去轮",
            TieBreak::Lot => "抽签",
        }
    }

    /// Parses a code (case-insensitive), see [`TieBreak::code`].
    pub fn parse(s: &str) -> Option<TieBreak> {
        let s = s.trim();
        TieBreak::ALL
            .into_iter()
            .find(|t| t.code().eq_ignore_ascii_case(s))
    }

    /// Whether a smaller value ranks higher (the pairing number, fouls, the lot's order).
    pub const fn lower_is_better(self) -> bool {
        matches!(
            self,
            TieBreak::PairingNumber | TieBreak::Fouls | TieBreak::Lot
        )
    }

    /// Whether a team may add its players' values up (`team_ranking`): the per-player values, not
    /// those that depend on who else is tied, a round's comparison or a lot.
    pub const fn is_additive(self) -> bool {
        !matches!(
            self,
            TieBreak::DirectEncounter
                | TieBreak::BlackInDirectGames
                | TieBreak::PreviousRounds
                | TieBreak::ProgressiveCuts
                | TieBreak::Lot
                | TieBreak::PairingNumber
        )
    }

    /// How many comparisons the tie-break makes after `rounds` rounds: one, but for the
    /// round-by-round ones (each round back to round 1, each cut until one round is left).
    fn steps(self, rounds: usize) -> usize {
        match self {
            TieBreak::PreviousRounds => rounds.max(1),
            TieBreak::ProgressiveCuts => rounds.saturating_sub(1).max(1),
            _ => 1,
        }
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl std::str::FromStr for TieBreak {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        TieBreak::parse(s).ok_or_else(|| {
            let codes: Vec<&str> = TieBreak::ALL.iter().map(|t| t.code()).collect();
            format!(
                "unknown tie-break '{s}' (expected one of {})",
                codes.join(", ")
            )
        })
    }
}

/// A tie-break value kept as an exact fraction, so that every scoring system compares exactly.
#[derive(Debug, Clone, Copy)]
pub struct TieBreakValue {
    numerator: i64,
    /// Always positive.
    denominator: i64,
}

impl TieBreakValue {
    fn count(n: usize) -> TieBreakValue {
        TieBreakValue {
            numerator: n as i64,
            denominator: 1,
        }
    }

    fn points(p: Points) -> TieBreakValue {
        TieBreakValue {
            numerator: i64::from(p.tenths()),
            denominator: 10,
        }
    }

    /// The value as a float, for display and export.
    pub fn as_f64(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }

    /// Whether this is a whole count (wins, games) rather than points.
    pub fn is_count(self) -> bool {
        self.denominator == 1
    }
}

impl std::ops::Add for TieBreakValue {
    type Output = TieBreakValue;
    /// The exact sum (a team's tie-break is its counted players' values added up), over the least
    /// common denominator: points stay points (shown with decimals), counts stay counts.
    fn add(self, other: TieBreakValue) -> TieBreakValue {
        let gcd = |mut a: i64, mut b: i64| {
            while b != 0 {
                (a, b) = (b, a % b);
            }
            a.abs().max(1)
        };
        let common =
            self.denominator / gcd(self.denominator, other.denominator) * other.denominator;
        TieBreakValue {
            numerator: self.numerator * (common / self.denominator)
                + other.numerator * (common / other.denominator),
            denominator: common,
        }
    }
}

impl std::iter::Sum for TieBreakValue {
    fn sum<I: Iterator<Item = TieBreakValue>>(iter: I) -> TieBreakValue {
        iter.fold(TieBreakValue::count(0), |a, b| a + b)
    }
}

impl PartialEq for TieBreakValue {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for TieBreakValue {}

impl PartialOrd for TieBreakValue {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for TieBreakValue {
    fn cmp(&self, other: &Self) -> Ordering {
        (i128::from(self.numerator) * i128::from(other.denominator))
            .cmp(&(i128::from(other.numerator) * i128::from(self.denominator)))
    }
}

impl fmt::Display for TieBreakValue {
    /// Counts as integers; points with one decimal, or two where needed (Sonneborn–Berger `6.25`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_count() {
            return write!(f, "{}", self.numerator);
        }
        // Rounded half away from zero to hundredths.
        let scaled = i128::from(self.numerator) * 100;
        let den = i128::from(self.denominator);
        let hundredths = if scaled >= 0 {
            (scaled + den / 2) / den
        } else {
            (scaled - den / 2) / den
        };
        let sign = if hundredths < 0 { "-" } else { "" };
        let h = hundredths.unsigned_abs();
        if h % 10 == 0 {
            write!(f, "{sign}{}.{}", h / 100, (h / 10) % 10)
        } else {
            write!(f, "{sign}{}.{:02}", h / 100, h % 100)
        }
    }
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// The place; players equal on score and every tie-break share it (`3`, `3`, `5`).
    pub rank: u32,
    /// The player's pairing number.
    pub player: PlayerNumber,
    /// The score after the round of the standings.
    pub score: Points,
    /// One value per tie-break of the configuration, in its order.
    pub tie_breaks: Vec<TieBreakValue>,
}

/// One cell of the crosstable: a player's round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CrosstableCell {
    /// The opponent, if paired against one (also for forfeits).
    pub opponent: Option<PlayerNumber>,
    /// The colour (Red = first player), if a colour was assigned.
    pub colour: Option<Color>,
    /// The result code (win, forfeit, bye, …).
    pub result: ResultCode,
    /// The points the result was worth.
    pub points: Points,
}

/// One row of the crosstable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrosstableRow {
    /// The player's pairing number.
    pub player: PlayerNumber,
    /// The score after the last round shown.
    pub score: Points,
    /// One cell per round, round 1 first.
    pub rounds: Vec<CrosstableCell>,
}

/// The crosstable after `after_round` rounds (clamped to the rounds played), in pairing-number order.
pub fn crosstable(tournament: &Tournament, after_round: u32) -> Vec<CrosstableRow> {
    let rounds = after_round.min(tournament.rounds_played) as usize;
    tournament
        .players
        .iter()
        .map(|p| CrosstableRow {
            player: p.number,
            score: tournament.score_after(p.number, rounds as u32),
            rounds: p
                .rounds
                .iter()
                .take(rounds)
                .map(|e| CrosstableCell {
                    opponent: e.opponent,
                    colour: e.colour,
                    result: e.result,
                    points: e.score(&tournament.scoring),
                })
                .collect(),
        })
        .collect()
}

/// Standings after the last played round.
pub fn final_standings(tournament: &Tournament, tie_breaks: &[TieBreak]) -> Vec<Standing> {
    standings(tournament, tournament.rounds_played, tie_breaks)
}

/// Fouls (犯規) the arbiter recorded against a player in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Foul {
    /// The player's pairing number.
    pub player: PlayerNumber,
    /// The round of the fouls.
    pub round: u32,
    /// How many.
    pub count: u32,
}

/// What some tie-breaks need beyond the games: the arbiter's fouls (`FOUL`) and the recorded seed
/// of the final lot (`LOT`).
#[derive(Debug, Clone, Default)]
pub struct TieBreakInputs {
    /// Fouls by player and round; standings after round N count those of rounds 1 … N.
    pub fouls: Vec<Foul>,
    /// The lot's seed: the whole field is shuffled once by it (ChaCha20, Fisher–Yates from
    /// pairing-number order, as deals are drawn), and a complete tie goes by that order.
    pub lot_seed: Option<Seed>,
}

/// The order the lot of `seed` gives the players `numbers` (the final lot, `LOT`): sorted by
/// pairing number, then shuffled once (ChaCha20, Fisher–Yates, as deals are drawn). Whoever
/// holds the seed can draw the same order again.
pub fn lot_order(numbers: &[PlayerNumber], seed: &Seed) -> Vec<PlayerNumber> {
    let mut drawn = numbers.to_vec();
    drawn.sort_unstable();
    shuffle(&mut ChaCha20Rng::from_seed(*seed.as_bytes()), &mut drawn);
    drawn
}

/// Standings after `after_round` rounds (clamped to the rounds played): ordered by score, then by
/// each tie-break in turn; players still equal after all of them share a rank. No fouls are
/// counted and `LOT` separates nobody: see [`standings_with`].
pub fn standings(
    tournament: &Tournament,
    after_round: u32,
    tie_breaks: &[TieBreak],
) -> Vec<Standing> {
    standings_with(
        tournament,
        after_round,
        tie_breaks,
        &TieBreakInputs::default(),
    )
}

/// [`standings`] with the arbiter's fouls and the lot's seed. A tie-break of several steps
/// (`PRV`, `PS-CUT`) compares its steps in turn among the players still tied, and shows the value
/// of the last step it compared for each player.
pub fn standings_with(
    tournament: &Tournament,
    after_round: u32,
    tie_breaks: &[TieBreak],
    inputs: &TieBreakInputs,
) -> Vec<Standing> {
    let field = Field::new(
        tournament,
        after_round.min(tournament.rounds_played),
        inputs,
    );
    let n = tournament.players.len();
    // values[i][k]: tie-break k of player index i.
    let mut values: Vec<Vec<TieBreakValue>> = vec![Vec::with_capacity(tie_breaks.len()); n];

    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| field.scores[b].cmp(&field.scores[a]).then(a.cmp(&b)));
    // Groups of players still tied, as ranges of `order`.
    let mut groups: Vec<std::ops::Range<usize>> = Vec::new();
    let mut start = 0;
    for i in 1..=n {
        if i == n || field.scores[order[i]] != field.scores[order[start]] {
            groups.push(start..i);
            start = i;
        }
    }

    for (k, &tie_break) in tie_breaks.iter().enumerate() {
        for step in 0..tie_break.steps(field.rounds) {
            groups = refine(&field, &mut order, &mut values, groups, tie_break, step, k);
        }
    }

    let mut result = Vec::with_capacity(n);
    for group in groups {
        for position in group.clone() {
            let i = order[position];
            result.push(Standing {
                rank: group.start as u32 + 1,
                player: tournament.players[i].number,
                score: field.scores[i],
                tie_breaks: std::mem::take(&mut values[i]),
            });
        }
    }
    result
}

/// One comparison: step `step` of tie-break `k` splits every group of tied players (all groups in
/// its first step, so that every player has a value in column `k`; later steps only the groups
/// still tied, whose players' column then shows the later step).
fn refine(
    field: &Field<'_>,
    order: &mut [usize],
    values: &mut [Vec<TieBreakValue>],
    groups: Vec<std::ops::Range<usize>>,
    tie_break: TieBreak,
    step: usize,
    k: usize,
) -> Vec<std::ops::Range<usize>> {
    let mut next_groups = Vec::with_capacity(groups.len());
    for group in groups {
        if step > 0 && group.len() < 2 {
            next_groups.push(group);
            continue;
        }
        let members: Vec<usize> = order[group.clone()].to_vec();
        for &i in &members {
            let v = field.value(tie_break, step, i, &members);
            if step == 0 {
                values[i].push(v);
            } else {
                values[i][k] = v;
            }
        }
        order[group.clone()].sort_by(|&a, &b| {
            let by_value = if tie_break.lower_is_better() {
                values[a][k].cmp(&values[b][k])
            } else {
                values[b][k].cmp(&values[a][k])
            };
            by_value.then(a.cmp(&b))
        });
        let mut sub_start = group.start;
        for i in group.start + 1..=group.end {
            if i == group.end || values[order[i]][k] != values[order[sub_start]][k] {
                next_groups.push(sub_start..i);
                sub_start = i;
            }
        }
    }
    next_groups
}

/// Everything the tie-breaks need after a given round, indexed by player position.
struct Field<'a> {
    tournament: &'a Tournament,
    rounds: usize,
    scores: Vec<Points>,
    /// The lowest score in the field: the score of the virtual opponent of an unplayed round.
    lowest: Points,
    /// Fouls per player up to the round of the standings.
    fouls: Vec<u32>,
    /// Each player's place in the lot's order (1 first); all 0 without a seed.
    lot: Vec<usize>,
}

impl<'a> Field<'a> {
    fn new(tournament: &'a Tournament, rounds: u32, inputs: &TieBreakInputs) -> Field<'a> {
        let scores: Vec<Points> = tournament
            .players
            .iter()
            .map(|p| tournament.score_after(p.number, rounds))
            .collect();
        let lowest = scores.iter().copied().min().unwrap_or(Points::ZERO);
        let n = tournament.players.len();
        let position =
            |number: PlayerNumber| tournament.players.iter().position(|p| p.number == number);
        let mut fouls = vec![0u32; n];
        for foul in &inputs.fouls {
            if foul.round <= rounds
                && let Some(i) = position(foul.player)
            {
                fouls[i] = fouls[i].saturating_add(foul.count);
            }
        }
        let mut lot = vec![0usize; n];
        if let Some(seed) = &inputs.lot_seed {
            let numbers: Vec<PlayerNumber> = tournament.players.iter().map(|p| p.number).collect();
            for (place, number) in lot_order(&numbers, seed).into_iter().enumerate() {
                if let Some(i) = position(number) {
                    lot[i] = place + 1;
                }
            }
        }
        Field {
            tournament,
            rounds: rounds as usize,
            scores,
            lowest,
            fouls,
            lot,
        }
    }

    fn index(&self, number: PlayerNumber) -> Option<usize> {
        let i = usize::try_from(number).ok()?.checked_sub(1)?;
        (i < self.scores.len()).then_some(i)
    }

    /// The opponents' scores round by round; an unplayed round counts the lowest score in the field.
    fn opponent_scores(&self, i: usize) -> Vec<Points> {
        self.tournament.players[i]
            .rounds
            .iter()
            .take(self.rounds)
            .map(|e| {
                e.played_opponent()
                    .and_then(|o| self.index(o))
                    .map_or(self.lowest, |o| self.scores[o])
            })
            .collect()
    }

    fn value(&self, tie_break: TieBreak, step: usize, i: usize, tied: &[usize]) -> TieBreakValue {
        let player = &self.tournament.players[i];
        let scoring = &self.tournament.scoring;
        let entries = || player.rounds.iter().take(self.rounds);
        match tie_break {
            TieBreak::Buchholz => TieBreakValue::points(self.opponent_scores(i).into_iter().sum()),
            TieBreak::BuchholzCut1 => {
                let mut s = self.opponent_scores(i);
                s.sort();
                TieBreakValue::points(s.into_iter().skip(1).sum())
            }
            TieBreak::BuchholzMedian => {
                let mut s = self.opponent_scores(i);
                s.sort();
                let keep = s.len().saturating_sub(2);
                TieBreakValue::points(s.into_iter().skip(1).take(keep).sum())
            }
            TieBreak::SonnebornBerger => {
                // Σ opponent score × (points scored ÷ points for a win), kept as one fraction. A points
                // system without a positive win falls back to counting a win 1 and a draw ½.
                let win = i64::from(scoring.win.tenths());
                let (per_round, win): (fn(&Tournament, ResultCode) -> i64, i64) = if win > 0 {
                    (|t, r| i64::from(t.scoring.points(r).tenths()), win)
                } else {
                    (|_, r| i64::from(outcome_halves(r)), 2)
                };
                let numerator: i64 = entries()
                    .zip(self.opponent_scores(i))
                    .map(|(e, opp)| i64::from(opp.tenths()) * per_round(self.tournament, e.result))
                    .sum();
                TieBreakValue {
                    numerator,
                    denominator: 10 * win,
                }
            }
            TieBreak::Progressive => TieBreakValue::points(
                (1..=self.rounds as u32)
                    .map(|r| self.tournament.score_after(player.number, r))
                    .sum(),
            ),
            TieBreak::Wins => TieBreakValue::count(
                entries()
                    .filter(|e| {
                        e.result != ResultCode::NotPaired && scoring.points(e.result) == scoring.win
                    })
                    .count(),
            ),
            TieBreak::GamesWon => TieBreakValue::count(
                entries()
                    .filter(|e| e.result.is_played_game() && outcome_halves(e.result) == 2)
                    .count(),
            ),
            TieBreak::WinsWithBlack => TieBreakValue::count(
                entries()
                    .filter(|e| {
                        e.played_colour() == Some(Color::Black) && outcome_halves(e.result) == 2
                    })
                    .count(),
            ),
            TieBreak::GamesWithBlack => TieBreakValue::count(
                entries()
                    .filter(|e| e.played_colour() == Some(Color::Black))
                    .count(),
            ),
            TieBreak::DirectEncounter => self.direct_encounter(i, tied),
            TieBreak::PairingNumber => TieBreakValue::count(player.number as usize),
            TieBreak::Fouls => TieBreakValue::count(self.fouls[i] as usize),
            TieBreak::BlackInDirectGames => self.black_in_direct_games(i, tied),
            TieBreak::PreviousRounds => {
                // Step 0 is the last round, step 1 the one before …
                let round = self.rounds.checked_sub(step + 1);
                let points = round
                    .and_then(|r| player.rounds.get(r))
                    .map_or(Points::ZERO, |e| e.score(scoring));
                TieBreakValue::points(points)
            }
            TieBreak::ProgressiveCuts => TieBreakValue::points(
                (step as u32 + 2..=self.rounds as u32)
                    .map(|r| self.tournament.score_after(player.number, r))
                    .sum(),
            ),
            TieBreak::Lot => TieBreakValue::count(self.lot[i]),
        }
    }

    /// Whether every two of the tied players have met (played or forfeited) in the rounds counted.
    fn all_met(&self, tied: &[usize]) -> bool {
        let numbers: Vec<PlayerNumber> = tied
            .iter()
            .map(|&j| self.tournament.players[j].number)
            .collect();
        tied.iter().all(|&a| {
            let own = self.tournament.players[a].number;
            numbers.iter().all(|&b| {
                b == own
                    || self.tournament.players[a]
                        .rounds
                        .iter()
                        .take(self.rounds)
                        .any(|e| e.opponent == Some(b))
            })
        })
    }

    /// Games played with Black against the other tied players, when every two of them have met;
    /// otherwise zero for all.
    fn black_in_direct_games(&self, i: usize, tied: &[usize]) -> TieBreakValue {
        if tied.len() < 2 || !self.all_met(tied) {
            return TieBreakValue::count(0);
        }
        let numbers: HashSet<PlayerNumber> = tied
            .iter()
            .map(|&j| self.tournament.players[j].number)
            .collect();
        TieBreakValue::count(
            self.tournament.players[i]
                .rounds
                .iter()
                .take(self.rounds)
                .filter(|e| {
                    e.played_colour() == Some(Color::Black)
                        && e.opponent.is_some_and(|o| numbers.contains(&o))
                })
                .count(),
        )
    }

    /// Points scored against the other tied players, when every two of them have met (played or
    /// forfeited); otherwise zero for all, so the rule separates nobody.
    fn direct_encounter(&self, i: usize, tied: &[usize]) -> TieBreakValue {
        if tied.len() < 2 || !self.all_met(tied) {
            return TieBreakValue::points(Points::ZERO);
        }
        let numbers: HashSet<PlayerNumber> = tied
            .iter()
            .map(|&j| self.tournament.players[j].number)
            .collect();
        let scored: Points = self.tournament.players[i]
            .rounds
            .iter()
            .take(self.rounds)
            .filter(|e| e.opponent.is_some_and(|o| numbers.contains(&o)))
            .map(|e| e.score(&self.tournament.scoring))
            .sum();
        TieBreakValue::points(scored)
    }
}

/// A game's outcome in half points: win 2, draw 1, otherwise 0 (independent of the points system).
const fn outcome_halves(result: ResultCode) -> i32 {
    match result {
        ResultCode::Win | ResultCode::UnratedWin | ResultCode::ForfeitWin => 2,
        ResultCode::Draw | ResultCode::UnratedDraw => 1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::swiss::tournament::{RoundEntry, ScoringSystem};
    use Color::{Black, Red};
    use ResultCode::{Draw, HalfBye, Loss, PairingBye, Win, ZeroBye};

    /// Five players, three rounds:
    ///
    /// ```text
    /// round 1: 1 (Red) – 2  1-0    3 (Red) – 4  ½-½    5 pairing bye
    /// round 2: 5 (Red) – 1  0-1    2 (Red) – 3  0-1    4 half-point bye
    /// round 3: 3 (Red) – 1  ½-½    4 (Red) – 5  0-1    2 zero-point bye (absent)
    /// ```
    fn five(scoring: ScoringSystem) -> Tournament {
        let mut t = Tournament::new(3, scoring, Red);
        for name in ["A", "B", "C", "D", "E"] {
            t.add_player(name, 0);
        }
        let game = |a, b, result: ResultCode| {
            let theirs = result.counterpart().expect("a game result");
            [
                (a, RoundEntry::game(b, Red, result)),
                (b, RoundEntry::game(a, Black, theirs)),
            ]
        };
        let bye = |p, result| (p, RoundEntry::without_opponent(result));
        let rounds = [
            [game(1, 2, Win), game(3, 4, Draw)].concat(),
            [game(5, 1, Loss), game(2, 3, Loss)].concat(),
            [game(3, 1, Draw), game(4, 5, Loss)].concat(),
        ];
        let byes = [bye(5, PairingBye), bye(4, HalfBye), bye(2, ZeroBye)];
        for (round, extra) in rounds.into_iter().zip(byes) {
            let mut entries = round.to_vec();
            entries.push(extra);
            t.record_round(&entries).expect("consistent round");
        }
        t
    }

    fn column(
        table: &[Standing],
        order: &[TieBreak],
        tie_break: TieBreak,
    ) -> Vec<(PlayerNumber, String)> {
        let k = order
            .iter()
            .position(|&t| t == tie_break)
            .expect("configured");
        let mut v: Vec<(PlayerNumber, String)> = table
            .iter()
            .map(|s| (s.player, s.tie_breaks[k].to_string()))
            .collect();
        v.sort();
        v
    }

    fn strings(values: [&str; 5]) -> Vec<(PlayerNumber, String)> {
        (1..=5).zip(values.map(String::from)).collect()
    }

    /// Hand computation (FIDE 1/½/0). Scores: 1 → 2.5, 2 → 0, 3 → 2, 4 → 1, 5 → 2; the lowest score in
    /// the field is 0 (player 2), the virtual opponent of every unplayed round (byes, absence).
    ///
    /// ```text
    ///        opponents' scores      BH   cut-1  median  SB                      PS            WIN WON BWG BPG
    /// 1:  2→0   5→2   3→2            4    4      2      0·1 + 2·1 + 2·½ = 3     1+2+2.5 = 5.5  2   2   1   2
    /// 2:  1→2.5 3→2   Z→0            4.5  4.5    2      0                       0             0   0   0   1
    /// 3:  4→1   2→0   1→2.5          3.5  3.5    1      1·½ + 0 + 2.5·½ = 1.75  .5+1.5+2 = 4  1   1   1   1
    /// 4:  3→2   H→0   5→2            4    4      2      2·½ + 0·½ + 2·0 = 1     .5+1+1 = 2.5  0   0   0   1
    /// 5:  U→0   1→2.5 4→1            3.5  3.5    1      0·1 + 0 + 1·1 = 1       1+1+2 = 4     2   1   1   1
    /// ```
    #[test]
    fn tie_break_arithmetic_by_hand() {
        let t = five(ScoringSystem::FIDE);
        let table = final_standings(&t, &TieBreak::ALL);
        let all = &TieBreak::ALL;
        let expected = [
            (TieBreak::Buchholz, ["4.0", "4.5", "3.5", "4.0", "3.5"]),
            (TieBreak::BuchholzCut1, ["4.0", "4.5", "3.5", "4.0", "3.5"]),
            (
                TieBreak::BuchholzMedian,
                ["2.0", "2.0", "1.0", "2.0", "1.0"],
            ),
            (
                TieBreak::SonnebornBerger,
                ["3.0", "0.0", "1.75", "1.0", "1.0"],
            ),
            (TieBreak::Progressive, ["5.5", "0.0", "4.0", "2.5", "4.0"]),
            (TieBreak::Wins, ["2", "0", "1", "0", "2"]),
            (TieBreak::GamesWon, ["2", "0", "1", "0", "1"]),
            (TieBreak::WinsWithBlack, ["1", "0", "1", "0", "1"]),
            (TieBreak::GamesWithBlack, ["2", "1", "1", "1", "1"]),
        ];
        for (tie_break, values) in expected {
            assert_eq!(
                column(&table, all, tie_break),
                strings(values),
                "{tie_break}"
            );
        }
        // 3 and 5 are tied on everything before DE and have not met: DE separates nobody.
        assert_eq!(
            column(&table, all, TieBreak::DirectEncounter)[2],
            (3, "0.0".to_string())
        );
    }

    /// Default order (BH, WIN, BWG, PS, PN): 1 (2.5) first; 3 and 5 (2 points) tie on BH 3.5 and 5 has
    /// more wins (the pairing bye counts as a win); then 4 and 2.
    #[test]
    fn default_order_ranks() {
        let t = five(ScoringSystem::FIDE);
        let table = final_standings(&t, &TieBreak::DEFAULT_ORDER);
        let order: Vec<(u32, PlayerNumber)> = table.iter().map(|s| (s.rank, s.player)).collect();
        assert_eq!(order, vec![(1, 1), (2, 5), (3, 3), (4, 4), (5, 2)]);
        // Sonneborn–Berger alone puts 3 (1.75) ahead of 5 (1).
        let by_sb = final_standings(&t, &[TieBreak::SonnebornBerger]);
        assert_eq!(
            by_sb.iter().map(|s| s.player).collect::<Vec<_>>(),
            vec![1, 3, 5, 4, 2]
        );
    }

    #[test]
    fn players_equal_on_every_tie_break_share_a_rank() {
        let t = five(ScoringSystem::FIDE);
        let table = final_standings(&t, &[TieBreak::Buchholz, TieBreak::DirectEncounter]);
        let order: Vec<(u32, PlayerNumber)> = table.iter().map(|s| (s.rank, s.player)).collect();
        assert_eq!(order, vec![(1, 1), (2, 3), (2, 5), (4, 4), (5, 2)]);
        let no_tie_breaks = final_standings(&t, &[]);
        assert_eq!(
            no_tie_breaks.iter().map(|s| s.rank).collect::<Vec<_>>(),
            vec![1, 2, 2, 4, 5]
        );
    }

    /// 2/1/0 doubles every score and every points-based tie-break; the order is the same.
    #[test]
    fn chinese_scoring_gives_the_same_order() {
        let fide = five(ScoringSystem::FIDE);
        let chinese = five(ScoringSystem::CHINESE);
        let a = final_standings(&fide, &TieBreak::ALL);
        let b = final_standings(&chinese, &TieBreak::ALL);
        assert_eq!(
            a.iter().map(|s| (s.rank, s.player)).collect::<Vec<_>>(),
            b.iter().map(|s| (s.rank, s.player)).collect::<Vec<_>>()
        );
        let all = &TieBreak::ALL;
        assert_eq!(
            column(&b, all, TieBreak::Buchholz),
            strings(["8.0", "9.0", "7.0", "8.0", "7.0"])
        );
        assert_eq!(
            column(&b, all, TieBreak::SonnebornBerger),
            strings(["6.0", "0.0", "3.5", "2.0", "2.0"])
        );
        assert_eq!(
            column(&b, all, TieBreak::Wins),
            column(&a, all, TieBreak::Wins)
        );
        assert_eq!(
            b.iter().find(|s| s.player == 1).map(|s| s.score),
            Some(Points::whole(5))
        );
    }

    /// After round 1: 1 and 5 on 1 point (BH 0 each: 2 has 0 points and the bye counts the lowest
    /// score, 0); WIN 1 each; BWG 0; PS 1 each; pairing number puts 1 first. 3 and 4 (½) likewise.
    #[test]
    fn intermediate_standings() {
        let t = five(ScoringSystem::FIDE);
        let table = standings(&t, 1, &TieBreak::DEFAULT_ORDER);
        assert_eq!(
            table.iter().map(|s| (s.rank, s.player)).collect::<Vec<_>>(),
            vec![(1, 1), (2, 5), (3, 3), (4, 4), (5, 2)]
        );
        assert_eq!(table[0].tie_breaks[0].to_string(), "0.0");
        assert_eq!(table[2].tie_breaks[0].to_string(), "0.5");
        assert_eq!(
            standings(&t, 9, &[]),
            final_standings(&t, &[]),
            "clamped to the rounds played"
        );
    }

    /// Direct encounter among tied players who met: 2 beat 1 in round 1 and both end on 1 point.
    #[test]
    fn direct_encounter_decides_between_players_who_met() {
        let mut t = Tournament::new(2, ScoringSystem::FIDE, Red);
        for name in ["A", "B", "C", "D"] {
            t.add_player(name, 0);
        }
        t.record_round(&[
            (1, RoundEntry::game(2, Red, Loss)),
            (2, RoundEntry::game(1, Black, Win)),
            (3, RoundEntry::game(4, Red, Win)),
            (4, RoundEntry::game(3, Black, Loss)),
        ])
        .expect("round 1");
        t.record_round(&[
            (3, RoundEntry::game(2, Red, Win)),
            (2, RoundEntry::game(3, Black, Loss)),
            (1, RoundEntry::game(4, Red, Win)),
            (4, RoundEntry::game(1, Black, Loss)),
        ])
        .expect("round 2");
        let players = |order: &[TieBreak]| {
            final_standings(&t, order)
                .iter()
                .map(|s| s.player)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            players(&[TieBreak::DirectEncounter, TieBreak::PairingNumber]),
            vec![3, 2, 1, 4]
        );
        assert_eq!(players(&[TieBreak::PairingNumber]), vec![3, 1, 2, 4]);
    }

    #[test]
    fn crosstable_rows() {
        let t = five(ScoringSystem::FIDE);
        let rows = crosstable(&t, 3);
        assert_eq!(rows.len(), 5);
        assert_eq!(rows[0].score, Points::from_tenths(25));
        assert_eq!(
            rows[0].rounds[1],
            CrosstableCell {
                opponent: Some(5),
                colour: Some(Black),
                result: Win,
                points: Points::whole(1)
            }
        );
        assert_eq!(
            rows[1].rounds[2],
            CrosstableCell {
                opponent: None,
                colour: None,
                result: ZeroBye,
                points: Points::ZERO
            }
        );
        assert_eq!(crosstable(&t, 1)[0].rounds.len(), 1);
    }

    #[test]
    fn tie_break_codes_parse() {
        for t in TieBreak::ALL {
            assert_eq!(TieBreak::parse(t.code()), Some(t));
            assert_eq!(t.to_string().parse::<TieBreak>(), Ok(t));
        }
        assert_eq!(TieBreak::parse("bh-c1"), Some(TieBreak::BuchholzCut1));
        assert!("XYZ".parse::<TieBreak>().is_err());
    }
}
