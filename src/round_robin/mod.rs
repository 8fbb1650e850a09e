//! Round robins (循環賽): the FIDE Berger tables (Handbook C.05, Annex 1), single or double, the
//! draw numbers by a seeded lot or by rating, and group stages ([`groups`]).
//!
//! A schedule is in draw numbers (1 … n): round r of the table for an even n is built from the
//! sequence of draw numbers 1 … n−1 started at `1 + (r−1)·n/2` (cyclically): its first number meets
//! n (with Red in odd rounds, Black in even ones), and the k-th number from the start is Red against
//! the k-th from the end. This gives FIDE's published tables (1–4, 2–3 / 4–3, 1–2 / 2–4, 3–1 for
//! four players), with the board of n first. An odd field uses the table of n+1: whoever meets n+1
//! has the bye. 'White' of the tables is Red.

pub mod groups;

use crate::deal::{Seed, shuffle};
use crate::i18n::Reason;
use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::SeedableRng;

/// The most players one round robin (or one group) may hold: 63 rounds already.
pub const MAX_PLAYERS: u32 = 64;

/// How many times every two players meet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cycles {
    /// Once (單循環).
    Single,
    /// Twice (雙循環): the second cycle repeats the first with the colours swapped.
    Double {
        /// Play the first cycle's last two rounds in the other order, as C.05 Annex 1 recommends,
        /// so that nobody gets the same colour three times running across the cycles' seam.
        swap_last_two: bool,
    },
}

impl Cycles {
    /// The number of cycles (1 or 2).
    pub const fn count(self) -> u32 {
        match self {
            Cycles::Single => 1,
            Cycles::Double { .. } => 2,
        }
    }
}

/// One round of a schedule, in draw numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduledRound {
    /// `(red, black)` draw numbers, board 1 first.
    pub boards: Vec<(u32, u32)>,
    /// The draw number with the bye (odd fields only).
    pub bye: Option<u32>,
}

impl ScheduledRound {
    /// The same round with every draw number replaced by `to(number)` (a start number, say).
    pub fn map<T>(&self, to: impl Fn(u32) -> T) -> (Vec<(T, T)>, Option<T>) {
        (
            self.boards.iter().map(|&(r, b)| (to(r), to(b))).collect(),
            self.bye.map(&to),
        )
    }
}

/// Why a round robin cannot be scheduled or drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RoundRobinError {
    /// Fewer than two players.
    #[error("a round robin needs at least 2 players, found {0}")]
    TooFewPlayers(u32),
    /// More than [`MAX_PLAYERS`].
    #[error("a round robin holds at most {MAX_PLAYERS} players, found {0}")]
    TooManyPlayers(u32),
    /// A round outside the table.
    #[error("round {round} is not in a schedule of {rounds} rounds")]
    NoSuchRound {
        /// The round asked for.
        round: u32,
        /// The schedule's rounds.
        rounds: u32,
    },
    /// A start number given twice.
    #[error("start number {0} is given twice")]
    Duplicate(u32),
    /// Groups: zero groups, or more groups than players allow (two players each at least).
    #[error("{players} players cannot make {groups} groups of at least 2")]
    Groups {
        /// The players.
        players: u32,
        /// The groups asked for.
        groups: u32,
    },
    /// Qualifiers of a group stage: each group must send the same number, at most its smallest
    /// size, and the knockout a power of two.
    #[error("{groups} groups sending {per_group} each cannot fill a knockout")]
    Qualifiers {
        /// The groups.
        groups: u32,
        /// The qualifiers per group.
        per_group: u32,
    },
}

impl RoundRobinError {
    /// The error as a message for the reader's language (area `round_robin`).
    pub fn reason(&self) -> Reason {
        match *self {
            RoundRobinError::TooFewPlayers(n) => Reason::new("rr_too_few").arg("players", n),
            RoundRobinError::TooManyPlayers(n) => Reason::new("rr_too_many")
                .arg("players", n)
                .arg("most", MAX_PLAYERS),
            RoundRobinError::NoSuchRound { round, rounds } => Reason::new("rr_no_such_round")
                .arg("round", round)
                .arg("rounds", rounds),
            RoundRobinError::Duplicate(n) => Reason::new("rr_duplicate").arg("start", n),
            RoundRobinError::Groups { players, groups } => Reason::new("rr_groups")
                .arg("players", players)
                .arg("groups", groups),
            RoundRobinError::Qualifiers { groups, per_group } => Reason::new("rr_qualifiers")
                .arg("groups", groups)
                .arg("per_group", per_group),
        }
    }
}

fn check_size(players: u32) -> Result<(), RoundRobinError> {
    if players < 2 {
        Err(RoundRobinError::TooFewPlayers(players))
    } else if players > MAX_PLAYERS {
        Err(RoundRobinError::TooManyPlayers(players))
    } else {
        Ok(())
    }
}

/// Rounds of one cycle: n−1 for an even field, n for an odd one (everyone has one bye).
pub fn rounds_per_cycle(players: u32) -> Result<u32, RoundRobinError> {
    check_size(players)?;
    Ok(players + players % 2 - 1)
}

/// Round `round` (1-based) of the Berger table for `players`, first cycle.
pub fn berger_round(players: u32, round: u32) -> Result<ScheduledRound, RoundRobinError> {
    let rounds = rounds_per_cycle(players)?;
    if round == 0 || round > rounds {
        return Err(RoundRobinError::NoSuchRound { round, rounds });
    }
    // The table of the next even size; its last number is the bye in an odd field.
    let n = players + players % 2;
    let cycle = n - 1;
    let start = (round - 1) * (n / 2) % cycle;
    let at = |k: u32| (start + k) % cycle + 1;
    let mut boards = Vec::with_capacity(n as usize / 2);
    let mut bye = None;
    let first = at(0);
    let fixed = if round % 2 == 1 {
        (first, n)
    } else {
        (n, first)
    };
    if n == players {
        boards.push(fixed);
    } else {
        bye = Some(first);
    }
    for k in 1..n / 2 {
        boards.push((at(k), at(cycle - k)));
    }
    Ok(ScheduledRound { boards, bye })
}

