//! Online entries (報名): each section's entry form and the entries sent through it. An entry is
//! reached by its entrant through a private link whose token is stored hashed; it is pending until
//! the organizer (or the form, when it confirms automatically) confirms it, and then names the
//! player it became. Every change is audited; the cap and the closing time are checked in the
//! write that adds an entry, so parallel entries cannot pass the cap.

use super::users::User;
use super::{Db, Flag, StoreResult, bad_value, begin_write, now};
use crate::age_groups::AgeGroups;
use crate::i18n::Reason;

/// A section's entry form (the defaults when the organizer never saved one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryForm {
    /// The section (an `events` row).
    pub event_id: i64,
    /// Whether entries are taken.
    pub open: bool,
    /// When entries close (RFC 3339, UTC), empty for no closing time.
    pub closes_at: String,
    /// The most entries (pending and confirmed) the section takes; 0 for no cap.
    pub cap: i64,
    /// Whether the form asks for the club or team.
    pub ask_club: bool,
    /// Whether the form asks for a rating.
    pub ask_rating: bool,
    /// Whether the form asks for the year of birth (age groups).
    pub ask_birth_year: bool,
    /// Whether the form asks for a phone number or an e-mail address.
    pub ask_contact: bool,
    /// The club rating list an entrant may be looked up in for the rating.
    pub rating_list_id: Option<i64>,
    /// The entry fee as the organizer wrote it (empty for none).
    pub fee: String,
    /// Whether entries are confirmed as they come.
    pub auto_confirm: bool,
    /// The age groups a confirmed entry's year of birth puts its player in (none: empty).
    pub age_groups: AgeGroups,
}

impl EntryForm {
    /// A closed form with the usual questions (club and rating), as before the organizer saves one.
    pub fn closed(event_id: i64) -> EntryForm {
        EntryForm {
            event_id,
            open: false,
            closes_at: String::new(),
            cap: 0,
            ask_club: true,
            ask_rating: true,
            ask_birth_year: false,
            ask_contact: false,
            rating_list_id: None,
            fee: String::new(),
            auto_confirm: false,
            age_groups: AgeGroups::default(),
        }
    }
}

type FormRow = (
    i64,
    Flag,
    String,
    i64,
    Flag,
    Flag,
    Flag,
    Flag,
    Option<i64>,
    String,
    Flag,
    String,
);

const FORM_COLUMNS: &str = "f.event_id, f.open, f.closes_at, f.cap, f.ask_club, f.ask_rating, \
     f.ask_birth_year, f.ask_contact, f.rating_list_id, f.fee, f.auto_confirm, f.age_groups";

fn form_of(r: FormRow) -> StoreResult<EntryForm> {
    let age_groups =
        AgeGroups::parse(&r.11).map_err(|_| bad_value("entry_forms", r.0, "age_groups", &r.11))?;
    Ok(EntryForm {
        event_id: r.0,
        open: r.1.0,
        closes_at: r.2,
        cap: r.3,
        ask_club: r.4.0,
        ask_rating: r.5.0,
        ask_birth_year: r.6.0,
        ask_contact: r.7.0,
        rating_list_id: r.8,
        fee: r.9,
        auto_confirm: r.10.0,
        age_groups,
    })
}

/// The saved entry forms of every section of the event `root_id`.
pub async fn forms(db: &Db, root_id: i64) -> StoreResult<Vec<EntryForm>> {
    let rows: Vec<FormRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {FORM_COLUMNS} FROM entry_forms f JOIN events e ON e.id = f.event_id
         WHERE e.id = $1 OR e.parent_id = $1 ORDER BY f.event_id"
    )))
    .bind(root_id)
    .fetch_all(db)
    .await?;
    rows.into_iter().map(form_of).collect()
}

