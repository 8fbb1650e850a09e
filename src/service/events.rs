//! Creating events, assigning and removing their arbiters, and the corrections of an event:
//! settings while they do not yet matter, archiving (and its undo) and deletion before round 1.
//! Every correction carries the reason the user typed (kept in the audit log) and an explicit
//! confirmation, both checked here.

use super::{Reason, ServiceError, ServiceResult, policy};
use crate::event::EventSettings;
use crate::store::{self, Db, events::Event, users::User};

/// The time zone of a new event (the audit log shows its times there).
pub const DEFAULT_TIME_ZONE: &str = "Asia/Hong_Kong";

/// Creates an event owned by `by` (organizers and administrators only), its times shown in the
/// time zone typed (empty: [`DEFAULT_TIME_ZONE`]; one not known is refused on its field).
pub async fn create(
    db: &Db,
    by: &User,
    settings: &EventSettings,
    typed_zone: &str,
) -> ServiceResult<Event> {
    if !policy::may_create_events(by.role) {
        return Err(ServiceError::Forbidden);
    }
    let zone = time_zone(typed_zone)?;
    Ok(store::events::create(db, by, settings, zone.name()).await?)
}

/// Makes the account named `name` an arbiter of the event (the caller manages the event). An
/// unknown name is an invalid `name` field.
pub async fn add_arbiter(db: &Db, by: &User, event: &Event, name: &str) -> ServiceResult<User> {
    let name = name.trim();
    let arbiter = store::users::find_by_name(db, name).await?.ok_or_else(|| {
        ServiceError::invalid("name", Reason::new("svc_unknown_user").arg("name", name))
    })?;
    store::events::add_arbiter(db, by, event.id, &arbiter).await?;
    Ok(arbiter)
}

/// The accounts an organizer may pick as the event's arbiters (arbiters and organizers not yet
/// assigned), by login name.
pub async fn arbiter_candidates(db: &Db, event: &Event) -> ServiceResult<Vec<String>> {
    let assigned: Vec<i64> = store::events::arbiters(db, event.id)
        .await?
        .iter()
        .map(|u| u.id)
        .collect();
    Ok(store::users::list(db)
        .await?
        .into_iter()
        .filter(|u| {
            matches!(
                u.role,
                crate::accounts::Role::Arbiter | crate::accounts::Role::Organizer
            ) && !assigned.contains(&u.id)
        })
        .map(|u| u.name)
        .collect())
}

/// What every correction asks for: the reason the user typed (1–200 characters, kept in the audit
/// log) and the tick of the confirmation box.
#[derive(Debug, Clone, Default)]
pub struct Correction {
    /// The reason as typed.
    pub reason: String,
    /// Whether the confirmation box was ticked.
    pub confirmed: bool,
}

impl Correction {
    /// The checked reason: refused when the box is not ticked or the reason is empty or bad.
    pub fn check(&self) -> ServiceResult<String> {
        if !self.confirmed {
            return Err(ServiceError::invalid(
                "confirm",
                Reason::new("svc_correction_unconfirmed"),
            ));
        }
        let reason = crate::text::clean_line(&self.reason, 200)
            .map_err(|r| ServiceError::invalid("reason", r))?;
        if reason.is_empty() {
            return Err(ServiceError::invalid(
                "reason",
                Reason::new("svc_correction_no_reason"),
            ));
        }
        Ok(reason)
    }
}

/// A time zone as typed: an IANA name (`Asia/Hong_Kong`, `Asia/Taipei`), returned as spelled there.
pub fn time_zone(typed: &str) -> ServiceResult<chrono_tz::Tz> {
    let typed = typed.trim();
    let typed = if typed.is_empty() {
        DEFAULT_TIME_ZONE
    } else {
        typed
    };
    typed.parse::<chrono_tz::Tz>().map_err(|_| {
        ServiceError::invalid(
            "time_zone",
            Reason::new("svc_bad_time_zone").arg("typed", typed),
        )
    })
}

/// The event's time zone (the default when the stored name no longer parses).
pub fn zone_of(event: &Event) -> chrono_tz::Tz {
    event
        .time_zone
        .parse()
        .unwrap_or(chrono_tz::Tz::Asia__Hong_Kong)
}

