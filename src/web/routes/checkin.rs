//! Check-in (檢錄) and a section's schedule: the staff's check-in page (a tick per player, a search
//! box that a code scanner types a player page's address into), its JSON API, and the schedule's
//! form and API (time control, round starts, whether pairing waits on check-in).

use std::collections::HashMap;

use actix_web::{HttpResponse, get, post, routes, web};
use askama::Template;
use serde::Deserialize;
use serde_json::{Value, json};

use super::api::parse_json;
use super::{redirect, render, render_status};
use crate::schedule::CheckinRule;
use crate::service::checkin::{CheckinList, CheckinRow, Found};
use crate::service::policy::Access;
use crate::service::schedule::{Schedule, ScheduleForm};
use crate::service::{self, Event};
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};
use crate::web::extract::{Arbitrated, EventView, Managed, StartNo, inline_refusal};
use crate::web::paths::utf8_percent;

pub fn configure(cfg: &mut web::ServiceConfig) {
    // `find` before `{start}`, which would take the word for a start number.
    cfg.service(checkin_page)
        .service(find)
        .service(tick)
        .service(api_list)
        .service(api_set)
        .service(timetable_page)
        .service(save_timetable)
        .service(api_timetable)
        .service(api_save_timetable);
}

/// The check-in page's query: the search, and the player just marked (for the confirmation).
#[derive(Deserialize, Default)]
struct CheckinQuery {
    #[serde(default)]
    q: String,
    #[serde(default)]
    marked: Option<u32>,
}

#[derive(Template)]
#[template(path = "checkin/checkin.html")]
struct CheckinPage {
    ctx: Ctx,
    event: Event,
    access: Access,
    list: CheckinList,
    /// The rows shown (the search's matches).
    shown: Vec<CheckinRow>,
    /// The search as typed.
    q: String,
    /// The player just marked present, for the confirmation.
    marked: Option<CheckinRow>,
    /// The search box's refusal.
    error: String,
}

async fn checkin_view(
    ctx: Ctx,
    state: &AppState,
    arb: Arbitrated,
    query: CheckinQuery,
    error: String,
) -> AppResult<CheckinPage> {
    let list = service::checkin::list(&state.db, &arb.user, &arb.event).await?;
    let q = query
        .q
        .chars()
        .take(service::checkin::SEARCH_MAX)
        .collect::<String>();
    let shown = list
        .rows
        .iter()
        .filter(|r| service::checkin::matches(r, &q))
        .cloned()
        .collect();
    let marked = query.marked.and_then(|s| {
        list.rows
            .iter()
            .find(|r| r.start == s && r.present)
            .cloned()
    });
    Ok(CheckinPage {
        ctx,
        event: arb.event,
        access: arb.access,
        list,
        shown,
        q,
        marked,
        error,
    })
}

/// The check-in page (the section's arbiters).
#[get("/events/{id}/checkin")]
async fn checkin_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    arb: Arbitrated,
    query: web::Query<CheckinQuery>,
) -> AppResult<HttpResponse> {
    render(&checkin_view(ctx, &state, arb, query.into_inner(), String::new()).await?)
}

#[derive(Deserialize)]
struct FindForm {
    #[serde(default)]
    q: String,
}

/// The search box: a scanned player page's address marks the player present at once (back with
/// the confirmation); other text filters the list; a refusal is shown beside the box.
#[post("/events/{id}/checkin/find")]
async fn find(
    ctx: Ctx,
    state: web::Data<AppState>,
    arb: Arbitrated,
    form: CsrfForm<FindForm>,
) -> AppResult<HttpResponse> {
    let id = arb.event.id;
    match service::checkin::find(&state.db, &arb.user, &arb.event, &form.q).await {
        Ok(Found::Marked(row)) => Ok(redirect(&format!(
            "/events/{id}/checkin?marked={}",
            row.start
        ))),
        Ok(Found::Search(text)) => Ok(redirect(&format!(
            "/events/{id}/checkin?q={}",
            utf8_percent(&text)
        ))),
        Err(e) => {
            let (status, error) = inline_refusal(e, ctx.lang)?;
            let query = CheckinQuery::default();
            let mut page = checkin_view(ctx, &state, arb, query, error).await?;
            page.q = form.q.chars().take(service::checkin::SEARCH_MAX).collect();
            render_status(&page, status)
        }
    }
}

