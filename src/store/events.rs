//! Events: settings, owner, assigned arbiters.

use chrono::NaiveDate;
use sqlx::AssertSqlSafe;

use super::users::User;
use super::{Db, Flag, StoreError, StoreResult, audit, now};
use crate::accounts::Role;
use crate::event::EventSettings;
use crate::rules::Variant;

/// A stored event.
#[derive(Debug, Clone)]
pub struct Event {
    /// Row id (the event id in URLs).
    pub id: i64,
    /// The organizer who owns it.
    pub owner_id: i64,
    /// Its settings.
    pub settings: EventSettings,
    /// Whether round pages announce the commitments of sealed duplicate deals.
    pub announces_deals: bool,
    /// Whether the 3rd-place match has its own deal rounds; events whose final was dealt
    /// before that share the final's (`service::deals`).
    pub third_place_own_deals: bool,
    /// Its change counter ([`version`]) when it was read, in the same statement (0 from `create`).
    pub version: i64,
    /// Its public version ([`public_version`]) when it was read, in the same statement.
    pub public_version: i64,
    /// The version its pages show and its live stream announces to this viewer: the public one,
    /// unless the viewer sees every change (`policy::sees_every_change`, set when the viewer's
    /// rights are known).
    pub live_version: i64,
    /// The IANA time zone its pages show times in (default `Asia/Hong_Kong`).
    pub time_zone: String,
    /// Archived: read-only, off the home list, still public by its address.
    pub archived: bool,
    /// The event's first section when this row is a further section (組別) of it; `None` for an
    /// event (its first or only section).
    pub parent_id: Option<i64>,
    /// How many further sections the event this row belongs to has (0: one section).
    pub more_sections: i64,
    /// A round robin's draw, once made: `lot` with its seed (64 hex digits) or `rating`.
    pub draw: Option<(String, Option<String>)>,
    /// The seed of the final lot (抽籤, the `LOT` tie-break; 64 hex digits), once drawn.
    pub lot_seed: Option<String>,
}

impl Event {
    /// The id of the event this section belongs to (its first section's row).
    pub fn root_id(&self) -> i64 {
        self.parent_id.unwrap_or(self.id)
    }

    /// Whether the event has more than one section.
    pub fn has_sections(&self) -> bool {
        self.parent_id.is_some() || self.more_sections > 0
    }

    /// The name pages, prints and files show: the event's name, then the section's.
    pub fn title(&self) -> String {
        if self.settings.section.is_empty() {
            self.settings.name.clone()
        } else {
            format!("{} · {}", self.settings.name, self.settings.section)
        }
    }
}

const COLUMNS: &str = "id, owner_id, name, venue, start_date, end_date, variant, swiss_rounds, knockout_size, \
                       best_of, points_win, points_draw, points_loss, move_limit, tie_breaks, announce_deals, \
                       time_zone, archived, deals_required, third_place_own_deals, public_value_required, \
                       public_version, parent_id, section_name, format, cycles, group_count, \
                       qualifiers_per_group, withdrawal_rule, club_avoidance, team_counted, draw_method, draw_seed, lot_seed, \
                       (SELECT COUNT(*) FROM events c WHERE c.parent_id = COALESCE(events.parent_id, events.id)) \
                       AS more_sections, \
                       (SELECT COALESCE(MAX(a.id), 0) FROM audit_log a WHERE a.event_id = events.id) AS version";

/// [`COLUMNS`] as a `RETURNING` clause gives them (the version is read afterwards).
const RETURNED: &str = "id, owner_id, name, venue, start_date, end_date, variant, swiss_rounds, knockout_size, \
                        best_of, points_win, points_draw, points_loss, move_limit, tie_breaks, announce_deals, \
                        time_zone, archived, deals_required, third_place_own_deals, public_value_required, \
                        public_version, parent_id, section_name, format, cycles, group_count, \
                        qualifiers_per_group, withdrawal_rule, club_avoidance, team_counted, draw_method, draw_seed, lot_seed, \
                        0 AS more_sections, 0 AS version";

