//! Prize money (RULES.md §8): a prize table by place, special prizes by player category, tie handling
//! for Swiss-only events, and the payout sheet.
//!
//! **One prize per player, the larger.** Special prizes are awarded in descending amount to the
//! best-ranked player of the category without a special prize whose place money is smaller; that player
//! takes the special prize and leaves the place ranking, and everyone below closes ranks (so the place
//! prize they gave up passes down). Equal amounts keep the place prize.
//!
//! **Shared prizes** (Swiss-only events, setting): players level on score form a group; the prizes of
//! the places the group covers are summed and split equally, rounded down to the currency unit. The
//! remainder (fewer units than players in the group) is paid one unit each to the group's best players
//! by tie-break, so the whole table is paid out; each such remainder is listed in [`Payout::notes`].
//! (This pools all of the money.)
//!
//! **Hort splitting** (setting, Swiss-only events): as chess arbiters split, half of the group's pooled
//! prizes is shared equally and the other half goes by tie-break order, each player taking half the
//! prize of the place the tie-breaks give them. Player k of a group of n covering places whose prizes
//! add up to P, with a_k the prize of their tie-break place, gets (P + n·a_k) / 2n; amounts are whole
//! currency units, so each share is rounded down and the units left over (fewer than n) are paid one
//! each to the group's best players by tie-break, as for shared prizes (listed in [`Payout::notes`]).
//!
//! **Team prize first** ([`TeamRule::TeamFirst`], setting): the players counted in a team that wins a
//! team prize are passed over for the individual prizes ([`award_passing_over`]): they leave the place
//! ranking before any prize is awarded, as a special prize winner does, so the places pass down to the
//! next players, special prizes skip them, and shared or Hort groups are formed among the players left.
//! They stay on the payout with no prize and a note naming their team.

use std::collections::{BTreeMap, HashSet};

use crate::i18n::{Lang, Reason};

/// Why a prize table or ranking was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PrizeError {
    /// Currency not three capital letters.
    #[error("currency '{0}' is not a three-letter code like HKD")]
    Currency(String),
    /// A row's place range is empty or starts at 0.
    #[error("prize row {row}: places {from}–{to} are not a range from 1 up")]
    Range {
        /// 1-based row.
        row: usize,
        /// First place.
        from: u32,
        /// Last place.
        to: u32,
    },
    /// Two rows cover the same place.
    #[error("prize row {row}: place {place} already has a prize")]
    Overlap {
        /// 1-based row.
        row: usize,
        /// The place covered twice.
        place: u32,
    },
    /// A special prize without a category or label.
    #[error("special prize {index}: category and label must not be empty")]
    Special {
        /// 1-based index.
        index: usize,
    },
    /// A start number appears twice in the ranking.
    #[error("start number {0} appears twice in the ranking")]
    Duplicate(u32),
    /// Amounts too large to add up.
    #[error("the prize amounts are too large")]
    Overflow,
}

/// Prize money for a range of places, each place receiving `amount` currency units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PrizeRow {
    /// First place (1-based).
    pub from: u32,
    /// Last place, inclusive.
    pub to: u32,
    /// Amount per place, in whole currency units.
    pub amount: u64,
}

/// A prize for the best player(s) of a category (best junior, best woman, best club player…).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SpecialPrize {
    /// The category as recorded on players (`junior`, `woman`, a club name…).
    pub category: String,
    /// What the payout sheet calls it ("Best junior").
    pub label: String,
    /// Amount in whole currency units.
    pub amount: u64,
}

/// A row's places must run forwards from 1 or later; `i` is its index (reported 1-based).
fn check_range(i: usize, r: &PrizeRow) -> Result<(), PrizeError> {
    if r.from == 0 || r.from > r.to {
        return Err(PrizeError::Range {
            row: i + 1,
            from: r.from,
            to: r.to,
        });
    }
    Ok(())
}

/// The first row (in table order) that is not a range from 1 up or that covers a place of an earlier
/// row; for an overlap, the place named is in the first earlier row (in table order) it overlaps.
///
/// O(n log n): until the first overlap the rows seen are disjoint, so they are kept in a map by first
/// place, and the only rows a new one can overlap are the one starting at or before its first place and
/// those starting inside it — a range of the map.
fn check_rows(rows: &[PrizeRow]) -> Result<(), PrizeError> {
    // First place → (last place, row index) of the rows seen so far, pairwise disjoint.
    let mut covered: BTreeMap<u32, (u32, usize)> = BTreeMap::new();
    for (i, r) in rows.iter().enumerate() {
        check_range(i, r)?;
        let before = covered
            .range(..r.from)
            .next_back()
            .filter(|(_, (to, _))| *to >= r.from);
        let inside = covered.range(r.from..=r.to);
        let first = before
            .into_iter()
            .chain(inside)
            .min_by_key(|(_, (_, index))| *index);
        if let Some((&a, &(b, _))) = first {
            return Err(PrizeError::Overlap {
                row: i + 1,
                place: r.from.max(a).min(b),
            });
        }
        covered.insert(r.from, (r.to, i));
    }
    Ok(())
}

/// An event's prize table. Only constructible valid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrizeTable {
    currency: String,
    rows: Vec<PrizeRow>,
    specials: Vec<SpecialPrize>,
}

impl PrizeTable {
    /// Checks and builds a table: a three-letter currency, rows of non-overlapping ranges from place 1 up,
    /// special prizes with a category and label.
    pub fn new(
        currency: &str,
        rows: Vec<PrizeRow>,
        specials: Vec<SpecialPrize>,
    ) -> Result<PrizeTable, PrizeError> {
        let currency = currency.trim();
        if currency.len() != 3 || !currency.bytes().all(|b| b.is_ascii_uppercase()) {
            return Err(PrizeError::Currency(currency.to_string()));
        }
        check_rows(&rows)?;
        for (i, s) in specials.iter().enumerate() {
            if s.category.trim().is_empty() || s.label.trim().is_empty() {
                return Err(PrizeError::Special { index: i + 1 });
            }
        }
        let table = PrizeTable {
            currency: currency.to_string(),
            rows,
            specials,
        };
        table.checked_total().ok_or(PrizeError::Overflow)?;
        Ok(table)
    }

    /// The seed's table (Hong Kong 2011): HKD 3000, 1200, 1000, 800, 300 for places 5–8, 200 for 9–12.
    pub fn seed_template() -> PrizeTable {
        let row = |from, to, amount| PrizeRow { from, to, amount };
        PrizeTable {
            currency: "HKD".to_string(),
            rows: vec![
                row(1, 1, 3000),
                row(2, 2, 1200),
                row(3, 3, 1000),
                row(4, 4, 800),
                row(5, 8, 300),
                row(9, 12, 200),
            ],
            specials: Vec::new(),
        }
    }

