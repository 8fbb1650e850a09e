//! Players registered for an event, with their start numbers, and the event's starting list.
//!
//! Two numberings: the **start number** (`players.start_no`, the fixed starting rank every page,
//! the TRF, the API, byes and uploads use) and the per-round TPN of the pairing engine. While the
//! starting list is open the start numbers follow the initial order of the general handling rules
//! (C.04.2: strength, then name) and move with every registration, rating change or deletion;
//! nothing points at them then (bye requests name the player's row). The list is fixed once — by
//! "confirm the starting list" or by the first pairing — and from then on a start number never
//! changes: a later registration gets the next free number (a late entry).

use super::users::User;
use super::{Db, StoreError, StoreResult, audit};
use crate::roster::PlayerEntry;

/// A registered player.
#[derive(Debug, Clone)]
pub struct Player {
    /// Row id.
    pub id: i64,
    /// Start (pairing) number within the event, from 1.
    pub start_no: i64,
    /// The registration data.
    pub entry: PlayerEntry,
    /// The player account linked to this entry, if any.
    pub user_id: Option<i64>,
    /// The first round the player can be paired in (late entries join later).
    pub joins_at: u32,
    /// The first round the player is no longer paired in, after withdrawing.
    pub withdrawn_from: Option<u32>,
    /// A round robin's draw number and group (1 = A), once drawn.
    pub draw: Option<(u32, u32)>,
}

/// A `players` row as stored.
#[derive(sqlx::FromRow)]
struct PlayerRow {
    id: i64,
    start_no: i64,
    name: String,
    club: String,
    rating: i64,
    fide_id: String,
    local_id: String,
    category: String,
    team: String,
    user_id: Option<i64>,
    joins_at: i64,
    withdrawn_from: Option<i64>,
    draw_number: Option<i64>,
    group_no: Option<i64>,
}

impl TryFrom<PlayerRow> for Player {
    type Error = StoreError;

    fn try_from(r: PlayerRow) -> StoreResult<Player> {
        let round = |column: &'static str, v: i64| {
            u32::try_from(v).map_err(|_| StoreError::Corrupt {
                table: "players",
                id: r.id,
                column,
                value: v.to_string(),
            })
        };
        Ok(Player {
            id: r.id,
            start_no: r.start_no,
            entry: PlayerEntry {
                rating: round("rating", r.rating)?,
                name: r.name,
                club: r.club,
                fide_id: r.fide_id,
                local_id: r.local_id,
                category: r.category,
                team: r.team,
            },
            user_id: r.user_id,
            joins_at: round("joins_at", r.joins_at)?,
            withdrawn_from: r
                .withdrawn_from
                .map(|w| round("withdrawn_from", w))
                .transpose()?,
            draw: match (r.draw_number, r.group_no) {
                (Some(n), Some(g)) => Some((round("draw_number", n)?, round("group_no", g)?)),
                _ => None,
            },
        })
    }
}

fn player_from_row(r: &super::Row) -> StoreResult<Player> {
    Player::try_from(<PlayerRow as sqlx::FromRow<_>>::from_row(r)?)
}

/// The players of an event by start number.
pub async fn list(db: &Db, event_id: i64) -> StoreResult<Vec<Player>> {
    let rows = sqlx::query(
        "SELECT id, start_no, name, club, rating, fide_id, local_id, category, team, user_id, joins_at, withdrawn_from, draw_number, group_no FROM players
         WHERE event_id = $1 ORDER BY start_no",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?;
    rows.iter().map(player_from_row).collect()
}

/// The state of an event's starting list.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StartingList {
    /// When the list was fixed; `None` while it is open.
    pub fixed_at: Option<String>,
    /// Whether an organizer or arbiter confirmed it (`false`: the first pairing fixed it).
    pub confirmed: bool,
    /// Players on the list when it was fixed; higher start numbers are late entries.
    pub size: u32,
    /// Why a fixed list was re-opened (`rating`, `deleted`), until it is fixed again.
    pub reopened: Option<String>,
}

