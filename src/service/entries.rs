//! Online entries (報名): the organizer opens a section's entry form (closing time, cap, the
//! optional questions, the club rating list entrants may be looked up in, the fee, automatic
//! confirmation); anyone sends an entry without an account and gets a private link to see, correct
//! or cancel it; the organizer confirms or refuses entries and ticks payments. A confirmed entry
//! becomes a player through [`super::players::register`], as a player added by hand; cancelling it
//! before round 1 deletes that player through [`super::players::delete_player`].
//!
//! Abuse: a honeypot field (a filled one is dropped with the usual answer), a limit of entries per
//! client address and hour (counted in `store::throttle`), the cap and the closing time (checked in
//! the write), every input bounded.

use std::net::IpAddr;

use super::{Reason, ServiceError, ServiceResult, policy};
use crate::accounts;
use crate::age_groups::AgeGroups;
use crate::roster::PlayerEntry;
pub use crate::store::entries::{Entry, EntryForm};
use crate::store::entries::{EntryFields, Submitted};
use crate::store::{self, Db, events::Event, users::User};

/// Entries one client address may send per hour (a club entering its members from one phone
/// fits; a script does not).
pub const ENTRIES_PER_HOUR: i64 = 20;
/// The largest cap a form takes.
pub const MAX_CAP: i64 = 10_000;
/// The longest fee text.
pub const MAX_FEE: usize = 40;
/// The longest name, club or contact.
const MAX_LINE: usize = 80;

/// A section with its entry form and how many entries hold a place (pending or confirmed).
#[derive(Debug, Clone)]
pub struct SectionForm {
    /// The section.
    pub section: Event,
    /// Its form (the closed default when never saved).
    pub form: EntryForm,
}

impl SectionForm {
    /// Whether it takes entries now (open, before its closing time).
    pub fn taking(&self) -> bool {
        self.form.open && !closed_by_time(&self.form)
    }
}

fn closed_by_time(form: &EntryForm) -> bool {
    !form.closes_at.is_empty() && form.closes_at <= store::now()
}

/// Every section of the event `event` belongs to, with its entry form.
pub async fn section_forms(db: &Db, event: &Event) -> ServiceResult<Vec<SectionForm>> {
    let sections = super::sections::list(db, event).await?;
    let forms = store::entries::forms(db, event.root_id()).await?;
    Ok(sections
        .into_iter()
        .map(|section| {
            let form = forms
                .iter()
                .find(|f| f.event_id == section.id)
                .cloned()
                .unwrap_or_else(|| EntryForm::closed(section.id));
            SectionForm { section, form }
        })
        .collect())
}

/// The entry form of one section (the settings page's panel).
pub async fn form_of(db: &Db, section: &Event) -> ServiceResult<EntryForm> {
    Ok(store::entries::forms(db, section.root_id())
        .await?
        .into_iter()
        .find(|f| f.event_id == section.id)
        .unwrap_or_else(|| EntryForm::closed(section.id)))
}

/// The entry form's settings as typed on the settings page.
#[derive(Debug, Clone, Default, serde::Deserialize)]
pub struct FormTyped {
    /// Ticked: entries are taken.
    #[serde(default)]
    pub open: String,
    /// Closing time in the event's time zone (`YYYY-MM-DDTHH:MM` or `YYYY-MM-DD HH:MM`), empty for none.
    #[serde(default)]
    pub closes_at: String,
    /// The cap (empty or 0 for none).
    #[serde(default)]
    pub cap: String,
    /// Ticked: ask the club or team.
    #[serde(default)]
    pub ask_club: String,
    /// Ticked: ask the rating.
    #[serde(default)]
    pub ask_rating: String,
    /// Ticked: ask the year of birth.
    #[serde(default)]
    pub ask_birth_year: String,
    /// Ticked: ask a phone number or e-mail address.
    #[serde(default)]
    pub ask_contact: String,
    /// The id of the club rating list to look entrants up in (empty for none).
    #[serde(default)]
    pub rating_list: String,
    /// The fee as written.
    #[serde(default)]
    pub fee: String,
    /// Ticked: confirm entries as they come.
    #[serde(default)]
    pub auto_confirm: String,
    /// The age groups as written (`U12 2014, U16 2010`; empty for none).
    #[serde(default)]
    pub age_groups: String,
}