#[derive(Deserialize)]
struct TickForm {
    #[serde(default)]
    present: String,
    /// The search the list was filtered by, kept after the tick.
    #[serde(default)]
    q: String,
}

/// Ticks a player present (`present=1`) or not (`present=0`); back to the list.
#[post("/events/{id}/checkin/{start}")]
async fn tick(
    state: web::Data<AppState>,
    arb: Arbitrated,
    StartNo(start): StartNo,
    form: CsrfForm<TickForm>,
) -> AppResult<HttpResponse> {
    let present = match form.present.trim() {
        "1" | "true" => true,
        "0" | "false" => false,
        _ => return Err(AppError::BadRequest("present: 1 or 0".into())),
    };
    let row = service::checkin::set(&state.db, &arb.user, &arb.event, start, present).await?;
    let mut to = format!("/events/{}/checkin?", arb.event.id);
    if row.present {
        to.push_str(&format!("marked={}&", row.start));
    }
    if !form.q.trim().is_empty() {
        to.push_str(&format!("q={}", utf8_percent(form.q.trim())));
    }
    Ok(redirect(to.trim_end_matches(['&', '?'])))
}

/// The check-in list: `[{"start", "name", "present"}]` (the section's arbiters).
#[routes]
#[get("/api/events/{id}/checkin")]
#[get("/api/events/{id}/sections/{sid}/checkin")]
async fn api_list(state: web::Data<AppState>, arb: Arbitrated) -> AppResult<HttpResponse> {
    let list = service::checkin::list(&state.db, &arb.user, &arb.event).await?;
    Ok(HttpResponse::Ok().json(&list.rows))
}

#[derive(Deserialize)]
struct PresentBody {
    present: bool,
}

/// Checks a player in or out: `{"present": true|false}`; answers `{"start", "name", "present"}`.
#[routes]
#[put("/api/events/{id}/checkin/{start}")]
#[put("/api/events/{id}/sections/{sid}/checkin/{start}")]
async fn api_set(
    state: web::Data<AppState>,
    arb: Arbitrated,
    StartNo(start): StartNo,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let body: PresentBody = parse_json(&body)?;
    let row = service::checkin::set(&state.db, &arb.user, &arb.event, start, body.present).await?;
    Ok(HttpResponse::Ok().json(&row))
}

#[derive(Template)]
#[template(path = "checkin/timetable.html")]
struct TimetablePage {
    ctx: Ctx,
    event: Event,
    access: Access,
    /// The check-in rule's code as shown or typed.
    checkin: String,
    /// The time control as stored or typed.
    time_control: String,
    /// How it reads (`60′ + 30″`), when stored.
    shown: String,
    /// (round, start as the date-and-time box takes it).
    starts: Vec<(u32, String)>,
    /// The refused field and the refusal.
    error: Option<(&'static str, String)>,
    saved: bool,
}

impl TimetablePage {
    fn error_of(&self, field: &str) -> Option<&str> {
        self.error
            .as_ref()
            .filter(|(f, _)| *f == field)
            .map(|(_, t)| t.as_str())
    }

    fn rules(&self) -> [CheckinRule; 3] {
        CheckinRule::ALL
    }
}

#[derive(Deserialize, Default)]
struct SavedQuery {
    #[serde(default)]
    saved: Option<String>,
}

/// The schedule form of a section (its organizer).
#[get("/events/{id}/timetable")]
async fn timetable_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    Managed { event, access, .. }: Managed,
    query: web::Query<SavedQuery>,
) -> AppResult<HttpResponse> {
    let s = service::schedule::schedule(&state.db, &event).await?;
    let rounds = service::schedule::scheduled_rounds(&event, &s);
    let starts = (1..=rounds)
        .map(|r| {
            let v = s.start_of(r).map(crate::schedule::start_value);
            (r, v.unwrap_or_default())
        })
        .collect();
    render(&TimetablePage {
        ctx,
        access,
        checkin: s.checkin.code().into(),
        time_control: s
            .time_control
            .as_ref()
            .map(|t| t.text().to_string())
            .unwrap_or_default(),
        shown: s.shown_time_control(),
        starts,
        error: None,
        saved: query.saved.is_some(),
        event,
    })
}

