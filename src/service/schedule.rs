//! A section's schedule: the read model of its time control and round starts (the round page, the
//! event page, the TRF's `122`/`132` lines, and the slips and display screens reuse it), and its
//! one write, with the check-in rule (`service::checkin` asks it).

use chrono::NaiveDateTime;

use super::{Event, Reason, ServiceError, ServiceResult, User, policy};
use crate::schedule::{self, CheckinRule, MAX_ROUNDS, TimeControl};
use crate::store::{self, Db, checkin::StoredSchedule};

/// A section's schedule: whether pairing waits on check-in, the time control, and the start of
/// each round on the event's wall clock, in its time zone.
#[derive(Debug, Clone)]
pub struct Schedule {
    /// Whether pairing waits on check-in.
    pub checkin: CheckinRule,
    /// The time control, when one is set.
    pub time_control: Option<TimeControl>,
    /// (round, start) in round order; rounds without a start are left out.
    pub starts: Vec<(u32, NaiveDateTime)>,
    /// The event's time zone, which the starts are in.
    pub zone: chrono_tz::Tz,
}

impl Schedule {
    /// The start of round `round`, if set.
    pub fn start_of(&self, round: u32) -> Option<NaiveDateTime> {
        self.starts
            .iter()
            .find(|(r, _)| *r == round)
            .map(|(_, at)| *at)
    }

    /// The start of round `round` as an instant in the event's time zone (for a clock counting
    /// down to it); `None` when unset or when the wall-clock time does not exist that day.
    pub fn instant_of(&self, round: u32) -> Option<chrono::DateTime<chrono_tz::Tz>> {
        use chrono::TimeZone;
        self.zone
            .from_local_datetime(&self.start_of(round)?)
            .earliest()
    }

    /// `2026-12-06 09:30` as pages show a round's start (the zone is shown beside the list).
    pub fn shown_start(&self, round: u32) -> Option<String> {
        self.start_of(round).map(schedule::start_stored)
    }

    /// The time control as pages show it (`60′ + 30″`), or empty.
    pub fn shown_time_control(&self) -> String {
        self.time_control
            .as_ref()
            .map(TimeControl::shown)
            .unwrap_or_default()
    }

    /// Each round with a start: (round, `2026-12-06T09:30` for a `datetime` attribute or a
    /// date-and-time box, `2026-12-06 09:30` as shown).
    pub fn start_rows(&self) -> Vec<(u32, String, String)> {
        self.starts
            .iter()
            .map(|(r, at)| (*r, schedule::start_value(*at), schedule::start_stored(*at)))
            .collect()
    }

    /// Whether there is anything to show (a time control or a start).
    pub fn is_set(&self) -> bool {
        self.time_control.is_some() || !self.starts.is_empty()
    }
}

/// The schedule of a section (an event's row): its time control, each round's start and the
/// check-in rule. Public: the times of play are no secret.
pub async fn schedule(db: &Db, event: &Event) -> ServiceResult<Schedule> {
    let stored = store::checkin::schedule(db, event.id).await?;
    let bad = |what: &str, value: &str| {
        ServiceError::Internal(format!("section {} {what}: {value:?}", event.id))
    };
    let checkin =
        CheckinRule::parse(&stored.checkin).ok_or_else(|| bad("checkin", &stored.checkin))?;
    let time_control = TimeControl::parse(&stored.time_control)
        .map_err(|_| bad("time control", &stored.time_control))?;
    let starts = stored
        .starts
        .iter()
        .map(|(r, s)| match schedule::parse_start(s) {
            Ok(Some(at)) => Ok((*r, at)),
            _ => Err(bad("round start", s)),
        })
        .collect::<ServiceResult<_>>()?;
    Ok(Schedule {
        checkin,
        time_control,
        starts,
        zone: super::events::zone_of(event),
    })
}

/// What a printed form of round `number` says of its timing: the round's start, when the
/// timetable has one, and the time control as shown (empty when none is set).
pub async fn round_line(
    db: &Db,
    event: &Event,
    number: u32,
) -> ServiceResult<(Option<String>, String)> {
    let s = schedule(db, event).await?;
    Ok((s.shown_start(number), s.shown_time_control()))
}

/// The schedule form as typed: the check-in rule's code, the time control, and each round's
/// start by round (blank for none).
#[derive(Debug, Clone, Default)]
pub struct ScheduleForm {
    /// `off`, `round1` or `every`.
    pub checkin: String,
    /// The time control as typed.
    pub time_control: String,
    /// (round, start as typed).
    pub starts: Vec<(u32, String)>,
}

/// The rounds a section's schedule lists: its Swiss rounds (at least one, at most
/// [`MAX_ROUNDS`]), or more when rounds beyond were given starts before.
pub fn scheduled_rounds(event: &Event, current: &Schedule) -> u32 {
    let last_set = current.starts.last().map_or(0, |(r, _)| *r);
    event
        .settings
        .swiss_rounds
        .max(last_set)
        .clamp(1, MAX_ROUNDS)
}

/// Saves a section's schedule (its organizer): every field checked first, nothing written when
/// one is refused (the error names the field: `checkin`, `time_control`, `starts`); `Ok(false)`
/// when nothing changed.
pub async fn save(db: &Db, by: &User, event: &Event, form: &ScheduleForm) -> ServiceResult<bool> {
    if !policy::user_access(db, Some(by), event).await?.manage {
        return Err(ServiceError::Forbidden);
    }
    policy::writable(event)?;
    let checkin = CheckinRule::parse(&form.checkin).ok_or_else(|| {
        ServiceError::invalid(
            "checkin",
            Reason::new("words_not_one_of")
                .arg("value", form.checkin.trim())
                .arg("allowed", "off, round1, every"),
        )
    })?;
    let time_control = TimeControl::parse(&form.time_control)
        .map_err(|r| ServiceError::invalid("time_control", r))?;
    if form.starts.len() > MAX_ROUNDS as usize {
        return Err(ServiceError::invalid(
            "starts",
            Reason::new("words_out_of_range")
                .arg("value", form.starts.len())
                .arg("min", 0)
                .arg("max", MAX_ROUNDS),
        ));
    }
    let mut starts: Vec<(u32, String)> = Vec::new();
    for (round, typed) in &form.starts {
        if !(1..=MAX_ROUNDS).contains(round) {
            return Err(ServiceError::invalid(
                "starts",
                Reason::new("words_out_of_range")
                    .arg("value", round)
                    .arg("min", 1)
                    .arg("max", MAX_ROUNDS),
            ));
        }
        let at = schedule::parse_start(typed).map_err(|r| {
            ServiceError::invalid(
                "starts",
                Reason::new("ci_round_start_of")
                    .arg("round", *round)
                    .arg_reason("why", &r),
            )
        })?;
        if let Some(at) = at {
            if starts.iter().any(|(r, _)| r == round) {
                return Err(ServiceError::invalid(
                    "starts",
                    Reason::new("ci_round_twice").arg("round", *round),
                ));
            }
            starts.push((*round, schedule::start_stored(at)));
        }
    }
    starts.sort();
    let stored = StoredSchedule {
        checkin: checkin.code().to_string(),
        time_control: time_control
            .map(|t| t.text().to_string())
            .unwrap_or_default(),
        starts,
    };
    Ok(store::checkin::save_schedule(db, by, event.id, &stored).await?)
}