/// An `events` row as stored.
#[derive(sqlx::FromRow)]
struct EventRow {
    id: i64,
    owner_id: i64,
    name: String,
    venue: String,
    start_date: String,
    end_date: String,
    variant: String,
    swiss_rounds: i64,
    knockout_size: i64,
    best_of: i64,
    points_win: i64,
    points_draw: i64,
    points_loss: i64,
    move_limit: i64,
    tie_breaks: String,
    announce_deals: i64,
    time_zone: String,
    archived: i64,
    deals_required: i64,
    public_value_required: i64,
    third_place_own_deals: i64,
    public_version: i64,
    parent_id: Option<i64>,
    section_name: String,
    format: String,
    cycles: i64,
    group_count: i64,
    qualifiers_per_group: i64,
    withdrawal_rule: String,
    club_avoidance: String,
    team_counted: i64,
    draw_method: Option<String>,
    draw_seed: Option<String>,
    lot_seed: Option<String>,
    more_sections: i64,
    version: i64,
}

impl TryFrom<EventRow> for Event {
    type Error = StoreError;

    fn try_from(r: EventRow) -> StoreResult<Event> {
        let corrupt = |column, value: &str| super::bad_value("events", r.id, column, value);
        let date = |column: &'static str, s: &str| {
            NaiveDate::parse_from_str(s, "%Y-%m-%d").map_err(|_| corrupt(column, s))
        };
        let u = |column, v| super::small_number("events", r.id, column, v);
        Ok(Event {
            id: r.id,
            owner_id: r.owner_id,
            version: r.version,
            public_version: r.public_version,
            live_version: r.public_version,
            announces_deals: r.announce_deals != 0,
            archived: r.archived != 0,
            third_place_own_deals: r.third_place_own_deals != 0,
            parent_id: r.parent_id,
            more_sections: r.more_sections,
            draw: r.draw_method.clone().map(|m| (m, r.draw_seed.clone())),
            lot_seed: r.lot_seed.clone(),
            settings: EventSettings {
                stage: crate::event::Stage {
                    format: crate::event::Format::parse(&r.format)
                        .ok_or_else(|| corrupt("format", &r.format))?,
                    cycles: u("cycles", r.cycles)?,
                    groups: u("group_count", r.group_count)?,
                    qualifiers_per_group: u("qualifiers_per_group", r.qualifiers_per_group)?,
                    withdrawal: crate::event::WithdrawalRule::parse(&r.withdrawal_rule)
                        .ok_or_else(|| corrupt("withdrawal_rule", &r.withdrawal_rule))?,
                    club_avoidance: crate::swiss::avoidance::ClubAvoidance::parse(
                        &r.club_avoidance,
                    )
                    .ok_or_else(|| corrupt("club_avoidance", &r.club_avoidance))?,
                    team_counted: u("team_counted", r.team_counted)?,
                },
                section: r.section_name,
                start_date: date("start_date", &r.start_date)?,
                end_date: date("end_date", &r.end_date)?,
                variant: Variant::parse(&r.variant)
                    .ok_or_else(|| corrupt("variant", &r.variant))?,
                swiss_rounds: u("swiss_rounds", r.swiss_rounds)?,
                knockout_size: u("knockout_size", r.knockout_size)?,
                best_of: u("best_of", r.best_of)?,
                points: (
                    u("points_win", r.points_win)?,
                    u("points_draw", r.points_draw)?,
                    u("points_loss", r.points_loss)?,
                ),
                move_limit: u("move_limit", r.move_limit)?,
                deals_required: r.deals_required != 0,
                public_value_required: r.public_value_required != 0,
                tie_breaks: crate::event::parse_tie_breaks(&r.tie_breaks)
                    .map_err(|_| corrupt("tie_breaks", &r.tie_breaks))?,
                name: r.name,
                venue: r.venue,
            },
            time_zone: r.time_zone,
        })
    }
}