impl FormTyped {
    /// The form's settings as the settings page shows them.
    pub fn of(form: &EntryForm, zone: chrono_tz::Tz) -> FormTyped {
        let tick = |b: bool| if b { "on".to_string() } else { String::new() };
        FormTyped {
            open: tick(form.open),
            closes_at: if form.closes_at.is_empty() {
                String::new()
            } else {
                super::events::local_time(zone, &form.closes_at).replace(' ', "T")
            },
            cap: if form.cap > 0 {
                form.cap.to_string()
            } else {
                String::new()
            },
            ask_club: tick(form.ask_club),
            ask_rating: tick(form.ask_rating),
            ask_birth_year: tick(form.ask_birth_year),
            ask_contact: tick(form.ask_contact),
            rating_list: form
                .rating_list_id
                .map(|i| i.to_string())
                .unwrap_or_default(),
            fee: form.fee.clone(),
            auto_confirm: tick(form.auto_confirm),
            age_groups: form.age_groups.to_string(),
        }
    }
}

/// Parses a closing time typed in the event's time zone into RFC 3339 UTC.
fn parse_closing(typed: &str, zone: chrono_tz::Tz) -> ServiceResult<String> {
    let typed = typed.trim();
    if typed.is_empty() {
        return Ok(String::new());
    }
    let bad = || {
        ServiceError::invalid(
            "closes_at",
            Reason::new("entries_bad_closing")
                .arg("value", typed.chars().take(40).collect::<String>()),
        )
    };
    let naive = chrono::NaiveDateTime::parse_from_str(&typed.replace('T', " "), "%Y-%m-%d %H:%M")
        .map_err(|_| bad())?;
    let local = naive.and_local_timezone(zone).earliest().ok_or_else(bad)?;
    Ok(local
        .with_timezone(&chrono::Utc)
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
}

/// Saves a section's entry form (its managers). A rating list must exist.
pub async fn save_form(
    db: &Db,
    by: &User,
    section: &Event,
    typed: &FormTyped,
) -> ServiceResult<EntryForm> {
    if !policy::may_manage_entries(policy::user_access(db, Some(by), section).await?) {
        return Err(ServiceError::Forbidden);
    }
    policy::writable(section)?;
    let zone = super::events::zone_of(section);
    let closes_at = parse_closing(&typed.closes_at, zone)?;
    let cap = match typed.cap.trim() {
        "" => 0,
        t => t
            .parse::<i64>()
            .ok()
            .filter(|n| (0..=MAX_CAP).contains(n))
            .ok_or_else(|| {
                ServiceError::invalid(
                    "cap",
                    Reason::new("entries_bad_cap")
                        .arg("value", t.chars().take(20).collect::<String>())
                        .arg("max", MAX_CAP),
                )
            })?,
    };
    let rating_list_id = match typed.rating_list.trim() {
        "" => None,
        t => {
            let id = t.parse::<i64>().map_err(|_| {
                ServiceError::invalid("rating_list", Reason::new("entries_bad_list"))
            })?;
            match super::ratings::list(db, id).await {
                Ok(list) => Some(list.id),
                Err(ServiceError::NotFound) => {
                    return Err(ServiceError::invalid(
                        "rating_list",
                        Reason::new("entries_bad_list"),
                    ));
                }
                Err(e) => return Err(e),
            }
        }
    };
    let fee = crate::text::clean_line(&typed.fee, MAX_FEE)
        .map_err(|r| ServiceError::invalid("fee", r))?;
    let ask_birth_year = !typed.ask_birth_year.is_empty();
    let age_groups =
        AgeGroups::parse(&typed.age_groups).map_err(|r| ServiceError::invalid("age_groups", r))?;
    // Groups on a form that does not ask the year would never apply: said rather than kept.
    if !age_groups.is_empty() && !ask_birth_year {
        return Err(ServiceError::invalid(
            "age_groups",
            Reason::new("agegroups_need_birth_year"),
        ));
    }
    let form = EntryForm {
        event_id: section.id,
        open: !typed.open.is_empty(),
        closes_at,
        cap,
        ask_club: !typed.ask_club.is_empty(),
        ask_rating: !typed.ask_rating.is_empty(),
        ask_birth_year,
        ask_contact: !typed.ask_contact.is_empty(),
        rating_list_id,
        fee,
        auto_confirm: !typed.auto_confirm.is_empty(),
        age_groups,
    };
    let detail = Reason::new("audit_d_entry_form")
        .arg("open", if form.open { "yes" } else { "no" })
        .arg("cap", form.cap)
        .arg("auto", if form.auto_confirm { "yes" } else { "no" })
        .audit();
    store::entries::save_form(db, by, &form, &detail).await?;
    Ok(form)
}

/// Opens the entry form of each of `sections` with the usual questions (`"entries_open": true`
/// of `POST /api/events`).
pub async fn open_all(db: &Db, by: &User, sections: &[&Event]) -> ServiceResult<()> {
    for section in sections {
        let mut form = form_of(db, section).await?;
        form.open = true;
        let detail = Reason::new("audit_d_entry_form")
            .arg("open", "yes")
            .arg("cap", form.cap)
            .arg("auto", if form.auto_confirm { "yes" } else { "no" })
            .audit();
        store::entries::save_form(db, by, &form, &detail).await?;
    }
    Ok(())
}

/// An entry as typed on the public form (and on the private page's correction form).
#[derive(Debug, Clone, Default, serde::Deserialize)]
pub struct EntryTyped {
    /// The section's id (may be empty for an event of one section).
    #[serde(default)]
    pub section: String,
    /// Name.
    #[serde(default)]
    pub name: String,
    /// Club or team.
    #[serde(default)]
    pub club: String,
    /// Rating.
    #[serde(default)]
    pub rating: String,
    /// Ticked: look the rating up in the section's club rating list.
    #[serde(default)]
    pub lookup: String,
    /// Year of birth.
    #[serde(default)]
    pub birth_year: String,
    /// Phone or e-mail.
    #[serde(default)]
    pub contact: String,
    /// The honeypot: hidden from people, filled by bots.
    #[serde(default)]
    pub website: String,
}

impl EntryTyped {
    /// An entry's fields as the correction form shows them.
    pub fn of(entry: &Entry) -> EntryTyped {
        EntryTyped {
            section: entry.event_id.to_string(),
            name: entry.name.clone(),
            club: entry.club.clone(),
            rating: if entry.rating > 0 {
                entry.rating.to_string()
            } else {
                String::new()
            },
            lookup: String::new(),
            birth_year: entry.birth_year.map(|y| y.to_string()).unwrap_or_default(),
            contact: entry.contact.clone(),
            website: String::new(),
        }
    }
}

/// Checks the typed fields against what the form asks; the rating looked up when asked.
async fn check_fields(db: &Db, form: &EntryForm, typed: &EntryTyped) -> ServiceResult<EntryFields> {
    let line = |field: &'static str, text: &str| {
        crate::text::clean_line(text, MAX_LINE).map_err(|r| ServiceError::invalid(field, r))
    };
    let name = line("name", &typed.name)?;
    if name.is_empty() {
        return Err(ServiceError::invalid(
            "name",
            Reason::new("svc_player_name_empty"),
        ));
    }
    let club = if form.ask_club {
        line("club", &typed.club)?
    } else {
        String::new()
    };
    let contact = if form.ask_contact {
        line("contact", &typed.contact)?
    } else {
        String::new()
    };
    let birth_year = if form.ask_birth_year && !typed.birth_year.trim().is_empty() {
        let this_year = i64::from(chrono::Datelike::year(&chrono::Utc::now()));
        let t = typed.birth_year.trim();
        Some(
            t.parse::<i64>()
                .ok()
                .filter(|y| (1900..=this_year).contains(y))
                .ok_or_else(|| {
                    ServiceError::invalid(
                        "birth_year",
                        Reason::new("entries_bad_birth_year")
                            .arg("value", t.chars().take(20).collect::<String>())
                            .arg("max", this_year),
                    )
                })?,
        )
    } else {
        None
    };
    let rating = match (form.rating_list_id, typed.lookup.is_empty()) {
        (Some(list), false) => look_up(db, list, &name).await?,
        _ if form.ask_rating => i64::from(super::players::parse_rating(&typed.rating).map_err(
            |e| match e {
                ServiceError::Invalid { reason, .. } => ServiceError::invalid("rating", reason),
                other => other,
            },
        )?),
        _ => 0,
    };
    Ok(EntryFields {
        name,
        club,
        rating,
        birth_year,
        contact,
    })
}

