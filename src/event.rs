//! An event's settings as organizers enter them, validated field by field.

use chrono::NaiveDate;

use crate::i18n::Reason;
use crate::rules::Variant;
use crate::swiss::avoidance::ClubAvoidance;
use crate::swiss::standings::TieBreak;
use crate::swiss::tournament::{Points, ScoringSystem};

/// A field that failed validation: the form field's name and why, as a message key with its
/// arguments (the bad value, the limits), worded in the reader's language on the pages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    /// The form/JSON field name (also the key of its label).
    pub field: &'static str,
    /// Why it was refused (`words_*` keys in `locales/*/words.ftl`).
    pub reason: Reason,
}

impl FieldError {
    fn new(field: &'static str, reason: Reason) -> FieldError {
        FieldError { field, reason }
    }
}

impl std::fmt::Display for FieldError {
    /// `field: reason` in English (the JSON API, logs).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.reason)
    }
}

/// The settings of an event (name, dates, game, stage sizes, scoring, move limit).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventSettings {
    /// Event name, 1–120 characters.
    pub name: String,
    /// Venue (may be empty).
    pub venue: String,
    /// First day.
    pub start_date: NaiveDate,
    /// Last day (not before the first).
    pub end_date: NaiveDate,
    /// The game played.
    pub variant: Variant,
    /// Rounds of the Swiss stage (1–20; default 6).
    pub swiss_rounds: u32,
    /// Players qualifying for the knockout: 0 (none), 4, 8 or 16 (default 8).
    pub knockout_size: u32,
    /// Games per knockout match (Banqi: per Swiss pairing too): 1, 3, 5 or 7 (default 3).
    pub best_of: u32,
    /// Points for a win, draw and loss (default 2/1/0, Chinese events).
    pub points: (u32, u32, u32),
    /// Plies without a capture that draw the game (default 120 = 60 moves).
    pub move_limit: u32,
    /// Tie-breaks of the Swiss standings, in order (default RULES.md §8).
    pub tie_breaks: Vec<TieBreak>,
    /// A round's pairing is published, and a knockout game started, only once its deal is sealed
    /// (never for xiangqi, which has no deals).
    pub deals_required: bool,
    /// Each deal is drawn from its seed and a public value entered after sealing (SquareDeal);
    /// its setup sheet exists only once the value is entered (never for xiangqi).
    pub public_value_required: bool,
    /// The section's short name (組別: 公開組, 少年組 …); empty for an event of one section.
    pub section: String,
    /// How the section is played: Swiss or round robin, with its groups.
    pub stage: Stage,
}

/// How a section is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A Swiss (FIDE Dutch) of `swiss_rounds` rounds.
    Swiss,
    /// A round robin (循環賽) by the Berger tables, in one group or several (小組循環).
    RoundRobin,
}

impl Format {
    /// The stored and API name: `swiss`, `round_robin`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Format::Swiss => "swiss",
            Format::RoundRobin => "round_robin",
        }
    }

    /// Parses [`Format::as_str`]'s names.
    pub fn parse(s: &str) -> Option<Format> {
        match s.trim() {
            "swiss" => Some(Format::Swiss),
            "round_robin" => Some(Format::RoundRobin),
            _ => None,
        }
    }
}

/// What happens to the games of a player who withdraws from a round robin (`docs/round-robin.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WithdrawalRule {
    /// The usual rule: a player who withdraws having played at most half of their games has all
    /// of them taken out of the table; one who played more has them stand, and every game left is
    /// a forfeit win for the opponent.
    AnnulFirstHalf,
    /// Every game played stands and every game left is a forfeit, whenever the player withdraws.
    Forfeits,
}