/// Binds the settings' columns in the order both the insert and the update list them: name,
/// venue, dates, variant, rounds, knockout size, best of, points, move limit, tie-breaks.
fn bind_settings<'q>(q: super::Statement<'q>, s: &'q EventSettings) -> super::Statement<'q> {
    q.bind(&s.name)
        .bind(&s.venue)
        .bind(s.start_date.format("%Y-%m-%d").to_string())
        .bind(s.end_date.format("%Y-%m-%d").to_string())
        .bind(s.variant.name())
        .bind(s.swiss_rounds as i64)
        .bind(s.knockout_size as i64)
        .bind(s.best_of as i64)
        .bind(s.points.0 as i64)
        .bind(s.points.1 as i64)
        .bind(s.points.2 as i64)
        .bind(s.move_limit as i64)
        .bind(crate::event::tie_break_codes(&s.tie_breaks))
}

/// Binds a section's own columns after [`bind_settings`]'s: its name, format, cycles, groups,
/// qualifiers per group, withdrawal rule, team avoidance and team count.
fn bind_stage<'q>(q: super::Statement<'q>, s: &'q EventSettings) -> super::Statement<'q> {
    q.bind(&s.section)
        .bind(s.stage.format.as_str())
        .bind(i64::from(s.stage.cycles))
        .bind(i64::from(s.stage.groups))
        .bind(i64::from(s.stage.qualifiers_per_group))
        .bind(s.stage.withdrawal.as_str())
        .bind(s.stage.club_avoidance.code())
        .bind(i64::from(s.stage.team_counted))
}

fn event_from_row(row: &super::Row) -> StoreResult<Event> {
    Event::try_from(<EventRow as sqlx::FromRow<_>>::from_row(row)?)
}

/// Creates an event owned by `owner`, with an audit entry.
pub async fn create(
    db: &Db,
    owner: &User,
    s: &EventSettings,
    time_zone: &str,
) -> StoreResult<Event> {
    let mut tx = super::begin_write(db).await?;
    let event = insert_in(&mut tx, owner.id, None, s, time_zone).await?;
    tx.commit_audited(Some(owner.id), Some(event.id), "event.create", &s.name)
        .await?;
    Ok(event)
}

/// Inserts an events row: an event, or a further section of the event `parent`.
async fn insert_in(
    tx: &mut super::Conn,
    owner_id: i64,
    parent: Option<i64>,
    s: &EventSettings,
    time_zone: &str,
) -> StoreResult<Event> {
    let insert = sqlx::query(AssertSqlSafe(format!(
        "INSERT INTO events (owner_id, name, venue, start_date, end_date, variant, swiss_rounds, knockout_size,
         best_of, points_win, points_draw, points_loss, move_limit, tie_breaks, section_name, format, cycles,
         group_count, qualifiers_per_group, withdrawal_rule, club_avoidance, team_counted, created_at,
         deals_required, public_value_required, time_zone, parent_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
         $21, $22, $23, $24, $25, $26, $27) RETURNING {RETURNED}"
    )))
    .bind(owner_id);
    let row = bind_stage(bind_settings(insert, s), s)
        .bind(now())
        .bind(i64::from(s.deals_required))
        .bind(i64::from(s.public_value_required))
        .bind(time_zone)
        .bind(parent)
        .fetch_one(&mut *tx)
        .await?;
    event_from_row(&row)
}

/// Adds a further section to the event `root` (its first section): owned by the event's
/// organizer, with its arbiters, the event's shared settings (name, venue, dates, deals policy,
/// time zone) and `s`'s own (its name, format, rounds, knockout, scoring …). Audited on the event
/// and on the new section.
pub async fn create_section(
    db: &Db,
    by: &User,
    root: &Event,
    s: &EventSettings,
) -> StoreResult<Event> {
    let mut tx = super::begin_write(db).await?;
    let mut own = s.clone();
    share_settings(&root.settings, &mut own);
    let section = insert_in(&mut tx, root.owner_id, Some(root.id), &own, &root.time_zone).await?;
    sqlx::query(
        "INSERT INTO event_arbiters (event_id, user_id) SELECT $1, user_id FROM event_arbiters WHERE event_id = $2",
    )
    .bind(section.id)
    .bind(root.id)
    .execute(&mut *tx)
    .await?;
    audit::record(
        &mut *tx,
        Some(by.id),
        Some(section.id),
        "section.create",
        &own.section,
    )
    .await?;
    tx.commit_audited(Some(by.id), Some(root.id), "section.create", &own.section)
        .await?;
    Ok(section)
}

