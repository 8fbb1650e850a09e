//! Home (events list), health check, static files, language switch.

use actix_web::http::header;
use actix_web::{HttpResponse, get, web};
use askama::Template;

use super::render;
use crate::i18n::Lang;
use crate::service::Event;
use crate::web::AppState;
use crate::web::ctx::{Ctx, LANG_COOKIE};
use crate::web::error::{AppError, AppResult};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(home)
        .service(health)
        .service(style)
        .service(set_lang);
}

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage {
    ctx: Ctx,
    /// The events that are not archived (an archived one is still public by its address).
    events: Vec<Event>,
    /// The archived events the visitor manages (organizer of, or administrator), to find them again.
    archived: Vec<Event>,
    flash: Option<&'static str>,
}

#[get("/")]
async fn home(
    ctx: Ctx,
    state: web::Data<AppState>,
    flash: web::Query<super::Flash>,
) -> AppResult<HttpResponse> {
    let all = crate::service::events::list(&state.db).await?;
    let archived = match &ctx.user {
        Some(u) => all
            .iter()
            .filter(|e| e.archived && crate::service::policy::may_archive(u, e))
            .cloned()
            .collect(),
        None => vec![],
    };
    let events = all.into_iter().filter(|e| !e.archived).collect();
    render(&HomePage {
        ctx,
        events,
        archived,
        flash: flash.key(),
    })
}

#[get("/health")]
async fn health(state: web::Data<AppState>) -> AppResult<HttpResponse> {
    // A database that does not answer at once is down for a proxy's purposes: say so now rather
    // than after the pool's timeout.
    let asked = tokio::time::timeout(
        HEALTH_WAIT,
        crate::service::backups::schema_version(&state.db),
    )
    .await;
    match asked {
        Ok(Ok(version)) => Ok(HttpResponse::Ok()
            .json(serde_json::json!({ "status": "ok", "schema_version": version }))),
        _ => Ok(HttpResponse::ServiceUnavailable()
            .insert_header((actix_web::http::header::RETRY_AFTER, "5"))
            .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
            .json(serde_json::json!({ "status": "database unavailable" }))),
    }
}

/// How long `/health` waits for the database before answering 503.
const HEALTH_WAIT: std::time::Duration = std::time::Duration::from_secs(1);

/// The static files, embedded in the binary so a single file runs the whole site.
const STATIC_FILES: &[(&str, &str, &str)] = &[
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../../static/style.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../static/app.js"),
    ),
    (
        "forms.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../static/forms.js"),
    ),
    (
        "live.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../static/live.js"),
    ),
    (
        "screen.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../static/screen.js"),
    ),
    (
        "viewer.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../static/viewer.js"),
    ),
    (
        "checkin.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../static/checkin.js"),
    ),
    (
        "deals.css",
        "text/css; charset=utf-8",
        include_str!("../../../static/deals.css"),
    ),
];

#[get("/static/{file}")]
async fn style(file: web::Path<String>) -> AppResult<HttpResponse> {
    let (_, mime, body) = STATIC_FILES
        .iter()
        .find(|(name, _, _)| *name == file.as_str())
        .ok_or(AppError::NotFound)?;
    Ok(HttpResponse::Ok()
        .content_type(*mime)
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(*body))
}

#[derive(serde::Deserialize)]
struct Back {
    back: Option<String>,
}

/// Sets the language cookie and returns to the page the visitor came from (same site only).
#[get("/lang/{code}")]
async fn set_lang(
    req: actix_web::HttpRequest,
    code: web::Path<String>,
    q: web::Query<Back>,
) -> HttpResponse {
    let back = q
        .back
        .as_deref()
        .and_then(crate::web::paths::same_site_path)
        .unwrap_or("/");
    let mut res = HttpResponse::SeeOther();
    res.insert_header((header::LOCATION, back.to_string()));
    if let Some(lang) = Lang::from_code(&code) {
        let mut cookie =
            crate::web::client::cookie(&req, LANG_COOKIE, lang.code().to_string(), false);
        cookie.set_max_age(actix_web::cookie::time::Duration::days(365));
        res.cookie(cookie);
    }
    res.finish()
}
