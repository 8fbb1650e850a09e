//! Exports of an event (TRF-2026, all move records as one record file, the full JSON backup) and the
//! import of a backup into this server: upload (read and checked by `service::imports`), then link the
//! backup's arbiters and players to local accounts, then confirm.

use std::collections::HashMap;

use crate::rules::formats::Format;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use super::{redirect, render, render_status};
use crate::service::{self, ServiceError};
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
        .service(import)
        .service(import_confirm);
}

/// A download: the body with its type and file name.
pub(super) fn attachment(content_type: &str, name: String, body: String) -> HttpResponse {
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
/// `?format=jieqibox|pikafish|pychess` writes the games whose deal is unsealed in that tool's form.
#[get("/events/{id}/records.pgn")]
async fn export_records(
    state: web::Data<AppState>,
    Arbitrated { event, access, .. }: Arbitrated,
    query: web::Query<FormatQuery>,
) -> AppResult<HttpResponse> {
    let format = query.format()?;
    let out = crate::service::records::export_all(&state.db, access, &event, format).await?;
    let content_type = match format {
        Format::JieqiBox => "application/json",
        Format::Pikafish => "text/plain; charset=utf-8",
        Format::Record | Format::Pychess => "application/x-chess-pgn; charset=utf-8",
    };
    let name = match format {
        Format::Record => format!("event-{}-records.pgn", event.id),
        other => format!(
            "event-{}-records-{}.{}",
            event.id,
            other.name(),
            other.extension()
        ),
    };
    Ok(attachment(content_type, name, out))
}

/// The `format` parameter of a records download (default: Anqi's own record).
#[derive(Debug, serde::Deserialize)]
pub struct FormatQuery {
    format: Option<String>,
}

impl FormatQuery {
    /// The format asked for (400 for an unknown name).
    pub fn format(&self) -> AppResult<Format> {
        match self.format.as_deref() {
            None | Some("") => Ok(Format::Record),
            Some(name) => Format::parse(name).ok_or_else(|| {
                AppError::invalid(crate::i18n::Reason::new("svc_export_format").arg("format", name))
            }),
        }
    }
}

#[get("/events/{id}/export.json")]
async fn export_backup(
    state: web::Data<AppState>,
    Managed { event, .. }: Managed,
) -> AppResult<HttpResponse> {
    let text = service::backups::event_backup(&state.db, event.id).await?;
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

/// The second step of an import: the backup read and checked, its accounts to link.
#[derive(Template)]
#[template(path = "events/import_link.html")]
struct LinkPage {
    ctx: Ctx,
    prepared: service::imports::Prepared,
    /// The backup's text, carried to the confirmation (read and checked again there).
    backup: String,
}

#[get("/events/import")]
async fn import_form(ctx: Ctx) -> AppResult<HttpResponse> {
    ctx.require_user()?;
    if !ctx.can_create_events() {
        return Err(AppError::Forbidden);
    }
    render(&ImportPage { ctx, error: None })
}

/// A refused import on the upload page (400 for a bad value, 409 for a second import); errors that
/// are not the backup's fault go to the error page.
fn refused(ctx: Ctx, e: ServiceError) -> AppResult<HttpResponse> {
    let (status, reason) = match e {
        ServiceError::Invalid { reason, .. } => (StatusCode::BAD_REQUEST, reason),
        ServiceError::Conflict(reason) => (StatusCode::CONFLICT, reason),
        other => return Err(other.into()),
    };
    let error = Some(ctx.lang.reason(&reason));
    render_status(&ImportPage { ctx, error }, status)
}

#[derive(serde::Deserialize)]
struct ImportForm {
    backup: String,
}

/// Step 1: read and check the backup; show its accounts to link (nothing is stored yet).
#[post("/events/import")]
async fn import(
    ctx: Ctx,
    state: web::Data<AppState>,
    form: CsrfForm<ImportForm>,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?.clone();
    let form = form.0;
    match service::imports::prepare(&state.db, &user, &form.backup).await {
        Ok(prepared) => {
            let mut res = render(&LinkPage {
                ctx,
                prepared,
                backup: form.backup,
            })?;
            // The page carries the backup, sealed seeds included.
            res.headers_mut().insert(
                actix_web::http::header::CACHE_CONTROL,
                actix_web::http::header::HeaderValue::from_static("no-store"),
            );
            Ok(res)
        }
        Err(e) => refused(ctx, e),
    }
}

/// The confirmation's fields: `backup`, and `map_<backup account id>` = a local account id or empty
/// (not linked).
fn parse_links(form: &HashMap<String, String>) -> AppResult<Vec<(i64, Option<i64>)>> {
    let mut links = Vec::new();
    for (key, value) in form {
        let Some(id) = key.strip_prefix("map_") else {
            continue;
        };
        let id = id.parse::<i64>().map_err(|_| {
            AppError::invalid(crate::i18n::Reason::new("err_not_a_backup_account").arg("typed", id))
        })?;
        let local = match value.trim() {
            "" => None,
            v => Some(v.parse::<i64>().map_err(|_| {
                AppError::invalid(
                    crate::i18n::Reason::new("err_not_a_local_account").arg("typed", v),
                )
            })?),
        };
        links.push((id, local));
    }
    links.sort_unstable();
    Ok(links)
}

/// Step 2: read and check the backup again and store it with the chosen links, in one transaction.
#[post("/events/import/confirm")]
async fn import_confirm(
    ctx: Ctx,
    state: web::Data<AppState>,
    form: CsrfForm<HashMap<String, String>>,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?.clone();
    let backup = form
        .get("backup")
        .ok_or_else(|| AppError::invalid(crate::i18n::Reason::new("err_backup_missing")))?;
    let links = parse_links(&form)?;
    match service::imports::confirm(&state.db, &user, backup, &links).await {
        Ok(id) => Ok(redirect(&format!("/events/{id}"))),
        Err(e) => refused(ctx, e),
    }
}