/// Copies the settings every section of an event shares from `from` into `to`.
pub fn share_settings(from: &EventSettings, to: &mut EventSettings) {
    to.name.clone_from(&from.name);
    to.venue.clone_from(&from.venue);
    to.start_date = from.start_date;
    to.end_date = from.end_date;
    to.deals_required = from.deals_required;
    to.public_value_required = from.public_value_required;
}

/// The sections of the event `root_id` (its own row first, then the further sections in the order
/// they were added); empty when there is no such event.
pub async fn sections(db: &Db, root_id: i64) -> StoreResult<Vec<Event>> {
    let rows = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM events WHERE id = $1 OR parent_id = $1 ORDER BY (parent_id IS NOT NULL), id"
    )))
    .bind(root_id)
    .fetch_all(db)
    .await?;
    rows.iter().map(event_from_row).collect()
}

/// Records a round robin's draw: the method (`lot`, `rating`), the lot's seed, the rounds its
/// schedule gives (the section's rounds from now on), and each player's draw number and group
/// `(player row, draw number, group)`; refused (`Conflict`) when the section was drawn already.
/// One write, audited with `detail`.
pub async fn record_draw(
    db: &Db,
    by: &User,
    event_id: i64,
    (method, seed, rounds): (&str, Option<&str>, u32),
    numbers: &[(i64, u32, u32)],
    detail: &str,
) -> StoreResult<()> {
    let mut tx = super::begin_write(db).await?;
    let done = sqlx::query(
        "UPDATE events SET draw_method = $1, draw_seed = $2, swiss_rounds = $3
         WHERE id = $4 AND draw_method IS NULL",
    )
    .bind(method)
    .bind(seed)
    .bind(i64::from(rounds))
    .bind(event_id)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        return Err(StoreError::Conflict);
    }
    for &(player, number, group) in numbers {
        sqlx::query(
            "UPDATE players SET draw_number = $1, group_no = $2 WHERE id = $3 AND event_id = $4",
        )
        .bind(i64::from(number))
        .bind(i64::from(group))
        .bind(player)
        .bind(event_id)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit_audited(Some(by.id), Some(event_id), "section.draw", detail)
        .await?;
    Ok(())
}

/// Finds an event.
pub async fn get(db: &Db, id: i64) -> StoreResult<Option<Event>> {
    let row = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM events WHERE id = $1"
    )))
    .bind(id)
    .fetch_optional(db)
    .await?;
    row.as_ref().map(event_from_row).transpose()
}

/// All events, newest first.
pub async fn list(db: &Db) -> StoreResult<Vec<Event>> {
    let rows = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM events WHERE parent_id IS NULL ORDER BY start_date DESC, id DESC"
    )))
    .fetch_all(db)
    .await?;
    rows.iter().map(event_from_row).collect()
}

/// What has happened in an event that locks some of its settings.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Progress {
    /// A Swiss round has been published.
    pub round_published: bool,
    /// A round exists (a draft included).
    pub round_paired: bool,
    /// The knockout has been seeded.
    pub knockout_seeded: bool,
    /// A move record has been stored (Swiss or knockout).
    pub record_stored: bool,
    /// Its rated games were pushed into a rating list.
    pub rated: bool,
    /// Its round robin has been drawn.
    pub drawn: bool,
}

