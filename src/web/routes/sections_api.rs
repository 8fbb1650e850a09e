//! The JSON API of sections (組別) and round robins: list and add sections, a section's players
//! with their draw numbers and groups, moving a player, the round robin's draw and its schedule.
//! A section's other routes are the event routes under `/api/events/{id}/sections/{sid}/…`
//! (`web::extract` resolves the section).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, routes, web};
use serde::Deserialize;
use serde_json::{Value, json};

use super::api::{NewSection, form_errors, parse_json};
use crate::service;
use crate::service::Event;
use crate::swiss::avoidance::ClubAvoidance;
use crate::web::AppState;
use crate::web::error::AppResult;
use crate::web::extract::{Arbitrated, EventView, Managed, StartNo};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list_sections)
        .service(add_section)
        .service(list_players)
        .service(move_player)
        .service(draw)
        .service(schedule)
        .service(forbid)
        .service(forbidden);
}

fn section_json(s: &Event) -> Value {
    let st = &s.settings;
    json!({
        "id": s.id,
        "name": st.section,
        "format": st.stage.format.as_str(),
        "rounds": st.swiss_rounds,
        "cycles": st.stage.cycles,
        "groups": st.stage.groups,
        "qualifiers_per_group": st.stage.qualifiers_per_group,
        "knockout_size": st.knockout_size,
        "best_of": st.best_of,
        "withdrawal_rule": st.stage.withdrawal.as_str(),
        "club_avoidance": match st.stage.club_avoidance {
            ClubAvoidance::FirstRounds(n) => json!(n),
            other => json!(other.code()),
        },
        "team_counted": st.stage.team_counted,
        "drawn": s.draw.is_some(),
    })
}

#[get("/api/events/{id}/sections")]
async fn list_sections(
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
) -> AppResult<HttpResponse> {
    let sections = service::sections::list(&state.db, &event).await?;
    Ok(HttpResponse::Ok().json(sections.iter().map(section_json).collect::<Vec<_>>()))
}

/// Adds a section: the body is one of `POST /api/events`' `sections`; the event's shared settings
/// (name, venue, dates, deals policy, time zone, game and scoring) are the first section's.
#[post("/api/events/{id}/sections")]
async fn add_section(
    state: web::Data<AppState>,
    Managed { event, user, .. }: Managed,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let new: NewSection = parse_json(&body)?;
    let mut form = super::events::form_of(&event);
    new.fill(&mut form);
    let settings = form.parse().map_err(|e| form_errors("", &e))?;
    let section = service::sections::add(&state.db, &user, &event, &settings).await?;
    Ok(HttpResponse::build(StatusCode::CREATED).json(section_json(&section)))
}

/// The players by start number; a round robin's give their `draw_number` and `group` (A, B …),
/// `null` before the draw.
#[routes]
#[get("/api/events/{id}/players")]
#[get("/api/events/{id}/sections/{sid}/players")]
async fn list_players(
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
) -> AppResult<HttpResponse> {
    let players = service::sections::players(&state.db, &event).await?;
    let out: Vec<Value> = players
        .iter()
        .map(|p| {
            json!({
                "start": p.start_no,
                "name": p.entry.name,
                "club": p.entry.club,
                "team": p.entry.team,
                "rating": p.entry.rating,
                "withdrawn_from": p.withdrawn_from,
                "draw_number": p.draw.map(|d| d.0),
                "group": p.draw.map(|d| service::sections::group_letter(d.1)),
            })
        })
        .collect();
    Ok(HttpResponse::Ok().json(out))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    to: i64,
    #[serde(default)]
    reason: String,
}

