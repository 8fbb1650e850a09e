//! Player registration: the list, one by form, many by CSV import, and linking player accounts.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use super::{Flash, redirect, render, render_status};
use crate::roster::{self, PlayerEntry, RowError};
use crate::service::policy::Access;
use crate::store::{self, events::Event, players::Player};
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};
use crate::web::extract::{EventView, Managed};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list).service(add).service(import).service(link);
}

#[derive(Template)]
#[template(path = "events/players.html")]
struct PlayersPage {
    ctx: Ctx,
    event: Event,
    access: Access,
    players: Vec<Player>,
    flash: Option<&'static str>,
    imported: Option<usize>,
    errors: Vec<RowError>,
    csv: String,
}

#[derive(serde::Deserialize, Default)]
struct PlayersQuery {
    done: Option<String>,
    imported: Option<usize>,
}

#[get("/events/{id}/players")]
async fn list(
    ctx: Ctx,
    state: web::Data<AppState>,
    q: web::Query<PlayersQuery>,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let players = store::players::list(&state.db, event.id).await?;
    let flash = Flash {
        done: q.done.clone(),
    }
    .key();
    render(&PlayersPage {
        ctx,
        event,
        access,
        players,
        flash,
        imported: q.imported,
        errors: vec![],
        csv: String::new(),
    })
}

async fn show_errors(
    ctx: Ctx,
    state: &AppState,
    event: Event,
    errors: Vec<RowError>,
    csv: String,
) -> AppResult<HttpResponse> {
    let players = store::players::list(&state.db, event.id).await?;
    let page = PlayersPage {
        ctx,
        event,
        access: Access {
            manage: true,
            arbitrate: true,
        },
        players,
        flash: None,
        imported: None,
        errors,
        csv,
    };
    render_status(&page, StatusCode::BAD_REQUEST)
}

#[derive(serde::Deserialize)]
struct PlayerForm {
    name: String,
    #[serde(default)]
    club: String,
    #[serde(default)]
    rating: String,
    #[serde(default)]
    fide_id: String,
    #[serde(default)]
    local_id: String,
    #[serde(default)]
    category: String,
}

#[post("/events/{id}/players")]
async fn add(
    ctx: Ctx,
    state: web::Data<AppState>,
    form: CsrfForm<PlayerForm>,
    Managed { event, .. }: Managed,
) -> AppResult<HttpResponse> {
    let me = ctx.require_user()?.clone();
    let f = &form.0;
    let entry = match PlayerEntry::parse(
        0,
        &f.name,
        &f.club,
        &f.rating,
        &f.fide_id,
        &f.local_id,
        &f.category,
    ) {
        Ok(e) => e,
        Err(e) => return show_errors(ctx, &state, event, vec![e], String::new()).await,
    };
    match store::players::add_all(&state.db, &me, event.id, &[entry]).await {
        Ok(_) => Ok(redirect(&format!(
            "/events/{}/players?done=player_added",
            event.id
        ))),
        Err(store::StoreError::Conflict) => Err(AppError::Conflict(format!(
            "'{}' ({}) is already registered",
            f.name.trim(),
            f.club.trim()
        ))),
        Err(e) => Err(e.into()),
    }
}

#[derive(serde::Deserialize)]
struct ImportForm {
    csv: String,
}

#[post("/events/{id}/players/import")]
async fn import(
    ctx: Ctx,
    state: web::Data<AppState>,
    form: CsrfForm<ImportForm>,
    Managed { event, .. }: Managed,
) -> AppResult<HttpResponse> {
    let me = ctx.require_user()?.clone();
    let entries = match roster::parse_csv(&form.csv) {
        Ok(e) if !e.is_empty() => e,
        Ok(_) => {
            let err = RowError {
                line: 0,
                field: "csv",
                message: "the file has no players".into(),
            };
            return show_errors(ctx, &state, event, vec![err], form.0.csv).await;
        }
        Err(errors) => return show_errors(ctx, &state, event, errors, form.0.csv).await,
    };
    match store::players::add_all(&state.db, &me, event.id, &entries).await {
        Ok(added) => Ok(redirect(&format!(
            "/events/{}/players?done=imported&imported={}",
            event.id,
            added.len()
        ))),
        Err(store::StoreError::Conflict) => {
            let err = RowError {
                line: 0,
                field: "name",
                message: "a player in the file is already registered for this event".into(),
            };
            show_errors(ctx, &state, event, vec![err], form.0.csv).await
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(serde::Deserialize)]
struct LinkForm {
    name: String,
}

#[post("/events/{id}/players/{start}/link")]
async fn link(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<LinkForm>,
    Managed { event, .. }: Managed,
) -> AppResult<HttpResponse> {
    let (_, start) = path.into_inner();
    let me = ctx.require_user()?.clone();
    let account = store::users::find_by_name(&state.db, form.name.trim())
        .await?
        .ok_or_else(|| {
            AppError::BadRequest(format!(
                "name: {} '{}'",
                ctx.t("unknown_user"),
                form.name.trim()
            ))
        })?;
    if !store::players::link_user(&state.db, &me, event.id, start, &account).await? {
        return Err(AppError::NotFound);
    }
    Ok(redirect(&format!(
        "/events/{}/players?done=account_linked",
        event.id
    )))
}