async fn progress_in(conn: &mut super::Conn, event_id: i64) -> StoreResult<Progress> {
    let (published, paired, seeded, records, rated, drawn): (Flag, Flag, Flag, Flag, Flag, Flag) =
        sqlx::query_as(
            "SELECT
           EXISTS (SELECT 1 FROM rounds WHERE event_id = $1 AND published = 1),
           EXISTS (SELECT 1 FROM rounds WHERE event_id = $1),
           EXISTS (SELECT 1 FROM knockouts WHERE event_id = $1),
           EXISTS (SELECT 1 FROM game_records g JOIN boards b ON b.id = g.board_id
                   JOIN rounds r ON r.id = b.round_id WHERE r.event_id = $1)
           OR EXISTS (SELECT 1 FROM knockout_records WHERE event_id = $1),
           EXISTS (SELECT 1 FROM rating_uploads WHERE event_id = $1),
           EXISTS (SELECT 1 FROM events WHERE id = $1 AND draw_method IS NOT NULL)",
        )
        .bind(event_id)
        .fetch_one(&mut *conn)
        .await?;
    Ok(Progress {
        round_published: published.0,
        round_paired: paired.0,
        knockout_seeded: seeded.0,
        record_stored: records.0,
        rated: rated.0,
        drawn: drawn.0,
    })
}

/// The event's [`Progress`].
pub async fn progress(db: &Db, event_id: i64) -> StoreResult<Progress> {
    let mut conn = db.acquire().await?;
    progress_in(&mut conn, event_id).await
}

/// An event as it stands inside a transaction, with its progress; not found is an error.
async fn with_progress_in(conn: &mut super::Conn, event_id: i64) -> StoreResult<(Event, Progress)> {
    let event = get_in(conn, event_id).await?.ok_or(StoreError::NotFound)?;
    Ok((event, progress_in(conn, event_id).await?))
}

async fn get_in(conn: &mut super::Conn, id: i64) -> StoreResult<Option<Event>> {
    let row = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM events WHERE id = $1"
    )))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    row.as_ref().map(event_from_row).transpose()
}

/// What a correction of an event asks of the store: the audit detail of the change, or why it is
/// refused (the caller's rule, checked inside the writer's transaction against the event as it is
/// there and its [`Progress`]).
pub type Checked<E> = Result<String, E>;

/// Replaces an event's settings and time zone when `check` (given the event as stored and its
/// progress, read in the same write transaction) accepts them; the audit entry carries the
/// detail `check` returns and the reason the user typed. `Ok(Err(_))` is `check`'s refusal,
/// nothing written; `NotFound` when the event is gone.
pub async fn update_settings<E>(
    db: &Db,
    by: &User,
    event_id: i64,
    s: &EventSettings,
    time_zone: &str,
    reason: &str,
    check: impl FnOnce(&Event, Progress) -> Checked<E>,
) -> StoreResult<Result<Event, E>> {
    let mut tx = super::begin_write(db).await?;
    let (old, progress) = with_progress_in(&mut tx, event_id).await?;
    let detail = match check(&old, progress) {
        Ok(detail) => detail,
        Err(e) => return Ok(Err(e)),
    };
    let update = sqlx::query(
        "UPDATE events SET name = $1, venue = $2, start_date = $3, end_date = $4, variant = $5,
         swiss_rounds = $6, knockout_size = $7, best_of = $8, points_win = $9, points_draw = $10,
         points_loss = $11, move_limit = $12, tie_breaks = $13, section_name = $14, format = $15,
         cycles = $16, group_count = $17, qualifiers_per_group = $18, withdrawal_rule = $19,
         club_avoidance = $20, team_counted = $21,
         time_zone = $22, deals_required = $23, public_value_required = $24
         WHERE id = $25",
    );
    bind_stage(bind_settings(update, s), s)
        .bind(time_zone)
        .bind(i64::from(s.deals_required))
        .bind(i64::from(s.public_value_required))
        .bind(event_id)
        .execute(&mut *tx)
        .await?;
    // The settings every section shares follow to the event's other sections.
    sqlx::query(
        "UPDATE events SET name = $1, venue = $2, start_date = $3, end_date = $4, time_zone = $5,
         deals_required = $6, public_value_required = $7
         WHERE (id = $8 OR parent_id = $8) AND id <> $9",
    )
    .bind(&s.name)
    .bind(&s.venue)
    .bind(s.start_date.format("%Y-%m-%d").to_string())
    .bind(s.end_date.format("%Y-%m-%d").to_string())
    .bind(time_zone)
    .bind(i64::from(s.deals_required))
    .bind(i64::from(s.public_value_required))
    .bind(old.root_id())
    .bind(event_id)
    .execute(&mut *tx)
    .await?;
    audit::record_with_reason(
        &mut *tx,
        Some(by.id),
        Some(event_id),
        "event.settings",
        &detail,
        reason,
    )
    .await?;
    let event = get_in(&mut tx, event_id)
        .await?
        .ok_or(StoreError::NotFound)?;
    tx.commit().await?;
    Ok(Ok(event))
}

