//! The pages of sections (組別) and round robins: the event's sections with the organizer's form to
//! add one, the round robin's draw (on the players page) and its whole schedule, and moving a player
//! to another section. A section's other pages are the event pages of its row.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use super::{redirect, render, render_status};
use crate::event::EventForm;
use crate::service::policy::Access;
use crate::service::{self, Event};
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::AppResult;
use crate::web::extract::{Arbitrated, EventView, Managed, inline_refusal};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(sections_page)
        .service(add_section)
        .service(schedule_page)
        .service(draw)
        .service(move_player);
}

/// One section as the sections page lists it.
struct SectionLine {
    id: i64,
    name: String,
    format_key: &'static str,
    rounds: u32,
    groups: u32,
    knockout_size: u32,
    current: bool,
}

#[derive(Template)]
#[template(path = "events/sections.html")]
struct SectionsPage {
    ctx: Ctx,
    event: Event,
    access: Access,
    sections: Vec<SectionLine>,
    /// The add form as sent, with each refused field and why (in the reader's language).
    form: EventForm,
    errors: Vec<(&'static str, String)>,
}

impl SectionsPage {
    /// A number field as typed in the add form.
    fn typed(&self, field: &str) -> &str {
        let f = &self.form;
        match field {
            "swiss_rounds" => &f.swiss_rounds,
            "cycles" => &f.cycles,
            "groups" => &f.groups,
            "qualifiers_per_group" => &f.qualifiers_per_group,
            "knockout_size" => &f.knockout_size,
            "best_of" => &f.best_of,
            _ => "",
        }
    }

    fn error(&self, field: &str) -> Option<&str> {
        self.errors
            .iter()
            .find(|(f, _)| *f == field)
            .map(|(_, why)| why.as_str())
    }
}

async fn sections_view(
    state: &AppState,
    ctx: Ctx,
    (event, access): (Event, Access),
    form: EventForm,
    errors: Vec<(&'static str, String)>,
) -> AppResult<SectionsPage> {
    let sections = service::sections::list(&state.db, &event)
        .await?
        .into_iter()
        .map(|s| SectionLine {
            id: s.id,
            current: s.id == event.id,
            format_key: if s.settings.stage.is_round_robin() {
                "format_round_robin"
            } else {
                "format_swiss"
            },
            rounds: s.settings.swiss_rounds,
            groups: s.settings.stage.groups,
            knockout_size: s.settings.knockout_size,
            name: s.settings.section,
        })
        .collect();
    Ok(SectionsPage {
        ctx,
        event,
        access,
        sections,
        form,
        errors,
    })
}

/// The event's sections, each linking to its pages; the organizer adds one here.
#[get("/events/{id}/sections")]
async fn sections_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let form = EventForm {
        format: "swiss".into(),
        ..Default::default()
    };
    render(&sections_view(&state, ctx, (event, access), form, Vec::new()).await?)
}

/// Adds a section (the organizer): its name, format and stage sizes; the rest is the event's.
#[post("/events/{id}/sections")]
async fn add_section(
    ctx: Ctx,
    state: web::Data<AppState>,
    Managed {
        event,
        user,
        access,
    }: Managed,
    typed: CsrfForm<EventForm>,
) -> AppResult<HttpResponse> {
    let mut form = super::events::form_of(&event);
    for (to, from) in [
        (&mut form.section, &typed.section),
        (&mut form.format, &typed.format),
        (&mut form.swiss_rounds, &typed.swiss_rounds),
        (&mut form.cycles, &typed.cycles),
        (&mut form.groups, &typed.groups),
        (&mut form.qualifiers_per_group, &typed.qualifiers_per_group),
        (&mut form.knockout_size, &typed.knockout_size),
        (&mut form.best_of, &typed.best_of),
    ] {
        to.clone_from(from);
    }
    form.tie_breaks = String::new();
    let errors = match form.parse() {
        Ok(settings) => match service::sections::add(&state.db, &user, &event, &settings).await {
            Ok(section) => return Ok(redirect(&format!("/events/{}", section.id))),
            Err(e) => {
                let field = e.field().unwrap_or("section");
                let (_, why) = inline_refusal(e, ctx.lang)?;
                vec![(field, why)]
            }
        },
        Err(errors) => errors
            .iter()
            .map(|e| (e.field, ctx.lang.reason(&e.reason)))
            .collect(),
    };
    let page = sections_view(&state, ctx, (event, access), typed.0, errors).await?;
    render_status(&page, StatusCode::BAD_REQUEST)
}

/// One round of the schedule page.
struct ScheduleRound {
    number: u32,
    boards: Vec<(u32, String, String)>,
    resting: Vec<String>,
}

#[derive(Template)]
#[template(path = "events/schedule.html")]
struct SchedulePage {
    ctx: Ctx,
    event: Event,
    access: Access,
    /// `(method, seed)` of the draw.
    draw: (String, String),
    /// Each group's players in draw-number order: (letter, [(draw number, "start. name")]).
    groups: Vec<(String, Vec<(u32, String)>)>,
    rounds: Vec<ScheduleRound>,
}

/// A drawn round robin's whole schedule with names (public once drawn; 404 before).
#[get("/events/{id}/schedule")]
async fn schedule_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let view = service::sections::schedule_view(&state.db, &event)
        .await?
        .ok_or(crate::web::error::AppError::NotFound)?;
    let rounds = view
        .rounds
        .into_iter()
        .enumerate()
        .map(|(i, r)| ScheduleRound {
            number: i as u32 + 1,
            boards: r
                .boards
                .into_iter()
                .enumerate()
                .map(|(b, (red, black))| (b as u32 + 1, red, black))
                .collect(),
            resting: r.resting,
        })
        .collect();
    render(&SchedulePage {
        ctx,
        draw: view.draw,
        groups: view.groups,
        rounds,
        event,
        access,
    })
}

#[derive(serde::Deserialize)]
struct DrawForm {
    #[serde(default)]
    method: String,
    #[serde(default)]
    seed: String,
}

/// Makes the round robin's draw (an arbiter), then shows the schedule; a refusal is shown on the
/// players page beside the draw form.
#[post("/events/{id}/draw")]
async fn draw(
    ctx: Ctx,
    state: web::Data<AppState>,
    Arbitrated {
        event,
        user,
        access,
    }: Arbitrated,
    form: CsrfForm<DrawForm>,
) -> AppResult<HttpResponse> {
    let done = match service::sections::parse_draw(&form.method, Some(&form.seed)) {
        Ok(method) => service::sections::draw(&state.db, &user, &event, &method)
            .await
            .map(|_| format!("/events/{}/schedule", event.id)),
        Err(e) => Err(e),
    };
    super::players::form_answer((ctx, &state), (event, access), "draw", done).await
}

#[derive(serde::Deserialize)]
struct MoveForm {
    to: i64,
    #[serde(default)]
    reason: String,
}

/// Moves a player to another section of the event (the organizer), before either plays.
#[post("/events/{id}/players/{start}/move")]
async fn move_player(
    ctx: Ctx,
    state: web::Data<AppState>,
    Managed {
        event,
        user,
        access,
    }: Managed,
    path: web::Path<(i64, u32)>,
    form: CsrfForm<MoveForm>,
) -> AppResult<HttpResponse> {
    let (_, start) = path.into_inner();
    let done =
        service::sections::move_player(&state.db, &user, &event, start, form.to, &form.reason)
            .await
            .map(|()| format!("/events/{}/players?done=player_moved", event.id));
    let form_id = format!("move-{start}");
    super::players::form_answer((ctx, &state), (event, access), &form_id, done).await
}
