//! The administrator's database backup: a page and the download (`service::backups`).

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use super::render;
use crate::service::{self, policy};
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(backup_page).service(backup_download);
}

#[derive(Template)]
#[template(path = "backup.html")]
struct BackupPage {
    ctx: Ctx,
}

#[get("/admin/backup")]
async fn backup_page(ctx: Ctx) -> AppResult<HttpResponse> {
    if !policy::may_copy_database(ctx.require_user()?.role) {
        return Err(AppError::Forbidden);
    }
    render(&BackupPage { ctx })
}

/// The copy as a download, never stored by a cache.
#[post("/admin/backup")]
async fn backup_download(
    ctx: Ctx,
    state: web::Data<AppState>,
    _form: CsrfForm<super::Empty>,
) -> AppResult<HttpResponse> {
    let me = ctx.require_user()?;
    let bytes = service::backups::database_copy(&state.db, me).await?;
    let name = format!("anqi-{}.db", chrono::Utc::now().format("%Y%m%d-%H%M%S"));
    let mut res = HttpResponse::Ok()
        .content_type("application/vnd.sqlite3")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{name}\""),
        ))
        .body(bytes);
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(res)
}