/// Moves a player to another section of the event, before either has a round paired or its round
/// robin drawn: `{"to": section id, "reason": "…"}`.
#[routes]
#[post("/api/events/{id}/players/{start}/move")]
#[post("/api/events/{id}/sections/{sid}/players/{start}/move")]
async fn move_player(
    state: web::Data<AppState>,
    Managed { event, user, .. }: Managed,
    StartNo(start): StartNo,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let b: MoveBody = parse_json(&body)?;
    service::sections::move_player(&state.db, &user, &event, start, b.to, &b.reason).await?;
    Ok(HttpResponse::Ok().json(json!({"start": start, "to": b.to})))
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct DrawBody {
    #[serde(default)]
    method: Option<String>,
    #[serde(default)]
    seed: Option<String>,
}

fn drawn_json(event: &Event, drawn: &crate::round_robin::Drawn) -> Value {
    let (method, seed) = match &event.draw {
        Some((m, s)) => (json!(m), json!(s)),
        None => (Value::Null, Value::Null),
    };
    json!({
        "method": method,
        "seed": seed,
        "groups": drawn.groups,
    })
}

/// Draws a round robin's numbers (and its groups) before round 1: `{"method": "lot"|"rating",
/// "seed": "64 hex digits"}`, both optional (a lot with a seed drawn now). Answers the method, the
/// seed and each group's start numbers in draw-number order.
#[routes]
#[post("/api/events/{id}/draw")]
#[post("/api/events/{id}/sections/{sid}/draw")]
async fn draw(
    state: web::Data<AppState>,
    Arbitrated { event, user, .. }: Arbitrated,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let b: DrawBody = parse_json(&body)?;
    let method =
        service::sections::parse_draw(b.method.as_deref().unwrap_or(""), b.seed.as_deref())?;
    let (event, drawn) = service::sections::draw(&state.db, &user, &event, &method).await?;
    Ok(HttpResponse::build(StatusCode::CREATED).json(drawn_json(&event, &drawn)))
}

/// A drawn round robin's whole schedule: each round's boards (`red`, `black` start numbers) and who
/// rests; 404 before the draw.
#[routes]
#[get("/api/events/{id}/schedule")]
#[get("/api/events/{id}/sections/{sid}/schedule")]
async fn schedule(
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
) -> AppResult<HttpResponse> {
    let rounds = service::sections::schedule(&state.db, &event)
        .await?
        .ok_or(crate::web::error::AppError::NotFound)?;
    let out: Vec<Value> = rounds
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let boards: Vec<Value> = r
                .boards
                .iter()
                .enumerate()
                .map(|(b, (red, black))| json!({"board": b + 1, "red": red, "black": black}))
                .collect();
            json!({"round": i + 1, "boards": boards, "resting": r.resting})
        })
        .collect();
    Ok(HttpResponse::Ok().json(json!({ "rounds": out })))
}

/// Pairs to keep apart: `[[a, b], …]`, or `{"pairs": [[a, b], …], "reason": "…"}`.
#[derive(Deserialize)]
#[serde(untagged)]
enum ForbidBody {
    Pairs(Vec<(u32, u32)>),
    WithReason {
        pairs: Vec<(u32, u32)>,
        #[serde(default)]
        reason: String,
    },
}

/// Keeps pairs of players (start numbers) apart in every round to come (an arbiter) → the pairs
/// kept apart now.
#[routes]
#[post("/api/events/{id}/forbidden")]
#[post("/api/events/{id}/sections/{sid}/forbidden")]
async fn forbid(
    state: web::Data<AppState>,
    Arbitrated { event, user, .. }: Arbitrated,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let (pairs, reason) = match parse_json(&body)? {
        ForbidBody::Pairs(pairs) => (pairs, String::new()),
        ForbidBody::WithReason { pairs, reason } => (pairs, reason),
    };
    let added = service::players::forbid_pairs(&state.db, &user, &event, &pairs, &reason).await?;
    Ok(HttpResponse::build(StatusCode::CREATED).json(json!({ "added": added })))
}

/// The pairs kept apart: `[{"pair": [a, b], "reason"}]`.
#[routes]
#[get("/api/events/{id}/forbidden")]
#[get("/api/events/{id}/sections/{sid}/forbidden")]
async fn forbidden(
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
) -> AppResult<HttpResponse> {
    let pairs = service::players::forbidden_pairs(&state.db, &event).await?;
    let out: Vec<Value> = pairs
        .iter()
        .map(|(a, b, reason)| json!({"pair": [a, b], "reason": reason}))
        .collect();
    Ok(HttpResponse::Ok().json(out))
}