/// The settings of an event as a line of the audit log: `field: old → new` for each change, the
/// field named by its label's message and a value that is a word (a game, yes/no) by its message.
fn changes(old: &Event, new: &EventSettings, zone: &str) -> Vec<Reason> {
    let o = &old.settings;
    let mut out = Vec::new();
    let text = |t: String| Reason::new("audit_d_text").arg("text", t);
    let yes_no = |b: bool| Reason::new(if b { "audit_d_yes" } else { "audit_d_no" });
    let mut diff = |field: &'static str, a: Reason, b: Reason| {
        if a != b {
            out.push(
                Reason::new("audit_d_change")
                    .arg_reason("field", &Reason::new(field))
                    .arg_reason("old", &a)
                    .arg_reason("new", &b),
            );
        }
    };
    diff("name", text(o.name.clone()), text(new.name.clone()));
    diff("venue", text(o.venue.clone()), text(new.venue.clone()));
    diff(
        "start_date",
        text(o.start_date.to_string()),
        text(new.start_date.to_string()),
    );
    diff(
        "end_date",
        text(o.end_date.to_string()),
        text(new.end_date.to_string()),
    );
    diff(
        "variant",
        crate::rules::describe::variant(o.variant),
        crate::rules::describe::variant(new.variant),
    );
    diff(
        "swiss_rounds",
        text(o.swiss_rounds.to_string()),
        text(new.swiss_rounds.to_string()),
    );
    diff(
        "knockout_size",
        text(o.knockout_size.to_string()),
        text(new.knockout_size.to_string()),
    );
    diff(
        "best_of",
        text(o.best_of.to_string()),
        text(new.best_of.to_string()),
    );
    let points = |p: (u32, u32, u32)| text(format!("{}/{}/{}", p.0, p.1, p.2));
    diff("scoring", points(o.points), points(new.points));
    diff(
        "tie_breaks",
        text(crate::event::tie_break_codes(&o.tie_breaks)),
        text(crate::event::tie_break_codes(&new.tie_breaks)),
    );
    diff(
        "move_limit",
        text(o.move_limit.to_string()),
        text(new.move_limit.to_string()),
    );
    diff(
        "deals_required",
        yes_no(o.deals_required),
        yes_no(new.deals_required),
    );
    diff(
        "public_value_required",
        yes_no(o.public_value_required),
        yes_no(new.public_value_required),
    );
    diff(
        "time_zone",
        text(old.time_zone.clone()),
        text(zone.to_string()),
    );
    out
}

/// Changes an event's settings and time zone (the caller manages it). A setting that already
/// matters (`policy::settings_locks`, checked in the write transaction against the event as
/// stored) is refused naming it, even when the form was forged; a change of nothing is refused too.
pub async fn update_settings(
    db: &Db,
    by: &User,
    event: &Event,
    settings: &EventSettings,
    typed_zone: &str,
    correction: &Correction,
) -> ServiceResult<Event> {
    let reason = correction.check()?;
    let zone = time_zone(typed_zone)?;
    let zone = zone.name();
    store::events::update_settings(
        db,
        by,
        event.id,
        settings,
        zone,
        &reason,
        |old, progress| {
            for lock in policy::settings_locks(&old.settings, progress) {
                if lock.changed(&old.settings, settings) {
                    return Err(ServiceError::Conflict(Reason::new(lock.reason_key)));
                }
            }
            let list = changes(old, settings, zone);
            if list.is_empty() {
                return Err(ServiceError::Refused(Reason::new("svc_settings_unchanged")));
            }
            Ok(Reason::all(&list).audit())
        },
    )
    .await?
}

/// Archives an event (read-only from then on, off the home list) or, `archived = false`, undoes
/// that. Organizers of the event and administrators only.
pub async fn set_archived(
    db: &Db,
    by: &User,
    event: &Event,
    archived: bool,
    correction: &Correction,
) -> ServiceResult<()> {
    if !policy::may_archive(by, event) {
        return Err(ServiceError::Forbidden);
    }
    let reason = correction.check()?;
    if store::events::set_archived(db, by, event.id, archived, &reason).await? {
        Ok(())
    } else {
        let key = if archived {
            "svc_already_archived"
        } else {
            "svc_not_archived"
        };
        Err(ServiceError::Conflict(Reason::new(key)))
    }
}

/// Deletes an event with everything in it. Before it started, the reason and the confirmation
/// suffice; a trial event that started (a round published, the knockout seeded) is deleted only
/// when `name_typed` is its name; an event whose rated games were pushed into a rating list can
/// only be archived. Organizers of the event and administrators only.
pub async fn delete(
    db: &Db,
    by: &User,
    event: &Event,
    correction: &Correction,
    name_typed: &str,
) -> ServiceResult<()> {
    if !policy::may_archive(by, event) {
        return Err(ServiceError::Forbidden);
    }
    let reason = correction.check()?;
    let typed = name_typed.trim();
    if !typed.is_empty() && typed != event.settings.name {
        return Err(ServiceError::invalid(
            "name",
            Reason::new("svc_event_delete_name").arg("typed", typed),
        ));
    }
    match store::events::delete(db, by, event.id, &reason, !typed.is_empty()).await? {
        store::events::Deleted::Done => Ok(()),
        store::events::Deleted::Started => Err(ServiceError::Conflict(Reason::new(
            "svc_event_delete_started",
        ))),
        store::events::Deleted::Rated => Err(ServiceError::Conflict(Reason::new(
            "svc_event_delete_rated",
        ))),
    }
}