/// Saves a section's entry form (audited with `detail`).
pub async fn save_form(db: &Db, by: &User, form: &EntryForm, detail: &str) -> StoreResult<()> {
    let mut tx = begin_write(db).await?;
    sqlx::query(
        "INSERT INTO entry_forms (event_id, open, closes_at, cap, ask_club, ask_rating, ask_birth_year,
                                  ask_contact, rating_list_id, fee, auto_confirm, age_groups)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (event_id) DO UPDATE SET open = $2, closes_at = $3, cap = $4, ask_club = $5,
             ask_rating = $6, ask_birth_year = $7, ask_contact = $8, rating_list_id = $9, fee = $10,
             auto_confirm = $11, age_groups = $12",
    )
    .bind(form.event_id)
    .bind(Flag(form.open))
    .bind(&form.closes_at)
    .bind(form.cap)
    .bind(Flag(form.ask_club))
    .bind(Flag(form.ask_rating))
    .bind(Flag(form.ask_birth_year))
    .bind(Flag(form.ask_contact))
    .bind(form.rating_list_id)
    .bind(&form.fee)
    .bind(Flag(form.auto_confirm))
    .bind(form.age_groups.to_string())
    .execute(&mut *tx)
    .await?;
    tx.commit_audited(Some(by.id), Some(form.event_id), "entries.form", detail)
        .await
}

/// One entry as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Row id (the entry's id in the organizer's pages and the API).
    pub id: i64,
    /// The section entered (an `events` row).
    pub event_id: i64,
    /// The entrant's name.
    pub name: String,
    /// Club or team (may be empty).
    pub club: String,
    /// Rating (0 for unrated).
    pub rating: i64,
    /// Year of birth, when asked and given.
    pub birth_year: Option<i64>,
    /// Phone number or e-mail address (may be empty).
    pub contact: String,
    /// `pending`, `confirmed`, `cancelled` or `refused`.
    pub status: String,
    /// Whether the fee was paid (ticked by the organizer).
    pub paid: bool,
    /// The player it became, once confirmed.
    pub player_id: Option<i64>,
    /// When it was sent (RFC 3339, UTC).
    pub created_at: String,
}

type EntryRow = (
    i64,
    i64,
    String,
    String,
    i64,
    Option<i64>,
    String,
    String,
    Flag,
    Option<i64>,
    String,
);

const ENTRY_COLUMNS: &str = "x.id, x.event_id, x.name, x.club, x.rating, x.birth_year, x.contact, \
     x.status, x.paid, x.player_id, x.created_at";

fn entry_of(r: EntryRow) -> Entry {
    Entry {
        id: r.0,
        event_id: r.1,
        name: r.2,
        club: r.3,
        rating: r.4,
        birth_year: r.5,
        contact: r.6,
        status: r.7,
        paid: r.8.0,
        player_id: r.9,
        created_at: r.10,
    }
}

/// An entry's fields as checked by the service.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EntryFields {
    /// Name.
    pub name: String,
    /// Club or team.
    pub club: String,
    /// Rating (0 for unrated).
    pub rating: i64,
    /// Year of birth.
    pub birth_year: Option<i64>,
    /// Phone or e-mail.
    pub contact: String,
}

/// What became of a new entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Submitted {
    /// Stored, pending.
    Done(Entry),
    /// The section's form is closed (or past its closing time).
    Closed,
    /// The section has as many entries as its cap.
    Full,
}

/// Adds a pending entry to the section `event_id` if its form is open, before its closing time and
/// under its cap — checked in the same write.
pub async fn submit(
    db: &Db,
    event_id: i64,
    token_hash: &str,
    fields: &EntryFields,
) -> StoreResult<Submitted> {
    let mut tx = begin_write(db).await?;
    let form: Option<FormRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {FORM_COLUMNS} FROM entry_forms f WHERE f.event_id = $1"
    )))
    .bind(event_id)
    .fetch_optional(&mut *tx)
    .await?;
    let at = now();
    let Some(form) = form.map(form_of).transpose()? else {
        tx.rollback().await?;
        return Ok(Submitted::Closed);
    };
    if !form.open || (!form.closes_at.is_empty() && form.closes_at <= at) {
        tx.rollback().await?;
        return Ok(Submitted::Closed);
    }
    if form.cap > 0 {
        let taken: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM entries WHERE event_id = $1 AND status IN ('pending', 'confirmed')",
        )
        .bind(event_id)
        .fetch_one(&mut *tx)
        .await?;
        if taken >= form.cap {
            tx.rollback().await?;
            return Ok(Submitted::Full);
        }
    }
    let row: EntryRow = sqlx::query_as(
        "INSERT INTO entries (event_id, token_hash, name, club, rating, birth_year, contact, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
         RETURNING id, event_id, name, club, rating, birth_year, contact, status, paid, player_id, created_at",
    )
    .bind(event_id)
    .bind(token_hash)
    .bind(&fields.name)
    .bind(&fields.club)
    .bind(fields.rating)
    .bind(fields.birth_year)
    .bind(&fields.contact)
    .bind(&at)
    .fetch_one(&mut *tx)
    .await?;
    let detail = Reason::new("audit_d_entry")
        .arg("name", &fields.name)
        .audit();
    tx.commit_audited(None, Some(event_id), "entry.submit", &detail)
        .await?;
    Ok(Submitted::Done(entry_of(row)))
}

