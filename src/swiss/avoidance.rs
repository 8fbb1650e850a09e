//! Team avoidance (同隊回避): players of one club, school or province do not meet, in every round or
//! in the first N, as forbidden pairs the Dutch engine honours like TRF `XXP` (C1).
//!
//! What counts as a team is the caller's choice (the club field, or a separate team column); names
//! are compared trimmed and case-insensitively, and a player without one has no team-mates. When
//! no pairing meets every constraint, [`pair_avoiding_teams`] tells which teams' pairs the round
//! needs relaxed; [`prohibitions`] writes the teams, less the rounds the arbiter relaxed them in, as
//! the tournament's `260` prohibitions (what the exported TRF and the checker use).

use std::collections::BTreeMap;

use super::dutch::pair_next_round;
use super::tournament::{PlayerNumber, Prohibition, Tournament};
use super::{Pairing, PairingError};

/// The most players one team may have for its pairs to be listed (a team of 200 is 19,900 pairs).
pub const MAX_TEAM: usize = 200;

/// When team-mates are kept apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClubAvoidance {
    /// Never: the plain Dutch system.
    Off,
    /// In every round.
    All,
    /// In rounds 1 … N (「前 N 輪同單位回避」).
    FirstRounds(u32),
}

impl ClubAvoidance {
    /// Parses `off`, `all` or a number of rounds (`0` is `off`), as settings and the API give it.
    pub fn parse(text: &str) -> Option<ClubAvoidance> {
        match text.trim().to_ascii_lowercase().as_str() {
            "off" => Some(ClubAvoidance::Off),
            "all" => Some(ClubAvoidance::All),
            n => match n.parse::<u32>().ok()? {
                0 => Some(ClubAvoidance::Off),
                rounds => Some(ClubAvoidance::FirstRounds(rounds)),
            },
        }
    }

    /// The setting as [`ClubAvoidance::parse`] reads it.
    pub fn code(self) -> String {
        match self {
            ClubAvoidance::Off => "off".to_string(),
            ClubAvoidance::All => "all".to_string(),
            ClubAvoidance::FirstRounds(n) => n.to_string(),
        }
    }

    /// The last round it applies to, if any, in an event of `total_rounds`.
    pub fn last_round(self, total_rounds: u32) -> Option<u32> {
        match self {
            ClubAvoidance::Off | ClubAvoidance::FirstRounds(0) => None,
            ClubAvoidance::All => Some(total_rounds),
            ClubAvoidance::FirstRounds(n) => Some(n.min(total_rounds)),
        }
    }

    /// Whether team-mates are kept apart in `round`.
    pub fn applies(self, round: u32) -> bool {
        match self {
            ClubAvoidance::Off => false,
            ClubAvoidance::All => true,
            ClubAvoidance::FirstRounds(n) => round <= n,
        }
    }
}

/// One team's players and the rounds in which they may not meet: a TRF-2026 `260` line
/// (`Record::Prohibited`), or an `XXP` line when it covers every round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamGroup {
    /// The team's name as first given.
    pub team: String,
    /// Its players, ascending.
    pub players: Vec<PlayerNumber>,
    /// The first round of the avoidance (always 1).
    pub first_round: u32,
    /// The last round of the avoidance.
    pub last_round: u32,
}

/// Why the team pairs cannot be listed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AvoidanceError {
    /// A team larger than [`MAX_TEAM`].
    #[error("team '{team}' has {players} players; at most {MAX_TEAM} can be kept apart")]
    TeamTooLarge {
        /// The team.
        team: String,
        /// Its players.
        players: usize,
    },
    /// The engine refused the round for another reason than a missing legal pairing.
    #[error(transparent)]
    Pairing(#[from] PairingError),
}