impl StartingList {
    /// Whether the start numbers are fixed.
    pub fn is_fixed(&self) -> bool {
        self.fixed_at.is_some()
    }
}

/// The starting list of an event.
pub async fn starting_list(
    db: impl sqlx::Executor<'_, Database = sqlx::Any>,
    event_id: i64,
) -> StoreResult<StartingList> {
    let (fixed_at, confirmed, size, reopened) =
        sqlx::query_as::<_, (Option<String>, super::Flag, i64, Option<String>)>(
            "SELECT start_list_fixed_at, start_list_confirmed, start_list_size, start_list_reopened
             FROM events WHERE id = $1",
        )
        .bind(event_id)
        .fetch_optional(db)
        .await?
        .ok_or(StoreError::NotFound)?;
    Ok(StartingList {
        fixed_at,
        confirmed: confirmed.0,
        size: u32::try_from(size).map_err(|_| StoreError::Corrupt {
            table: "events",
            id: event_id,
            column: "start_list_size",
            value: size.to_string(),
        })?,
        reopened,
    })
}

/// Numbers the players 1, 2, 3, … in the initial order of the general handling rules (C.04.2
/// "Initial Order": strength — the rating, unrated last — then alphabetically by name; the
/// project has no titles), the row id keeping equal entries apart.
pub(super) async fn renumber(tx: &mut super::Conn, event_id: i64) -> StoreResult<()> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM players WHERE event_id = $1 ORDER BY rating DESC, name, id",
    )
    .bind(event_id)
    .fetch_all(&mut *tx)
    .await?;
    // Out of the way first: (event_id, start_no) is unique.
    sqlx::query("UPDATE players SET start_no = -start_no WHERE event_id = $1")
        .bind(event_id)
        .execute(&mut *tx)
        .await?;
    for (i, id) in ids.iter().enumerate() {
        sqlx::query("UPDATE players SET start_no = $1 WHERE id = $2")
            .bind(i as i64 + 1)
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}

/// Fixes the starting list: numbered in the initial order, then closed with its size.
pub(super) async fn fix_list(
    tx: &mut super::Conn,
    event_id: i64,
    confirmed: bool,
) -> StoreResult<u32> {
    renumber(tx, event_id).await?;
    let size: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM players WHERE event_id = $1")
        .bind(event_id)
        .fetch_one(&mut *tx)
        .await?;
    sqlx::query(
        "UPDATE events SET start_list_fixed_at = $1, start_list_confirmed = $2, start_list_size = $3,
         start_list_reopened = NULL WHERE id = $4",
    )
    .bind(super::now())
    .bind(confirmed as i64)
    .bind(size)
    .bind(event_id)
    .execute(&mut *tx)
    .await?;
    Ok(size as u32)
}

/// How many rounds (drafts included) an event has.
async fn round_count(tx: &mut super::Conn, event_id: i64) -> StoreResult<i64> {
    Ok(
        sqlx::query_scalar("SELECT COUNT(*) FROM rounds WHERE event_id = $1")
            .bind(event_id)
            .fetch_one(&mut *tx)
            .await?,
    )
}

/// Before round 1 a change of the initial order re-opens a fixed list (with `why` as the warning)
/// and renumbers an open one; after round 1 nothing moves.
async fn reorder_before_round_one(
    tx: &mut super::Conn,
    event_id: i64,
    why: &str,
) -> StoreResult<bool> {
    if round_count(tx, event_id).await? > 0 {
        return Ok(false);
    }
    let list = starting_list(&mut *tx, event_id).await?;
    if list.is_fixed() {
        sqlx::query(
            "UPDATE events SET start_list_fixed_at = NULL, start_list_confirmed = 0,
             start_list_size = 0, start_list_reopened = $1 WHERE id = $2",
        )
        .bind(why)
        .bind(event_id)
        .execute(&mut *tx)
        .await?;
    }
    renumber(tx, event_id).await?;
    Ok(list.is_fixed())
}