    /// The currency code.
    pub fn currency(&self) -> &str {
        &self.currency
    }

    /// The place rows.
    pub fn rows(&self) -> &[PrizeRow] {
        &self.rows
    }

    /// The special prizes.
    pub fn specials(&self) -> &[SpecialPrize] {
        &self.specials
    }

    /// The prize for a place (0 when none).
    pub fn place_amount(&self, place: u32) -> u64 {
        self.rows
            .iter()
            .find(|r| (r.from..=r.to).contains(&place))
            .map_or(0, |r| r.amount)
    }

    fn checked_total(&self) -> Option<u64> {
        let places = self.rows.iter().try_fold(0u64, |sum, r| {
            sum.checked_add(r.amount.checked_mul(u64::from(r.to - r.from) + 1)?)
        })?;
        self.specials
            .iter()
            .try_fold(places, |sum, s| sum.checked_add(s.amount))
    }

    /// All prize money: every place prize plus every special prize.
    pub fn total(&self) -> u64 {
        // `new` refused tables whose total overflows.
        self.checked_total().unwrap_or(u64::MAX)
    }
}

/// How players level on score share place prizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieHandling {
    /// Places are decided by the tie-breaks; each place gets its own prize (default; always for knockouts).
    #[default]
    ByTieBreak,
    /// Players level on score share the summed prizes of the places they cover equally.
    Shared,
    /// Hort: half of the summed prizes shared equally, half by tie-break order (module text).
    Hort,
}

impl TieHandling {
    /// The name forms, the API and the store use (`by_tie_break`, `shared`, `hort`).
    pub const fn as_str(self) -> &'static str {
        match self {
            TieHandling::ByTieBreak => "by_tie_break",
            TieHandling::Shared => "shared",
            TieHandling::Hort => "hort",
        }
    }

    /// Every handling, in the order the forms offer them.
    pub const ALL: [TieHandling; 3] = [
        TieHandling::ByTieBreak,
        TieHandling::Shared,
        TieHandling::Hort,
    ];

    /// Reads the name of a handling forms and the API offer (spaces around allowed): `by_tie_break`,
    /// `shared` or `hort`.
    pub fn parse(text: &str) -> Option<TieHandling> {
        TieHandling::ALL
            .into_iter()
            .find(|t| t.as_str() == text.trim())
    }

    /// The message key of the option's name (what the settings and the audit log show).
    pub const fn message(self) -> &'static str {
        match self {
            TieHandling::ByTieBreak => "prize_ties_by_tie_break",
            TieHandling::Shared => "prize_ties_shared",
            TieHandling::Hort => "prize_ties_hort",
        }
    }
}

/// Whether a player counted in a prize-winning team may also win an individual prize.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamRule {
    /// Both prizes: the team prize goes to the team and its players keep any individual prize
    /// (default).
    #[default]
    Both,
    /// One prize only: the players counted in a team that wins a team prize are passed over for the
    /// individual prizes, which pass down to the next players.
    TeamFirst,
}

impl TeamRule {
    /// The name forms, the API and the store use (`both`, `team_first`).
    pub const fn as_str(self) -> &'static str {
        match self {
            TeamRule::Both => "both",
            TeamRule::TeamFirst => "team_first",
        }
    }

    /// Every rule, in the order the form offers them.
    pub const ALL: [TeamRule; 2] = [TeamRule::Both, TeamRule::TeamFirst];

    /// Reads the name of a rule (spaces around allowed): `both` or `team_first`.
    pub fn parse(text: &str) -> Option<TeamRule> {
        TeamRule::ALL
            .into_iter()
            .find(|t| t.as_str() == text.trim())
    }

    /// The message key of the rule's name (what the form and the audit log show).
    pub const fn message(self) -> &'static str {
        match self {
            TeamRule::Both => "prize_team_rule_both",
            TeamRule::TeamFirst => "prize_team_rule_team_first",
        }
    }
}

/// A player in final ranking order, as the prize calculation needs them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contender {
    /// Start number.
    pub start: u32,
    /// Name as printed on the payout sheet.
    pub name: String,
    /// Score in any fixed unit (e.g. half points); only equality matters, for shared prizes.
    pub score: u32,
    /// The player's categories (`junior`, `woman`, club…), matched against special prizes.
    pub categories: Vec<String>,
}

/// One line of the payout sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayoutRow {
    /// The player's final place.
    pub place: u32,
    /// Start number.
    pub start: u32,
    /// Name.
    pub name: String,
    /// Amount in whole currency units.
    pub prize: u64,
    /// What the money is for ("1st place", "Places 5–8 shared", "Best junior"), a message for the
    /// reader's language (its `Display` is the English); for a player passed over, the note that they
    /// won with their team.
    pub award: Reason,
    /// The team the player won a team prize with, when that passed them over for the individual
    /// prizes ([`TeamRule::TeamFirst`]; their prize is then 0).
    pub with_team: Option<String>,
}

/// Who gets what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payout {
    /// The currency code.
    pub currency: String,
    /// Every player with a prize, and every player passed over for winning with their team (prize 0),
    /// in place order.
    pub rows: Vec<PayoutRow>,
    /// Prize money nobody qualified for (fewer players than places, no player of a category).
    pub unawarded: u64,
    /// How shared remainders were paid, one message per group with a remainder.
    pub notes: Vec<Reason>,
}

impl Payout {
    /// The prize of a player (0 when none).
    pub fn prize_of(&self, start: u32) -> u64 {
        self.rows
            .iter()
            .find(|r| r.start == start)
            .map_or(0, |r| r.prize)
    }

    /// Total paid out.
    pub fn paid(&self) -> u64 {
        self.rows.iter().map(|r| r.prize).sum()
    }

    /// The payout sheet as CSV: `place,start,name,prize,currency,award,signature` (signature left empty
    /// for the player to sign on the printout), the award in `lang`.
    pub fn to_csv(&self, lang: Lang) -> String {
        let mut lines: Vec<Vec<String>> = vec![
            [
                "place",
                "start",
                "name",
                "prize",
                "currency",
                "award",
                "signature",
            ]
            .map(String::from)
            .to_vec(),
        ];
        for r in &self.rows {
            lines.push(vec![
                r.place.to_string(),
                r.start.to_string(),
                r.name.clone(),
                r.prize.to_string(),
                self.currency.clone(),
                lang.reason(&r.award),
                String::new(),
            ]);
        }
        csv_text(&lines)
    }
}

/// CSV of `lines` (the first the header), each cell made safe for spreadsheets.
fn csv_text(lines: &[Vec<String>]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    for line in lines {
        // Writing to a Vec cannot fail.
        let _ = w.write_record(line.iter().map(|c| crate::csv_safe::cell(c).into_owned()));
    }
    w.into_inner()
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .unwrap_or_default()
}

