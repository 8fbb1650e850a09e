//! Exports of an event (TRF-2026, all move records as one record file, the full JSON backup) and the
//! import of a backup into this server.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use super::{redirect, render, render_status};
use crate::store;
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};
use crate::web::extract::{Arbitrated, EventView, Managed};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(export_trf)
        .service(export_records)
        .service(export_backup)
        .service(import_form)
        .service(import);
}

fn attachment(content_type: &str, name: String, body: String) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(content_type)
        .insert_header((
            "content-disposition",
            format!("attachment; filename=\"{name}\""),
        ))
        .body(body)
}

#[get("/events/{id}/export.trf")]
async fn export_trf(
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
) -> AppResult<HttpResponse> {
    let text = super::api::trf_text(&state, &event).await?;
    Ok(attachment(
        "text/plain; charset=utf-8",
        format!("event-{}.trf", event.id),
        text,
    ))
}

/// Every stored move record of the event — Swiss boards and knockout games — as one record file
/// that replays elsewhere (arbiters and organizer; see `service::records::export_all`: a deal appears
/// only once it is unsealed).
#[get("/events/{id}/records.pgn")]
async fn export_records(
    state: web::Data<AppState>,
    Arbitrated { event, access, .. }: Arbitrated,
) -> AppResult<HttpResponse> {
    let out = crate::service::records::export_all(&state.db, access, &event).await?;
    Ok(attachment(
        "application/x-chess-pgn; charset=utf-8",
        format!("event-{}-records.pgn", event.id),
        out,
    ))
}

#[get("/events/{id}/export.json")]
async fn export_backup(
    state: web::Data<AppState>,
    Managed { event, .. }: Managed,
) -> AppResult<HttpResponse> {
    let backup = store::backup::export(&state.db, event.id).await?;
    let text =
        serde_json::to_string_pretty(&backup).map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(attachment(
        "application/json",
        format!("event-{}-backup.json", event.id),
        text,
    ))
}

#[derive(Template)]
#[template(path = "events/import.html")]
struct ImportPage {
    ctx: Ctx,
    error: Option<String>,
}

#[get("/events/import")]
async fn import_form(ctx: Ctx) -> AppResult<HttpResponse> {
    ctx.require_user()?;
    if !ctx.can_create_events() {
        return Err(AppError::Forbidden);
    }
    render(&ImportPage { ctx, error: None })
}

#[derive(serde::Deserialize)]
struct ImportForm {
    backup: String,
}

#[post("/events/import")]
async fn import(
    ctx: Ctx,
    state: web::Data<AppState>,
    form: CsrfForm<ImportForm>,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?.clone();
    if !user.role.can_create_events() {
        return Err(AppError::Forbidden);
    }
    let failed = |ctx: Ctx, e: String| {
        render_status(
            &ImportPage {
                ctx,
                error: Some(e),
            },
            StatusCode::BAD_REQUEST,
        )
    };
    let value: serde_json::Value =
        match serde_json::from_str(form.backup.trim_start_matches('\u{feff}')) {
            Ok(v) => v,
            Err(e) => return failed(ctx, format!("invalid JSON: {e}")),
        };
    match store::backup::import(&state.db, user.id, &value).await {
        Ok(id) => Ok(redirect(&format!("/events/{id}"))),
        Err(store::backup::ImportError::Store(e)) => Err(e.into()),
        Err(e) => failed(ctx, e.to_string()),
    }
}