/// What confirming the starting list did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confirmed {
    /// The list is fixed now, with this many players.
    Fixed(u32),
    /// It was fixed already.
    AlreadyFixed,
    /// Round 1 has been paired: the first pairing fixed the list.
    Paired,
}

/// "Confirm the starting list": numbers the players in the initial order and fixes the numbers,
/// before round 1 is paired. Logged.
pub async fn confirm_list(db: &Db, by: &User, event_id: i64) -> StoreResult<Confirmed> {
    let mut tx = super::begin_write(db).await?;
    if round_count(&mut tx, event_id).await? > 0 {
        return Ok(Confirmed::Paired);
    }
    if starting_list(&mut *tx, event_id).await?.is_fixed() {
        return Ok(Confirmed::AlreadyFixed);
    }
    let size = fix_list(&mut tx, event_id, true).await?;
    tx.commit_audited(
        Some(by.id),
        Some(event_id),
        "players.confirm_list",
        &crate::i18n::Reason::new("audit_d_players")
            .arg("count", size)
            .audit(),
    )
    .await?;
    Ok(Confirmed::Fixed(size))
}

/// One player of an event by row id.
pub async fn get(db: &Db, event_id: i64, player_id: i64) -> StoreResult<Option<Player>> {
    let row = sqlx::query(
        "SELECT id, start_no, name, club, rating, fide_id, local_id, category, team, user_id, joins_at, withdrawn_from, draw_number, group_no FROM players
         WHERE event_id = $1 AND id = $2",
    )
    .bind(event_id)
    .bind(player_id)
    .fetch_optional(db)
    .await?;
    row.as_ref().map(player_from_row).transpose()
}

/// What a change to the list did to the start numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reordered {
    /// No such player in the event.
    NotFound,
    /// Done; `reopened` when a fixed starting list was re-opened by it.
    Done {
        /// A fixed list was re-opened.
        reopened: bool,
    },
}

/// Changes a player's rating. Before round 1 this re-sorts the list (re-opening a fixed one);
/// after round 1 start numbers stay (C.04.1: a corrected rating affects pairings yet to be made).
pub async fn set_rating(
    db: &Db,
    by: &User,
    event_id: i64,
    player_id: i64,
    rating: u32,
    reason: &str,
) -> StoreResult<Reordered> {
    let mut tx = super::begin_write(db).await?;
    let old: Option<(i64, String)> =
        sqlx::query_as("SELECT rating, name FROM players WHERE event_id = $1 AND id = $2")
            .bind(event_id)
            .bind(player_id)
            .fetch_optional(&mut *tx)
            .await?;
    let Some((old, name)) = old else {
        return Ok(Reordered::NotFound);
    };
    sqlx::query("UPDATE players SET rating = $1 WHERE id = $2")
        .bind(rating as i64)
        .bind(player_id)
        .execute(&mut *tx)
        .await?;
    let reopened =
        old != rating as i64 && reorder_before_round_one(&mut tx, event_id, "rating").await?;
    super::audit::record_with_reason(
        &mut *tx,
        Some(by.id),
        Some(event_id),
        "player.rating",
        &crate::i18n::Reason::new("audit_d_player_rating")
            .arg("name", &name)
            .arg("old", old)
            .arg("new", rating)
            .arg("reopened", if reopened { "yes" } else { "no" })
            .audit(),
        reason,
    )
    .await?;
    tx.commit().await?;
    Ok(Reordered::Done { reopened })
}

/// Why a player could not be deleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deleted {
    /// Deleted; `reopened` when a fixed starting list was re-opened by it.
    Done {
        /// A fixed list was re-opened.
        reopened: bool,
    },
    /// No such player in the event.
    NotFound,
    /// Round 1 is paired: the entry stays (withdraw the player instead).
    Paired,
}