/// The whole schedule: every round of every cycle, in playing order.
pub fn schedule(players: u32, cycles: Cycles) -> Result<Vec<ScheduledRound>, RoundRobinError> {
    let rounds = rounds_per_cycle(players)?;
    let mut first: Vec<ScheduledRound> = (1..=rounds)
        .map(|r| berger_round(players, r))
        .collect::<Result<_, _>>()?;
    let Cycles::Double { swap_last_two } = cycles else {
        return Ok(first);
    };
    // The second cycle is the table again with the colours swapped (not the swapped first cycle).
    let second: Vec<ScheduledRound> = first
        .iter()
        .map(|round| ScheduledRound {
            boards: round.boards.iter().map(|&(r, b)| (b, r)).collect(),
            bye: round.bye,
        })
        .collect();
    if swap_last_two && first.len() >= 2 {
        let last = first.len() - 1;
        first.swap(last - 1, last);
    }
    first.extend(second);
    Ok(first)
}

/// A player to be given a draw number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entrant {
    /// The start number.
    pub start: u32,
    /// The rating (higher first when drawing by rating).
    pub rating: u32,
}

/// How draw numbers are given before round 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DrawMethod {
    /// By lot: the players in start-number order shuffled by ChaCha20 from this seed (Fisher–Yates,
    /// as deals are drawn), so the recorded seed reproduces the draw.
    Lot(Seed),
    /// By rating, highest first; equal ratings by start number.
    Rating,
}

/// The draw: the start numbers in draw-number order (index 0 holds draw number 1).
pub fn draw_numbers(
    entrants: &[Entrant],
    method: &DrawMethod,
) -> Result<Vec<u32>, RoundRobinError> {
    let count = u32::try_from(entrants.len()).unwrap_or(u32::MAX);
    check_size(count)?;
    let mut sorted: Vec<Entrant> = entrants.to_vec();
    sorted.sort_by_key(|e| e.start);
    if let Some(pair) = sorted.windows(2).find(|w| w[0].start == w[1].start) {
        return Err(RoundRobinError::Duplicate(pair[0].start));
    }
    match method {
        DrawMethod::Lot(seed) => {
            let mut rng = ChaCha20Rng::from_seed(*seed.as_bytes());
            shuffle(&mut rng, &mut sorted);
        }
        DrawMethod::Rating => {
            sorted.sort_by(|a, b| b.rating.cmp(&a.rating).then(a.start.cmp(&b.start)))
        }
    }
    Ok(sorted.into_iter().map(|e| e.start).collect())
}

/// A section's round robin once drawn: each group's start numbers in draw-number order (group A
/// first; one group without a group stage), all played with the same cycles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drawn {
    /// Each group's start numbers, draw number 1 first.
    pub groups: Vec<Vec<u32>>,
    /// Single or double.
    pub cycles: Cycles,
}

/// One round of a section's round robin in start numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SectionRound {
    /// `(red, black)` start numbers: group A's boards first, each group's in its table's order.
    pub boards: Vec<(u32, u32)>,
    /// Who does not play: the bye of an odd group, and every player of a smaller group whose
    /// schedule is over.
    pub resting: Vec<u32>,
}

impl Drawn {
    /// Each group's schedule in draw numbers.
    fn schedules(&self) -> Result<Vec<Vec<ScheduledRound>>, RoundRobinError> {
        self.groups
            .iter()
            .map(|g| schedule(u32::try_from(g.len()).unwrap_or(u32::MAX), self.cycles))
            .collect()
    }

    /// The rounds the section plays: its longest group's schedule.
    pub fn rounds(&self) -> Result<u32, RoundRobinError> {
        Ok(self
            .schedules()?
            .iter()
            .map(|s| s.len() as u32)
            .max()
            .unwrap_or(0))
    }

    /// Every round, in start numbers.
    pub fn schedule(&self) -> Result<Vec<SectionRound>, RoundRobinError> {
        let schedules = self.schedules()?;
        let rounds = schedules.iter().map(Vec::len).max().unwrap_or(0);
        Ok((0..rounds)
            .map(|r| {
                let mut round = SectionRound {
                    boards: Vec::new(),
                    resting: Vec::new(),
                };
                for (group, table) in self.groups.iter().zip(&schedules) {
                    let start = |draw: u32| group[draw as usize - 1];
                    match table.get(r) {
                        Some(scheduled) => {
                            let (boards, bye) = scheduled.map(start);
                            round.boards.extend(boards);
                            round.resting.extend(bye);
                        }
                        None => round.resting.extend(group.iter().copied()),
                    }
                }
                round
            })
            .collect())
    }

    /// Round `number` (1-based), in start numbers.
    pub fn round(&self, number: u32) -> Result<SectionRound, RoundRobinError> {
        let mut all = self.schedule()?;
        let rounds = all.len() as u32;
        if number == 0 || number > rounds {
            return Err(RoundRobinError::NoSuchRound {
                round: number,
                rounds,
            });
        }
        Ok(all.swap_remove(number as usize - 1))
    }
}

/// Whether a player who withdraws has their games taken out of the table under the usual rule:
/// they played fewer than half of the games scheduled for them.
pub fn annulled(played: u32, scheduled: u32) -> bool {
    2 * played < scheduled
}

#[cfg(test)]
mod tests;