impl WithdrawalRule {
    /// The stored and API name: `annul_first_half`, `forfeits`.
    pub const fn as_str(self) -> &'static str {
        match self {
            WithdrawalRule::AnnulFirstHalf => "annul_first_half",
            WithdrawalRule::Forfeits => "forfeits",
        }
    }

    /// Parses [`WithdrawalRule::as_str`]'s names.
    pub fn parse(s: &str) -> Option<WithdrawalRule> {
        match s.trim() {
            "annul_first_half" => Some(WithdrawalRule::AnnulFirstHalf),
            "forfeits" => Some(WithdrawalRule::Forfeits),
            _ => None,
        }
    }
}

/// A section's format with its round-robin settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stage {
    /// Swiss or round robin.
    pub format: Format,
    /// A round robin's cycles: 1 (single) or 2 (double).
    pub cycles: u32,
    /// Round-robin groups (1: one round robin of the whole section).
    pub groups: u32,
    /// Players of each group going on to the knockout (0 without groups).
    pub qualifiers_per_group: u32,
    /// A round robin's rule for withdrawals.
    pub withdrawal: WithdrawalRule,
    /// When a Swiss keeps team-mates apart (同隊回避; the team column, else the club).
    pub club_avoidance: ClubAvoidance,
    /// How many best players' scores make a team's total (團體成績, 1–50; default 3).
    pub team_counted: u32,
}

impl Stage {
    /// A Swiss, as every event was before sections.
    pub const SWISS: Stage = Stage {
        format: Format::Swiss,
        cycles: 1,
        groups: 1,
        qualifiers_per_group: 0,
        withdrawal: WithdrawalRule::AnnulFirstHalf,
        club_avoidance: ClubAvoidance::Off,
        team_counted: crate::swiss::teams::DEFAULT_COUNTED as u32,
    };

    /// Whether the section is a round robin.
    pub fn is_round_robin(&self) -> bool {
        self.format == Format::RoundRobin
    }

    /// The Berger cycles.
    pub fn cycles(&self) -> crate::round_robin::Cycles {
        if self.cycles == 2 {
            crate::round_robin::Cycles::Double {
                swap_last_two: false,
            }
        } else {
            crate::round_robin::Cycles::Single
        }
    }
}

/// Scoring of win/draw/loss points as the Swiss engine wants it: a pairing bye and a forfeit win
/// score a win, a half bye a draw.
pub fn scoring(points: (u32, u32, u32)) -> ScoringSystem {
    let (w, d, l) = (
        Points::whole(points.0 as i32),
        Points::whole(points.1 as i32),
        Points::whole(points.2 as i32),
    );
    ScoringSystem {
        win: w,
        draw: d,
        loss: l,
        forfeit_win: w,
        forfeit_loss: l,
        pairing_bye: w,
        full_bye: w,
        half_bye: d,
        zero_bye: l,
        not_paired: l,
    }
}

impl EventSettings {
    /// Whether the Swiss pairings play a match of several games (Banqi, seed 004 §5.2).
    pub fn plays_matches(&self) -> bool {
        self.variant == Variant::Banqi && self.best_of > 1
    }

    /// The Swiss scoring: the win/draw/loss points, or for Banqi matches the game points of a match
    /// of `best_of` games (a forfeit or the pairing bye scores every game, a half bye half of them).
    pub fn swiss_scoring(&self) -> ScoringSystem {
        if !self.plays_matches() {
            return scoring(self.points);
        }
        let games = self.best_of as i32;
        let (all, half) = (Points::whole(games), Points::from_tenths(games * 5));
        ScoringSystem {
            win: all,
            draw: half,
            loss: Points::ZERO,
            forfeit_win: all,
            forfeit_loss: Points::ZERO,
            pairing_bye: all,
            full_bye: all,
            half_bye: half,
            zero_bye: Points::ZERO,
            not_paired: Points::ZERO,
        }
    }
}

