//! Routes, one file per area. Handlers are thin: parse input, call the store or library, render.

mod account;
mod admin;
mod api;
mod auth;
mod checkin;
mod deals;
mod entries;
mod events;
mod exports;
mod home;
mod knockout;
mod knockout_api;
mod live;
mod players;
mod printing;
mod prizes;
mod ratings;
mod records;
mod report;
mod rounds;
mod screen;
mod sections;
mod sections_api;
mod standings;
mod teams;
mod uploads;
mod users;
mod viewer;

use actix_web::http::header;
use actix_web::{HttpResponse, web};
use askama::Template;

use super::error::{AppError, AppResult};

/// A form with no fields but the CSRF token.
#[derive(serde::Deserialize)]
pub(crate) struct Empty {}

/// The fields every correction form carries: the reason typed and the confirmation box (ticked
/// when the browser sends it, whatever its value, as HTML check boxes go).
#[derive(serde::Deserialize, Default)]
struct CorrectionForm {
    #[serde(default)]
    reason: String,
    #[serde(default)]
    confirm: String,
}

impl CorrectionForm {
    /// Whether the confirmation box was ticked.
    fn confirmed(&self) -> bool {
        !self.confirm.is_empty()
    }

    /// The reason and the confirmation, as the services take them.
    fn correction(&self) -> crate::service::events::Correction {
        crate::service::events::Correction {
            reason: self.reason.clone(),
            confirmed: self.confirmed(),
        }
    }

    /// The reason and whether the box was ticked, as the round services take them.
    fn pair(&self) -> (&str, bool) {
        (&self.reason, self.confirmed())
    }

    /// The box's value for a form shown again with its input kept.
    fn ticked(&self) -> &'static str {
        if self.confirmed() { "yes" } else { "" }
    }
}

/// Registers every route.
pub fn configure(cfg: &mut web::ServiceConfig) {
    api::configure(cfg);
    home::configure(cfg);
    knockout::configure(cfg);
    knockout_api::configure(cfg);
    auth::configure(cfg);
    checkin::configure(cfg);
    account::configure(cfg);
    users::configure(cfg);
    admin::configure(cfg);
    exports::configure(cfg);
    events::configure(cfg);
    players::configure(cfg);
    prizes::configure(cfg);
    rounds::configure(cfg);
    sections::configure(cfg);
    sections_api::configure(cfg);
    standings::configure(cfg);
    teams::configure(cfg);
    viewer::configure(cfg);
    live::configure(cfg);
    printing::configure(cfg);
    report::configure(cfg);
    screen::configure(cfg);
    deals::configure(cfg);
    entries::configure(cfg);
    records::configure(cfg);
    uploads::configure(cfg);
    ratings::configure(cfg);
    cfg.default_service(web::to(|| async {
        Err::<HttpResponse, _>(AppError::NotFound)
    }));
}

/// Renders a page template as a 200 HTML response.
pub fn render(page: &impl Template) -> AppResult<HttpResponse> {
    render_status(page, actix_web::http::StatusCode::OK)
}

/// Renders a page template with a status (e.g. 400 for a form shown again with its errors).
pub fn render_status(
    page: &impl Template,
    status: actix_web::http::StatusCode,
) -> AppResult<HttpResponse> {
    let html = page.render()?;
    Ok(HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .body(html))
}

/// A CSV download named `file_name` (ASCII): UTF-8 text that starts with the byte-order mark, because
/// Excel opens a CSV file without one in the system's code page (Big5 or GBK on a Chinese Windows),
/// which turns every Chinese name into mojibake. Every reader of our CSV files skips the mark.
pub fn csv_download(file_name: &str, text: impl AsRef<[u8]>) -> HttpResponse {
    let text = text.as_ref();
    let text = text.strip_prefix(UTF8_BOM).unwrap_or(text);
    let mut body = Vec::with_capacity(UTF8_BOM.len() + text.len());
    body.extend_from_slice(UTF8_BOM);
    body.extend_from_slice(text);
    HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{file_name}\""),
        ))
        .body(body)
}

/// The UTF-8 byte-order mark (U+FEFF).
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// A 303 redirect (after a successful form post).
pub fn redirect(to: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, to.to_string()))
        .finish()
}

/// A flash message passed in the query string after a redirect: only known translation keys are shown.
#[derive(Debug, Default, serde::Deserialize)]
pub struct Flash {
    /// Translation key of the message.
    #[serde(default)]
    pub done: Option<String>,
}

impl Flash {
    /// The key, if it is one of ours.
    pub fn key(&self) -> Option<&'static str> {
        const KEYS: [&str; 17] = [
            "settings_saved",
            "event_archived",
            "event_unarchived",
            "event_deleted",
            "arbiter_removed",
            "account_disabled",
            "account_enabled",
            "password_was_reset",
            "player_added",
            "arbiter_added",
            "account_linked",
            "user_created",
            "password_changed",
            "imported",
            "save",
            "games_pushed",
            "token_revoked",
        ];
        self.done
            .as_deref()
            .and_then(|d| KEYS.into_iter().find(|k| *k == d))
    }
}