/// Deletes a player entry before round 1 (its bye requests go with it) and renumbers the rest,
/// re-opening a fixed list. Logged.
pub async fn delete(
    db: &Db,
    by: &User,
    event_id: i64,
    player_id: i64,
    reason: &str,
) -> StoreResult<Deleted> {
    let mut tx = super::begin_write(db).await?;
    if round_count(&mut tx, event_id).await? > 0 {
        return Ok(Deleted::Paired);
    }
    let name: Option<String> =
        sqlx::query_scalar("DELETE FROM players WHERE event_id = $1 AND id = $2 RETURNING name")
            .bind(event_id)
            .bind(player_id)
            .fetch_optional(&mut *tx)
            .await?;
    let Some(name) = name else {
        return Ok(Deleted::NotFound);
    };
    let reopened = reorder_before_round_one(&mut tx, event_id, "deleted").await?;
    super::audit::record_with_reason(
        &mut *tx,
        Some(by.id),
        Some(event_id),
        "player.delete",
        &crate::i18n::Reason::new("audit_d_player_delete")
            .arg("name", &name)
            .arg("reopened", if reopened { "yes" } else { "no" })
            .audit(),
        reason,
    )
    .await?;
    tx.commit().await?;
    Ok(Deleted::Done { reopened })
}

/// A correction of a player's entry: the name always, the club and the rating only before round 1.
#[derive(Debug, Clone)]
pub struct Correction {
    /// The corrected name (checked by the caller).
    pub name: String,
    /// The corrected club (checked by the caller).
    pub club: String,
    /// The corrected rating.
    pub rating: u32,
}

/// How a player correction ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edited {
    /// Saved; `reopened` when a rating change re-opened a fixed starting list.
    Done {
        /// A fixed list was re-opened.
        reopened: bool,
    },
    /// Nothing differs from what is stored.
    Unchanged,
    /// No such player in the event.
    NotFound,
    /// Round 1 is paired and the club or rating was changed (names only from then on).
    Paired,
}

/// Corrects a player's name, club and rating in one transaction, with an audit entry listing the
/// old and new values and the reason typed. After round 1 only the name may change (the start
/// numbers stay; exports read the new name). A name and club already registered is `Conflict`.
pub async fn edit(
    db: &Db,
    by: &User,
    event_id: i64,
    player_id: i64,
    new: &Correction,
    reason: &str,
) -> StoreResult<Edited> {
    let mut tx = super::begin_write(db).await?;
    let old: Option<(String, String, i64)> =
        sqlx::query_as("SELECT name, club, rating FROM players WHERE event_id = $1 AND id = $2")
            .bind(event_id)
            .bind(player_id)
            .fetch_optional(&mut *tx)
            .await?;
    let Some((old_name, old_club, old_rating)) = old else {
        return Ok(Edited::NotFound);
    };
    let rating_changed = old_rating != i64::from(new.rating);
    let club_changed = old_club != new.club;
    let name_changed = old_name != new.name;
    if !(rating_changed || club_changed || name_changed) {
        return Ok(Edited::Unchanged);
    }
    let paired = round_count(&mut tx, event_id).await? > 0;
    if paired && (rating_changed || club_changed) {
        return Ok(Edited::Paired);
    }
    sqlx::query("UPDATE players SET name = $1, club = $2, rating = $3 WHERE id = $4")
        .bind(&new.name)
        .bind(&new.club)
        .bind(i64::from(new.rating))
        .bind(player_id)
        .execute(&mut *tx)
        .await?;
    let reopened = if rating_changed {
        reorder_before_round_one(&mut tx, event_id, "rating").await?
    } else {
        // The initial order breaks rating ties by name: an open list follows a new name.
        if !paired && !starting_list(&mut *tx, event_id).await?.is_fixed() {
            renumber(&mut tx, event_id).await?;
        }
        false
    };
    let mut changes = Vec::new();
    if name_changed {
        changes.push(
            crate::i18n::Reason::new("audit_d_change")
                .arg_reason("field", &crate::i18n::Reason::new("player_name"))
                .arg("old", &old_name)
                .arg("new", &new.name),
        );
    }
    if club_changed {
        changes.push(
            crate::i18n::Reason::new("audit_d_change")
                .arg_reason("field", &crate::i18n::Reason::new("club"))
                .arg("old", &old_club)
                .arg("new", &new.club),
        );
    }
    if rating_changed {
        changes.push(
            crate::i18n::Reason::new("audit_d_change")
                .arg_reason("field", &crate::i18n::Reason::new("rating"))
                .arg("old", old_rating)
                .arg("new", new.rating),
        );
    }
    super::audit::record_with_reason(
        &mut *tx,
        Some(by.id),
        Some(event_id),
        "player.edit",
        &crate::i18n::Reason::all(&changes).audit(),
        reason,
    )
    .await?;
    tx.commit().await?;
    Ok(Edited::Done { reopened })
}

