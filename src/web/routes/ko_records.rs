//! Move records of knockout games (issue 9), as a page beside the match page and in the JSON API:
//! arbiters submit a record for game g of match m; it is adjudicated with the knockout round's sealed
//! deal for that game number, and sets the game's result when legal, decided and none is recorded.
//! Until that deal is unsealed, the record answers 404 to everyone but the event's arbiters.

use actix_web::{HttpResponse, get, post, web};
use askama::Template;
use serde::Deserialize;

use super::{redirect, render, render_status};
use crate::service::policy::Access;
use crate::service::records::RecordStatus;
use crate::service::records::deal_slot;
use crate::service::{self, ServiceError};
use crate::store::events::Event;
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};
use crate::web::extract::{Arbitrated, EventView};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(api_submit)
        .service(api_show)
        .service(show)
        .service(submit);
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordBody {
    record: String,
}

/// Submits a game's move record; answers the verdict JSON (see `service::records::submit`).
#[post("/api/events/{id}/knockout/matches/{m}/games/{g}/record")]
async fn api_submit(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, u32, u32)>,
    body: web::Bytes,
    Arbitrated { event, .. }: Arbitrated,
) -> AppResult<HttpResponse> {
    let (_, m, g) = path.into_inner();
    let me = ctx.require_user()?;
    let b: RecordBody = serde_json::from_slice(&body)
        .map_err(|e| AppError::BadRequest(format!("invalid JSON: {e}")))?;
    let out = service::records::submit_knockout(&state.db, me, &event, m, g, &b.record).await?;
    Ok(HttpResponse::Ok().json(out))
}

/// A game's stored record and verdict: `{"match","game","record","verdict","legal"}`; 404 while
/// secret to this visitor.
#[get("/api/events/{id}/knockout/matches/{m}/games/{g}/record")]
async fn api_show(
    state: web::Data<AppState>,
    path: web::Path<(i64, u32, u32)>,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let (_, m, g) = path.into_inner();
    let r = service::records::visible_knockout_record(&state.db, &event, access, m, g).await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "match": r.match_id,
        "game": r.game_no,
        "record": r.record,
        "verdict": r.verdict,
        "legal": r.legal,
    })))
}

/// A stored record as the page shows it.
struct RecordView {
    status: RecordStatus,
    result: String,
    termination: String,
    plies: u64,
    record: String,
    secret: bool,
}

#[derive(Template)]
#[template(path = "knockout/record.html")]
struct RecordPage {
    ctx: Ctx,
    event: Event,
    access: Access,
    match_id: u32,
    game_no: u32,
    /// The game's result in the bracket, as shown.
    entered: &'static str,
    record: Option<RecordView>,
    draft: String,
    error: Option<String>,
    /// A knockout game is one game: no game choice on the form.
    games: Vec<u32>,
}

async fn page(
    ctx: Ctx,
    state: &AppState,
    event: Event,
    access: Access,
    (m, g): (u32, u32),
    draft: (String, Option<String>),
) -> AppResult<RecordPage> {
    let (_, bracket) = service::knockout::load(&state.db, &event)
        .await?
        .ok_or(AppError::NotFound)?;
    let slot = deal_slot(&event, &bracket, m, g)?;
    let game = bracket
        .get(crate::knockout::MatchId(m))
        .map_err(|_| AppError::NotFound)?
        .games()
        .into_iter()
        .find(|x| x.number == g);
    let record =
        match service::records::visible_knockout_record(&state.db, &event, access, m, g).await {
            Ok(r) => Some(r),
            Err(ServiceError::NotFound) => None,
            Err(e) => return Err(e.into()),
        };
    if record.is_none() && !access.arbitrate {
        return Err(AppError::NotFound);
    }
    let entered = game.and_then(|x| x.result);
    let secret =
        service::policy::records_secret(&state.db, event.id, slot.round, slot.game).await?;
    Ok(RecordPage {
        record: record.map(|r| RecordView {
            status: service::records::assess(
                &r.verdict,
                entered.and_then(crate::round::BoardResult::from_game),
                true,
            ),
            result: r.verdict["result"].as_str().unwrap_or("*").to_string(),
            termination: r.verdict["termination"].as_str().unwrap_or("").to_string(),
            plies: r.verdict["plies"].as_u64().unwrap_or(0),
            record: r.record,
            secret,
        }),
        entered: entered
            .and_then(crate::round::BoardResult::from_game)
            .map_or("", crate::round::BoardResult::display),
        match_id: m,
        game_no: g,
        draft: draft.0,
        error: draft.1,
        games: Vec::new(),
        ctx,
        event,
        access,
    })
}

/// The record page of a knockout game (arbiters: with the submission form).
#[get("/events/{id}/knockout/matches/{m}/games/{g}/record")]
async fn show(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, u32, u32)>,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let (_, m, g) = path.into_inner();
    render(&page(ctx, &state, event, access, (m, g), (String::new(), None)).await?)
}

#[derive(Deserialize)]
struct SubmitForm {
    record: String,
}

/// Submits a record from the page; an unreadable record is shown again with the reason.
#[post("/events/{id}/knockout/matches/{m}/games/{g}/record")]
async fn submit(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, u32, u32)>,
    form: CsrfForm<SubmitForm>,
    Arbitrated {
        event,
        user: me,
        access,
    }: Arbitrated,
) -> AppResult<HttpResponse> {
    let (_, m, g) = path.into_inner();
    let text = form.0.record;
    match service::records::submit_knockout(&state.db, &me, &event, m, g, &text).await {
        Ok(_) => Ok(redirect(&format!(
            "/events/{}/knockout/matches/{m}/games/{g}/record",
            event.id
        ))),
        Err(ServiceError::Invalid { reason, .. } | ServiceError::Refused(reason)) => {
            let reason = ctx.lang.reason(&reason);
            let p = page(ctx, &state, event, access, (m, g), (text, Some(reason))).await?;
            render_status(&p, actix_web::http::StatusCode::BAD_REQUEST)
        }
        Err(e) => Err(e.into()),
    }
}