/// Records the seed of the section's final lot (抽籤) with an audit entry; false (nothing written)
/// when a lot was drawn already: a lot is drawn once.
pub async fn record_lot(db: &Db, by: &User, event_id: i64, seed: &str) -> StoreResult<bool> {
    let change = sqlx::query("UPDATE events SET lot_seed = $1 WHERE id = $2 AND lot_seed IS NULL")
        .bind(seed)
        .bind(event_id);
    let audit = ("event.lot", seed);
    super::write_one(db, (Some(by.id), Some(event_id)), audit, change, vec![]).await
}

/// Whether the event is archived (`false` when there is no such event).
pub async fn is_archived(db: &Db, id: i64) -> StoreResult<bool> {
    let archived: Option<i64> = sqlx::query_scalar("SELECT archived FROM events WHERE id = $1")
        .bind(id)
        .fetch_optional(db)
        .await?;
    Ok(archived.is_some_and(|a| a != 0))
}

/// Archives or un-archives an event, with an audit entry carrying the reason typed; `false` when it
/// already was in that state (nothing written).
pub async fn set_archived(
    db: &Db,
    by: &User,
    event_id: i64,
    archived: bool,
    reason: &str,
) -> StoreResult<bool> {
    let mut tx = super::begin_write(db).await?;
    let now_archived: Option<i64> = sqlx::query_scalar("SELECT archived FROM events WHERE id = $1")
        .bind(event_id)
        .fetch_optional(&mut *tx)
        .await?;
    if now_archived.ok_or(StoreError::NotFound)? == i64::from(archived) {
        return Ok(false);
    }
    let action = if archived {
        "event.archive"
    } else {
        "event.unarchive"
    };
    // The archiving is logged while the event still takes entries; the un-archiving after it does.
    if archived {
        audit::record_with_reason(&mut *tx, Some(by.id), Some(event_id), action, "", reason)
            .await?;
    }
    // An event's sections are archived and un-archived with it.
    sqlx::query("UPDATE events SET archived = $1 WHERE id = $2 OR parent_id = $2")
        .bind(i64::from(archived))
        .bind(event_id)
        .execute(&mut *tx)
        .await?;
    if !archived {
        audit::record_with_reason(&mut *tx, Some(by.id), Some(event_id), action, "", reason)
            .await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// How an event deletion ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deleted {
    /// Gone, with everything that hangs on it.
    Done,
    /// A round or the knockout has been published or seeded, and the event's name was not typed.
    Started,
    /// Rated games were pushed from it into a rating list: it can only be archived.
    Rated,
}

/// Deletes an event with everything that hangs on it, its sealed deals included, checked in the
/// write transaction: before it started (no round published, no knockout seeded) on the reason
/// alone; afterwards (a trial event) only with `name_typed`, the organizer having typed its name,
/// and never once rated games were pushed from it. The audit entry outlives the event (it names
/// the event and keeps the reason typed, with no event id).
pub async fn delete(
    db: &Db,
    by: &User,
    event_id: i64,
    reason: &str,
    name_typed: bool,
) -> StoreResult<Deleted> {
    let mut tx = super::begin_write(db).await?;
    let (event, _) = with_progress_in(&mut tx, event_id).await?;
    // An event goes with its further sections (deleted first: they name it); a further section
    // goes alone.
    let mut rows: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM events WHERE parent_id = $1 ORDER BY id")
            .bind(event_id)
            .fetch_all(&mut *tx)
            .await?;
    rows.push(event_id);
    for &id in &rows {
        let progress = progress_in(&mut tx, id).await?;
        if progress.rated {
            return Ok(Deleted::Rated);
        }
        if (progress.round_published || progress.knockout_seeded) && !name_typed {
            return Ok(Deleted::Started);
        }
    }
    // Sealed deals and public values refuse deletion (triggers) unless their event is named here;
    // deals reference their event without a cascade (a sealed deal is never lost by accident).
    for id in rows {
        for statement in [
            "INSERT INTO event_deletions (event_id) VALUES ($1)",
            "DELETE FROM deal_values WHERE deal_id IN (SELECT id FROM deals WHERE event_id = $1)",
            "DELETE FROM deals WHERE event_id = $1",
            "DELETE FROM event_deletions WHERE event_id = $1",
            "DELETE FROM events WHERE id = $1",
        ] {
            sqlx::query(statement).bind(id).execute(&mut *tx).await?;
        }
    }
    let detail = format!("#{event_id} {}", event.settings.name);
    tx.commit_audited_with_reason((Some(by.id), None), "event.delete", &detail, reason)
        .await?;
    Ok(Deleted::Done)
}

/// Removes an arbiter from an event, with an audit entry carrying the reason typed; `false` when the
/// account was not one of its arbiters.
pub async fn remove_arbiter(
    db: &Db,
    by: &User,
    event_id: i64,
    arbiter: &User,
    reason: &str,
) -> StoreResult<bool> {
    let mut tx = super::begin_write(db).await?;
    // The arbiters of an event are those of all its sections.
    let done = sqlx::query(
        "DELETE FROM event_arbiters WHERE user_id = $2 AND event_id IN
         (SELECT id FROM events WHERE id = $1 OR parent_id = $1
          OR id = (SELECT parent_id FROM events WHERE id = $1)
          OR parent_id = (SELECT parent_id FROM events WHERE id = $1))",
    )
    .bind(event_id)
    .bind(arbiter.id)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    tx.commit_audited_with_reason(
        (Some(by.id), Some(event_id)),
        "arbiter.remove",
        &arbiter.name,
        reason,
    )
    .await?;
    Ok(true)
}

/// Assigns an arbiter account to an event (idempotent), with an audit entry.
pub async fn add_arbiter(db: &Db, by: &User, event_id: i64, arbiter: &User) -> StoreResult<()> {
    let mut tx = super::begin_write(db).await?;
    // The arbiters of an event are those of all its sections.
    let done = sqlx::query(
        "INSERT INTO event_arbiters (event_id, user_id)
         SELECT id, $2 FROM events WHERE id = $1 OR parent_id = $1
         OR id = (SELECT parent_id FROM events WHERE id = $1)
         OR parent_id = (SELECT parent_id FROM events WHERE id = $1)
         ON CONFLICT DO NOTHING",
    )
    .bind(event_id)
    .bind(arbiter.id)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() > 0 {
        audit::record(
            &mut *tx,
            Some(by.id),
            Some(event_id),
            "arbiter.add",
            &arbiter.name,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// The arbiters of an event.
pub async fn arbiters(db: &Db, event_id: i64) -> StoreResult<Vec<User>> {
    let rows = sqlx::query_as::<_, (i64, String, String)>(
        "SELECT u.id, u.name, u.role FROM event_arbiters a JOIN users u ON u.id = a.user_id
         WHERE a.event_id = $1 ORDER BY u.name",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?;
    rows.into_iter()
        .map(|(id, name, role)| {
            Ok(User {
                role: Role::parse(&role).ok_or_else(|| StoreError::Corrupt {
                    table: "users",
                    id,
                    column: "role",
                    value: role.clone(),
                })?,
                id,
                name,
            })
        })
        .collect()
}

/// The arbiters of an event as names: (login name, display name; empty when none was set).
pub async fn arbiter_names(db: &Db, event_id: i64) -> StoreResult<Vec<(String, String)>> {
    Ok(sqlx::query_as(
        "SELECT u.name, u.display_name FROM event_arbiters a JOIN users u ON u.id = a.user_id
         WHERE a.event_id = $1 ORDER BY u.name",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?)
}

/// Whether a user is an assigned arbiter of an event.
pub async fn is_arbiter(db: &Db, event_id: i64, user_id: i64) -> StoreResult<bool> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM event_arbiters WHERE event_id = $1 AND user_id = $2",
    )
    .bind(event_id)
    .bind(user_id)
    .fetch_one(db)
    .await?;
    Ok(n > 0)
}

/// The event's change counter: the id of its latest audit entry. Every change of an event's data is
/// audit-logged, so cached pages of the event stay valid while this number stays the same.
pub async fn version(db: &Db, event_id: i64) -> StoreResult<i64> {
    let v: i64 =
        sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM audit_log WHERE event_id = $1")
            .bind(event_id)
            .fetch_one(db)
            .await?;
    Ok(v)
}

/// The event's public version: it moves with each change the public can see and only with those
/// (audit entries marked public, and [`note_public_change`]), so hidden writes and other events'
/// activity leave it as it was. Anonymous pages are cached on it.
pub async fn public_version(db: &Db, event_id: i64) -> StoreResult<i64> {
    let v: Option<i64> = sqlx::query_scalar("SELECT public_version FROM events WHERE id = $1")
        .bind(event_id)
        .fetch_optional(db)
        .await?;
    Ok(v.unwrap_or(0))
}

/// Moves the event's public version: a workflow wrote something the public sees that its audit
/// entry does not count as public (a move record of a round whose records are public).
pub async fn note_public_change(db: &Db, event_id: i64) -> StoreResult<()> {
    sqlx::query("UPDATE events SET public_version = public_version + 1 WHERE id = $1")
        .bind(event_id)
        .execute(db)
        .await?;
    Ok(())
}

/// An event's two change counters: every change ([`version`]) and the public ones
/// ([`public_version`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Versions {
    /// Every change's counter.
    pub all: i64,
    /// The public changes' counter.
    pub public: i64,
}

/// Both change counters of one event (zeros for an event without a row).
pub async fn both_versions(db: &Db, event_id: i64) -> StoreResult<Versions> {
    Ok(versions(db, &[event_id])
        .await?
        .first()
        .map_or_else(Versions::default, |(_, v)| *v))
}

/// The change counters ([`Versions`]) of several events in one query, for the live pages' hub
/// (`service::live`): one for each of the events that exists (0 for one without an audit entry);
/// an event without a row (deleted) is left out.
pub async fn versions(db: &Db, event_ids: &[i64]) -> StoreResult<Vec<(i64, Versions)>> {
    if event_ids.is_empty() {
        return Ok(Vec::new());
    }
    // The ids are numbers, bound one by one: each event's highest entry is one step down the
    // `(event_id, id)` index (`audit_log_event`).
    let marks = (1..=event_ids.len())
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "SELECT e.id, COALESCE((SELECT MAX(a.id) FROM audit_log a WHERE a.event_id = e.id), 0),
                e.public_version
           FROM events e WHERE e.id IN ({marks})"
    );
    let mut query = sqlx::query_as::<_, (i64, i64, i64)>(AssertSqlSafe(sql));
    for id in event_ids {
        query = query.bind(*id);
    }
    Ok(query
        .fetch_all(db)
        .await?
        .into_iter()
        .map(|(id, all, public)| (id, Versions { all, public }))
        .collect())
}
