//! Importing an event backup: nothing is taken on trust.
//!
//! * Every value of every row goes through the parsing the forms use (event settings through
//!   [`EventForm::parse`], players through [`PlayerEntry::parse`], results, byes, deals, seeds,
//!   commitments, verdicts …); a bad one refuses the whole import, naming table, row and column.
//! * Sealed deals come with the backup and stay sealed; each must still verify against the context
//!   it was committed under (the original event id, kept with the deal), so a tampered deal is refused.
//! * The importer owns the imported event. No account is created and none is matched by name: the
//!   backup's arbiters and linked players are listed ([`prepare`]) and the importer links each to a
//!   local account of a fitting role, or leaves it unlinked (the default); [`confirm`] parses the
//!   backup again and writes it with those links in one transaction.
//! * An event is imported once per server: the copy keeps the identity of the event it copies, and a
//!   second import of it (or of the original, on its own server) is refused, naming the existing event.

use std::collections::{HashMap, HashSet};
use std::ops::RangeInclusive;

use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use super::{Reason, ServiceError, ServiceResult};
use crate::accounts::{self, Role};
use crate::deal::{Commitment, Deal, DealContext, GameNumber, Seed, SeedError, verify};
use crate::event::EventForm;
use crate::knockout::{BestOf, Input, KnockoutSettings, MatchId};
use crate::roster::PlayerEntry;
use crate::round::{Absence, BoardResult, MatchGames};
use crate::round_robin;
use crate::rules::Variant;
use crate::rules::adjudicate::GameResult;
use crate::rules::outcome::Verdict;
use crate::store::backup::{FORMAT, ImportError, ImportPlan, ImportRow};
use crate::store::{self, Db, users::User};

/// Longest move record or verdict text accepted (a record of a very long game fits easily).
const MAX_RECORD: usize = 512 * 1024;
/// Longest one-line text (audit details, notes).
const MAX_LINE: usize = 4000;

/// An account the backup names as an arbiter or as the account of a player, to be linked by the
/// importer to a local account (or to none).
#[derive(Debug, Clone)]
pub struct AccountToLink {
    /// The account's id in the backup (the form field is `map_<id>`).
    pub backup_id: i64,
    /// Its name in the backup.
    pub name: String,
    /// Whether it arbitrated the event.
    pub arbiter: bool,
    /// The players (names) it was linked to.
    pub players: Vec<String>,
    /// The local accounts it may be linked to (id, name): arbiter and organizer accounts for an
    /// arbiter, player accounts for a player. Never an administrator or club manager.
    pub choices: Vec<(i64, String)>,
}

