//! Events: create, show (settings, arbiters, audit log), assign arbiters.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use super::{Flash, redirect, render, render_status};
use crate::event::{EventForm, FieldError};
use crate::service::{self, policy::Access};
use crate::store::{self, audit::AuditEntry, events::Event};
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};
use crate::web::extract::{EventView, Managed};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(new_form)
        .service(create)
        .service(show)
        .service(add_arbiter)
        .service(push_rating);
}

#[derive(Template)]
#[template(path = "events/new.html")]
struct NewEventPage {
    ctx: Ctx,
    form: EventForm,
    errors: Vec<FieldError>,
}

#[get("/events/new")]
async fn new_form(ctx: Ctx) -> AppResult<HttpResponse> {
    ctx.require_user()?;
    if !ctx.can_create_events() {
        return Err(AppError::Forbidden);
    }
    let form = EventForm {
        variant: "jieqi".into(),
        start_date: chrono::Local::now()
            .date_naive()
            .format("%Y-%m-%d")
            .to_string(),
        swiss_rounds: "6".into(),
        knockout_size: "8".into(),
        best_of: "3".into(),
        points_win: "2".into(),
        points_draw: "1".into(),
        points_loss: "0".into(),
        tie_breaks: crate::event::tie_break_codes(
            &crate::swiss::standings::TieBreak::DEFAULT_ORDER,
        ),
        deals_required: "on".into(),
        ..Default::default()
    };
    render(&NewEventPage {
        ctx,
        form,
        errors: vec![],
    })
}

#[post("/events")]
async fn create(
    ctx: Ctx,
    state: web::Data<AppState>,
    form: CsrfForm<EventForm>,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?.clone();
    if !ctx.can_create_events() {
        return Err(AppError::Forbidden);
    }
    match form.parse() {
        Ok(settings) => {
            let event = service::events::create(&state.db, &user, &settings).await?;
            Ok(redirect(&format!("/events/{}", event.id)))
        }
        Err(errors) => render_status(
            &NewEventPage {
                ctx,
                form: form.0,
                errors,
            },
            StatusCode::BAD_REQUEST,
        ),
    }
}

#[derive(Template)]
#[template(path = "events/show.html")]
struct EventPage {
    ctx: Ctx,
    event: Event,
    access: Access,
    player_count: usize,
    /// The arbiters' names as this visitor may see them (`policy::arbiter_names_for`).
    arbiters: Vec<String>,
    /// Arbiters without a public name (counted, not named, for visitors).
    arbiters_unnamed: usize,
    audit: Vec<AuditEntry>,
    flash: Option<&'static str>,
    /// Rating lists the visitor may push this event's rated games into: (id, name).
    rating_lists: Vec<(i64, String)>,
    pushed: Option<usize>,
    /// Games whose verdicts changed on upgrade (arbiters only; empty for everyone else).
    readjudicated: Vec<ChangedRow>,
}

/// A game whose verdict the upgrade changed, as the event page lists it for the arbiters.
struct ChangedRow {
    /// "Round 3 · Board 2" or "Match 5", and the game number.
    label: String,
    game: u32,
    /// The record page.
    link: String,
    before: String,
    now: String,
    /// The result entered (unchanged).
    entered: &'static str,
}

