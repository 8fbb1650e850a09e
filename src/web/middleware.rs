//! The middleware around every request: gives new visitors their CSRF cookie, adds security headers,
//! and renders handler errors as the translated error page (pages) or `{"error": …}` (the JSON API).

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{HttpMessage, HttpResponse, web};
use askama::Template;

use super::AppState;
use super::csrf::{COOKIE, CsrfToken};
use super::ctx::{Ctx, lang_of, user_of};
use super::error::AppError;
use crate::accounts::random_token;

/// The error page.
#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    ctx: Ctx,
    status: u16,
    message_key: &'static str,
    explanation_key: &'static str,
    detail: Option<String>,
    back: String,
}

/// The middleware function (see the module doc).
pub async fn middleware(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let fresh_csrf = if req.cookie(COOKIE).is_none() {
        let token = random_token();
        req.extensions_mut().insert(CsrfToken(token.clone()));
        Some(token)
    } else {
        None
    };
    let is_api = req.path().starts_with("/api/");
    let cache = cache_slot(&req).await;
    if let Some((key, version, state)) = &cache
        && let super::page_cache::Lookup::Hit(body) = state.pages.lookup(key, *version)
    {
        let res = HttpResponse::Ok()
            .content_type("text/html; charset=utf-8")
            .body(body);
        return Ok(finish(req.into_response(res), fresh_csrf));
    }
    // The request must not be cloned before routing (the router needs it unshared).
    let res = next.call(req).await?;
    let res = match res
        .response()
        .error()
        .and_then(|e| e.as_error::<AppError>())
    {
        Some(err) if !is_api => {
            let status = res.status();
            let http_req = res.request().clone();
            let page = error_page(&http_req, err, status.as_u16()).await;
            res.into_response(page)
        }
        _ => res.map_into_boxed_body(),
    };
    let res = match cache {
        Some((key, version, state)) if res.status() == actix_web::http::StatusCode::OK => {
            let (req, response) = res.into_parts();
            let (head, body) = response.into_parts();
            match actix_web::body::to_bytes(body).await {
                Ok(bytes) => {
                    state.pages.put(key, version, bytes.clone());
                    ServiceResponse::new(req, head.set_body(bytes).map_into_boxed_body())
                }
                Err(_) => ServiceResponse::new(req, HttpResponse::InternalServerError().finish()),
            }
        }
        _ => res,
    };
    Ok(finish(res, fresh_csrf))
}

/// Where an anonymous visitor's GET of a public event page is cached: the key (route, the query
/// parameters the page reads, language; see `page_cache::key`), the event's current version and the state; `None` when the request is not cacheable.
async fn cache_slot(req: &ServiceRequest) -> Option<(String, i64, web::Data<AppState>)> {
    if req.method() != actix_web::http::Method::GET
        || req.cookie(super::ctx::SESSION_COOKIE).is_some()
    {
        return None;
    }
    if req.headers().contains_key(header::AUTHORIZATION) {
        return None;
    }
    let (event_id, key) = super::page_cache::key(
        req.path(),
        req.query_string(),
        lang_of(req.request()).code(),
    )?;
    let state = req.app_data::<web::Data<AppState>>()?.clone();
    let version = crate::store::events::version(&state.db, event_id)
        .await
        .ok()?;
    Some((key, version, state))
}

/// Adds the new visitor's CSRF cookie and the security headers.
fn finish(
    mut res: ServiceResponse<BoxBody>,
    fresh_csrf: Option<String>,
) -> ServiceResponse<BoxBody> {
    if let Some(token) = fresh_csrf {
        let cookie = super::client::cookie(res.request(), COOKIE, token, true);
        if let Ok(v) = HeaderValue::from_str(&cookie.to_string()) {
            res.headers_mut().append(header::SET_COOKIE, v);
        }
    }
    let private = holds_secrets(res.request().path());
    let headers = res.headers_mut();
    if private {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    res
}

/// Scripts and styles only from this site, none inline (the pages have no inline script, handler or
/// style attribute: behaviour is in `static/*.js`); no framing, no plugins, forms post here only.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; \
     form-action 'self'; frame-ancestors 'none'";

/// Whether a response may hold a secret (deals, seeds, setup sheets, move records, backups, the
/// account page with its tokens, the setup link): browsers and proxies must not keep a copy.
fn holds_secrets(path: &str) -> bool {
    path == "/account"
        || path.starts_with("/account/")
        || path.starts_with("/admin/")
        || path.starts_with("/setup")
        || path.contains("/deals")
        || path.ends_with("/record")
        || path.ends_with("/record.txt")
        || path.ends_with("/records.pgn")
        || path.ends_with("/export.json")
}

async fn error_page(req: &actix_web::HttpRequest, err: &AppError, status: u16) -> HttpResponse {
    if matches!(err, AppError::LoginRequired) && req.method() == actix_web::http::Method::GET {
        let next = super::paths::utf8_percent(
            req.uri()
                .path_and_query()
                .map(|p| p.as_str())
                .unwrap_or("/"),
        );
        return HttpResponse::SeeOther()
            .insert_header((header::LOCATION, format!("/login?next={next}")))
            .finish();
    }
    let user = match req.app_data::<web::Data<AppState>>() {
        Some(state) => user_of(req, state).await.ok().flatten(),
        None => None,
    };
    let lang = lang_of(req);
    let ctx = Ctx {
        lang,
        user,
        csrf: super::csrf::token_of(req),
        path: req.path().to_string(),
    };
    let page = ErrorPage {
        ctx,
        status,
        message_key: err.message_key(),
        explanation_key: err.explanation_key(),
        detail: err.detail(lang),
        back: super::error::back_link(
            req.headers()
                .get(header::REFERER)
                .and_then(|v| v.to_str().ok()),
            req.headers()
                .get(header::HOST)
                .and_then(|v| v.to_str().ok()),
            req.path(),
        ),
    };
    let code = actix_web::http::StatusCode::from_u16(status)
        .unwrap_or(actix_web::http::StatusCode::INTERNAL_SERVER_ERROR);
    match page.render() {
        Ok(html) => HttpResponse::build(code)
            .content_type("text/html; charset=utf-8")
            .body(html),
        Err(_) => HttpResponse::build(code).body(err.to_string()),
    }
}