/// The rating of the player named `name` in the club rating list `list` (its points rounded).
async fn look_up(db: &Db, list: i64, name: &str) -> ServiceResult<i64> {
    let info = super::ratings::list(db, list).await?;
    let players = super::ratings::standings(db, &info).await?;
    let wanted = accounts::normalize_name(name);
    let found = players
        .iter()
        .find(|p| accounts::normalize_name(&p.name) == wanted)
        .ok_or_else(|| {
            ServiceError::invalid(
                "lookup",
                Reason::new("entries_not_in_list")
                    .arg("name", name)
                    .arg("list", info.name.as_str()),
            )
        })?;
    let hundredths = found.points.hundredths().max(0);
    Ok(((hundredths + 50) / 100).min(i64::from(super::players::MAX_RATING)))
}

/// What became of an entry sent on the public form.
#[derive(Debug)]
pub enum Sent {
    /// Stored: the private link's token.
    Stored(String),
    /// The honeypot was filled: nothing stored, a token that leads nowhere (the same answer).
    Dropped(String),
    /// Too many entries from this address: wait this many seconds.
    Wait(i64),
}

/// The throttle key of a client's entries in the current hour, and the seconds left in it.
fn hour_key(client: Option<IpAddr>) -> (String, i64) {
    let now = chrono::Utc::now().timestamp();
    let client = match client {
        Some(ip) => accounts::client_block(ip).to_string(),
        None => "unknown".into(),
    };
    (
        format!("entries:{}|ip:{client}", now.div_euclid(3600)),
        3600 - now.rem_euclid(3600),
    )
}