impl AvoidanceError {
    /// The error as a message for the reader's language (area `round_robin`).
    pub fn reason(&self) -> crate::i18n::Reason {
        match self {
            AvoidanceError::TeamTooLarge { team, players } => {
                crate::i18n::Reason::new("avoid_team_too_large")
                    .arg("team", team)
                    .arg("players", players)
                    .arg("most", MAX_TEAM)
            }
            AvoidanceError::Pairing(e) => e.reason(),
        }
    }
}

/// The teams of two or more players, keyed by their folded names, in name order.
fn teams_of(teams: &[(PlayerNumber, String)]) -> Result<Vec<TeamGroup>, AvoidanceError> {
    let mut by_name: BTreeMap<String, TeamGroup> = BTreeMap::new();
    for (player, name) in teams {
        let name = name.trim();
        if name.is_empty() {
            continue;
        }
        by_name
            .entry(name.to_lowercase())
            .or_insert_with(|| TeamGroup {
                team: name.to_string(),
                players: Vec::new(),
                first_round: 1,
                last_round: 0,
            })
            .players
            .push(*player);
    }
    let mut groups = Vec::new();
    for (_, mut group) in by_name {
        group.players.sort_unstable();
        group.players.dedup();
        if group.players.len() > MAX_TEAM {
            return Err(AvoidanceError::TeamTooLarge {
                team: group.team,
                players: group.players.len(),
            });
        }
        if group.players.len() >= 2 {
            groups.push(group);
        }
    }
    Ok(groups)
}

/// The teams to keep apart under `rule` in an event of `total_rounds`, each with its rounds: what
/// the exported TRF carries (one `260` line per team, or `XXP` when every round is covered).
pub fn team_groups(
    teams: &[(PlayerNumber, String)],
    rule: ClubAvoidance,
    total_rounds: u32,
) -> Result<Vec<TeamGroup>, AvoidanceError> {
    let Some(last_round) = rule.last_round(total_rounds) else {
        return Ok(Vec::new());
    };
    let mut groups = teams_of(teams)?;
    for group in &mut groups {
        group.last_round = last_round;
    }
    Ok(groups)
}

/// The forbidden pairs of `round` under `rule` (none when it does not apply), for
/// `Tournament::forbidden_pairs` beside the arbiter's own pairs.
pub fn team_forbidden_pairs(
    teams: &[(PlayerNumber, String)],
    rule: ClubAvoidance,
    round: u32,
) -> Result<Vec<(PlayerNumber, PlayerNumber)>, AvoidanceError> {
    if !rule.applies(round) {
        return Ok(Vec::new());
    }
    Ok(pairs_of(&teams_of(teams)?))
}

/// The teams of `rule` as prohibitions of an event of `total_rounds`, each over its rounds less
/// those in which the arbiter relaxed it (`relaxed`: round and team name, compared as teams are):
/// one prohibition per run of rounds.
pub fn prohibitions(
    teams: &[(PlayerNumber, String)],
    rule: ClubAvoidance,
    total_rounds: u32,
    relaxed: &[(u32, String)],
) -> Result<Vec<Prohibition>, AvoidanceError> {
    let mut out = Vec::new();
    for group in team_groups(teams, rule, total_rounds)? {
        let folded = group.team.to_lowercase();
        let is_relaxed = |round: u32| {
            relaxed
                .iter()
                .any(|(r, team)| *r == round && team.trim().to_lowercase() == folded)
        };
        let mut start = None;
        for round in group.first_round..=group.last_round + 1 {
            let open = round <= group.last_round && !is_relaxed(round);
            match (open, start) {
                (true, None) => start = Some(round),
                (false, Some(first)) => {
                    out.push(Prohibition::new(first, round - 1, group.players.clone()));
                    start = None;
                }
                _ => {}
            }
        }
    }
    Ok(out)
}

/// Whether `a` and `b` name one team (trimmed, case-insensitively; an empty name is no team).
pub fn same_team(a: &str, b: &str) -> bool {
    let (a, b) = (a.trim(), b.trim());
    !a.is_empty() && a.to_lowercase() == b.to_lowercase()
}

