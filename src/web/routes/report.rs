//! A player's report link (`/report/{token}`, no account): their board this round and the form for
//! its result; and the QR codes of this site's addresses (`/qr.svg?path=…`) that the printed
//! slips, cards and the event page show.

use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use askama::Template;

use super::rounds::{
    MyBoardView, my_board_view, my_game_view, reported_message, reported_note, shown_report,
};
use super::{redirect, render_status};
use crate::service::knockout_reports::MatchReport;
use crate::service::report_links::{At, LinkState, ReportPage, Subject};
use crate::service::{self, ServiceError};
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(report_page)
        .service(report_send)
        .service(qr_code);
}

#[derive(Template)]
#[template(path = "report.html")]
struct ReportLinkPage {
    ctx: Ctx,
    /// The link's token (the form posts back to it).
    token: String,
    page: ReportPage,
    mine: Option<MyBoardView>,
    /// The board's result as shown, once entered.
    result: Option<String>,
    /// What became of the report just sent (`report_waiting` …), after its redirect.
    reported: Option<&'static str>,
    /// Why the report just sent was refused, beside the form.
    error: Option<String>,
    /// What was chosen or typed, kept when refused.
    typed: String,
}

impl ReportLinkPage {
    fn closed(&self) -> bool {
        self.page.state == LinkState::Final
    }

    /// The round of a round's link (0 for a knockout link).
    fn round(&self) -> u32 {
        match &self.page.subject {
            Subject::Round(n) => *n,
            Subject::Knockout(_) => 0,
        }
    }

    /// A knockout match's score as shown (`1½`), the player's first.
    fn score(&self) -> Option<[String; 2]> {
        self.knockout()
            .map(|k| k.score.map(super::knockout::show_score))
    }

    /// The match of a knockout link.
    fn knockout(&self) -> Option<&MatchReport> {
        match &self.page.subject {
            Subject::Round(_) => None,
            Subject::Knockout(k) => Some(k),
        }
    }
}

fn page_of(ctx: Ctx, token: &str, page: ReportPage) -> ReportLinkPage {
    let mine = page.board.clone().map(|b| {
        let opponent = page.opponent_name.clone();
        match &page.subject {
            Subject::Knockout(k) => {
                let decider = k.due.is_some_and(|(_, d)| d);
                my_game_view(&ctx, b, opponent.as_deref(), decider)
            }
            Subject::Round(_) => my_board_view(&ctx, b, opponent.as_deref()),
        }
    });
    ReportLinkPage {
        token: token.to_string(),
        result: page.result.as_deref().map(shown_report),
        mine,
        page,
        ctx,
        reported: None,
        error: None,
        typed: String::new(),
    }
}

/// The visitor's address for the rate limit of unknown links.
fn client(req: &HttpRequest) -> String {
    crate::web::client::client_addr(req)
        .map(|a| a.to_string())
        .unwrap_or_default()
}

/// A link not found: counted against the visitor's address.
fn missed(state: &AppState, req: &HttpRequest, e: ServiceError) -> AppError {
    if matches!(e, ServiceError::NotFound) {
        state.report_limits.missed(&client(req));
    }
    e.into()
}

/// A page's query after a report's redirect: the note it carries ([`reported_note`]).
#[derive(serde::Deserialize)]
pub(super) struct ReportQuery {
    pub(super) reported: Option<String>,
}

#[get("/report/{token}")]
async fn report_page(
    ctx: Ctx,
    req: HttpRequest,
    state: web::Data<AppState>,
    token: web::Path<String>,
    q: web::Query<ReportQuery>,
) -> AppResult<HttpResponse> {
    state
        .report_limits
        .may_try(&client(&req))
        .map_err(too_many)?;
    let page = service::report_links::open(&state.db, &token)
        .await
        .map_err(|e| missed(&state, &req, e))?;
    let mut page = page_of(ctx, &token, page);
    page.reported = reported_message(q.reported.as_deref());
    let status = if page.closed() {
        StatusCode::GONE
    } else {
        StatusCode::OK
    };
    no_store(render_status(&page, status))
}