/// The raw text of an event form (all strings, as submitted).
#[derive(Debug, Clone, Default, serde::Deserialize)]
pub struct EventForm {
    /// Name.
    #[serde(default)]
    pub name: String,
    /// Venue.
    #[serde(default)]
    pub venue: String,
    /// YYYY-MM-DD.
    #[serde(default)]
    pub start_date: String,
    /// YYYY-MM-DD; empty means the start date.
    #[serde(default)]
    pub end_date: String,
    /// The IANA time zone the event's times are shown in; empty means the default.
    #[serde(default)]
    pub time_zone: String,
    /// jieqi, xiangqi or banqi.
    #[serde(default)]
    pub variant: String,
    /// Swiss rounds.
    #[serde(default)]
    pub swiss_rounds: String,
    /// Knockout size.
    #[serde(default)]
    pub knockout_size: String,
    /// Best of.
    #[serde(default)]
    pub best_of: String,
    /// Points for a win.
    #[serde(default)]
    pub points_win: String,
    /// Points for a draw.
    #[serde(default)]
    pub points_draw: String,
    /// Points for a loss.
    #[serde(default)]
    pub points_loss: String,
    /// Move limit in plies.
    #[serde(default)]
    pub move_limit: String,
    /// Tie-break codes, comma-separated (`BH,WIN,BWG,PS,PN`); empty means the default order.
    #[serde(default)]
    pub tie_breaks: String,
    /// The "deals required" checkbox: `on` (or `1`, `true`) when ticked, absent otherwise.
    #[serde(default)]
    pub deals_required: String,
    /// The "public value required" checkbox, as `deals_required`.
    #[serde(default)]
    pub public_value_required: String,
    /// The settings form's tie-break in place 1 (a code, or empty).
    #[serde(default)]
    pub tb1: String,
    /// The settings form's tie-break in place 2 (a code, or empty).
    #[serde(default)]
    pub tb2: String,
    /// The settings form's tie-break in place 3 (a code, or empty).
    #[serde(default)]
    pub tb3: String,
    /// The settings form's tie-break in place 4 (a code, or empty).
    #[serde(default)]
    pub tb4: String,
    /// The settings form's tie-break in place 5 (a code, or empty).
    #[serde(default)]
    pub tb5: String,
    /// The settings form's tie-break in place 6 (a code, or empty).
    #[serde(default)]
    pub tb6: String,
    /// The settings form's tie-break in place 7 (a code, or empty).
    #[serde(default)]
    pub tb7: String,
    /// The settings form's tie-break in place 8 (a code, or empty).
    #[serde(default)]
    pub tb8: String,
    /// A regulation's order to use instead of the places (`CXA-14.3.1` …; empty: the places).
    #[serde(default)]
    pub tie_break_preset: String,
    /// The section's short name.
    #[serde(default)]
    pub section: String,
    /// `swiss` (default) or `round_robin`.
    #[serde(default)]
    pub format: String,
    /// A round robin's cycles: 1 (default) or 2.
    #[serde(default)]
    pub cycles: String,
    /// Round-robin groups (default 1).
    #[serde(default)]
    pub groups: String,
    /// Qualifiers per group (default: the knockout size shared among the groups).
    #[serde(default)]
    pub qualifiers_per_group: String,
    /// `annul_first_half` (default) or `forfeits`.
    #[serde(default)]
    pub withdrawal_rule: String,
    /// Team-mates kept apart: `off` (default), `all`, or the number of first rounds.
    #[serde(default)]
    pub club_avoidance: String,
    /// The players counted in a team's total (default 3).
    #[serde(default)]
    pub team_counted: String,
}

/// A round robin's default tie-breaks: Art. 14.1's order (`swiss::ladder`) without the fouls and
/// the lot, which events do not keep, then the pairing number.
pub const ROUND_ROBIN_TIE_BREAKS: [TieBreak; 6] = [
    TieBreak::SonnebornBerger,
    TieBreak::Wins,
    TieBreak::DirectEncounter,
    TieBreak::GamesWithBlack,
    TieBreak::BlackInDirectGames,
    TieBreak::PairingNumber,
];