fn pairs_of(groups: &[TeamGroup]) -> Vec<(PlayerNumber, PlayerNumber)> {
    let mut pairs = Vec::new();
    for group in groups {
        for (k, &a) in group.players.iter().enumerate() {
            for &b in &group.players[k + 1..] {
                pairs.push((a, b));
            }
        }
    }
    pairs
}

/// What keeps a round from being paired under team avoidance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Blockage {
    /// Not the teams: the round has no legal pairing even without their pairs (rematches, byes,
    /// the arbiter's own forbidden pairs).
    NotTheTeams,
    /// Relaxing these teams' pairs (and no fewer: putting any one back blocks the round again)
    /// lets the round be paired, as the given pairing.
    Teams {
        /// The teams, by name as first given.
        teams: Vec<String>,
        /// The round paired with those teams' pairs relaxed.
        pairing: Pairing,
    },
}

/// Pairs the next round of `tournament` (holding the arbiter's own forbidden pairs only) with the
/// team pairs of `rule` added. When that fails for want of a legal pairing, tells what blocks it:
/// a minimal set of teams whose pairs must be relaxed, found by dropping teams (largest first)
/// until the round pairs and then putting back every team the round can take. Other errors of the
/// engine, and a team too large, are errors.
pub fn pair_avoiding_teams(
    tournament: &Tournament,
    teams: &[(PlayerNumber, String)],
    rule: ClubAvoidance,
) -> Result<Result<Pairing, Blockage>, AvoidanceError> {
    let round = tournament.next_round();
    let groups = if rule.applies(round) {
        teams_of(teams)?
    } else {
        Vec::new()
    };
    let attempt = |kept: &[&TeamGroup]| {
        let mut t = tournament.clone();
        let owned: Vec<TeamGroup> = kept.iter().map(|&g| g.clone()).collect();
        t.forbidden_pairs.extend(pairs_of(&owned));
        match pair_next_round(&t) {
            Ok(pairing) => Ok(Some(pairing)),
            Err(PairingError::NoLegalPairing { .. }) => Ok(None),
            Err(other) => Err(AvoidanceError::Pairing(other)),
        }
    };
    let all: Vec<&TeamGroup> = groups.iter().collect();
    if let Some(pairing) = attempt(&all)? {
        return Ok(Ok(pairing));
    }
    if groups.is_empty() || attempt(&[])?.is_none() {
        return Ok(Err(Blockage::NotTheTeams));
    }
    let mut order: Vec<usize> = (0..groups.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(groups[i].players.len()));
    let mut relaxed: Vec<usize> = Vec::new();
    let mut pairing = None;
    for &i in &order {
        relaxed.push(i);
        let kept: Vec<&TeamGroup> = (0..groups.len())
            .filter(|j| !relaxed.contains(j))
            .map(|j| &groups[j])
            .collect();
        if let Some(p) = attempt(&kept)? {
            pairing = Some(p);
            break;
        }
    }
    // Put back, smallest relaxed team first, every team the round can still take.
    for &i in relaxed.clone().iter().rev() {
        let trial: Vec<usize> = relaxed.iter().copied().filter(|&j| j != i).collect();
        let kept: Vec<&TeamGroup> = (0..groups.len())
            .filter(|j| !trial.contains(j))
            .map(|j| &groups[j])
            .collect();
        if let Some(p) = attempt(&kept)? {
            relaxed = trial;
            pairing = Some(p);
        }
    }
    let Some(pairing) = pairing else {
        // Unreachable in practice: relaxing every team pairs the round, as checked above.
        return Ok(Err(Blockage::NotTheTeams));
    };
    let mut names: Vec<String> = relaxed.iter().map(|&i| groups[i].team.clone()).collect();
    names.sort();
    Ok(Err(Blockage::Teams {
        teams: names,
        pairing,
    }))
}

#[cfg(test)]
mod tests;