/// The prize of each place 1..=`places` (index 0 is place 1): linear in the rows and places, since the
/// rows are disjoint.
fn place_amounts(table: &PrizeTable, places: usize) -> Vec<u64> {
    let mut amounts = vec![0u64; places];
    for r in &table.rows {
        let from = r.from as usize;
        let to = (r.to as usize).min(places);
        if from <= to {
            amounts[from - 1..to].fill(r.amount);
        }
    }
    amounts
}

/// Place money of the players still in the place ranking, by index into the ranking: (amount, award).
fn place_money(
    table: &PrizeTable,
    ranking: &[Contender],
    out: &HashSet<usize>,
    ties: TieHandling,
    notes: &mut Vec<Reason>,
) -> Vec<Option<(u64, Reason)>> {
    let remaining: Vec<usize> = (0..ranking.len()).filter(|i| !out.contains(i)).collect();
    let amounts = place_amounts(table, remaining.len());
    let mut money = vec![None; ranking.len()];
    let mut start = 0;
    while start < remaining.len() {
        let mut end = start + 1;
        if ties != TieHandling::ByTieBreak {
            while end < remaining.len()
                && ranking[remaining[end]].score == ranking[remaining[start]].score
            {
                end += 1;
            }
        }
        // Places (1-based) covered by this group after closing ranks.
        let (first, last) = (start as u32 + 1, end as u32);
        let pool: u64 = amounts[start..end].iter().sum();
        let size = (end - start) as u64;
        let hort = ties == TieHandling::Hort && size > 1;
        // Each player's share rounded down, in tie-break order; the whole table fits a u64, so a
        // share (at most the pool) does too.
        let shares: Vec<u64> = if hort {
            amounts[start..end]
                .iter()
                .map(|&a| {
                    let exact = u128::from(pool) + u128::from(size) * u128::from(a);
                    u64::try_from(exact / (2 * u128::from(size))).unwrap_or(pool)
                })
                .collect()
        } else {
            vec![pool / size; end - start]
        };
        let remainder = pool - shares.iter().sum::<u64>();
        let award = if size == 1 {
            Reason::new("prize_place").arg("place", first)
        } else if hort {
            Reason::new("prize_places_hort")
                .arg("first", first)
                .arg("last", last)
        } else {
            Reason::new("prize_places_shared")
                .arg("first", first)
                .arg("last", last)
        };
        if remainder > 0 && hort {
            notes.push(
                Reason::new("prize_hort_remainder_note")
                    .arg("first", first)
                    .arg("last", last)
                    .arg("pool", pool)
                    .arg("currency", &table.currency)
                    .arg("remainder", remainder),
            );
        } else if remainder > 0 {
            notes.push(
                Reason::new("prize_remainder_note")
                    .arg("first", first)
                    .arg("last", last)
                    .arg("pool", pool)
                    .arg("currency", &table.currency)
                    .arg("size", size)
                    .arg("share", shares[0])
                    .arg("remainder", remainder),
            );
        }
        for (k, &i) in remaining[start..end].iter().enumerate() {
            let extra = u64::from((k as u64) < remainder);
            money[i] = Some((shares[k] + extra, award.clone()));
        }
        start = end;
    }
    money
}

/// Awards the prizes to a ranking (players in final place order, place = position + 1).
pub fn award(
    table: &PrizeTable,
    ranking: &[Contender],
    ties: TieHandling,
) -> Result<Payout, PrizeError> {
    award_passing_over(table, ranking, ties, &BTreeMap::new())
}

/// Awards the prizes to a ranking as [`award`] does, passing over the players of `passed` (start
/// number → the team they won a team prize with): they take no place and no special prize, the
/// others close ranks below them (so the places pass down and shared or Hort groups are formed
/// among the players left), and each stays on the payout with prize 0 and a note naming the team.
/// Start numbers not in the ranking are ignored.
pub fn award_passing_over(
    table: &PrizeTable,
    ranking: &[Contender],
    ties: TieHandling,
    passed: &BTreeMap<u32, String>,
) -> Result<Payout, PrizeError> {
    let mut seen = HashSet::new();
    if let Some(dup) = ranking.iter().find(|c| !seen.insert(c.start)) {
        return Err(PrizeError::Duplicate(dup.start));
    }
    let mut specials: Vec<&SpecialPrize> = table.specials.iter().collect();
    // Larger prizes first; stable, so equal amounts keep the table's order.
    specials.sort_by_key(|s| std::cmp::Reverse(s.amount));
    let team_of: Vec<Option<&String>> = ranking.iter().map(|c| passed.get(&c.start)).collect();
    let mut out: HashSet<usize> = (0..ranking.len())
        .filter(|&i| team_of[i].is_some())
        .collect();
    let mut special_of: Vec<Option<&SpecialPrize>> = vec![None; ranking.len()];
    for special in specials {
        let money = place_money(table, ranking, &out, ties, &mut Vec::new());
        let current = |i: usize| money[i].as_ref().map_or(0, |m| m.0);
        let winner = (0..ranking.len()).find(|&i| {
            special_of[i].is_none()
                && team_of[i].is_none()
                && ranking[i]
                    .categories
                    .iter()
                    .any(|c| c.trim().eq_ignore_ascii_case(special.category.trim()))
                && current(i) < special.amount
        });
        if let Some(i) = winner {
            special_of[i] = Some(special);
            out.insert(i);
        }
    }
    let mut notes = Vec::new();
    let money = place_money(table, ranking, &out, ties, &mut notes);
    let mut rows = Vec::new();
    for (i, c) in ranking.iter().enumerate() {
        if let Some(team) = team_of[i] {
            rows.push(PayoutRow {
                place: i as u32 + 1,
                start: c.start,
                name: c.name.clone(),
                prize: 0,
                award: Reason::new("prize_won_with_team").arg("team", team),
                with_team: Some(team.clone()),
            });
            continue;
        }
        let (prize, award) = match special_of[i] {
            Some(s) => (
                s.amount,
                Reason::new("prize_special").arg("label", &s.label),
            ),
            None => match &money[i] {
                Some((amount, award)) => (*amount, award.clone()),
                None => (0, Reason::new("prize_special").arg("label", "")),
            },
        };
        if prize > 0 {
            rows.push(PayoutRow {
                place: i as u32 + 1,
                start: c.start,
                name: c.name.clone(),
                prize,
                award,
                with_team: None,
            });
        }
    }
    let paid: u64 = rows.iter().map(|r| r.prize).sum();
    Ok(Payout {
        currency: table.currency.clone(),
        rows,
        unawarded: table.total().saturating_sub(paid),
        notes,
    })
}