/// Whether a checkbox's value is ticked (`on`, `1`, `true`, `yes`).
fn ticked(value: &str) -> bool {
    matches!(
        value.trim().to_ascii_lowercase().as_str(),
        "on" | "1" | "true" | "yes"
    )
}

fn number(
    field: &'static str,
    text: &str,
    default: u32,
    range: std::ops::RangeInclusive<u32>,
) -> Result<u32, FieldError> {
    let text = text.trim();
    let n = if text.is_empty() {
        default
    } else {
        text.parse::<u32>().map_err(|_| {
            FieldError::new(
                field,
                Reason::new("words_not_whole_number").arg("value", text),
            )
        })?
    };
    if range.contains(&n) {
        Ok(n)
    } else {
        Err(FieldError::new(
            field,
            Reason::new("words_out_of_range")
                .arg("value", n)
                .arg("min", range.start())
                .arg("max", range.end()),
        ))
    }
}

fn date(field: &'static str, text: &str) -> Result<NaiveDate, FieldError> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").map_err(|_| {
        FieldError::new(
            field,
            Reason::new("words_not_date").arg("value", text.trim()),
        )
    })
}

/// How many places the settings form offers to order tie-breaks in (the API takes any number).
pub const TIE_BREAK_PLACES: usize = 8;

/// The tie-breaks an event may rank by: every one (the fouls count what the arbiter records on
/// the player cards; the lot separates nobody until the arbiter draws it on the standings page).
pub const EVENT_TIE_BREAKS: [TieBreak; 16] = [
    TieBreak::Buchholz,
    TieBreak::BuchholzCut1,
    TieBreak::BuchholzMedian,
    TieBreak::SonnebornBerger,
    TieBreak::Progressive,
    TieBreak::ProgressiveCuts,
    TieBreak::Wins,
    TieBreak::GamesWon,
    TieBreak::WinsWithBlack,
    TieBreak::GamesWithBlack,
    TieBreak::DirectEncounter,
    TieBreak::BlackInDirectGames,
    TieBreak::PreviousRounds,
    TieBreak::Fouls,
    TieBreak::Lot,
    TieBreak::PairingNumber,
];

/// The codes of a comma-separated list, each regulation's preset (`CXA-14.3.1` …) replaced by
/// its tie-breaks' codes.
fn expand_presets(text: &str) -> Vec<String> {
    let mut codes = Vec::new();
    for code in text
        .split([',', ' '])
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        match crate::swiss::ladder::Preset::parse(code) {
            Some(preset) => codes.extend(preset.tie_breaks().iter().map(|t| t.code().to_string())),
            None => codes.push(code.to_string()),
        }
    }
    codes
}

/// Parses a comma-separated list of tie-break codes, where a regulation's preset (`CXA-14.1`,
/// `CXA-14.3.1`, `CXA-14.3.2`) stands for its tie-breaks; empty gives the default order.
pub fn parse_tie_breaks(text: &str) -> Result<Vec<TieBreak>, FieldError> {
    if text.trim().is_empty() {
        return Ok(TieBreak::DEFAULT_ORDER.to_vec());
    }
    let mut list = Vec::new();
    for code in expand_presets(text) {
        let code = code.as_str();
        let tb = TieBreak::parse(code)
            .filter(|tb| EVENT_TIE_BREAKS.contains(tb))
            .ok_or_else(|| {
                FieldError::new(
                    "tie_breaks",
                    Reason::new("words_tie_break_unknown").arg("code", code.trim()),
                )
            })?;
        if list.contains(&tb) {
            return Err(FieldError::new(
                "tie_breaks",
                Reason::new("words_tie_break_twice").arg("code", code.trim()),
            ));
        }
        list.push(tb);
    }
    Ok(list)
}

/// The tie-break list as stored and shown in forms.
pub fn tie_break_codes(list: &[TieBreak]) -> String {
    list.iter().map(|t| t.code()).collect::<Vec<_>>().join(",")
}