/// The list of changed verdicts in the reader's language (none for visitors who do not arbitrate).
async fn changed_verdicts(
    state: &AppState,
    ctx: &Ctx,
    event: &Event,
    access: Access,
) -> AppResult<Vec<ChangedRow>> {
    use crate::rules::describe;
    use crate::service::records::GameRef;
    if !access.arbitrate {
        return Ok(vec![]);
    }
    let lang = super::records::describe_lang(ctx.lang);
    let says = |v: &crate::rules::adjudicate::Verdict| match &v.error {
        Some(e) => format!(
            "{} {} ({}): {}",
            ctx.t("record_illegal"),
            e.ply,
            e.token,
            describe::error(e, lang)
        ),
        None => format!(
            "{} ({})",
            describe::result(v.result, lang),
            describe::termination(v.termination, lang)
        ),
    };
    Ok(
        crate::service::records::readjudicated(&state.db, access, event)
            .await?
            .into_iter()
            .map(|c| {
                let (label, game, link) = match c.game {
                    GameRef::Board { round, board, game } => (
                        format!("{} {round} · {} {board}", ctx.t("round"), ctx.t("board")),
                        game,
                        format!("/events/{}/rounds/{round}/boards/{board}/record", event.id),
                    ),
                    GameRef::Knockout { match_id, game } => (
                        format!("{} {match_id}", ctx.t("readjudicated_match")),
                        game,
                        format!(
                            "/events/{}/knockout/matches/{match_id}/games/{game}/record",
                            event.id
                        ),
                    ),
                };
                ChangedRow {
                    label,
                    game,
                    link,
                    before: says(&c.old),
                    now: says(&c.new),
                    entered: c
                        .entered
                        .map(crate::round::BoardResult::display)
                        .unwrap_or(""),
                }
            })
            .collect(),
    )
}

#[get("/events/{id}")]
async fn show(
    ctx: Ctx,
    state: web::Data<AppState>,
    flash: web::Query<PushedQuery>,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let rating_lists = match &ctx.user {
        Some(u) => store::ratings::lists(&state.db)
            .await?
            .into_iter()
            .filter(|l| crate::service::policy::may_push_into_list(u, access, l))
            .map(|l| (l.id, l.name))
            .collect(),
        None => vec![],
    };
    let player_count = store::players::list(&state.db, event.id).await?.len();
    let (arbiters, arbiters_unnamed) = crate::service::policy::arbiter_names_for(
        &access,
        store::events::arbiter_names(&state.db, event.id).await?,
    );
    let audit = if access.arbitrate {
        store::audit::for_event(&state.db, event.id).await?
    } else {
        vec![]
    };
    // The count of a push is shown only when it is the event's real number of rated games: a link
    // cannot make the page say anything else.
    let pushed = match flash.pushed {
        Some(n) => crate::service::rating_push::rated_games(&state.db, &event)
            .await
            .ok()
            .filter(|games| games.len() == n)
            .map(|_| n),
        None => None,
    };
    let readjudicated = changed_verdicts(&state, &ctx, &event, access).await?;
    render(&EventPage {
        readjudicated,
        ctx,
        event,
        access,
        player_count,
        arbiters,
        arbiters_unnamed,
        audit,
        flash: Flash {
            done: flash.done.clone(),
        }
        .key(),
        rating_lists,
        pushed,
    })
}

#[derive(serde::Deserialize, Default)]
struct PushedQuery {
    done: Option<String>,
    pushed: Option<usize>,
}

#[derive(serde::Deserialize)]
struct PushForm {
    list: String,
    /// Players new to the list start from their event rating (`on`).
    #[serde(default)]
    start_from_event: String,
}

/// Pushes the finished event's rated games into one of the visitor's rating lists (one click).
#[post("/events/{id}/push-rating")]
async fn push_rating(
    ctx: Ctx,
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
    form: CsrfForm<PushForm>,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?.clone();
    let list_id: i64 = form.list.trim().parse().map_err(|_| {
        AppError::BadRequest(format!("list: '{}' is not a rating list", form.list.trim()))
    })?;
    let from_event = form.start_from_event == "on";
    let n =
        crate::service::rating_push::push(&state.db, &user, &event, list_id, from_event).await?;
    Ok(redirect(&format!(
        "/events/{}?done=games_pushed&pushed={n}",
        event.id
    )))
}

#[derive(serde::Deserialize)]
struct ArbiterForm {
    name: String,
}

#[post("/events/{id}/arbiters")]
async fn add_arbiter(
    ctx: Ctx,
    state: web::Data<AppState>,
    Managed { event, .. }: Managed,
    form: CsrfForm<ArbiterForm>,
) -> AppResult<HttpResponse> {
    let me = ctx.require_user()?;
    service::events::add_arbiter(&state.db, me, &event, &form.name).await?;
    Ok(redirect(&format!(
        "/events/{}?done=arbiter_added",
        event.id
    )))
}