/// Removes the arbiter with account id `arbiter_id` from the event (the caller manages it).
pub async fn remove_arbiter(
    db: &Db,
    by: &User,
    event: &Event,
    arbiter_id: i64,
    correction: &Correction,
) -> ServiceResult<User> {
    let reason = correction.check()?;
    let arbiter = store::users::get(db, arbiter_id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    if store::events::remove_arbiter(db, by, event.id, &arbiter, &reason).await? {
        Ok(arbiter)
    } else {
        Err(ServiceError::NotFound)
    }
}

/// One line of an event's audit log as pages show it.
#[derive(Debug, Clone)]
pub struct AuditLine {
    /// When, in the event's time zone (`2026-03-01 14:05`).
    pub at: String,
    /// Who.
    pub user: Option<String>,
    /// The action code (pages show its translation).
    pub action: String,
    /// The detail as stored.
    pub detail: String,
    /// The reason typed for a correction.
    pub reason: String,
}

/// One page of the audit log.
#[derive(Debug, Clone)]
pub struct AuditPage {
    /// The lines, newest first.
    pub lines: Vec<AuditLine>,
    /// Matching entries in all.
    pub total: u32,
    /// The page shown (from 1) and the number of pages.
    pub page: u32,
    /// The number of pages (at least 1).
    pub pages: u32,
    /// The actions and users of the event's log (the filter's choices).
    pub actions: Vec<String>,
    /// The users of the event's log.
    pub users: Vec<String>,
}

/// Lines per page of the audit log.
pub const AUDIT_PAGE: u32 = 50;

/// The audit-log filter as typed: an action code, a user name, a first and a last day
/// (`YYYY-MM-DD`, in the event's time zone; either may be empty).
#[derive(Debug, Clone, Default)]
pub struct AuditQuery {
    /// Action code or empty.
    pub action: String,
    /// User name or empty.
    pub user: String,
    /// First day or empty.
    pub from: String,
    /// Last day or empty.
    pub until: String,
    /// Page number from 1.
    pub page: u32,
}

/// The start of a day in a time zone, as stored (UTC RFC 3339).
fn day_start(zone: chrono_tz::Tz, day: chrono::NaiveDate) -> String {
    use chrono::TimeZone;
    let midnight = day.and_hms_opt(0, 0, 0).unwrap_or_default();
    let local = zone
        .from_local_datetime(&midnight)
        .earliest()
        .unwrap_or_else(|| zone.from_utc_datetime(&midnight));
    local
        .with_timezone(&chrono::Utc)
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// A stored moment (UTC RFC 3339) in the event's time zone, to the minute.
pub fn local_time(zone: chrono_tz::Tz, at: &str) -> String {
    match chrono::DateTime::parse_from_rfc3339(at) {
        Ok(t) => t.with_timezone(&zone).format("%Y-%m-%d %H:%M").to_string(),
        Err(_) => at.to_string(),
    }
}

/// One page of an event's audit log, filtered, times in the event's time zone (arbiters only).
pub async fn audit_page(db: &Db, event: &Event, q: &AuditQuery) -> ServiceResult<AuditPage> {
    let zone = zone_of(event);
    let day = |field: &'static str, typed: &str| -> ServiceResult<Option<chrono::NaiveDate>> {
        let typed = typed.trim();
        if typed.is_empty() {
            return Ok(None);
        }
        chrono::NaiveDate::parse_from_str(typed, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| {
                ServiceError::invalid(field, Reason::new("svc_bad_day").arg("typed", typed))
            })
    };
    let from = day("from", &q.from)?;
    let until = day("until", &q.until)?;
    let filter = store::audit::Filter {
        action: Some(q.action.trim().to_string()).filter(|a| !a.is_empty()),
        user: Some(q.user.trim().to_string()).filter(|u| !u.is_empty()),
        from: from.map(|d| day_start(zone, d)),
        until: until.and_then(|d| d.succ_opt()).map(|d| day_start(zone, d)),
    };
    let page = q.page.max(1);
    let (rows, total) = store::audit::page(
        db,
        event.id,
        &filter,
        (page - 1).saturating_mul(AUDIT_PAGE),
        AUDIT_PAGE,
    )
    .await?;
    let (actions, users) = store::audit::choices(db, event.id).await?;
    Ok(AuditPage {
        lines: rows
            .into_iter()
            .map(|r| AuditLine {
                at: local_time(zone, &r.at),
                user: r.user,
                action: r.action,
                detail: r.detail,
                reason: r.reason,
            })
            .collect(),
        total,
        page,
        pages: total.div_ceil(AUDIT_PAGE).max(1),
        actions,
        users,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_shown_in_the_events_zone() {
        let hk = time_zone("Asia/Hong_Kong").unwrap();
        assert_eq!(local_time(hk, "2026-03-01T06:05:00Z"), "2026-03-01 14:05");
        let london = time_zone("Europe/London").unwrap();
        assert_eq!(
            local_time(london, "2026-07-01T06:05:00Z"),
            "2026-07-01 07:05"
        );
        assert_eq!(time_zone("").unwrap().name(), DEFAULT_TIME_ZONE);
        assert!(time_zone("Mars/Olympus").is_err());
    }

    #[test]
    fn a_day_starts_at_local_midnight() {
        let hk = time_zone("Asia/Hong_Kong").unwrap();
        let day = chrono::NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
        assert_eq!(day_start(hk, day), "2026-02-28T16:00:00Z");
    }

    #[test]
    fn a_correction_needs_a_tick_and_a_reason() {
        let c = |reason: &str, confirmed| Correction {
            reason: reason.into(),
            confirmed,
        };
        assert!(c("typo", false).check().is_err());
        assert!(c("  ", true).check().is_err());
        assert!(c("a\u{202e}b", true).check().is_err());
        assert_eq!(
            c(" typo in the name ", true).check().unwrap(),
            "typo in the name"
        );
    }
}

/// Whether an event may be deleted, as [`delete`] decides it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Deletion {
    /// No rated game of it was pushed into a rating list (managers only).
    pub allowed: bool,
    /// It started (a round published, the knockout seeded): its name must be typed.
    pub name_needed: bool,
}

/// What the event page shows besides the event itself, cut to what its viewer may see.
#[derive(Debug, Clone, Default)]
pub struct Overview {
    /// The rating lists of the event's game the viewer may push its games into (id, name).
    pub rating_lists: Vec<(i64, String)>,
    /// The number of registered players.
    pub player_count: usize,
    /// The arbiters' names as the viewer may see them.
    pub arbiters: Vec<String>,
    /// How many arbiters are not named to this viewer.
    pub arbiters_unnamed: usize,
    /// The arbiter accounts (managers only; empty otherwise).
    pub arbiter_accounts: Vec<User>,
    /// The accounts a manager may add as arbiters (login names; managers only).
    pub arbiter_candidates: Vec<String>,
    /// Whether and how the event may be deleted (managers only).
    pub deletion: Deletion,
    /// The latest published round (what players follow now), if any.
    pub latest_round: Option<u32>,
    /// Whether the knockout has been seeded.
    pub knockout_seeded: bool,
}

/// The event page's facts for `viewer` with `access` (the policy decides what is named).
pub async fn overview(
    db: &Db,
    viewer: Option<&User>,
    access: policy::Access,
    event: &Event,
) -> ServiceResult<Overview> {
    // Only the lists that take the event's game: a Banqi event offers Banqi lists.
    let rating_lists = match viewer {
        Some(u) => store::ratings::accepting(db, event.settings.variant)
            .await?
            .into_iter()
            .filter(|l| policy::may_push_into_list(u, access, l))
            .map(|l| (l.id, l.name))
            .collect(),
        None => vec![],
    };
    let player_count = store::players::list(db, event.id).await?.len();
    let (arbiters, arbiters_unnamed) =
        policy::arbiter_names_for(&access, store::events::arbiter_names(db, event.id).await?);
    let progress = store::events::progress(db, event.id).await?;
    let (arbiter_accounts, deletion, arbiter_candidates) = if access.manage {
        (
            store::events::arbiters(db, event.id).await?,
            Deletion {
                allowed: !progress.rated,
                name_needed: progress.round_published || progress.knockout_seeded,
            },
            arbiter_candidates(db, event).await?,
        )
    } else {
        (vec![], Deletion::default(), vec![])
    };
    let latest_round = store::rounds::list(db, event.id)
        .await?
        .iter()
        .filter(|r| r.published)
        .map(|r| r.number)
        .max();
    Ok(Overview {
        latest_round,
        knockout_seeded: progress.knockout_seeded,
        rating_lists,
        player_count,
        arbiters,
        arbiters_unnamed,
        arbiter_accounts,
        arbiter_candidates,
        deletion,
    })
}

/// The settings that can no longer change, and why, given how far the event has gone.
pub async fn settings_locks(db: &Db, event: &Event) -> ServiceResult<Vec<policy::SettingLock>> {
    let progress = store::events::progress(db, event.id).await?;
    Ok(policy::settings_locks(&event.settings, progress))
}

/// Every event, newest first (the home page lists them).
pub async fn list(db: &Db) -> ServiceResult<Vec<Event>> {
    Ok(store::events::list(db).await?)
}

/// The arbiters' (login, display) names of an event, for callers that show them under the policy.
pub async fn arbiter_names(db: &Db, event: &Event) -> ServiceResult<Vec<(String, String)>> {
    Ok(store::events::arbiter_names(db, event.id).await?)
}