impl EventForm {
    /// The tie-breaks chosen in the settings form's places, in order (empty places skipped), when
    /// any is chosen; otherwise the `tie_breaks` text (the API's list, a locked setting's value).
    pub fn tie_break_text(&self) -> String {
        if !self.tie_break_preset.trim().is_empty() {
            return self.tie_break_preset.trim().to_string();
        }
        let places = [
            &self.tb1, &self.tb2, &self.tb3, &self.tb4, &self.tb5, &self.tb6, &self.tb7, &self.tb8,
        ];
        let chosen: Vec<&str> = places
            .iter()
            .map(|c| c.trim())
            .filter(|c| !c.is_empty())
            .collect();
        if chosen.is_empty() {
            self.tie_breaks.clone()
        } else {
            chosen.join(",")
        }
    }

    /// The code in each of the form's [`TIE_BREAK_PLACES`] places (empty past the list's end), from
    /// the places sent back or else the `tie_breaks` text.
    pub fn tie_break_places(&self) -> Vec<String> {
        let mut places: Vec<String> = expand_presets(&self.tie_break_text())
            .into_iter()
            .map(|c| TieBreak::parse(&c).map_or(c, |tb| tb.code().to_string()))
            .collect();
        places.resize(TIE_BREAK_PLACES.max(places.len()), String::new());
        places
    }

    /// The section's format and round-robin settings; `knockout_size` is the parsed (or default)
    /// knockout size, which a group stage's qualifiers must fill when the form gives it.
    fn stage(&self, knockout_size: u32) -> Result<Stage, Vec<FieldError>> {
        let mut errors = Vec::new();
        let format = match self.format.trim() {
            "" => Format::Swiss,
            typed => Format::parse(typed).unwrap_or_else(|| {
                errors.push(FieldError::new(
                    "format",
                    Reason::new("words_not_format").arg("value", typed),
                ));
                Format::Swiss
            }),
        };
        let withdrawal = match self.withdrawal_rule.trim() {
            "" => WithdrawalRule::AnnulFirstHalf,
            typed => WithdrawalRule::parse(typed).unwrap_or_else(|| {
                errors.push(FieldError::new(
                    "withdrawal_rule",
                    Reason::new("words_not_withdrawal_rule").arg("value", typed),
                ));
                WithdrawalRule::AnnulFirstHalf
            }),
        };
        let club_avoidance = match self.club_avoidance.trim() {
            "" => ClubAvoidance::Off,
            typed => ClubAvoidance::parse(typed)
                .filter(|a| match a {
                    ClubAvoidance::FirstRounds(n) => *n <= 20,
                    _ => true,
                })
                .unwrap_or_else(|| {
                    errors.push(FieldError::new(
                        "club_avoidance",
                        Reason::new("words_not_club_avoidance").arg("value", typed),
                    ));
                    ClubAvoidance::Off
                }),
        };
        let mut check = |r: Result<u32, FieldError>| r.map_err(|e| errors.push(e)).unwrap_or(1);
        let team_counted = check(number(
            "team_counted",
            &self.team_counted,
            crate::swiss::teams::DEFAULT_COUNTED as u32,
            1..=crate::swiss::teams::MAX_COUNTED as u32,
        ));
        let cycles = check(number("cycles", &self.cycles, 1, 1..=2));
        let groups = check(number(
            "groups",
            &self.groups,
            1,
            1..=crate::round_robin::groups::MAX_GROUPS,
        ));
        let per_group_default = if groups > 1 && self.knockout_size.trim().is_empty() {
            2
        } else {
            knockout_size / groups
        };
        let qualifiers_per_group = if groups > 1 {
            check(number(
                "qualifiers_per_group",
                &self.qualifiers_per_group,
                per_group_default,
                0..=16,
            ))
        } else {
            0
        };
        if club_avoidance != ClubAvoidance::Off && format == Format::RoundRobin {
            errors.push(FieldError::new(
                "club_avoidance",
                Reason::new("words_avoidance_swiss_only"),
            ));
        }
        if groups > 1 && format != Format::RoundRobin {
            errors.push(FieldError::new(
                "groups",
                Reason::new("words_groups_need_round_robin"),
            ));
        }
        let knockout = if self.knockout_size.trim().is_empty() {
            groups * qualifiers_per_group
        } else {
            knockout_size
        };
        if groups > 1
            && (knockout != groups * qualifiers_per_group || !matches!(knockout, 0 | 4 | 8 | 16))
        {
            errors.push(FieldError::new(
                "qualifiers_per_group",
                Reason::new("words_qualifiers_fill_knockout")
                    .arg("groups", groups)
                    .arg("per_group", qualifiers_per_group)
                    .arg("size", knockout),
            ));
        }
        if errors.is_empty() {
            Ok(Stage {
                format,
                cycles,
                groups,
                qualifiers_per_group,
                withdrawal,
                club_avoidance,
                team_counted,
            })
        } else {
            Err(errors)
        }
    }