/// A backup that parsed, ready for the importer's choice of accounts.
#[derive(Debug, Clone)]
pub struct Prepared {
    /// The event's name.
    pub event_name: String,
    /// Rows per table (table, count), for the summary.
    pub counts: Vec<(&'static str, usize)>,
    /// The accounts to link.
    pub accounts: Vec<AccountToLink>,
}

/// A row as parsed: canonical values, and the columns that name accounts of the backup (mapped to
/// local accounts at the end).
#[derive(Debug, Clone)]
struct ParsedRow {
    old_id: Option<i64>,
    values: Vec<(&'static str, Value)>,
    accounts: Vec<(&'static str, i64)>,
}

/// A whole backup as parsed.
#[derive(Debug, Clone)]
struct Parsed {
    /// Backup account id → name.
    users: HashMap<i64, String>,
    tables: Vec<(&'static str, Vec<ParsedRow>)>,
    origin: String,
    original: (i64, String),
    event_name: String,
}

fn bad_table(table: &str, detail: Reason) -> ServiceError {
    ServiceError::invalid(
        "backup",
        Reason::new("svc_import_bad_table")
            .arg("table", table)
            .arg_reason("detail", &detail),
    )
}

/// Why a seed is refused (64 hex digits).
fn seed_reason(e: &SeedError) -> Reason {
    match e {
        SeedError::NotHex {
            position,
            character,
        } => Reason::new("words_seed_not_hex")
            .arg("position", position)
            .arg("character", character),
        _ => Reason::new("words_not_hex64"),
    }
}

/// The cells of one backup row, read column by column; every column must be read (an unknown one is
/// refused), and every error names the table, row and column.
struct Cells<'a> {
    table: &'static str,
    row: usize,
    obj: &'a Map<String, Value>,
    seen: Vec<&'static str>,
}

impl<'a> Cells<'a> {
    fn new(table: &'static str, row: usize, value: &'a Value) -> ServiceResult<Cells<'a>> {
        let obj = value
            .as_object()
            .ok_or_else(|| bad_table(table, Reason::new("words_row_not_object").arg("row", row)))?;
        Ok(Cells {
            table,
            row,
            obj,
            seen: Vec::new(),
        })
    }

    /// The error of a cell: the table, row and column, and what is wrong.
    fn err(&self, column: &'static str, detail: Reason) -> ServiceError {
        ServiceError::invalid(
            column,
            Reason::new("svc_import_bad_value")
                .arg("table", self.table)
                .arg("row", self.row)
                .arg("column", column)
                .arg_reason("detail", &detail),
        )
    }

    /// The value, `None` when missing or null.
    fn get(&mut self, column: &'static str) -> Option<&'a Value> {
        self.seen.push(column);
        self.obj.get(column).filter(|v| !v.is_null())
    }

    fn need<T>(&self, column: &'static str, v: Option<T>) -> ServiceResult<T> {
        v.ok_or_else(|| self.err(column, Reason::new("words_missing")))
    }

    fn int(
        &mut self,
        column: &'static str,
        range: RangeInclusive<i64>,
    ) -> ServiceResult<Option<i64>> {
        let Some(v) = self.get(column) else {
            return Ok(None);
        };
        let n = v.as_i64().ok_or_else(|| {
            self.err(
                column,
                Reason::new("words_not_whole_number").arg("value", v),
            )
        })?;
        if !range.contains(&n) {
            return Err(self.err(
                column,
                Reason::new("words_out_of_range")
                    .arg("value", n)
                    .arg("min", range.start())
                    .arg("max", range.end()),
            ));
        }
        Ok(Some(n))
    }

    fn need_int(&mut self, column: &'static str, range: RangeInclusive<i64>) -> ServiceResult<i64> {
        let v = self.int(column, range)?;
        self.need(column, v)
    }

    /// 0 or 1 (missing: 0).
    fn flag(&mut self, column: &'static str) -> ServiceResult<i64> {
        Ok(self.int(column, 0..=1)?.unwrap_or(0))
    }

    fn raw_text(&mut self, column: &'static str) -> ServiceResult<Option<&'a str>> {
        let Some(v) = self.get(column) else {
            return Ok(None);
        };
        v.as_str()
            .map(Some)
            .ok_or_else(|| self.err(column, Reason::new("words_not_text").arg("value", v)))
    }

    /// One line of text: none of the characters the forms refuse (`text::is_forbidden`: control,
    /// bidirectional, invisible and tag characters), at most `max` characters.
    fn line(&mut self, column: &'static str, max: usize) -> ServiceResult<Option<String>> {
        let Some(s) = self.raw_text(column)? else {
            return Ok(None);
        };
        if let Some(ch) = s.chars().find(|&c| crate::text::is_forbidden(c)) {
            return Err(self.err(column, crate::text::TextError::Forbidden { ch }.reason()));
        }
        if s.chars().count() > max {
            return Err(self.err(column, Reason::new("words_line_limit").arg("max", max)));
        }
        Ok(Some(s.to_string()))
    }

    /// A multi-line text (a move record, a verdict): line breaks and tabs allowed, no other control
    /// characters, at most [`MAX_RECORD`] bytes.
    fn block(&mut self, column: &'static str) -> ServiceResult<String> {
        let s = self.raw_text(column)?;
        let s = self.need(column, s)?;
        if s.len() > MAX_RECORD
            || s.chars()
                .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
        {
            return Err(self.err(
                column,
                Reason::new("words_block_limit").arg("max", MAX_RECORD),
            ));
        }
        Ok(s.to_string())
    }

    /// A time stamp (RFC 3339), written back in the store's form.
    fn time(&mut self, column: &'static str) -> ServiceResult<Option<String>> {
        let Some(s) = self.raw_text(column)? else {
            return Ok(None);
        };
        let t = chrono::DateTime::parse_from_rfc3339(s.trim())
            .map_err(|_| self.err(column, Reason::new("words_not_time").arg("value", s)))?;
        Ok(Some(
            t.to_utc()
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        ))
    }

    fn need_time(&mut self, column: &'static str) -> ServiceResult<String> {
        let v = self.time(column)?;
        self.need(column, v)
    }

    /// A column pointing at a row of the backup: its id must be one of `ids`.
    fn refers(&mut self, column: &'static str, ids: &HashSet<i64>) -> ServiceResult<i64> {
        let id = self.need_int(column, i64::MIN..=i64::MAX)?;
        if !ids.contains(&id) {
            return Err(self.err(column, Reason::new("words_refers_to_nothing").arg("id", id)));
        }
        Ok(id)
    }

    /// The event column: the backup's one event.
    fn event(&mut self, event: i64) -> ServiceResult<()> {
        let id = self.need_int("event_id", i64::MIN..=i64::MAX)?;
        if id != event {
            return Err(self.err(
                "event_id",
                Reason::new("words_other_event")
                    .arg("id", id)
                    .arg("event", event),
            ));
        }
        Ok(())
    }

    /// A column naming an account of the backup (`None` when null).
    fn account(
        &mut self,
        column: &'static str,
        users: &HashMap<i64, String>,
    ) -> ServiceResult<Option<i64>> {
        let Some(id) = self.int(column, i64::MIN..=i64::MAX)? else {
            return Ok(None);
        };
        if !users.contains_key(&id) {
            return Err(self.err(column, Reason::new("words_no_account").arg("id", id)));
        }
        Ok(Some(id))
    }

    /// A start number of a registered player.
    fn start_no(
        &mut self,
        column: &'static str,
        starts: &HashSet<i64>,
    ) -> ServiceResult<Option<i64>> {
        let Some(n) = self.int(column, 1..=9999)? else {
            return Ok(None);
        };
        if !starts.contains(&n) {
            return Err(self.err(column, Reason::new("words_no_start_no").arg("number", n)));
        }
        Ok(Some(n))
    }

    /// A value as a form would have sent it: text, or a number written out (missing: empty).
    fn form_text(&mut self, column: &'static str) -> ServiceResult<String> {
        Ok(match self.get(column) {
            None => String::new(),
            Some(Value::String(s)) => s.clone(),
            Some(Value::Number(n)) => n.to_string(),
            Some(other) => {
                return Err(self.err(
                    column,
                    Reason::new("words_not_text_or_number").arg("value", other),
                ));
            }
        })
    }

    /// Refuses columns that were not read.
    fn finish(&self) -> ServiceResult<()> {
        match self.obj.keys().find(|k| !self.seen.contains(&k.as_str())) {
            Some(k) => Err(bad_table(
                self.table,
                Reason::new("words_unknown_column")
                    .arg("row", self.row)
                    .arg("column", k),
            )),
            None => Ok(()),
        }
    }
}

fn text_value(s: impl Into<String>) -> Value {
    Value::String(s.into())
}

fn opt<T: Into<Value>>(v: Option<T>) -> Value {
    v.map(Into::into).unwrap_or(Value::Null)
}

/// The identity of an event that was never imported: a fingerprint of its id and creation time on
/// the server it was made on.
pub fn fingerprint(id: i64, created_at: &str) -> String {
    let digest = Sha256::digest(format!("anqi-event-origin-v1\n{id}\n{created_at}\n"));
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// What the parser knows of the event while it reads its tables.
struct Context {
    event: i64,
    variant: Variant,
    best_of: u32,
    users: HashMap<i64, String>,
    ids: HashMap<&'static str, HashSet<i64>>,
    starts: HashSet<i64>,
}

impl Context {
    fn ids(&self, table: &str) -> &HashSet<i64> {
        static EMPTY: std::sync::OnceLock<HashSet<i64>> = std::sync::OnceLock::new();
        self.ids
            .get(table)
            .unwrap_or_else(|| EMPTY.get_or_init(HashSet::new))
    }
}

/// Parses the events row: the settings through the event form's own validation.
fn parse_event(c: &mut Cells) -> ServiceResult<(ParsedRow, EventFacts)> {
    let id = c.need_int("id", i64::MIN..=i64::MAX)?;
    // Whoever owned it there, the importer owns it here; the copy's identity is computed below.
    c.get("owner_id");
    let origin = c.line("origin", 200)?;
    let text = |c: &mut Cells, col| c.form_text(col);
    let form = EventForm {
        name: text(c, "name")?,
        venue: text(c, "venue")?,
        start_date: text(c, "start_date")?,
        end_date: text(c, "end_date")?,
        variant: text(c, "variant")?,
        swiss_rounds: text(c, "swiss_rounds")?,
        knockout_size: text(c, "knockout_size")?,
        best_of: text(c, "best_of")?,
        points_win: text(c, "points_win")?,
        points_draw: text(c, "points_draw")?,
        points_loss: text(c, "points_loss")?,
        move_limit: text(c, "move_limit")?,
        tie_breaks: text(c, "tie_breaks")?,
        deals_required: if c.flag("deals_required")? == 1 {
            "on".into()
        } else {
            String::new()
        },
        public_value_required: if c.flag("public_value_required")? == 1 {
            "on".into()
        } else {
            String::new()
        },
        section: text(c, "section_name")?,
        format: text(c, "format")?,
        cycles: text(c, "cycles")?,
        groups: text(c, "group_count")?,
        qualifiers_per_group: text(c, "qualifiers_per_group")?,
        withdrawal_rule: text(c, "withdrawal_rule")?,
        club_avoidance: text(c, "club_avoidance")?,
        team_counted: text(c, "team_counted")?,
        ..Default::default()
    };
    // A section's file restores as an event of its own (keeping its section's name); the whole
    // event with all its sections is in the database backup.
    c.get("parent_id");
    let draw_method = c.line("draw_method", 16)?;
    let draw_seed = c.line("draw_seed", 64)?;
    if let Some(method) = &draw_method
        && !matches!(method.as_str(), "lot" | "rating")
    {
        return Err(c.err(
            "draw_method",
            Reason::new("svc_bad_draw_method").arg("typed", method),
        ));
    }
    if let Some(seed) = &draw_seed
        && Seed::from_hex(seed).is_err()
    {
        return Err(c.err(
            "draw_seed",
            Reason::new("svc_bad_draw_seed").arg("typed", seed),
        ));
    }
    let lot_seed = c.line("lot_seed", 64)?;
    if let Some(seed) = &lot_seed
        && Seed::from_hex(seed).is_err()
    {
        return Err(c.err(
            "lot_seed",
            Reason::new("svc_bad_draw_seed").arg("typed", seed),
        ));
    }
    let s = form.parse().map_err(|errors| match errors.first() {
        Some(e) => c.err(e.field, e.reason.clone()),
        None => c.err("name", Reason::new("words_missing")),
    })?;
    let created_raw = c.raw_text("created_at")?;
    let created_raw = c.need("created_at", created_raw)?.to_string();
    let created_at = c.need_time("created_at")?;
    let announce = c.flag("announce_deals")?;
    // A backup from before the 3rd-place match had deals of its own played its 3rd-place match on the final's deals.
    let third_place_own_deals = c.flag("third_place_own_deals")?;
    // The starting list: when it was fixed, whether by a confirmation, its size, and why
    // it was re-opened.
    let list_fixed_at = c.time("start_list_fixed_at")?;
    let list_confirmed = c.flag("start_list_confirmed")?;
    let list_size = c.int("start_list_size", 0..=9999)?.unwrap_or(0);
    let list_reopened = c.line("start_list_reopened", 200)?;
    // The public version is this server's count (its imported log entries count it afresh).
    c.int("public_version", 0..=i64::MAX)?;
    // The event's time zone (an IANA name) and whether it is archived.
    let time_zone = match c.line("time_zone", 64)? {
        Some(typed) => super::events::time_zone(&typed)
            .map_err(|_| {
                c.err(
                    "time_zone",
                    Reason::new("svc_bad_time_zone").arg("typed", typed),
                )
            })?
            .name()
            .to_string(),
        None => super::events::DEFAULT_TIME_ZONE.to_string(),
    };
    let archived = c.flag("archived")?;
    c.finish()?;
    let origin = origin.unwrap_or_else(|| fingerprint(id, &created_raw));
    let values = vec![
        ("name", text_value(&s.name)),
        ("venue", text_value(&s.venue)),
        (
            "start_date",
            text_value(s.start_date.format("%Y-%m-%d").to_string()),
        ),
        (
            "end_date",
            text_value(s.end_date.format("%Y-%m-%d").to_string()),
        ),
        ("variant", text_value(s.variant.name())),
        ("swiss_rounds", s.swiss_rounds.into()),
        ("knockout_size", s.knockout_size.into()),
        ("best_of", s.best_of.into()),
        ("points_win", s.points.0.into()),
        ("points_draw", s.points.1.into()),
        ("points_loss", s.points.2.into()),
        ("move_limit", s.move_limit.into()),
        (
            "tie_breaks",
            text_value(crate::event::tie_break_codes(&s.tie_breaks)),
        ),
        ("created_at", text_value(created_at)),
        ("announce_deals", announce.into()),
        ("deals_required", i64::from(s.deals_required).into()),
        (
            "public_value_required",
            i64::from(s.public_value_required).into(),
        ),
        ("third_place_own_deals", third_place_own_deals.into()),
        ("start_list_confirmed", list_confirmed.into()),
        ("start_list_size", list_size.into()),
        ("time_zone", text_value(time_zone)),
        ("archived", archived.into()),
        ("section_name", text_value(&s.section)),
        ("format", text_value(s.stage.format.as_str())),
        ("cycles", s.stage.cycles.into()),
        ("group_count", s.stage.groups.into()),
        ("qualifiers_per_group", s.stage.qualifiers_per_group.into()),
        ("withdrawal_rule", text_value(s.stage.withdrawal.as_str())),
        ("club_avoidance", text_value(s.stage.club_avoidance.code())),
        ("team_counted", s.stage.team_counted.into()),
    ];
    let mut values = values;
    if let Some(method) = draw_method {
        values.push(("draw_method", text_value(method)));
    }
    if let Some(seed) = draw_seed {
        values.push(("draw_seed", text_value(seed)));
    }
    if let Some(seed) = lot_seed {
        values.push(("lot_seed", text_value(seed)));
    }
    if let Some(at) = list_fixed_at {
        values.push(("start_list_fixed_at", text_value(at)));
    }
    if let Some(why) = list_reopened {
        values.push(("start_list_reopened", text_value(why)));
    }
    Ok((
        ParsedRow {
            old_id: Some(id),
            values,
            accounts: vec![],
        },
        EventFacts {
            id,
            created_raw,
            origin,
            name: s.name.clone(),
            variant: s.variant,
            best_of: s.best_of,
        },
    ))
}

/// What the events row says that the other tables need.
struct EventFacts {
    id: i64,
    created_raw: String,
    origin: String,
    name: String,
    variant: Variant,
    best_of: u32,
}

/// Parses one row of a table other than `events`.
fn parse_row(table: &'static str, c: &mut Cells, cx: &Context) -> ServiceResult<ParsedRow> {
    let mut row = ParsedRow {
        old_id: None,
        values: Vec::new(),
        accounts: Vec::new(),
    };
    let any = i64::MIN..=i64::MAX;
    macro_rules! put {
        ($col:expr, $v:expr) => {
            row.values.push(($col, Value::from($v)))
        };
    }
    macro_rules! account {
        ($col:expr) => {
            if let Some(a) = c.account($col, &cx.users)? {
                row.accounts.push(($col, a));
            }
        };
    }
    match table {
        "event_arbiters" => {
            c.event(cx.event)?;
            let a = c.account("user_id", &cx.users)?;
            row.accounts.push(("user_id", c.need("user_id", a)?));
            put!("event_id", cx.event);
        }
        "players" => {
            row.old_id = Some(c.need_int("id", any)?);
            c.event(cx.event)?;
            put!("event_id", cx.event);
            put!("start_no", c.need_int("start_no", 1..=9999)?);
            let name = c.form_text("name")?;
            let club = c.form_text("club")?;
            let rating = c.form_text("rating")?;
            let fide = c.form_text("fide_id")?;
            let local = c.form_text("local_id")?;
            let category = c.form_text("category")?;
            let team = c.form_text("team")?;
            let entry = PlayerEntry::parse(0, &name, &club, &rating, &fide, &local, &category)
                .and_then(|e| e.with_team(0, &team))
                .map_err(|e| c.err(e.field, e.message.clone()))?;
            put!("name", entry.name);
            put!("club", entry.club);
            put!("rating", entry.rating);
            put!("fide_id", entry.fide_id);
            put!("local_id", entry.local_id);
            put!("category", entry.category);
            put!("team", entry.team);
            account!("user_id");
            put!("joins_at", c.int("joins_at", 1..=99)?.unwrap_or(1));
            row.values
                .push(("withdrawn_from", opt(c.int("withdrawn_from", 1..=99)?)));
            let draw_number = c.int("draw_number", 1..=i64::from(round_robin::MAX_PLAYERS))?;
            row.values.push(("draw_number", opt(draw_number)));
            let group = c.int("group_no", 1..=i64::from(round_robin::groups::MAX_GROUPS))?;
            row.values.push(("group_no", opt(group)));
        }
        "rounds" => {
            row.old_id = Some(c.need_int("id", any)?);
            c.event(cx.event)?;
            put!("event_id", cx.event);
            put!("number", c.need_int("number", 1..=99)?);
            put!("published", c.flag("published")?);
            let colour = c.line("first_colour", 5)?;
            if let Some(col) = &colour
                && col != "red"
                && col != "black"
            {
                return Err(c.err(
                    "first_colour",
                    Reason::new("words_not_one_of")
                        .arg("value", col)
                        .arg("allowed", "red, black"),
                ));
            }
            row.values.push(("first_colour", opt(colour)));
            put!("created_at", c.need_time("created_at")?);
        }
        "boards" => {
            row.old_id = Some(c.need_int("id", any)?);
            put!("round_id", c.refers("round_id", cx.ids("rounds"))?);
            put!("board_no", c.need_int("board_no", 1..=9999)?);
            let red = c.start_no("red", &cx.starts)?;
            put!("red", c.need("red", red)?);
            row.values
                .push(("black", opt(c.start_no("black", &cx.starts)?)));
            for col in ["result", "reported_result"] {
                let r = c.line(col, 10)?;
                let parsed = match r {
                    Some(r) => Some(
                        BoardResult::parse(&r)
                            .ok_or_else(|| {
                                c.err(
                                    col,
                                    Reason::new("words_not_one_of")
                                        .arg("value", r)
                                        .arg("allowed", "1-0, 0-1, 1/2-1/2, +:-, -:+, -:-"),
                                )
                            })?
                            .as_str(),
                    ),
                    None => None,
                };
                row.values.push((col, opt(parsed)));
            }
            put!(
                "version",
                c.int("version", 0..=i64::from(u32::MAX))?.unwrap_or(0)
            );
            put!("manual", c.flag("manual")?);
            account!("reported_by");
            let games = match c.line("games", 20)? {
                Some(g) => Some(
                    MatchGames::parse(&g, cx.best_of)
                        .map_err(|_| {
                            c.err(
                                "games",
                                Reason::new("words_not_match_games").arg("value", &g),
                            )
                        })?
                        .games,
                ),
                None => None,
            };
            row.values.push(("games", opt(games)));
            // The players' own pending reports (a result, or a match's games).
            for col in ["red_report", "black_report"] {
                let report = match c.line(col, 20)? {
                    Some(r)
                        if BoardResult::parse(&r).is_some()
                            || MatchGames::parse(&r, cx.best_of).is_ok() =>
                    {
                        Some(r)
                    }
                    Some(r) => {
                        return Err(
                            c.err(col, Reason::new("words_not_match_games").arg("value", r))
                        );
                    }
                    None => None,
                };
                row.values.push((col, opt(report)));
            }
        }
        "forbidden_pairs" => {
            c.get("id");
            c.event(cx.event)?;
            put!("event_id", cx.event);
            let first = c.refers("first_player", cx.ids("players"))?;
            let second = c.refers("second_player", cx.ids("players"))?;
            if first >= second {
                return Err(c.err(
                    "second_player",
                    Reason::new("words_not_one_of")
                        .arg("value", second)
                        .arg("allowed", format!("> {first}")),
                ));
            }
            put!("first_player", first);
            put!("second_player", second);
            put!("reason", c.form_text("reason")?);
        }
        "fouls" => {
            c.get("id");
            c.event(cx.event)?;
            put!("event_id", cx.event);
            put!("player_id", c.refers("player_id", cx.ids("players"))?);
            put!("round_no", c.need_int("round_no", 1..=99)?);
            put!("count", c.need_int("count", 1..=99)?);
            put!("note", c.line("note", 200)?.unwrap_or_default());
        }
        "avoidance_relaxed" => {
            c.get("id");
            c.event(cx.event)?;
            put!("event_id", cx.event);
            put!("round_no", c.need_int("round_no", 1..=99)?);
            let team = c.line("team", 80)?;
            put!("team", c.need("team", team)?);
            put!("reason", c.line("reason", 200)?.unwrap_or_default());
        }
        "entry_forms" => {
            c.event(cx.event)?;
            put!("event_id", cx.event);
            for col in [
                "open",
                "ask_club",
                "ask_rating",
                "ask_birth_year",
                "ask_contact",
                "auto_confirm",
            ] {
                put!(col, c.flag(col)?);
            }
            let closes = c.line("closes_at", 40)?.unwrap_or_default();
            if !closes.is_empty() && chrono::DateTime::parse_from_rfc3339(&closes).is_err() {
                return Err(c.err(
                    "closes_at",
                    Reason::new("words_not_time").arg("value", &closes),
                ));
            }
            put!("closes_at", closes);
            put!(
                "cap",
                c.int("cap", 0..=super::entries::MAX_CAP)?.unwrap_or(0)
            );
            // A rating list is the server's own, not the event's: the copy looks up in none.
            c.get("rating_list_id");
            row.values.push(("rating_list_id", Value::Null));
            put!(
                "fee",
                c.line("fee", super::entries::MAX_FEE)?.unwrap_or_default()
            );
            // The age groups (absent in backups made before them: none), written back as stored.
            let groups = c
                .line("age_groups", crate::age_groups::MAX_TYPED)?
                .unwrap_or_default();
            let groups = crate::age_groups::AgeGroups::parse(&groups)
                .map_err(|why| c.err("age_groups", why))?;
            put!("age_groups", groups.to_string());
        }
        "entries" => {
            c.get("id");
            c.event(cx.event)?;
            put!("event_id", cx.event);
            let hash = c.line("token_hash", 64)?.unwrap_or_default();
            if hash.len() != 64 || !hash.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(c.err("token_hash", Reason::new("words_missing")));
            }
            put!("token_hash", hash);
            let name = c.line("name", 80)?.unwrap_or_default();
            if name.trim().is_empty() {
                return Err(c.err("name", Reason::new("words_missing")));
            }
            put!("name", name);
            put!("club", c.line("club", 80)?.unwrap_or_default());
            put!(
                "rating",
                c.int("rating", 0..=i64::from(super::players::MAX_RATING))?
                    .unwrap_or(0)
            );
            row.values
                .push(("birth_year", opt(c.int("birth_year", 1900..=2200)?)));
            put!("contact", c.line("contact", 80)?.unwrap_or_default());
            let status = c.line("status", 10)?.unwrap_or_default();
            if !matches!(
                status.as_str(),
                "pending" | "confirmed" | "cancelled" | "refused"
            ) {
                return Err(c.err(
                    "status",
                    Reason::new("words_not_one_of")
                        .arg("value", &status)
                        .arg("allowed", "pending, confirmed, cancelled, refused"),
                ));
            }
            put!("status", status);
            put!("paid", c.flag("paid")?);
            let player = match c.int("player_id", any.clone())? {
                Some(id) if cx.ids("players").contains(&id) => Some(id),
                Some(id) => {
                    return Err(c.err(
                        "player_id",
                        Reason::new("words_refers_to_nothing").arg("id", id),
                    ));
                }
                None => None,
            };
            row.values.push(("player_id", opt(player)));
            put!("created_at", c.need_time("created_at")?);
            put!("updated_at", c.need_time("updated_at")?);
        }
        "section_schedules" => {
            c.event(cx.event)?;
            put!("event_id", cx.event);
            let rule = c.line("checkin", 10)?.unwrap_or_default();
            let rule = crate::schedule::CheckinRule::parse(&rule).ok_or_else(|| {
                c.err(
                    "checkin",
                    Reason::new("words_not_one_of")
                        .arg("value", &rule)
                        .arg("allowed", "off, round1, every"),
                )
            })?;
            put!("checkin", rule.code());
            let typed = c.line("time_control", crate::schedule::TIME_CONTROL_MAX)?;
            let tc = crate::schedule::TimeControl::parse(&typed.unwrap_or_default())
                .map_err(|r| c.err("time_control", r))?;
            put!(
                "time_control",
                tc.map(|t| t.text().to_string()).unwrap_or_default()
            );
        }
        "round_starts" => {
            c.event(cx.event)?;
            put!("event_id", cx.event);
            put!("round_no", c.need_int("round_no", 1..=99)?);
            let typed = c.line("starts_at", 25)?;
            let typed = c.need("starts_at", typed)?;
            let at = crate::schedule::parse_start(&typed)
                .map_err(|r| c.err("starts_at", r))?
                .ok_or_else(|| c.err("starts_at", Reason::new("words_missing")))?;
            put!("starts_at", crate::schedule::start_stored(at));
        }
        "checkins" => {
            c.get("id");
            c.event(cx.event)?;
            put!("event_id", cx.event);
            put!("player_id", c.refers("player_id", cx.ids("players"))?);
            put!("round_no", c.need_int("round_no", 1..=99)?);
        }
        "round_absences" | "bye_requests" => {
            if table == "round_absences" {
                put!("round_id", c.refers("round_id", cx.ids("rounds"))?);
            } else {
                c.event(cx.event)?;
                put!("event_id", cx.event);
                put!("round_no", c.need_int("round_no", 1..=99)?);
            }
            if table == "round_absences" {
                let start = c.start_no("start_no", &cx.starts)?;
                put!("start_no", c.need("start_no", start)?);
            } else {
                // Bye requests name the player's entry, never a start number.
                put!("player_id", c.refers("player_id", cx.ids("players"))?);
            }
            let kind = c.line("kind", 2)?;
            let kind = c.need("kind", kind)?;
            if Absence::parse(&kind).is_none() {
                return Err(c.err(
                    "kind",
                    Reason::new("words_not_one_of")
                        .arg("value", kind)
                        .arg("allowed", "H, F, Z"),
                ));
            }
            put!("kind", kind);
        }
        "game_records" | "knockout_records" => {
            if table == "game_records" {
                row.old_id = Some(c.need_int("id", any)?);
                put!("board_id", c.refers("board_id", cx.ids("boards"))?);
            } else {
                c.event(cx.event)?;
                put!("event_id", cx.event);
                put!("match_id", c.need_int("match_id", 1..=999)?);
            }
            put!("game_no", c.need_int("game_no", 1..=99)?);
            let record = c.block("record")?;
            // A record longer than a submission may be is refused here too: the start-up
            // re-adjudication must not replay it.
            if let Ok(read) = crate::rules::adjudicate::read_record(record.as_bytes(), 1)
                && read.moves.len() > crate::rules::adjudicate::MAX_PLIES
            {
                return Err(c.err(
                    "record",
                    Reason::new("words_record_too_long")
                        .arg("plies", read.moves.len())
                        .arg("limit", crate::rules::adjudicate::MAX_PLIES),
                ));
            }
            put!("record", record);
            let verdict = c.block("verdict")?;
            serde_json::from_str::<Verdict>(&verdict).map_err(|e| {
                c.err(
                    "verdict",
                    Reason::new("words_not_verdict")
                        .arg("line", e.line())
                        .arg("column", e.column()),
                )
            })?;
            put!("verdict", verdict);
            put!("legal", c.flag("legal")?);
            // The rules version the verdict was judged under (older ones are judged again at start).
            put!(
                "rules_version",
                c.int("rules_version", 0..=9999)?.unwrap_or(0)
            );
            account!("submitted_by");
            put!("submitted_at", c.need_time("submitted_at")?);
        }
        "knockouts" => {
            c.event(cx.event)?;
            put!("event_id", cx.event);
            let best_of = c.need_int("best_of", 1..=99)?;
            if BestOf::new(best_of as u32).is_none() {
                return Err(c.err(
                    "best_of",
                    Reason::new("words_best_of").arg("value", best_of),
                ));
            }
            put!("best_of", best_of);
            let rule = c.line("tie_rule", 40)?;
            let rule = c.need("tie_rule", rule)?;
            if crate::knockout::TieRule::parse(&rule).is_none() {
                return Err(c.err(
                    "tie_rule",
                    Reason::new("words_not_one_of")
                        .arg("value", rule)
                        .arg("allowed", "decider, play_on, higher_seed_advances"),
                ));
            }
            put!("tie_rule", rule);
            put!("third_place", c.flag("third_place")?);
            put!("auto_lots", c.flag("auto_lots")?);
            put!("created_at", c.need_time("created_at")?);
        }
        "knockout_qualifiers" => {
            c.event(cx.event)?;
            put!("event_id", cx.event);
            put!("seed", c.need_int("seed", 1..=64)?);
            let start = c.start_no("start_no", &cx.starts)?;
            put!("start_no", c.need("start_no", start)?);
        }
        "knockout_inputs" => {
            c.event(cx.event)?;
            put!("event_id", cx.event);
            put!("seq", c.need_int("seq", 1..=i64::from(u32::MAX))?);
            let kind = c.line("kind", 20)?;
            let kind = c.need("kind", kind)?;
            if !matches!(
                kind.as_str(),
                "lot" | "decider_colour" | "game" | "forfeit" | "withdrawal"
            ) {
                return Err(c.err(
                    "kind",
                    Reason::new("words_not_one_of")
                        .arg("value", kind)
                        .arg("allowed", "lot, decider_colour, game, forfeit, withdrawal"),
                ));
            }
            put!("kind", kind);
            row.values
                .push(("match_id", opt(c.int("match_id", 1..=999)?)));
            row.values.push(("game_no", opt(c.int("game_no", 1..=99)?)));
            row.values
                .push(("start_no", opt(c.start_no("start_no", &cx.starts)?)));
            let colour = c.line("colour", 5)?;
            if let Some(col) = &colour
                && col != "red"
                && col != "black"
            {
                return Err(c.err(
                    "colour",
                    Reason::new("words_not_one_of")
                        .arg("value", col)
                        .arg("allowed", "red, black"),
                ));
            }
            row.values.push(("colour", opt(colour)));
            let result = match c.line("result", 10)? {
                Some(r) => Some(
                    GameResult::parse(&r)
                        .filter(|g| *g != GameResult::Unknown)
                        .ok_or_else(|| {
                            c.err(
                                "result",
                                Reason::new("words_not_one_of")
                                    .arg("value", r)
                                    .arg("allowed", "1-0, 0-1, 1/2-1/2"),
                            )
                        })?
                        .as_str(),
                ),
                None => None,
            };
            row.values.push(("result", opt(result)));
            put!("reason", c.line("reason", 500)?.unwrap_or_default());
            account!("user_id");
            put!("at", c.need_time("at")?);
        }
        "prize_tables" => {
            c.event(cx.event)?;
            put!("event_id", cx.event);
            let currency = c.line("currency", 12)?;
            put!("currency", c.need("currency", currency)?);
            let ties = c
                .line("ties", 20)?
                .unwrap_or_else(|| crate::prizes::TieHandling::default().as_str().into());
            if crate::prizes::TieHandling::parse(&ties).is_none_or(|t| t.as_str() != ties) {
                return Err(c.err(
                    "ties",
                    Reason::new("words_not_one_of")
                        .arg("value", ties)
                        .arg("allowed", "by_tie_break, shared, hort"),
                ));
            }
            put!("ties", ties);
            // The team prize rule (absent in backups made before it: both prizes).
            let team_rule = c
                .line("team_rule", 20)?
                .unwrap_or_else(|| crate::prizes::TeamRule::default().as_str().into());
            if crate::prizes::TeamRule::parse(&team_rule).is_none_or(|t| t.as_str() != team_rule) {
                return Err(c.err(
                    "team_rule",
                    Reason::new("words_not_one_of")
                        .arg("value", team_rule)
                        .arg("allowed", "both, team_first"),
                ));
            }
            put!("team_rule", team_rule);
            put!("updated_at", c.need_time("updated_at")?);
        }
        "prize_rows" | "team_prize_rows" => {
            c.event(cx.event)?;
            put!("event_id", cx.event);
            put!("position", c.need_int("position", 0..=999)?);
            let from = c.need_int("from_place", 1..=9999)?;
            let to = c.need_int("to_place", 1..=9999)?;
            if to < from {
                return Err(c.err(
                    "to_place",
                    Reason::new("words_place_order")
                        .arg("from", from)
                        .arg("to", to),
                ));
            }
            put!("from_place", from);
            put!("to_place", to);
            put!("amount", c.need_int("amount", 0..=i64::from(u32::MAX))?);
        }
        "special_prizes" => {
            c.event(cx.event)?;
            put!("event_id", cx.event);
            put!("position", c.need_int("position", 0..=999)?);
            let category = c.line("category", 80)?;
            put!("category", c.need("category", category)?);
            let label = c.line("label", 120)?;
            put!("label", c.need("label", label)?);
            put!("amount", c.need_int("amount", 0..=i64::from(u32::MAX))?);
        }
        "audit_log" => {
            row.old_id = Some(c.need_int("id", any)?);
            put!("at", c.need_time("at")?);
            account!("user_id");
            c.event(cx.event)?;
            put!("event_id", cx.event);
            let action = c.line("action", 64)?;
            put!("action", c.need("action", action)?);
            put!("detail", c.line("detail", MAX_LINE)?.unwrap_or_default());
            put!("reason", c.line("reason", MAX_LINE)?.unwrap_or_default());
            // Whether the public saw the change (absent in older backups: it did).
            put!("public", c.int("public", 0..=1)?.unwrap_or(1));
        }
        "deals" => {
            row.old_id = Some(c.need_int("id", any)?);
            c.event(cx.event)?;
            put!("event_id", cx.event);
            let round = c.need_int("round_no", 1..=i64::from(super::deals::MAX_ROUND))? as u32;
            put!("round_no", round);
            let game = c.line("game", 10)?;
            let game = c.need("game", game)?;
            let game = GameNumber::parse(&game).ok_or_else(|| {
                c.err(
                    "game",
                    Reason::new("words_not_one_of")
                        .arg("value", game)
                        .arg("allowed", "1, 2, …, decider"),
                )
            })?;
            put!("game", game.to_string());
            let variant = c.line("variant", 10)?;
            let variant = c.need("variant", variant)?;
            if Variant::parse(&variant) != Some(cx.variant) || cx.variant == Variant::Xiangqi {
                return Err(c.err(
                    "variant",
                    Reason::new("words_not_deal_variant").arg("value", &variant),
                ));
            }
            put!("variant", cx.variant.name());
            // A deal drawn with a public value keeps its value beside it, which backups do not
            // carry yet: refused rather than imported without it.
            if c.flag("value_required")? == 1 {
                return Err(c.err("value_required", Reason::new("words_public_value_deal")));
            }
            let deal = c.line("deal", 40)?;
            let deal = c.need("deal", deal)?;
            let deal = Deal::parse(cx.variant, &deal)
                .map_err(|e| c.err("deal", super::deals::deal_reason(&e)))?;
            put!("deal", deal.as_str());
            let seed = c.line("seed", 64)?;
            let seed = c.need("seed", seed)?;
            let seed = Seed::from_hex(&seed).map_err(|e| c.err("seed", seed_reason(&e)))?;
            put!("seed", seed.to_hex());
            let commitment = c.line("commitment", 64)?;
            let commitment = c.need("commitment", commitment)?;
            let commitment = Commitment::from_hex(&commitment)
                .ok_or_else(|| c.err("commitment", Reason::new("words_not_hex64")))?;
            put!("commitment", commitment.to_hex());
            // Deals sealed before the context was stored were committed under their own event id.
            let committed = c
                .line("committed_event", 200)?
                .filter(|e| !e.is_empty())
                .unwrap_or_else(|| cx.event.to_string());
            let context = DealContext::new(&committed, round, game)
                .map_err(|e| c.err("committed_event", super::deals::context_reason(e)))?;
            verify(&context, &deal, &seed, &commitment)
                .map_err(|e| c.err("commitment", super::deals::mismatch_reason(e)))?;
            put!("committed_event", committed);
            let sealer = c.account("sealed_by", &cx.users)?;
            row.accounts
                .push(("sealed_by", c.need("sealed_by", sealer)?));
            put!("sealed_at", c.need_time("sealed_at")?);
            let status = c.line("status", 10)?;
            let status = c.need("status", status)?;
            if !matches!(status.as_str(), "sealed" | "withdrawn" | "unsealed") {
                return Err(c.err(
                    "status",
                    Reason::new("words_not_one_of")
                        .arg("value", &status)
                        .arg("allowed", "sealed, withdrawn, unsealed"),
                ));
            }
            let withdrawn_at = c.time("withdrawn_at")?;
            account!("unsealed_by");
            let unsealed_at = c.time("unsealed_at")?;
            if (status == "unsealed") != unsealed_at.is_some() {
                return Err(c.err("unsealed_at", Reason::new("words_unsealed_time")));
            }
            put!("status", status);
            row.values.push(("withdrawn_at", opt(withdrawn_at)));
            row.values.push(("unsealed_at", opt(unsealed_at)));
            put!("unseal_override", c.flag("unseal_override")?);
        }
        other => return Err(bad_table(other, Reason::new("words_not_backup_table"))),
    }
    c.finish()?;
    Ok(row)
}

/// Replays the knockout's steps on its seeded bracket, as the knockout pages will.
fn check_knockout(tables: &[(&'static str, Vec<ParsedRow>)]) -> ServiceResult<()> {
    let rows = |name: &str| {
        tables
            .iter()
            .find(|(t, _)| *t == name)
            .map(|(_, r)| r.as_slice())
            .unwrap_or(&[])
    };
    let get = |row: &ParsedRow, col: &str| {
        row.values
            .iter()
            .find(|(c, _)| *c == col)
            .map(|(_, v)| v.clone())
            .unwrap_or(Value::Null)
    };
    let Some(ko) = rows("knockouts").first() else {
        return Ok(());
    };
    let settings = KnockoutSettings {
        best_of: get(ko, "best_of")
            .as_u64()
            .and_then(|n| BestOf::new(n as u32))
            .ok_or_else(|| {
                bad_table(
                    "knockouts",
                    Reason::new("words_missing_column").arg("column", "best_of"),
                )
            })?,
        tie_rule: get(ko, "tie_rule")
            .as_str()
            .and_then(crate::knockout::TieRule::parse)
            .ok_or_else(|| {
                bad_table(
                    "knockouts",
                    Reason::new("words_missing_column").arg("column", "tie_rule"),
                )
            })?,
        third_place_match: get(ko, "third_place").as_i64() == Some(1),
    };
    let mut seeds: Vec<(i64, u32)> = rows("knockout_qualifiers")
        .iter()
        .map(|r| {
            (
                get(r, "seed").as_i64().unwrap_or(0),
                get(r, "start_no").as_u64().unwrap_or(0) as u32,
            )
        })
        .collect();
    seeds.sort_unstable();
    let mut steps: Vec<(i64, usize, &ParsedRow)> = rows("knockout_inputs")
        .iter()
        .enumerate()
        .map(|(i, r)| (get(r, "seq").as_i64().unwrap_or(0), i + 1, r))
        .collect();
    steps.sort_by_key(|(seq, _, _)| *seq);
    let mut inputs = Vec::with_capacity(steps.len());
    for (_, n, r) in &steps {
        let bad = |what: &str| {
            bad_table(
                "knockout_inputs",
                Reason::new("words_row_missing")
                    .arg("row", n)
                    .arg("column", what),
            )
        };
        let match_id = get(r, "match_id").as_u64().map(|m| MatchId(m as u32));
        let start = get(r, "start_no").as_u64().map(|s| s as u32);
        let reason = get(r, "reason").as_str().unwrap_or("").to_string();
        inputs.push(match get(r, "kind").as_str().unwrap_or("") {
            "lot" => Input::Lot {
                match_id: match_id.ok_or_else(|| bad("match_id"))?,
                red: start.ok_or_else(|| bad("start_no"))?,
            },
            "decider_colour" => Input::DeciderColour {
                match_id: match_id.ok_or_else(|| bad("match_id"))?,
                higher_seed_plays: match get(r, "colour").as_str().map(str::parse) {
                    Some(Ok(c)) => c,
                    _ => return Err(bad("colour")),
                },
            },
            "game" => Input::Game {
                match_id: match_id.ok_or_else(|| bad("match_id"))?,
                number: get(r, "game_no").as_u64().ok_or_else(|| bad("game_no"))? as u32,
                result: get(r, "result")
                    .as_str()
                    .and_then(GameResult::parse)
                    .ok_or_else(|| bad("result"))?,
            },
            "forfeit" => Input::Forfeit {
                match_id: match_id.ok_or_else(|| bad("match_id"))?,
                start: start.ok_or_else(|| bad("start_no"))?,
                reason,
            },
            _ => Input::Withdrawal {
                start: start.ok_or_else(|| bad("start_no"))?,
                reason,
            },
        });
    }
    let stored = store::knockout::Stored {
        setup: store::knockout::Setup {
            settings,
            auto_lots: get(ko, "auto_lots").as_i64() == Some(1),
            qualifiers: seeds.into_iter().map(|(_, s)| s).collect(),
        },
        inputs,
    };
    stored
        .bracket()
        .map(|_| ())
        .map_err(|e| bad_table("knockout_inputs", super::knockout::knockout_reason(&e)))
}

/// Parses a backup's text completely (nothing is written).
fn parse(text: &str) -> ServiceResult<Parsed> {
    let value: Value = serde_json::from_str(text.trim_start_matches('\u{feff}')).map_err(|e| {
        ServiceError::invalid(
            "backup",
            Reason::new("svc_import_not_json")
                .arg("line", e.line())
                .arg("column", e.column()),
        )
    })?;
    if value.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(ServiceError::invalid(
            "format",
            Reason::new("svc_import_format").arg("format", FORMAT),
        ));
    }
    let tables = value
        .get("tables")
        .and_then(Value::as_object)
        .ok_or_else(|| bad_table("tables", Reason::new("words_missing")))?;
    if let Some(unknown) = tables
        .keys()
        .find(|k| !store::backup::tables().any(|t| t == k.as_str()))
    {
        return Err(bad_table(unknown, Reason::new("words_not_backup_table")));
    }
    let rows_of = |name: &'static str| -> ServiceResult<&Vec<Value>> {
        static EMPTY: Vec<Value> = Vec::new();
        match tables.get(name) {
            None => Ok(&EMPTY),
            Some(v) => v
                .as_array()
                .ok_or_else(|| bad_table(name, Reason::new("words_not_list"))),
        }
    };
    let mut users = HashMap::new();
    let empty = Vec::new();
    let listed = match value.get("users") {
        None | Some(Value::Null) => &empty,
        Some(v) => v
            .as_array()
            .ok_or_else(|| bad_table("users", Reason::new("words_not_list")))?,
    };
    for (i, u) in listed.iter().enumerate() {
        let mut c = Cells::new("users", i + 1, u)?;
        let id = c.need_int("id", i64::MIN..=i64::MAX)?;
        let name = c.raw_text("name")?;
        let name = c.need("name", name)?;
        let name = accounts::validate_name(name)
            .map_err(|_| c.err("name", Reason::new("svc_user_name_bad")))?;
        let role = c.raw_text("role")?;
        if let Some(role) = role
            && Role::parse(role).is_none()
        {
            return Err(c.err(
                "role",
                Reason::new("words_not_one_of")
                    .arg("value", role)
                    .arg("allowed", "admin, organizer, arbiter, player, club"),
            ));
        }
        c.finish()?;
        if users.insert(id, name).is_some() {
            return Err(c.err("id", Reason::new("words_account_twice").arg("id", id)));
        }
    }
    let events = rows_of("events")?;
    let [event_row] = events.as_slice() else {
        return Err(bad_table("events", Reason::new("words_one_event")));
    };
    let (event, facts) = parse_event(&mut Cells::new("events", 1, event_row)?)?;
    let mut cx = Context {
        event: facts.id,
        variant: facts.variant,
        best_of: facts.best_of,
        users,
        ids: HashMap::new(),
        starts: HashSet::new(),
    };
    let mut parsed_tables = vec![("events", vec![event])];
    for table in store::backup::tables().filter(|t| *t != "events") {
        let mut rows = Vec::new();
        for (i, v) in rows_of(table)?.iter().enumerate() {
            let row = parse_row(table, &mut Cells::new(table, i + 1, v)?, &cx)?;
            if let Some(id) = row.old_id
                && !cx.ids.entry(table).or_default().insert(id)
            {
                return Err(bad_table(
                    table,
                    Reason::new("words_id_twice")
                        .arg("row", i + 1)
                        .arg("id", id),
                ));
            }
            if table == "players"
                && let Some(Value::Number(n)) = row
                    .values
                    .iter()
                    .find(|(c, _)| *c == "start_no")
                    .map(|(_, v)| v)
                && let Some(n) = n.as_i64()
            {
                cx.starts.insert(n);
            }
            rows.push(row);
        }
        parsed_tables.push((table, rows));
    }
    check_knockout(&parsed_tables)?;
    Ok(Parsed {
        users: cx.users,
        tables: parsed_tables,
        origin: facts.origin,
        original: (facts.id, facts.created_raw),
        event_name: facts.name,
    })
}

/// The accounts of the backup the importer links: arbiters and the accounts of players.
async fn accounts_to_link(db: &Db, parsed: &Parsed) -> ServiceResult<Vec<AccountToLink>> {
    let local = store::users::list(db).await?;
    let mut out: Vec<AccountToLink> = Vec::new();
    for (table, rows) in &parsed.tables {
        for row in rows {
            for (col, id) in &row.accounts {
                let player = match (*table, *col) {
                    ("event_arbiters", "user_id") => None,
                    ("players", "user_id") => Some(
                        row.values
                            .iter()
                            .find(|(c, _)| *c == "name")
                            .and_then(|(_, v)| v.as_str())
                            .unwrap_or("")
                            .to_string(),
                    ),
                    _ => continue,
                };
                let i = match out.iter().position(|a| a.backup_id == *id) {
                    Some(i) => i,
                    None => {
                        out.push(AccountToLink {
                            backup_id: *id,
                            name: parsed.users.get(id).cloned().unwrap_or_default(),
                            arbiter: false,
                            players: Vec::new(),
                            choices: Vec::new(),
                        });
                        out.len() - 1
                    }
                };
                match player {
                    None => out[i].arbiter = true,
                    Some(name) => out[i].players.push(name),
                }
            }
        }
    }
    for a in &mut out {
        a.choices = local
            .iter()
            .filter(|u| {
                (a.arbiter && matches!(u.role, Role::Arbiter | Role::Organizer))
                    || (!a.players.is_empty() && u.role == Role::Player)
            })
            .map(|u| (u.id, u.name.clone()))
            .collect();
    }
    Ok(out)
}

fn may_import(by: &User) -> ServiceResult<()> {
    if super::policy::may_create_events(by.role) {
        Ok(())
    } else {
        Err(ServiceError::Forbidden)
    }
}

fn already(id: i64) -> ServiceError {
    ServiceError::Conflict(Reason::new("svc_import_already").arg("event", id))
}

/// Reads a backup completely, without a database (nothing is written): the first bad value, or the
/// rows per table. [`prepare`] and [`confirm`] read it the same way, then add the checks that need the
/// database (an event imported twice, the accounts to link). The fuzz targets call this.
pub fn check(text: &str) -> ServiceResult<Vec<(&'static str, usize)>> {
    let parsed = parse(text)?;
    Ok(parsed
        .tables
        .iter()
        .map(|(t, rows)| (*t, rows.len()))
        .collect())
}

/// Reads a backup (nothing is written): refused with the first bad value, or the event's summary and
/// the accounts the importer must link or leave unlinked.
pub async fn prepare(db: &Db, by: &User, text: &str) -> ServiceResult<Prepared> {
    may_import(by)?;
    let parsed = parse(text)?;
    if let Some(id) = store::backup::already_imported(db, &parsed.origin, &parsed.original).await? {
        return Err(already(id));
    }
    Ok(Prepared {
        event_name: parsed.event_name.clone(),
        counts: parsed
            .tables
            .iter()
            .filter(|(t, _)| *t != "events")
            .map(|(t, rows)| (*t, rows.len()))
            .collect(),
        accounts: accounts_to_link(db, &parsed).await?,
    })
}

/// Imports a backup with the importer's links (backup account id → local account, or `None` for not
/// linked; accounts left out are not linked): the backup is read again, each link must be one of
/// the offered choices, and everything is written in one transaction. Returns the new event's id.
pub async fn confirm(
    db: &Db,
    by: &User,
    text: &str,
    links: &[(i64, Option<i64>)],
) -> ServiceResult<i64> {
    may_import(by)?;
    let parsed = parse(text)?;
    let offered = accounts_to_link(db, &parsed).await?;
    let mut chosen: HashMap<i64, i64> = HashMap::new();
    for (backup_id, local) in links {
        let Some(account) = offered.iter().find(|a| a.backup_id == *backup_id) else {
            return Err(ServiceError::invalid(
                "map",
                Reason::new("svc_import_unknown_account").arg("account", backup_id),
            ));
        };
        if let Some(local) = local {
            if !account.choices.iter().any(|(id, _)| id == local) {
                return Err(ServiceError::invalid(
                    "map",
                    Reason::new("svc_import_bad_choice").arg("name", &account.name),
                ));
            }
            chosen.insert(*backup_id, *local);
        }
    }
    let mut tables = Vec::with_capacity(parsed.tables.len());
    for (table, rows) in parsed.tables {
        let mut out = Vec::with_capacity(rows.len());
        'rows: for row in rows {
            let mut values = row.values;
            for (col, backup_id) in row.accounts {
                let local = chosen.get(&backup_id).copied();
                match (table, col, local) {
                    (_, _, Some(id)) => values.push((col, Value::from(id))),
                    // An arbiter left unlinked is no arbiter here.
                    ("event_arbiters", _, None) => continue 'rows,
                    // Every deal names who sealed it: the importer stands in for an unlinked account.
                    ("deals", "sealed_by", None) => values.push((col, Value::from(by.id))),
                    (_, _, None) => values.push((col, Value::Null)),
                }
            }
            out.push(ImportRow {
                old_id: row.old_id,
                values,
            });
        }
        tables.push((table, out));
    }
    let linked: Vec<String> = offered
        .iter()
        .filter_map(|a| {
            chosen.get(&a.backup_id).and_then(|id| {
                a.choices
                    .iter()
                    .find(|(c, _)| c == id)
                    .map(|(_, n)| format!("{} → {n}", a.name))
            })
        })
        .collect();
    let plan = ImportPlan {
        tables,
        origin: parsed.origin,
        original: parsed.original.clone(),
        detail: Reason::new("audit_d_import")
            .arg("format", FORMAT)
            .arg("event", parsed.original.0)
            .arg("name", &parsed.event_name)
            .arg_reason(
                "linked",
                &if linked.is_empty() {
                    Reason::new("audit_d_none")
                } else {
                    Reason::new("audit_d_text").arg("text", linked.join(", "))
                },
            )
            .audit(),
    };
    store::backup::import(db, by, &plan)
        .await
        .map_err(|e| match e {
            ImportError::AlreadyImported(id) => already(id),
            ImportError::Row {
                table,
                row,
                message,
            } => ServiceError::invalid(
                "backup",
                Reason::new("svc_import_row")
                    .arg("table", table)
                    .arg("row", row)
                    .arg("detail", message),
            ),
            ImportError::Store(s) => s.into(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_of_a_backup_has_a_parser() {
        let users = HashMap::new();
        let cx = Context {
            event: 1,
            variant: Variant::Jieqi,
            best_of: 3,
            users,
            ids: HashMap::new(),
            starts: HashSet::new(),
        };
        for table in store::backup::tables().filter(|t| *t != "events") {
            let empty = Value::Object(Map::new());
            let err = parse_row(
                table,
                &mut Cells::new(table, 1, &empty).expect("cells"),
                &cx,
            )
            .expect_err("an empty row is refused");
            assert!(
                !err.to_string().contains("not a table"),
                "{table} has no parser"
            );
        }
    }

    #[test]
    fn a_bad_value_names_table_row_and_column() {
        let row = serde_json::json!({"id": 1, "start_date": "not-a-date", "name": "E", "variant": "jieqi",
                                     "created_at": "2026-01-01T00:00:00Z"});
        let err = match parse_event(&mut Cells::new("events", 1, &row).expect("cells")) {
            Err(e) => e,
            Ok(_) => panic!("a bad date was accepted"),
        };
        let text = err.to_string();
        assert!(text.contains("events row 1"), "{text}");
        assert!(text.contains("start_date"), "{text}");
        assert!(text.contains("not-a-date"), "{text}");
        assert!(matches!(
            err,
            ServiceError::Invalid {
                field: "start_date",
                ..
            }
        ));
    }

    #[test]
    fn fingerprints_tell_events_apart() {
        assert_ne!(
            fingerprint(1, "2026-01-01T00:00:00Z"),
            fingerprint(2, "2026-01-01T00:00:00Z")
        );
        assert_eq!(fingerprint(1, "x").len(), 64);
    }
}