/// The section an entry names: one of the event's sections that takes entries now.
async fn section_taking(db: &Db, event: &Event, typed: &str) -> ServiceResult<SectionForm> {
    let forms = section_forms(db, event).await?;
    let typed = typed.trim();
    let chosen = if typed.is_empty() {
        let taking: Vec<_> = forms.iter().filter(|f| f.taking()).collect();
        match taking.as_slice() {
            [one] => Some((*one).clone()),
            [] => None,
            _ => {
                return Err(ServiceError::invalid(
                    "section",
                    Reason::new("entries_pick_section"),
                ));
            }
        }
    } else {
        let id = typed.parse::<i64>().ok();
        forms.into_iter().find(|f| Some(f.section.id) == id)
    };
    match chosen {
        Some(f) if f.taking() => Ok(f),
        Some(_) => Err(ServiceError::Conflict(Reason::new("entries_closed"))),
        None if typed.is_empty() => Err(ServiceError::Conflict(Reason::new("entries_closed"))),
        None => Err(ServiceError::invalid(
            "section",
            Reason::new("entries_pick_section"),
        )),
    }
}

/// Sends an entry from the public form (no account): counted against the client's hourly limit,
/// dropped when the honeypot is filled, checked against the section's form, stored pending, and
/// confirmed at once when the form says so.
pub async fn send(
    db: &Db,
    event: &Event,
    typed: &EntryTyped,
    client: Option<IpAddr>,
) -> ServiceResult<Sent> {
    let (key, left) = hour_key(client);
    let reserved = store::throttle::reserve(db, &[key], |counts| {
        if counts[0].failures >= ENTRIES_PER_HOUR {
            Err(left)
        } else {
            Ok(())
        }
    })
    .await?;
    if let Err(wait) = reserved {
        return Ok(Sent::Wait(wait));
    }
    if !typed.website.is_empty() {
        return Ok(Sent::Dropped(accounts::random_token()));
    }
    policy::writable(event)?;
    let chosen = section_taking(db, event, &typed.section).await?;
    let fields = check_fields(db, &chosen.form, typed).await?;
    let token = accounts::random_token();
    let entry = match store::entries::submit(
        db,
        chosen.section.id,
        &accounts::token_hash(&token),
        &fields,
    )
    .await?
    {
        Submitted::Done(entry) => entry,
        Submitted::Closed => return Err(ServiceError::Conflict(Reason::new("entries_closed"))),
        Submitted::Full => {
            return Err(ServiceError::Conflict(
                Reason::new("entries_full").arg("cap", chosen.form.cap),
            ));
        }
    };
    if chosen.form.auto_confirm {
        let owner = store::users::get(db, chosen.section.owner_id)
            .await?
            .ok_or(ServiceError::NotFound)?;
        // Confirmed as the organizer, who chose automatic confirmation. A refusal (the same name
        // and club already registered, the draw made) leaves the entry pending for the organizer.
        match confirm_entry(db, &owner, &chosen.section, &entry).await {
            Ok(()) | Err(ServiceError::Conflict(_)) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(Sent::Stored(token))
}

/// An entry reached by its private link, with its section and that section's form.
#[derive(Debug, Clone)]
pub struct Private {
    /// The entry.
    pub entry: Entry,
    /// Its section.
    pub section: Event,
    /// The section's form.
    pub form: EntryForm,
    /// Whether round 1 of the section is paired (a confirmed entry can no longer be cancelled).
    pub paired: bool,
    /// The player's page once the entry is confirmed (its QR code is what check-in scans).
    pub player_page: Option<String>,
}

impl Private {
    /// Whether the entrant may still correct it (pending only).
    pub fn correctable(&self) -> bool {
        self.entry.status == "pending" && !self.section.archived
    }

    /// Whether the entrant may still cancel it.
    pub fn cancellable(&self) -> bool {
        !self.section.archived
            && (self.entry.status == "pending"
                || (self.entry.status == "confirmed" && !self.paired))
    }
}

/// The entry of a private link's token (not found for any other token).
pub async fn private(db: &Db, token: &str) -> ServiceResult<Private> {
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(ServiceError::NotFound);
    }
    let entry = store::entries::by_token(db, &accounts::token_hash(token))
        .await?
        .ok_or(ServiceError::NotFound)?;
    let section = store::events::get(db, entry.event_id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let form = form_of(db, &section).await?;
    let paired = !store::rounds::list(db, section.id).await?.is_empty();
    let player_page = match entry.player_id {
        Some(player) if entry.status == "confirmed" => store::players::get(db, section.id, player)
            .await?
            .map(|p| format!("/events/{}/players/{}", section.id, p.start_no)),
        _ => None,
    };
    Ok(Private {
        entry,
        section,
        form,
        paired,
        player_page,
    })
}

/// Corrects an entry through its private link (pending only).
pub async fn correct(db: &Db, token: &str, typed: &EntryTyped) -> ServiceResult<()> {
    let p = private(db, token).await?;
    policy::writable(&p.section)?;
    if p.entry.status != "pending" {
        return Err(ServiceError::Conflict(Reason::new("entries_not_pending")));
    }
    let fields = check_fields(db, &p.form, typed).await?;
    if store::entries::correct(db, &p.entry, &fields).await? {
        Ok(())
    } else {
        Err(ServiceError::Conflict(Reason::new("entries_not_pending")))
    }
}

/// Cancels an entry through its private link. A confirmed entry's player is deleted as the
/// players page deletes one (before round 1 only; `reason` is the audit log's reason, in the
/// entrant's language); after round 1 is paired the cancellation is refused.
pub async fn cancel(db: &Db, token: &str, reason: &str) -> ServiceResult<()> {
    let p = private(db, token).await?;
    policy::writable(&p.section)?;
    match p.entry.status.as_str() {
        "pending" => {}
        "confirmed" => {
            if p.paired {
                return Err(ServiceError::Conflict(Reason::new(
                    "entries_cancel_after_pairing",
                )));
            }
            if let Some(player) = p.entry.player_id {
                let owner = store::users::get(db, p.section.owner_id)
                    .await?
                    .ok_or(ServiceError::NotFound)?;
                let correction = super::events::Correction {
                    reason: reason.to_string(),
                    confirmed: true,
                };
                match super::players::delete_player(db, &owner, &p.section, player, &correction)
                    .await
                {
                    Ok(_) | Err(ServiceError::NotFound) => {}
                    Err(ServiceError::Conflict(_)) => {
                        return Err(ServiceError::Conflict(Reason::new(
                            "entries_cancel_after_pairing",
                        )));
                    }
                    Err(e) => return Err(e),
                }
            }
        }
        _ => {
            return Err(ServiceError::Conflict(Reason::new(
                "entries_not_open_to_cancel",
            )));
        }
    }
    if store::entries::set_status(
        db,
        None,
        &p.entry,
        &["pending", "confirmed"],
        "cancelled",
        None,
    )
    .await?
    {
        Ok(())
    } else {
        Err(ServiceError::Conflict(Reason::new(
            "entries_not_open_to_cancel",
        )))
    }
}

/// The entries of every section of the event (its managers).
pub async fn list(db: &Db, by: &User, event: &Event) -> ServiceResult<Vec<Entry>> {
    if !policy::may_manage_entries(policy::user_access(db, Some(by), event).await?) {
        return Err(ServiceError::Forbidden);
    }
    Ok(store::entries::list(db, event.root_id()).await?)
}

/// An entry with the age groups its year of birth puts it in (by its section's form).
#[derive(Debug, Clone)]
pub struct Listed {
    /// The entry.
    pub entry: Entry,
    /// The names of its age groups (none without a year of birth or groups).
    pub age_groups: Vec<String>,
}

/// The entries of every section of the event with their age groups (its managers), so the
/// organizer sees the categories a confirmation will give.
pub async fn listed(db: &Db, by: &User, event: &Event) -> ServiceResult<Vec<Listed>> {
    let entries = list(db, by, event).await?;
    let forms = store::entries::forms(db, event.root_id()).await?;
    Ok(entries
        .into_iter()
        .map(|entry| {
            let age_groups = forms
                .iter()
                .find(|f| f.event_id == entry.event_id)
                .map(|f| {
                    f.age_groups
                        .names_for(entry.birth_year)
                        .into_iter()
                        .map(str::to_string)
                        .collect()
                })
                .unwrap_or_default();
            Listed { entry, age_groups }
        })
        .collect())
}

/// The entry `entry_id` of the event (not found unless it is one of its sections').
async fn entry_of(
    db: &Db,
    by: &User,
    event: &Event,
    entry_id: i64,
) -> ServiceResult<(Entry, Event)> {
    let entry = list(db, by, event)
        .await?
        .into_iter()
        .find(|e| e.id == entry_id)
        .ok_or(ServiceError::NotFound)?;
    let section = store::events::get(db, entry.event_id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    policy::writable(&section)?;
    Ok((entry, section))
}

/// Registers the entry's player as the players page does (its category the names of the age
/// groups its year of birth falls in), then marks it confirmed with its link.
async fn confirm_entry(db: &Db, by: &User, section: &Event, entry: &Entry) -> ServiceResult<()> {
    let form = form_of(db, section).await?;
    let player = PlayerEntry {
        name: entry.name.clone(),
        club: entry.club.clone(),
        rating: u32::try_from(entry.rating).unwrap_or(0),
        fide_id: String::new(),
        local_id: String::new(),
        category: form.age_groups.category_for(entry.birth_year),
        team: String::new(),
    };
    let added = super::players::register(db, by, section, &[player]).await?;
    let player_id = added.first().map(|p| p.id);
    if store::entries::set_status(
        db,
        Some(by),
        entry,
        &["pending", "refused"],
        "confirmed",
        player_id,
    )
    .await?
    {
        Ok(())
    } else {
        Err(ServiceError::Conflict(Reason::new("entries_not_pending")))
    }
}

/// Confirms an entry (the event's managers): pending or refused before, a player after.
pub async fn confirm(db: &Db, by: &User, event: &Event, entry_id: i64) -> ServiceResult<()> {
    let (entry, section) = entry_of(db, by, event, entry_id).await?;
    if !matches!(entry.status.as_str(), "pending" | "refused") {
        return Err(ServiceError::Conflict(Reason::new("entries_not_pending")));
    }
    confirm_entry(db, by, &section, &entry).await
}

/// Refuses a pending entry (the event's managers).
pub async fn refuse(db: &Db, by: &User, event: &Event, entry_id: i64) -> ServiceResult<()> {
    let (entry, _) = entry_of(db, by, event, entry_id).await?;
    if store::entries::set_status(db, Some(by), &entry, &["pending"], "refused", None).await? {
        Ok(())
    } else {
        Err(ServiceError::Conflict(Reason::new("entries_not_pending")))
    }
}

/// Ticks (or unticks) an entry's payment (the event's managers); unchanged is no error.
pub async fn set_paid(
    db: &Db,
    by: &User,
    event: &Event,
    entry_id: i64,
    paid: bool,
) -> ServiceResult<()> {
    let (entry, _) = entry_of(db, by, event, entry_id).await?;
    store::entries::set_paid(db, by, &entry, paid).await?;
    Ok(())
}