/// Registers players in one transaction: all are added with the next start numbers, or none
/// (`Conflict` when one is already registered under the same name and club). While the starting
/// list is open the list is then numbered in the initial order again; once it is fixed the new
/// players keep the next free numbers (late entries).
pub async fn add_all(
    db: &Db,
    by: &User,
    event_id: i64,
    entries: &[PlayerEntry],
) -> StoreResult<Vec<Player>> {
    add_to_sections(db, by, &[(event_id, entries)]).await
}

/// [`add_all`] for several sections of one event in one transaction (an import with a `section`
/// column): all rows or none, each section audited with its own players.
pub async fn add_to_sections(
    db: &Db,
    by: &User,
    lists: &[(i64, &[PlayerEntry])],
) -> StoreResult<Vec<Player>> {
    let mut tx = super::begin_write(db).await?;
    let mut players = Vec::new();
    for &(event_id, entries) in lists.iter().filter(|(_, e)| !e.is_empty()) {
        players.extend(add_in(&mut tx, event_id, entries).await?);
        let detail = if entries.len() == 1 {
            entries[0].name.clone()
        } else {
            crate::i18n::Reason::new("audit_d_players")
                .arg("count", entries.len())
                .audit()
        };
        audit::record(
            &mut *tx,
            Some(by.id),
            Some(event_id),
            "players.add",
            &detail,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(players)
}

/// Inserts the entries into one section, numbered after its last start number (the whole list
/// renumbered while it is open).
async fn add_in(
    tx: &mut super::Conn,
    event_id: i64,
    entries: &[PlayerEntry],
) -> StoreResult<Vec<Player>> {
    let mut next: i64 = sqlx::query_scalar(
        "SELECT COALESCE(MAX(start_no), 0) + 1 FROM players WHERE event_id = $1",
    )
    .bind(event_id)
    .fetch_one(&mut *tx)
    .await?;
    let mut added = Vec::with_capacity(entries.len());
    for e in entries {
        let row = sqlx::query(
            "INSERT INTO players (event_id, start_no, name, club, rating, fide_id, local_id, category, team, joins_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,
                     (SELECT COUNT(*) + 1 FROM rounds WHERE event_id = $1 AND published = 1))
             RETURNING id, start_no, name, club, rating, fide_id, local_id, category, team, user_id, joins_at, withdrawn_from, draw_number, group_no",
        )
        .bind(event_id)
        .bind(next)
        .bind(&e.name)
        .bind(&e.club)
        .bind(e.rating as i64)
        .bind(&e.fide_id)
        .bind(&e.local_id)
        .bind(&e.category)
        .bind(&e.team)
        .fetch_one(&mut *tx)
        .await?;
        added.push(player_from_row(&row)?.id);
        next += 1;
    }
    if !starting_list(&mut *tx, event_id).await?.is_fixed() {
        renumber(tx, event_id).await?;
    }
    let mut players = Vec::with_capacity(added.len());
    for id in added {
        let row = sqlx::query(
            "SELECT id, start_no, name, club, rating, fide_id, local_id, category, team, user_id, joins_at, withdrawn_from, draw_number, group_no
             FROM players WHERE id = $1",
        )
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
        players.push(player_from_row(&row)?);
    }
    Ok(players)
}

/// Links a player entry to a player account.
pub async fn link_user(
    db: &Db,
    by: &User,
    event_id: i64,
    start_no: i64,
    account: &User,
) -> StoreResult<bool> {
    let mut tx = super::begin_write(db).await?;
    let done = sqlx::query("UPDATE players SET user_id = $1 WHERE event_id = $2 AND start_no = $3")
        .bind(account.id)
        .bind(event_id)
        .bind(start_no)
        .execute(&mut *tx)
        .await?;
    if done.rows_affected() == 1 {
        audit::record(
            &mut *tx,
            Some(by.id),
            Some(event_id),
            "player.link",
            &format!("#{start_no} → {}", account.name),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(done.rows_affected() == 1)
}

/// The events and start numbers a player account is linked to.
pub async fn entries_of_user(db: &Db, user_id: i64) -> StoreResult<Vec<(i64, String, i64)>> {
    Ok(sqlx::query_as(
        "SELECT p.event_id, e.name, p.start_no FROM players p JOIN events e ON e.id = p.event_id
         WHERE p.user_id = $1 ORDER BY e.start_date DESC",
    )
    .bind(user_id)
    .fetch_all(db)
    .await?)
}

/// How moving a player to another section ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moved {
    /// In the other section now; both starting lists renumbered (a fixed one re-opened).
    Done,
    /// One of the two sections has a round paired or its round robin drawn: the player stays.
    Started,
    /// No such player in the section.
    NotFound,
    /// The other section has a player of the same name and club.
    Duplicate,
}

/// Moves a player (with the linked account; requested byes dropped) from section `from` to
/// section `to` of the same event, before either has a round paired or a round robin drawn.
/// Audited on both sections with `detail` (a `Reason::audit` naming the player: `{name}` is
/// replaced by the player's name) and `reason`.
pub async fn move_to_section(
    db: &Db,
    by: &User,
    (from, to): (i64, i64),
    player_id: i64,
    (detail, reason): (&crate::i18n::Reason, &str),
) -> StoreResult<Moved> {
    let mut tx = super::begin_write(db).await?;
    for section in [from, to] {
        let drawn: Option<String> =
            sqlx::query_scalar("SELECT draw_method FROM events WHERE id = $1")
                .bind(section)
                .fetch_optional(&mut *tx)
                .await?
                .flatten();
        if round_count(&mut tx, section).await? > 0 || drawn.is_some() {
            return Ok(Moved::Started);
        }
    }
    let name: Option<(String, String)> =
        sqlx::query_as("SELECT name, club FROM players WHERE event_id = $1 AND id = $2")
            .bind(from)
            .bind(player_id)
            .fetch_optional(&mut *tx)
            .await?;
    let Some((name, club)) = name else {
        return Ok(Moved::NotFound);
    };
    let taken: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM players WHERE event_id = $1 AND name = $2 AND club = $3",
    )
    .bind(to)
    .bind(&name)
    .bind(&club)
    .fetch_one(&mut *tx)
    .await?;
    if taken > 0 {
        return Ok(Moved::Duplicate);
    }
    for statement in [
        "DELETE FROM bye_requests WHERE player_id = $1",
        "DELETE FROM forbidden_pairs WHERE first_player = $1 OR second_player = $1",
    ] {
        sqlx::query(statement)
            .bind(player_id)
            .execute(&mut *tx)
            .await?;
    }
    sqlx::query(
        "UPDATE players SET event_id = $1,
         start_no = (SELECT COALESCE(MAX(p.start_no), 0) + 1 FROM players p WHERE p.event_id = $1)
         WHERE id = $2",
    )
    .bind(to)
    .bind(player_id)
    .execute(&mut *tx)
    .await?;
    for section in [from, to] {
        reorder_before_round_one(&mut tx, section, "moved").await?;
    }
    let detail = detail.clone().arg("name", &name).audit();
    super::audit::record_with_reason(
        &mut *tx,
        Some(by.id),
        Some(to),
        "player.move",
        &detail,
        reason,
    )
    .await?;
    super::audit::record_with_reason(
        &mut *tx,
        Some(by.id),
        Some(from),
        "player.move",
        &detail,
        reason,
    )
    .await?;
    tx.commit().await?;
    Ok(Moved::Done)
}

/// The pairs of players kept apart in every round of an event, by start number (lower first),
/// with the reason typed.
pub async fn forbidden_pairs(db: &Db, event_id: i64) -> StoreResult<Vec<(u32, u32, String)>> {
    let rows: Vec<(i64, i64, i64, String)> = sqlx::query_as(
        "SELECT f.id, a.start_no, b.start_no, f.reason FROM forbidden_pairs f
         JOIN players a ON a.id = f.first_player AND a.event_id = f.event_id
         JOIN players b ON b.id = f.second_player AND b.event_id = f.event_id
         WHERE f.event_id = $1 ORDER BY f.id",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?;
    rows.into_iter()
        .map(|(id, a, b, reason)| {
            let number = |v: i64| {
                u32::try_from(v).map_err(|_| StoreError::Corrupt {
                    table: "forbidden_pairs",
                    id,
                    column: "start_no",
                    value: v.to_string(),
                })
            };
            let (a, b) = (number(a)?, number(b)?);
            Ok((a.min(b), a.max(b), reason))
        })
        .collect()
}

/// Keeps the players with these start numbers apart in every round (pairs already kept are left
/// as they are), in one write audited with `reason`; `NotFound` when a start number has no player.
pub async fn forbid_pairs(
    db: &Db,
    by: &User,
    event_id: i64,
    pairs: &[(u32, u32)],
    reason: &str,
) -> StoreResult<usize> {
    let mut tx = super::begin_write(db).await?;
    let mut added = 0;
    for &(a, b) in pairs {
        let mut ids = Vec::with_capacity(2);
        for start in [a, b] {
            let id: Option<i64> =
                sqlx::query_scalar("SELECT id FROM players WHERE event_id = $1 AND start_no = $2")
                    .bind(event_id)
                    .bind(i64::from(start))
                    .fetch_optional(&mut *tx)
                    .await?;
            ids.push(id.ok_or(StoreError::NotFound)?);
        }
        let (first, second) = (ids[0].min(ids[1]), ids[0].max(ids[1]));
        let done = sqlx::query(
            "INSERT INTO forbidden_pairs (event_id, first_player, second_player, reason)
             VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
        )
        .bind(event_id)
        .bind(first)
        .bind(second)
        .bind(reason)
        .execute(&mut *tx)
        .await?;
        added += done.rows_affected() as usize;
    }
    let detail = crate::i18n::Reason::new("audit_d_forbidden_pairs")
        .arg(
            "pairs",
            pairs
                .iter()
                .map(|(a, b)| format!("{a}–{b}"))
                .collect::<Vec<_>>()
                .join(", "),
        )
        .audit();
    tx.commit_audited_with_reason(
        (Some(by.id), Some(event_id)),
        "players.forbid",
        &detail,
        reason,
    )
    .await?;
    Ok(added)
}

/// Lets the two players with these start numbers meet again (the undo of [`forbid_pairs`]);
/// audited with `reason`; `false` when they were not kept apart.
pub async fn allow_pair(
    db: &Db,
    by: &User,
    event_id: i64,
    (a, b): (u32, u32),
    reason: &str,
) -> StoreResult<bool> {
    let mut tx = super::begin_write(db).await?;
    let done = sqlx::query(
        "DELETE FROM forbidden_pairs WHERE event_id = $1 AND
         first_player IN (SELECT id FROM players WHERE event_id = $1 AND start_no IN ($2, $3)) AND
         second_player IN (SELECT id FROM players WHERE event_id = $1 AND start_no IN ($2, $3))",
    )
    .bind(event_id)
    .bind(i64::from(a))
    .bind(i64::from(b))
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    let detail = crate::i18n::Reason::new("audit_d_forbidden_pairs")
        .arg("pairs", format!("{a}–{b}"))
        .audit();
    tx.commit_audited_with_reason(
        (Some(by.id), Some(event_id)),
        "players.allow",
        &detail,
        reason,
    )
    .await?;
    Ok(true)
}

/// Fouls (犯規) recorded against a player in a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoulRecord {
    /// The player's start number.
    pub start: u32,
    /// The round.
    pub round: u32,
    /// How many fouls.
    pub count: u32,
    /// What the arbiter noted.
    pub note: String,
}

/// The fouls recorded in an event, by start number and round.
pub async fn fouls(db: &Db, event_id: i64) -> StoreResult<Vec<FoulRecord>> {
    let rows: Vec<(i64, i64, i64, i64, String)> = sqlx::query_as(
        "SELECT f.id, p.start_no, f.round_no, f.count, f.note FROM fouls f
         JOIN players p ON p.id = f.player_id AND p.event_id = f.event_id
         WHERE f.event_id = $1 ORDER BY p.start_no, f.round_no",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?;
    rows.into_iter()
        .map(|(id, start, round, count, note)| {
            let number = |column, v: i64| super::small_number("fouls", id, column, v);
            Ok(FoulRecord {
                start: number("start_no", start)?,
                round: number("round_no", round)?,
                count: number("count", count)?,
                note,
            })
        })
        .collect()
}

/// Sets the fouls of the player `start` in `round` to `count` (0 removes them) with the note, in
/// one audited write carrying the old and new counts and the reason; `NotFound` when the start
/// number has no player, `Ok(false)` when nothing changes.
pub async fn set_fouls(
    db: &Db,
    by: &User,
    event_id: i64,
    foul: &FoulRecord,
    reason: &str,
) -> StoreResult<bool> {
    let mut tx = super::begin_write(db).await?;
    let player: Option<i64> =
        sqlx::query_scalar("SELECT id FROM players WHERE event_id = $1 AND start_no = $2")
            .bind(event_id)
            .bind(i64::from(foul.start))
            .fetch_optional(&mut *tx)
            .await?;
    let player = player.ok_or(StoreError::NotFound)?;
    let old: Option<(i64, String)> = sqlx::query_as(
        "SELECT count, note FROM fouls WHERE event_id = $1 AND player_id = $2 AND round_no = $3",
    )
    .bind(event_id)
    .bind(player)
    .bind(i64::from(foul.round))
    .fetch_optional(&mut *tx)
    .await?;
    let old_count = old.as_ref().map_or(0, |(c, _)| *c);
    if old_count == i64::from(foul.count) && old.as_ref().is_none_or(|(_, n)| *n == foul.note) {
        return Ok(false);
    }
    sqlx::query("DELETE FROM fouls WHERE event_id = $1 AND player_id = $2 AND round_no = $3")
        .bind(event_id)
        .bind(player)
        .bind(i64::from(foul.round))
        .execute(&mut *tx)
        .await?;
    if foul.count > 0 {
        sqlx::query(
            "INSERT INTO fouls (event_id, player_id, round_no, count, note) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(event_id)
        .bind(player)
        .bind(i64::from(foul.round))
        .bind(i64::from(foul.count))
        .bind(&foul.note)
        .execute(&mut *tx)
        .await?;
    }
    let detail = crate::i18n::Reason::new("audit_d_fouls")
        .arg("start", foul.start)
        .arg("round", foul.round)
        .arg("old", old_count)
        .arg("new", foul.count)
        .audit();
    super::audit::record_with_reason(
        &mut *tx,
        Some(by.id),
        Some(event_id),
        "player.fouls",
        &detail,
        reason,
    )
    .await?;
    tx.commit().await?;
    Ok(true)
}