/// Saves the schedule form; the form again with the refusal beside its field.
#[post("/events/{id}/timetable")]
async fn save_timetable(
    ctx: Ctx,
    state: web::Data<AppState>,
    Managed {
        event,
        user,
        access,
    }: Managed,
    form: CsrfForm<HashMap<String, String>>,
) -> AppResult<HttpResponse> {
    let field = |k: &str| form.get(k).cloned().unwrap_or_default();
    let mut starts: Vec<(u32, String)> = form
        .iter()
        .filter_map(|(k, v)| Some((k.strip_prefix("start_")?.parse().ok()?, v.clone())))
        .take(crate::schedule::MAX_ROUNDS as usize + 1)
        .collect();
    starts.sort();
    let typed = ScheduleForm {
        checkin: field("checkin"),
        time_control: field("time_control"),
        starts,
    };
    match service::schedule::save(&state.db, &user, &event, &typed).await {
        Ok(_) => Ok(redirect(&format!("/events/{}/timetable?saved=1", event.id))),
        Err(e) => {
            let which = e.field().unwrap_or("starts");
            let (status, error) = inline_refusal(e, ctx.lang)?;
            let page = TimetablePage {
                ctx,
                access,
                checkin: typed.checkin.clone(),
                time_control: typed.time_control.clone(),
                shown: String::new(),
                starts: typed.starts.clone(),
                error: Some((which, error)),
                saved: false,
                event,
            };
            render_status(&page, status)
        }
    }
}

/// The schedule as JSON (public: the times of play are no secret).
pub fn schedule_json(s: &Schedule) -> Value {
    json!({
        "checkin": s.checkin.code(),
        "time_control": s.time_control.as_ref().map(|t| t.text()),
        "time_control_shown": s.time_control.as_ref().map(|t| t.shown()),
        "minutes": s.time_control.as_ref().and_then(|t| t.minutes()),
        "increment": s.time_control.as_ref().and_then(|t| t.increment()),
        "time_zone": s.zone.name(),
        "rounds": s.starts.iter().map(|(r, at)| json!({
            "round": r,
            "start": crate::schedule::start_stored(*at),
        })).collect::<Vec<_>>(),
    })
}

/// A section's schedule: `{"checkin", "time_control", "time_control_shown", "minutes",
/// "increment", "time_zone", "rounds": [{"round", "start"}]}`.
#[routes]
#[get("/api/events/{id}/timetable")]
#[get("/api/events/{id}/sections/{sid}/timetable")]
async fn api_timetable(
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
) -> AppResult<HttpResponse> {
    let s = service::schedule::schedule(&state.db, &event).await?;
    Ok(HttpResponse::Ok().json(schedule_json(&s)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TimetableBody {
    checkin: Option<String>,
    time_control: Option<String>,
    rounds: Option<Vec<RoundStartBody>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RoundStartBody {
    round: u32,
    start: String,
}

/// Changes a section's schedule (its organizer): `{"checkin", "time_control", "rounds":
/// [{"round", "start"}]}`, each key optional (an absent one is kept; `rounds` replaces every
/// start); answers the schedule as `GET` does.
#[routes]
#[put("/api/events/{id}/timetable")]
#[put("/api/events/{id}/sections/{sid}/timetable")]
async fn api_save_timetable(
    state: web::Data<AppState>,
    Managed { event, user, .. }: Managed,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let body: TimetableBody = parse_json(&body)?;
    if body.checkin.is_none() && body.time_control.is_none() && body.rounds.is_none() {
        return Err(AppError::BadRequest(
            "nothing to change: give checkin, time_control or rounds".into(),
        ));
    }
    let now = service::schedule::schedule(&state.db, &event).await?;
    let form = ScheduleForm {
        checkin: body.checkin.unwrap_or_else(|| now.checkin.code().into()),
        time_control: body.time_control.unwrap_or_else(|| {
            now.time_control
                .as_ref()
                .map(|t| t.text().to_string())
                .unwrap_or_default()
        }),
        starts: match body.rounds {
            Some(rounds) => rounds.into_iter().map(|r| (r.round, r.start)).collect(),
            None => now
                .starts
                .iter()
                .map(|(r, at)| (*r, crate::schedule::start_stored(*at)))
                .collect(),
        },
    };
    service::schedule::save(&state.db, &user, &event, &form).await?;
    let s = service::schedule::schedule(&state.db, &event).await?;
    Ok(HttpResponse::Ok().json(schedule_json(&s)))
}