/// A report as the link's page sends it: the round and board it showed, or the knockout match
/// and game.
#[derive(serde::Deserialize)]
struct LinkReport {
    round: Option<u32>,
    board: Option<u32>,
    #[serde(rename = "match")]
    match_id: Option<u32>,
    game: Option<u32>,
    #[serde(default)]
    result: String,
}

impl LinkReport {
    fn at(&self) -> Result<At, AppError> {
        match (self.round, self.board, self.match_id, self.game) {
            (Some(round), Some(board), None, None) => Ok(At::Board { round, board }),
            (None, None, Some(match_id), Some(game)) => Ok(At::Game { match_id, game }),
            _ => Err(AppError::BadRequest("round".into())),
        }
    }
}

#[post("/report/{token}")]
async fn report_send(
    ctx: Ctx,
    req: HttpRequest,
    state: web::Data<AppState>,
    token: web::Path<String>,
    form: CsrfForm<LinkReport>,
) -> AppResult<HttpResponse> {
    state
        .report_limits
        .may_try(&client(&req))
        .map_err(too_many)?;
    state.report_limits.report(&token).map_err(too_many)?;
    let at = form.at()?;
    match service::report_links::send(&state.db, &token, at, &form.result).await {
        Ok(done) => Ok(redirect(&format!(
            "/report/{}?reported={}",
            token.as_str(),
            reported_note(done)
        ))),
        Err(ServiceError::NotFound) => Err(missed(&state, &req, ServiceError::NotFound)),
        Err(e) => match AppError::from(e) {
            AppError::Refused { status, reason, .. } => {
                let page = service::report_links::open(&state.db, &token).await?;
                let mut page = page_of(ctx, &token, page);
                page.error = Some(page.ctx.lang.reason(&reason));
                page.typed = form.result.clone();
                let status = StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_REQUEST);
                no_store(render_status(&page, status))
            }
            other => Err(other),
        },
    }
}

/// The refusal past a rate limit: wait this many seconds.
fn too_many(secs: u64) -> AppError {
    AppError::TooManyRequests(i64::try_from(secs).unwrap_or(i64::MAX))
}

/// A link's page holds a secret: never kept by a shared cache, nor sent as a referrer to another
/// site (same-origin, not no-referrer: a form sent under no-referrer says `Origin: null`, which the
/// CSRF check refuses).
fn no_store(res: AppResult<HttpResponse>) -> AppResult<HttpResponse> {
    let mut res = res?;
    let headers = res.headers_mut();
    headers.insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        header::HeaderValue::from_static("same-origin"),
    );
    Ok(res)
}

#[derive(serde::Deserialize)]
struct QrQuery {
    path: String,
}

/// The QR code (SVG) of an address of this site: `path` (from `/`, at most 300 characters of a
/// path and query) under the scheme and host the visitor reached the site by. A private answer,
/// since it depends on the host asked.
#[get("/qr.svg")]
async fn qr_code(req: HttpRequest, q: web::Query<QrQuery>) -> AppResult<HttpResponse> {
    let path = q.path.as_str();
    let fits = path.starts_with('/')
        && !path.starts_with("//")
        && path.len() <= 300
        && path.bytes().all(|b| b.is_ascii_graphic());
    if !fits {
        return Err(AppError::BadRequest("path".into()));
    }
    let info = req.connection_info();
    let url = format!("{}://{}{}", info.scheme(), info.host(), path);
    let svg = crate::qr::svg(&url).ok_or_else(|| AppError::BadRequest("path".into()))?;
    Ok(HttpResponse::Ok()
        .content_type("image/svg+xml")
        .insert_header((header::CACHE_CONTROL, "private, max-age=3600"))
        .body(svg))
}