/// The entry whose private link's token hashes to `token_hash`.
pub async fn by_token(db: &Db, token_hash: &str) -> StoreResult<Option<Entry>> {
    let row: Option<EntryRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {ENTRY_COLUMNS} FROM entries x WHERE x.token_hash = $1"
    )))
    .bind(token_hash)
    .fetch_optional(db)
    .await?;
    Ok(row.map(entry_of))
}

/// Every entry of every section of the event `root_id`, oldest first.
pub async fn list(db: &Db, root_id: i64) -> StoreResult<Vec<Entry>> {
    let rows: Vec<EntryRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {ENTRY_COLUMNS} FROM entries x JOIN events e ON e.id = x.event_id
         WHERE e.id = $1 OR e.parent_id = $1 ORDER BY x.id"
    )))
    .bind(root_id)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(entry_of).collect())
}

/// Corrects a pending entry; `false` when it is no longer pending (nothing written).
pub async fn correct(db: &Db, entry: &Entry, fields: &EntryFields) -> StoreResult<bool> {
    let mut tx = begin_write(db).await?;
    let done = sqlx::query(
        "UPDATE entries SET name = $1, club = $2, rating = $3, birth_year = $4, contact = $5, updated_at = $6
         WHERE id = $7 AND status = 'pending'",
    )
    .bind(&fields.name)
    .bind(&fields.club)
    .bind(fields.rating)
    .bind(fields.birth_year)
    .bind(&fields.contact)
    .bind(now())
    .bind(entry.id)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    let detail = Reason::new("audit_d_entry_correct")
        .arg("old", &entry.name)
        .arg("name", &fields.name)
        .arg("club", &fields.club)
        .arg("rating", fields.rating)
        .audit();
    tx.commit_audited(None, Some(entry.event_id), "entry.correct", &detail)
        .await?;
    Ok(true)
}

/// Moves an entry from one of the statuses `from` to `to` (naming its player when one is given);
/// `false` when it was in none of them (nothing written). Audited as `entry.<action>`, by `by` or
/// by the entrant (`None`).
pub async fn set_status(
    db: &Db,
    by: Option<&User>,
    entry: &Entry,
    from: &[&str],
    to: &str,
    player_id: Option<i64>,
) -> StoreResult<bool> {
    let mut tx = begin_write(db).await?;
    let list = from
        .iter()
        .map(|s| format!("'{s}'"))
        .collect::<Vec<_>>()
        .join(", ");
    let done = sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE entries SET status = $1, player_id = COALESCE($2, player_id), updated_at = $3
         WHERE id = $4 AND status IN ({list})"
    )))
    .bind(to)
    .bind(player_id)
    .bind(now())
    .bind(entry.id)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    let action = match to {
        "confirmed" => "entry.confirm",
        "refused" => "entry.refuse",
        "cancelled" => "entry.cancel",
        _ => "entry.reopen",
    };
    let detail = Reason::new("audit_d_entry")
        .arg("name", &entry.name)
        .audit();
    tx.commit_audited(by.map(|u| u.id), Some(entry.event_id), action, &detail)
        .await?;
    Ok(true)
}

/// Ticks or unticks an entry's payment; `false` when it was already so (nothing written).
pub async fn set_paid(db: &Db, by: &User, entry: &Entry, paid: bool) -> StoreResult<bool> {
    let mut tx = begin_write(db).await?;
    let done =
        sqlx::query("UPDATE entries SET paid = $1, updated_at = $2 WHERE id = $3 AND paid <> $1")
            .bind(Flag(paid))
            .bind(now())
            .bind(entry.id)
            .execute(&mut *tx)
            .await?;
    if done.rows_affected() == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    let detail = Reason::new("audit_d_entry_paid")
        .arg("name", &entry.name)
        .arg("paid", if paid { "yes" } else { "no" })
        .audit();
    tx.commit_audited(Some(by.id), Some(entry.event_id), "entry.paid", &detail)
        .await?;
    Ok(true)
}