    /// Validates every field; returns all the errors, not just the first.
    pub fn parse(&self) -> Result<EventSettings, Vec<FieldError>> {
        let mut errors = Vec::new();
        let mut check = |r: Result<u32, FieldError>| r.map_err(|e| errors.push(e)).unwrap_or(0);
        let swiss_rounds = check(number("swiss_rounds", &self.swiss_rounds, 6, 1..=20));
        let knockout_size = check(
            number("knockout_size", &self.knockout_size, 8, 0..=16).and_then(|n| {
                if matches!(n, 0 | 4 | 8 | 16) {
                    Ok(n)
                } else {
                    Err(FieldError::new(
                        "knockout_size",
                        Reason::new("words_knockout_size").arg("value", n),
                    ))
                }
            }),
        );
        let best_of = check(number("best_of", &self.best_of, 3, 1..=7).and_then(|n| {
            if n % 2 == 1 {
                Ok(n)
            } else {
                Err(FieldError::new(
                    "best_of",
                    Reason::new("words_best_of").arg("value", n),
                ))
            }
        }));
        let win = check(number("points_win", &self.points_win, 2, 1..=100));
        let draw = check(number("points_draw", &self.points_draw, 1, 0..=100));
        let loss = check(number("points_loss", &self.points_loss, 0, 0..=100));
        // RULES.md §5: 60 moves without a capture; §6 (Banqi): 50 moves without a capture or a flip.
        let default_limit = if Variant::parse(&self.variant) == Some(Variant::Banqi) {
            100
        } else {
            120
        };
        let move_limit = check(number(
            "move_limit",
            &self.move_limit,
            default_limit,
            20..=1000,
        ));
        if win <= draw || draw < loss {
            errors.push(FieldError::new(
                "points_win",
                Reason::new("words_points_order"),
            ));
        }
        let stage = self.stage(knockout_size).map_err(|e| errors.extend(e)).ok();
        let tie_text = self.tie_break_text();
        let tie_breaks = if tie_text.trim().is_empty() && stage.is_some_and(|s| s.is_round_robin())
        {
            ROUND_ROBIN_TIE_BREAKS.to_vec()
        } else {
            parse_tie_breaks(&tie_text)
                .map_err(|e| errors.push(e))
                .unwrap_or_default()
        };
        let section = crate::text::check_line(&self.section, 40)
            .map_err(|e| errors.push(FieldError::new("section", e.reason())))
            .unwrap_or_default();
        let name = match crate::text::check_line(&self.name, 120) {
            Ok(name) if !name.is_empty() => name,
            Ok(_) => {
                errors.push(FieldError::new(
                    "name",
                    Reason::new("words_name_required").arg("max", 120),
                ));
                String::new()
            }
            Err(e) => {
                errors.push(FieldError::new("name", e.reason()));
                String::new()
            }
        };
        let venue = crate::text::check_line(&self.venue, 200)
            .map_err(|e| errors.push(FieldError::new("venue", e.reason())))
            .unwrap_or_default();
        let variant = Variant::parse(&self.variant);
        if variant.is_none() {
            errors.push(FieldError::new(
                "variant",
                Reason::new("words_not_variant").arg("value", self.variant.trim()),
            ));
        }
        let start = date("start_date", &self.start_date)
            .map_err(|e| errors.push(e))
            .ok();
        let end = if self.end_date.trim().is_empty() {
            start
        } else {
            date("end_date", &self.end_date)
                .map_err(|e| errors.push(e))
                .ok()
        };
        if let (Some(s), Some(e)) = (start, end)
            && e < s
        {
            errors.push(FieldError::new(
                "end_date",
                Reason::new("words_end_before_start"),
            ));
        }
        match (errors.is_empty(), variant, start, end, stage) {
            (true, Some(variant), Some(start_date), Some(end_date), Some(stage)) => {
                Ok(EventSettings {
                    name,
                    venue,
                    start_date,
                    end_date,
                    variant,
                    swiss_rounds,
                    best_of,
                    points: (win, draw, loss),
                    move_limit,
                    tie_breaks,
                    deals_required: variant != Variant::Xiangqi && ticked(&self.deals_required),
                    public_value_required: variant != Variant::Xiangqi
                        && ticked(&self.public_value_required),
                    section,
                    stage,
                    knockout_size: if stage.groups > 1 && self.knockout_size.trim().is_empty() {
                        stage.groups * stage.qualifiers_per_group
                    } else {
                        knockout_size
                    },
                })
            }
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> EventForm {
        EventForm {
            name: "2011 中弈杯".into(),
            start_date: "2011-05-01".into(),
            variant: "jieqi".into(),
            ..Default::default()
        }
    }

    #[test]
    fn defaults_follow_the_seed_format() {
        let s = form().parse().unwrap();
        assert_eq!(s.swiss_rounds, 6);
        assert_eq!(s.knockout_size, 8);
        assert_eq!(s.best_of, 3);
        assert_eq!(s.points, (2, 1, 0));
        assert_eq!(s.move_limit, 120);
        assert_eq!(s.tie_breaks, TieBreak::DEFAULT_ORDER.to_vec());
        assert_eq!(s.end_date, s.start_date);
    }

    #[test]
    fn every_bad_field_is_named() {
        let f = EventForm {
            name: " ".into(),
            start_date: "2011-13-01".into(),
            variant: "go".into(),
            best_of: "4".into(),
            knockout_size: "6".into(),
            ..Default::default()
        };
        let errors = f.parse().unwrap_err();
        let fields: Vec<_> = errors.iter().map(|e| e.field).collect();
        for f in ["name", "start_date", "variant", "best_of", "knockout_size"] {
            assert!(fields.contains(&f), "{f} missing in {fields:?}");
        }
    }

    #[test]
    fn banqi_events_default_to_fifty_moves_without_capture_or_flip() {
        let f = EventForm {
            variant: "banqi".into(),
            ..form()
        };
        assert_eq!(f.parse().unwrap().move_limit, 100);
    }

    #[test]
    fn tie_breaks_are_checked() {
        let f = EventForm {
            tie_breaks: "SB, BH-C1".into(),
            ..form()
        };
        assert_eq!(
            f.parse().unwrap().tie_breaks,
            vec![TieBreak::SonnebornBerger, TieBreak::BuchholzCut1]
        );
        let f = EventForm {
            tie_breaks: "BH,XYZ".into(),
            ..form()
        };
        assert_eq!(f.parse().unwrap_err()[0].field, "tie_breaks");
    }

    #[test]
    fn end_before_start_is_refused() {
        let f = EventForm {
            end_date: "2011-04-30".into(),
            ..form()
        };
        assert_eq!(f.parse().unwrap_err()[0].field, "end_date");
    }
}