/// A team in the team table's order, as the team prizes need it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamContender {
    /// The team's place in the team table (teams level on points, tie-break and best player share it).
    pub rank: u32,
    /// The team's name.
    pub team: String,
    /// Its points in any fixed unit (e.g. tenths); only equality matters.
    pub points: u32,
}

/// One line of the team payout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamPayoutRow {
    /// The team's place in the team table.
    pub rank: u32,
    /// The team.
    pub team: String,
    /// Amount in whole currency units.
    pub prize: u64,
    /// What the money is for ("1st place", "Places 2–3 shared").
    pub award: Reason,
}

/// Which team gets what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamPayout {
    /// The currency code.
    pub currency: String,
    /// Every team with a prize, in table order.
    pub rows: Vec<TeamPayoutRow>,
    /// Team prize money no team qualified for (fewer teams than prize places).
    pub unawarded: u64,
    /// How shared remainders were paid, one message per group with a remainder.
    pub notes: Vec<Reason>,
}

impl TeamPayout {
    /// Total paid out to teams.
    pub fn paid(&self) -> u64 {
        self.rows.iter().map(|r| r.prize).sum()
    }

    /// The team payout as CSV: `rank,team,prize,currency,award,signature`, the award in `lang`.
    pub fn to_csv(&self, lang: Lang) -> String {
        let mut lines: Vec<Vec<String>> = vec![
            ["rank", "team", "prize", "currency", "award", "signature"]
                .map(String::from)
                .to_vec(),
        ];
        lines.extend(self.rows.iter().map(|r| {
            vec![
                r.rank.to_string(),
                r.team.clone(),
                r.prize.to_string(),
                self.currency.clone(),
                lang.reason(&r.award),
                String::new(),
            ]
        }));
        csv_text(&lines)
    }
}

/// Awards the team prizes — `table`'s place rows (its special prizes are not for teams) — by the
/// team table, `teams` best first.
///
/// Teams level on points share as `ties` says for players: `Shared` equally, `Hort` half equally and
/// half by the team table's order (its tie-break, then its best player; teams level on all of them
/// keep the table's order, by name). `ByTieBreak` pays each place its prize, except that teams
/// level on everything the team table compares (they share a rank) share their places' prizes
/// equally, since nothing orders them. Team prizes go to the team and leave the individual prizes
/// as they are.
pub fn award_teams(
    table: &PrizeTable,
    teams: &[TeamContender],
    ties: TieHandling,
) -> Result<TeamPayout, PrizeError> {
    let (key, ties): (fn(&TeamContender) -> u32, TieHandling) = match ties {
        TieHandling::ByTieBreak => (|t| t.rank, TieHandling::Shared),
        other => (|t| t.points, other),
    };
    let contenders: Vec<Contender> = (1u32..)
        .zip(teams)
        .map(|(start, t)| Contender {
            start,
            name: t.team.clone(),
            score: key(t),
            categories: Vec::new(),
        })
        .collect();
    let places = PrizeTable {
        specials: Vec::new(),
        ..table.clone()
    };
    let payout = award(&places, &contenders, ties)?;
    Ok(TeamPayout {
        currency: payout.currency,
        rows: payout
            .rows
            .into_iter()
            .map(|r| TeamPayoutRow {
                rank: teams[r.start as usize - 1].rank,
                team: r.name,
                prize: r.prize,
                award: r.award,
            })
            .collect(),
        unawarded: payout.unawarded,
        notes: payout.notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{Rng, SeedableRng};

    /// The check as it was (every row against every earlier row): the reference for the verdicts.
    fn quadratic_check(rows: &[PrizeRow]) -> Result<(), PrizeError> {
        let mut covered: Vec<(u32, u32)> = Vec::new();
        for (i, r) in rows.iter().enumerate() {
            check_range(i, r)?;
            if let Some(&(a, b)) = covered.iter().find(|&&(a, b)| r.from <= b && a <= r.to) {
                return Err(PrizeError::Overlap {
                    row: i + 1,
                    place: r.from.max(a).min(b),
                });
            }
            covered.push((r.from, r.to));
        }
        Ok(())
    }

    /// Random tables — mostly disjoint rows in random order, with overlaps (some with several earlier
    /// rows at once), empty ranges and place 0 slipped in — get the same verdict, row and place as from
    /// the quadratic check.
    #[test]
    fn the_linear_row_check_gives_the_quadratic_checks_verdicts() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x0017_0002);
        let mut verdicts = [0usize; 3];
        for _ in 0..3_000 {
            let n = 1 + (rng.next_u32() % 40) as usize;
            let mut rows: Vec<PrizeRow> = Vec::with_capacity(n);
            let mut place = 1u32;
            for _ in 0..n {
                let len = rng.next_u32() % 4;
                rows.push(PrizeRow {
                    from: place,
                    to: place + len,
                    amount: u64::from(rng.next_u32() % 1000),
                });
                place += len + 1 + rng.next_u32() % 3;
            }
            for i in (1..rows.len()).rev() {
                rows.swap(i, (rng.next_u32() as usize) % (i + 1));
            }
            let faults = rng.next_u32() % 3;
            for _ in 0..faults {
                let i = (rng.next_u32() as usize) % rows.len();
                match rng.next_u32() % 6 {
                    0 => rows[i].from = 0,
                    1 => rows[i].to = rows[i].from.saturating_sub(1),
                    // A wide row covering several others.
                    2 => rows[i].to = rows[i].from + rng.next_u32() % 30,
                    _ => {
                        let j = (rng.next_u32() as usize) % rows.len();
                        rows[i].from = rows[j].to.saturating_sub(rng.next_u32() % 3).max(1);
                        rows[i].to = rows[i].from + rng.next_u32() % 5;
                    }
                }
            }
            let want = quadratic_check(&rows);
            assert_eq!(check_rows(&rows), want, "{rows:?}");
            verdicts[match want {
                Ok(()) => 0,
                Err(PrizeError::Range { .. }) => 1,
                Err(_) => 2,
            }] += 1;
        }
        assert!(verdicts.iter().all(|&v| v > 100), "{verdicts:?}");
    }

    /// A table of one row per place for `n` places, checked, and awarded to `n` players (a junior
    /// prize on the way); returns the table and how long the check and the award took.
    fn check_and_award(n: u32) -> (PrizeTable, std::time::Duration) {
        let rows: Vec<PrizeRow> = (1..=n)
            .rev()
            .map(|p| PrizeRow {
                from: p,
                to: p,
                amount: u64::from(p % 7),
            })
            .collect();
        let specials = vec![SpecialPrize {
            category: "junior".into(),
            label: "Best junior".into(),
            amount: 5,
        }];
        let mut players = field(n);
        let junior = (n * 7 / 9) as usize;
        players[junior].categories = vec!["junior".into()];
        let started = std::time::Instant::now();
        let table = PrizeTable::new("HKD", rows, specials).expect("valid");
        let payout = award(&table, &players, TieHandling::ByTieBreak).expect("award");
        let took = started.elapsed();
        assert_eq!(payout.prize_of(junior as u32 + 1), 5);
        assert_eq!(payout.paid() + payout.unawarded, table.total());
        (table, took)
    }

    /// 100,000 rows and 100,000 players: the check and the award are linear — ten times the rows
    /// take far less than a hundred times as long (the fastest of three runs each, so that a busy
    /// machine does not decide; a check comparing every row with every other took 9.9 s).
    #[test]
    fn a_table_of_100000_rows_is_checked_and_awarded_in_linear_time() {
        let fastest = |n: u32| (0..3).map(|_| check_and_award(n).1).min().expect("runs");
        let small = fastest(10_000);
        let large = fastest(100_000);
        assert!(
            large < small * 30,
            "10,000 rows: {small:?}; 100,000 rows: {large:?}"
        );
        let (table, _) = check_and_award(100_000);
        let mut overlapping = table.rows().to_vec();
        overlapping.push(PrizeRow {
            from: 50_000,
            to: 50_001,
            amount: 1,
        });
        assert_eq!(
            PrizeTable::new("HKD", overlapping, Vec::new()),
            Err(PrizeError::Overlap {
                row: 100_001,
                // Rows run from place 100,000 down: the row of place 50,001 comes first.
                place: 50_001
            })
        );
    }

    /// `n` players, start number = place, score falling by one per place unless given.
    fn field(n: u32) -> Vec<Contender> {
        (1..=n)
            .map(|p| Contender {
                start: p,
                name: format!("Player {p}"),
                score: 100 - p,
                categories: Vec::new(),
            })
            .collect()
    }

    /// The seed's table with scores: three level for places 1–3, two for 4–5, four for 6–9.
    fn hort_field() -> Vec<Contender> {
        let mut players = field(12);
        for (i, score) in [9, 9, 9, 8, 8, 7, 7, 7, 7, 6, 5, 4].into_iter().enumerate() {
            players[i].score = score;
        }
        players
    }

    /// Worked examples (HKD, whole units):
    /// - places 1–3 (3000 + 1200 + 1000 = 5200) for three: half (2600) equally, 866⅔ each, and half by
    ///   tie-break, 1500, 600, 500: 2366⅔, 1466⅔, 1366⅔; rounded down 2366, 1466, 1366 leave 2,
    ///   paid one each to the first two by tie-break: 2367, 1467, 1366;
    /// - places 4–5 (800 + 300 = 1100) for two: (1100 + 2·800)/4 = 675 and (1100 + 2·300)/4 = 425;
    /// - places 6–9 (300, 300, 300, 200 = 1100) for four: (1100 + 4·300)/8 = 287½ three times and
    ///   (1100 + 4·200)/8 = 237½; rounded down 287, 287, 287, 237 leave 2: 288, 288, 287, 237;
    /// - places 10–12 are not level: 200 each.
    #[test]
    fn hort_splits_half_equally_and_half_by_tie_break() {
        let table = PrizeTable::seed_template();
        let payout = award(&table, &hort_field(), TieHandling::Hort).expect("payout");
        let prizes: Vec<u64> = (1..=12).map(|p| payout.prize_of(p)).collect();
        assert_eq!(
            prizes,
            [
                2367, 1467, 1366, 675, 425, 288, 288, 287, 237, 200, 200, 200
            ]
        );
        assert_eq!(payout.paid(), 8000);
        assert_eq!(payout.unawarded, 0);
        assert_eq!(payout.notes.len(), 2, "remainders of places 1–3 and 6–9");
        assert_eq!(payout.notes[0].key, "prize_hort_remainder_note");
        assert_eq!(payout.rows[0].award.key, "prize_places_hort");
        assert_eq!(payout.rows[9].award.key, "prize_place");
        // Between the two other options: shared equally pays 1734, 1733, 1733 for places 1–3, by
        // tie-break 3000, 1200, 1000.
        let shared = award(&table, &hort_field(), TieHandling::Shared).expect("payout");
        let by_tie_break = award(&table, &hort_field(), TieHandling::ByTieBreak).expect("payout");
        for p in 1..=5 {
            let (lo, hi) = {
                let (a, b) = (shared.prize_of(p), by_tie_break.prize_of(p));
                (a.min(b), a.max(b))
            };
            assert!((lo..=hi).contains(&payout.prize_of(p)), "player {p}");
        }
    }

    /// Hort pays the whole pool of every group, whatever the amounts, and each share is the exact
    /// (P + n·a_k) / 2n rounded down, or one unit more.
    #[test]
    fn hort_pays_every_pool_exactly() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x4047);
        for _ in 0..500 {
            let places = 1 + rng.next_u32() % 12;
            let rows: Vec<PrizeRow> = (1..=places)
                .map(|p| PrizeRow {
                    from: p,
                    to: p,
                    amount: u64::from(rng.next_u32() % 5000),
                })
                .collect();
            let table = PrizeTable::new("TWD", rows, Vec::new()).expect("valid");
            let mut players = field(15);
            let mut score = 50;
            for p in players.iter_mut() {
                score -= rng.next_u32() % 2;
                p.score = score;
            }
            let payout = award(&table, &players, TieHandling::Hort).expect("payout");
            assert_eq!(payout.paid(), table.total(), "{players:?}");
            let mut start = 0;
            while start < players.len() {
                let end = (start..players.len())
                    .find(|&i| players[i].score != players[start].score)
                    .unwrap_or(players.len());
                let amounts: Vec<u64> = (start..end)
                    .map(|i| table.place_amount(i as u32 + 1))
                    .collect();
                let (n, pool) = (amounts.len() as f64, amounts.iter().sum::<u64>() as f64);
                for (k, &a) in amounts.iter().enumerate() {
                    let exact = (pool + n * a as f64) / (2.0 * n);
                    let got = payout.prize_of(players[start + k].start) as f64;
                    assert!(
                        got == exact.floor() || got == exact.floor() + 1.0,
                        "{got} vs {exact}"
                    );
                }
                start = end;
            }
        }
    }

    /// Four teams, 1000 / 600 / 400 / 100 for team places 1–4: B and C level on points (C behind on
    /// the tie-break), and under by tie-break only a full tie (equal rank) shares.
    #[test]
    fn team_prizes_follow_the_team_table_and_the_tie_setting() {
        let row = |p, amount| PrizeRow {
            from: p,
            to: p,
            amount,
        };
        let specials = vec![SpecialPrize {
            category: "junior".into(),
            label: "Best junior".into(),
            amount: 77,
        }];
        let table = PrizeTable::new(
            "HKD",
            vec![row(1, 1000), row(2, 600), row(3, 400), row(4, 100)],
            specials,
        )
        .expect("table");
        let team = |rank, name: &str, points| TeamContender {
            rank,
            team: name.into(),
            points,
        };
        let teams = [
            team(1, "A", 300),
            team(2, "B", 250),
            team(3, "C", 250),
            team(4, "D", 200),
        ];
        let prizes = |ties| {
            let payout = award_teams(&table, &teams, ties).expect("payout");
            assert_eq!(
                payout.paid() + payout.unawarded,
                2100,
                "specials are not for teams"
            );
            payout.rows.iter().map(|r| r.prize).collect::<Vec<_>>()
        };
        assert_eq!(prizes(TieHandling::ByTieBreak), [1000, 600, 400, 100]);
        assert_eq!(prizes(TieHandling::Shared), [1000, 500, 500, 100]);
        // Hort: (1000 + 2·600)/4 = 550 and (1000 + 2·400)/4 = 450.
        assert_eq!(prizes(TieHandling::Hort), [1000, 550, 450, 100]);
        // A full tie (shared rank 2) shares even by tie-break; the payout keeps the table's ranks.
        let tied = [team(1, "A", 300), team(2, "B", 250), team(2, "C", 250)];
        let payout = award_teams(&table, &tied, TieHandling::ByTieBreak).expect("payout");
        let got: Vec<(u32, &str, u64)> = payout
            .rows
            .iter()
            .map(|r| (r.rank, r.team.as_str(), r.prize))
            .collect();
        assert_eq!(got, [(1, "A", 1000), (2, "B", 500), (2, "C", 500)]);
        assert_eq!(payout.unawarded, 100);
        assert_eq!(payout.rows[1].award.key, "prize_places_shared");
        let csv = payout.to_csv(Lang::En);
        assert_eq!(
            csv.lines().take(2).collect::<Vec<_>>(),
            [
                "rank,team,prize,currency,award,signature",
                "1,A,1000,HKD,1st place,"
            ]
        );
    }

    /// `passed` as the map [`award_passing_over`] takes, every player of team "A".
    fn team_a(passed: &[u32]) -> BTreeMap<u32, String> {
        passed.iter().map(|&s| (s, "A".to_string())).collect()
    }

    /// (start, prize, award) of the players paid, in order.
    fn paid_lines(payout: &Payout) -> Vec<(u32, u64, Reason)> {
        payout
            .rows
            .iter()
            .filter(|r| r.with_team.is_none())
            .map(|r| (r.start, r.prize, r.award.clone()))
            .collect()
    }

    /// Players 2 and 5 won with their team: places pass down (3rd takes the 2nd prize, 6th the 4th,
    /// 14th the 12th), and they stay on the payout with nothing and the note.
    #[test]
    fn players_passed_over_for_their_team_let_the_places_pass_down() {
        let table = PrizeTable::seed_template();
        let payout = award_passing_over(
            &table,
            &field(14),
            TieHandling::ByTieBreak,
            &team_a(&[2, 5, 99]),
        )
        .expect("payout");
        let prizes: Vec<u64> = (1..=14).map(|s| payout.prize_of(s)).collect();
        assert_eq!(
            prizes,
            [
                3000, 0, 1200, 1000, 0, 800, 300, 300, 300, 300, 200, 200, 200, 200
            ]
        );
        assert_eq!(payout.paid(), 8000);
        assert_eq!(payout.unawarded, 0);
        let passed: Vec<(u32, u32, u64, &str, Option<&str>)> = payout
            .rows
            .iter()
            .filter(|r| r.award.key == "prize_won_with_team")
            .map(|r| {
                (
                    r.place,
                    r.start,
                    r.prize,
                    r.award.key,
                    r.with_team.as_deref(),
                )
            })
            .collect();
        assert_eq!(
            passed,
            [
                (2, 2, 0, "prize_won_with_team", Some("A")),
                (5, 5, 0, "prize_won_with_team", Some("A"))
            ]
        );
        assert_eq!(payout.rows.len(), 14, "12 paid and 2 passed over");
        let third = payout.rows.iter().find(|r| r.start == 3).expect("3rd");
        assert_eq!(third.award.to_string(), "2nd place");
        assert_eq!(third.place, 3, "the payout keeps the player's own place");
        let csv = payout.to_csv(Lang::En);
        assert!(
            csv.lines()
                .any(|l| l == "2,2,Player 2,0,HKD,Won a team prize with A,"),
            "{csv}"
        );
        // Nobody passed over: exactly the plain award.
        let plain = award(&table, &field(14), TieHandling::ByTieBreak).expect("payout");
        let none = award_passing_over(
            &table,
            &field(14),
            TieHandling::ByTieBreak,
            &BTreeMap::new(),
        )
        .expect("payout");
        assert_eq!(none, plain);
    }

    /// A junior passed over for their team takes no special prize: it goes to the next junior whose
    /// place money (after passing down) is smaller.
    #[test]
    fn special_prizes_skip_the_players_passed_over() {
        let table = seed_table_with_special("junior", "Best junior", 500);
        let mut players = field(14);
        for i in [5, 7] {
            players[i].categories = vec!["junior".into()];
        }
        let plain = award(&table, &players, TieHandling::ByTieBreak).expect("payout");
        assert_eq!(
            plain.prize_of(6),
            500,
            "without the team rule the 6th is best junior"
        );
        let payout = award_passing_over(&table, &players, TieHandling::ByTieBreak, &team_a(&[6]))
            .expect("payout");
        assert_eq!(payout.prize_of(6), 0);
        let eighth = payout.rows.iter().find(|r| r.start == 8).expect("8th paid");
        assert_eq!(
            (eighth.prize, eighth.award.to_string().as_str()),
            (500, "Best junior")
        );
        // 7th takes the 6th prize; with 6 and 8 out of the places, 14th takes the 12th.
        assert_eq!(payout.prize_of(7), 300);
        assert_eq!(payout.prize_of(14), 200);
        assert_eq!(payout.paid(), 8500);
        // A junior already passed over is the only one: the special prize stays unawarded.
        let mut alone = field(14);
        alone[5].categories = vec!["junior".into()];
        let payout = award_passing_over(&table, &alone, TieHandling::ByTieBreak, &team_a(&[6]))
            .expect("payout");
        assert_eq!(payout.unawarded, 500);
    }

    /// Hort and shared groups are formed among the players left: with player 2 (of the three level
    /// for places 1–3) passed over, players 1 and 3 split places 1–2 (3000 + 1200) and players 4 and
    /// 5 places 3–4 (1000 + 800): Hort (4200 + 2·3000)/4 = 2550, (4200 + 2·1200)/4 = 1650, then
    /// (1800 + 2·1000)/4 = 950 and (1800 + 2·800)/4 = 850.
    #[test]
    fn shared_and_hort_groups_are_formed_among_the_players_left() {
        let table = PrizeTable::seed_template();
        let passed = team_a(&[2]);
        let hort =
            award_passing_over(&table, &hort_field(), TieHandling::Hort, &passed).expect("payout");
        let prizes: Vec<u64> = (1..=6).map(|s| hort.prize_of(s)).collect();
        assert_eq!(prizes, [2550, 0, 1650, 950, 850, 300]);
        assert_eq!(hort.rows[0].award.to_string(), "Places 1–2, Hort split");
        let shared = award_passing_over(&table, &hort_field(), TieHandling::Shared, &passed)
            .expect("payout");
        let prizes: Vec<u64> = (1..=5).map(|s| shared.prize_of(s)).collect();
        assert_eq!(prizes, [2100, 0, 2100, 900, 900]);
        // Random fields, tables and passed-over sets: the others are paid exactly as if the passed
        // players had not played, whatever the tie handling.
        let mut rng = ChaCha8Rng::seed_from_u64(0x7ea3);
        for _ in 0..300 {
            let rows: Vec<PrizeRow> = (1..=1 + rng.next_u32() % 10)
                .map(|p| PrizeRow {
                    from: p,
                    to: p,
                    amount: u64::from(rng.next_u32() % 3000),
                })
                .collect();
            let specials = vec![SpecialPrize {
                category: "junior".into(),
                label: "Best junior".into(),
                amount: u64::from(rng.next_u32() % 2000),
            }];
            let table = PrizeTable::new("HKD", rows, specials).expect("valid");
            let mut players = field(14);
            let mut score = 50;
            for p in players.iter_mut() {
                score -= rng.next_u32() % 2;
                p.score = score;
                if rng.next_u32() % 4 == 0 {
                    p.categories = vec!["junior".into()];
                }
            }
            let passed: BTreeMap<u32, String> = (1..=14)
                .filter(|_| rng.next_u32() % 4 == 0)
                .map(|s| (s, format!("T{}", s % 3)))
                .collect();
            let left: Vec<Contender> = players
                .iter()
                .filter(|p| !passed.contains_key(&p.start))
                .cloned()
                .collect();
            for ties in TieHandling::ALL {
                let got = award_passing_over(&table, &players, ties, &passed).expect("payout");
                let want = award(&table, &left, ties).expect("payout");
                assert_eq!(paid_lines(&got), paid_lines(&want), "{passed:?} {ties:?}");
                assert_eq!((got.unawarded, &got.notes), (want.unawarded, &want.notes));
                let noted: Vec<u32> = got
                    .rows
                    .iter()
                    .filter(|r| r.with_team.is_some())
                    .map(|r| r.start)
                    .collect();
                assert_eq!(noted, passed.keys().copied().collect::<Vec<_>>());
            }
        }
    }

    #[test]
    fn seed_table_pays_twelve_places_8000_hkd() {
        let table = PrizeTable::seed_template();
        assert_eq!(table.total(), 8000);
        let amounts: Vec<u64> = (1..=13).map(|p| table.place_amount(p)).collect();
        assert_eq!(
            amounts,
            [
                3000, 1200, 1000, 800, 300, 300, 300, 300, 200, 200, 200, 200, 0
            ]
        );
        let payout = award(&table, &field(42), TieHandling::ByTieBreak).expect("payout");
        assert_eq!(payout.rows.len(), 12);
        assert_eq!(payout.paid(), 8000);
        assert_eq!(payout.unawarded, 0);
        assert_eq!(payout.rows[0].award.to_string(), "1st place");
        assert_eq!(
            payout.rows[11],
            PayoutRow {
                place: 12,
                start: 12,
                name: "Player 12".into(),
                prize: 200,
                award: Reason::new("prize_place").arg("place", 12),
                with_team: None,
            }
        );
        assert_eq!(payout.prize_of(13), 0);
        assert!(payout.notes.is_empty());
    }

    #[test]
    fn payout_csv_has_a_signature_column() {
        let mut players = field(3);
        players[1].name = "Chan, Tai Man".into();
        let payout = award(
            &PrizeTable::seed_template(),
            &players,
            TieHandling::ByTieBreak,
        )
        .expect("payout");
        let csv = payout.to_csv(Lang::En);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "place,start,name,prize,currency,award,signature");
        assert_eq!(lines[1], "1,1,Player 1,3000,HKD,1st place,");
        assert_eq!(lines[2], "2,2,\"Chan, Tai Man\",1200,HKD,2nd place,");
        assert_eq!(lines.len(), 4);
        // Fewer players than prize places: the rest stays unawarded.
        assert_eq!(payout.unawarded, 8000 - 5200);
    }

    /// Hort-style sharing: places 4–6 level share 800 + 300 + 300 = 1400, i.e. 466 each and 2 units left,
    /// which go to the first two of the group by tie-break.
    #[test]
    fn shared_prizes_split_equally_with_the_remainder_documented() {
        let mut players = field(14);
        for p in &mut players[3..6] {
            p.score = 50;
        }
        let payout =
            award(&PrizeTable::seed_template(), &players, TieHandling::Shared).expect("payout");
        let prizes: Vec<u64> = payout.rows.iter().map(|r| r.prize).collect();
        assert_eq!(
            prizes,
            [
                3000, 1200, 1000, 467, 467, 466, 300, 300, 200, 200, 200, 200
            ]
        );
        assert_eq!(payout.rows[3].award.to_string(), "Places 4–6 shared");
        assert_eq!(
            Lang::ZhHant.reason(&payout.rows[3].award),
            "第 4–6 名並列均分"
        );
        assert_eq!(payout.paid(), 8000);
        assert_eq!(payout.notes.len(), 1);
        assert!(
            payout.notes[0]
                .to_string()
                .contains("1400 HKD shared by 3 is 466 each"),
            "{}",
            payout.notes[0]
        );
        // The same ranking by tie-break pays each place its own prize.
        let by_tb = award(
            &PrizeTable::seed_template(),
            &players,
            TieHandling::ByTieBreak,
        )
        .expect("payout");
        assert_eq!(by_tb.rows[3].prize, 800);
        assert_eq!(by_tb.rows[5].prize, 300);
    }

    #[test]
    fn a_tied_group_across_the_end_of_the_table_shares_what_its_places_carry() {
        let mut players = field(14);
        for p in &mut players[10..13] {
            p.score = 20; // places 11–13: 200 + 200 + 0
        }
        let payout =
            award(&PrizeTable::seed_template(), &players, TieHandling::Shared).expect("payout");
        let tail: Vec<(u32, u64)> = payout.rows[10..]
            .iter()
            .map(|r| (r.place, r.prize))
            .collect();
        assert_eq!(tail, [(11, 134), (12, 133), (13, 133)]);
        assert_eq!(payout.paid(), 8000);
        // A whole group that divides evenly leaves no note.
        let mut even = field(12);
        for p in &mut even[4..8] {
            p.score = 30;
        }
        let payout =
            award(&PrizeTable::seed_template(), &even, TieHandling::Shared).expect("payout");
        assert!(payout.rows[4..8].iter().all(|r| r.prize == 300));
        assert!(payout.notes.is_empty());
    }

    /// The seed template's place prizes and one special prize.
    fn seed_table_with_special(category: &str, label: &str, amount: u64) -> PrizeTable {
        let specials = vec![SpecialPrize {
            category: category.into(),
            label: label.into(),
            amount,
        }];
        PrizeTable::new("HKD", PrizeTable::seed_template().rows().to_vec(), specials)
            .expect("table")
    }

    #[test]
    fn each_player_takes_only_the_larger_prize() {
        let table = seed_table_with_special("junior", "Best junior", 500);
        assert_eq!(table.total(), 8500);
        let mut players = field(14);
        players[2].categories = vec!["junior".into()]; // 3rd: 1000 beats 500, keeps the place prize
        players[5].categories = vec!["Junior".into(), "woman".into()]; // 6th: 300 < 500, takes the junior prize
        players[7].categories = vec!["junior".into()];
        let payout = award(&table, &players, TieHandling::ByTieBreak).expect("payout");
        assert_eq!(payout.prize_of(3), 1000);
        let sixth = payout.rows.iter().find(|r| r.start == 6).expect("6th paid");
        assert_eq!(
            (sixth.prize, sixth.award.to_string().as_str()),
            (500, "Best junior")
        );
        // The 6th-place prize passes down: 7th now gets the 6th prize, 13th the 12th prize.
        assert_eq!(
            payout
                .rows
                .iter()
                .find(|r| r.start == 7)
                .map(|r| r.award.to_string()),
            Some("6th place".to_string())
        );
        assert_eq!(payout.prize_of(13), 200);
        assert_eq!(payout.prize_of(8), 300);
        assert_eq!(payout.paid(), 8500);
        assert_eq!(payout.unawarded, 0);

        // No player of the category: the special prize stays unawarded.
        let payout = award(&table, &field(14), TieHandling::ByTieBreak).expect("payout");
        assert_eq!(payout.unawarded, 500);
    }

    #[test]
    fn special_prize_with_shared_places() {
        let table = seed_table_with_special("woman", "Best woman", 400);
        let mut players = field(14);
        for p in &mut players[4..8] {
            p.score = 40; // places 5–8 level
        }
        players[5].categories = vec!["woman".into()];
        let payout = award(&table, &players, TieHandling::Shared).expect("payout");
        // She takes 400 over a 300 share; the other three close up to places 5–7 and share 900.
        assert_eq!(payout.prize_of(6), 400);
        for start in [5, 7, 8] {
            assert_eq!(payout.prize_of(start), 300, "start {start}");
        }
        assert_eq!(payout.prize_of(9), 300, "9th moves up to the 8th prize");
        assert_eq!(payout.paid(), 8400);
    }

    #[test]
    fn invalid_tables_and_rankings_are_refused() {
        let row = |from, to, amount| PrizeRow { from, to, amount };
        assert_eq!(
            PrizeTable::new("hkd", vec![], vec![]),
            Err(PrizeError::Currency("hkd".into()))
        );
        assert_eq!(
            PrizeTable::new("HKD", vec![row(0, 1, 5)], vec![]),
            Err(PrizeError::Range {
                row: 1,
                from: 0,
                to: 1
            })
        );
        assert_eq!(
            PrizeTable::new("HKD", vec![row(3, 2, 5)], vec![]),
            Err(PrizeError::Range {
                row: 1,
                from: 3,
                to: 2
            })
        );
        assert_eq!(
            PrizeTable::new("HKD", vec![row(1, 4, 5), row(4, 6, 1)], vec![]),
            Err(PrizeError::Overlap { row: 2, place: 4 })
        );
        let blank = SpecialPrize {
            category: " ".into(),
            label: "Best".into(),
            amount: 1,
        };
        assert_eq!(
            PrizeTable::new("EUR", vec![], vec![blank]),
            Err(PrizeError::Special { index: 1 })
        );
        assert_eq!(
            PrizeTable::new("EUR", vec![row(1, 2, u64::MAX)], vec![]),
            Err(PrizeError::Overflow)
        );
        let mut players = field(3);
        players[2].start = 1;
        assert_eq!(
            award(
                &PrizeTable::seed_template(),
                &players,
                TieHandling::ByTieBreak
            ),
            Err(PrizeError::Duplicate(1))
        );
    }

    /// The seed's event: 42 players, the Swiss top 8 into a best-of-3 knockout with a 3rd-place match,
    /// the final ranking and the seed's prize table: HKD 8,000 to 12 players.
    #[test]
    fn seed_event_knockout_ranking_pays_8000_to_twelve() {
        use crate::knockout::{Bracket, KnockoutSettings};
        use crate::rules::adjudicate::GameResult;
        let swiss: Vec<u32> = (1..=42).collect();
        let mut bracket = Bracket::seed(&swiss[..8], KnockoutSettings::default()).expect("bracket");
        // The higher seed wins every game it plays with Red and draws with Black: 1½–½ after two
        // games is not decided, so every match runs to game 3 and ends 2½–½.
        while let Some(g) = bracket.due_games().first().copied() {
            let m = bracket.get(g.match_id).expect("match").clone();
            let higher = m
                .entrants()
                .iter()
                .flatten()
                .min_by_key(|e| e.seed)
                .expect("players")
                .start;
            match g.red {
                None => bracket.record_lot(g.match_id, higher).expect("lot"),
                Some(red) => {
                    let result = if red == higher {
                        GameResult::RedWins
                    } else {
                        GameResult::Draw
                    };
                    bracket
                        .record_game(g.match_id, g.number, result)
                        .expect("game");
                }
            }
        }
        assert!(bracket.is_finished());
        let ranking = bracket.final_ranking(&swiss).expect("ranking");
        let order: Vec<u32> = ranking.iter().map(|p| p.start).collect();
        assert_eq!(&order[..12], &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
        let contenders: Vec<Contender> = ranking
            .iter()
            .map(|p| Contender {
                start: p.start,
                name: format!("Player {}", p.start),
                score: 0,
                categories: Vec::new(),
            })
            .collect();
        let payout = award(
            &PrizeTable::seed_template(),
            &contenders,
            TieHandling::ByTieBreak,
        )
        .expect("payout");
        assert_eq!(payout.rows.len(), 12);
        assert_eq!(payout.paid(), 8000);
        assert_eq!(payout.prize_of(1), 3000);
        assert_eq!(payout.prize_of(8), 300);
        assert_eq!(payout.prize_of(12), 200);
    }
}
