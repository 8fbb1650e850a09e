//! The middleware around every request: serves and fills the page cache (`page_cache`), gives new
//! visitors their CSRF cookie, adds security headers, and renders handler errors as the translated
//! error page (pages) or `{"error": …}` (the JSON API).

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{HttpMessage, HttpResponse, web};
use askama::Template;

use super::AppState;
use super::csrf::{COOKIE, CsrfToken};
use super::ctx::{Ctx, lang_of, user_of};
use super::error::AppError;
use super::page_cache::{Lookup, Viewer};
use crate::accounts::random_token;
use crate::service::User;

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
    let is_api = req.path().starts_with("/api/");
    let cache = cache_slot(&req).await;
    let hit = cache.as_ref().and_then(Slot::hit);
    // A cached page holds no form of a new visitor's: their token comes with the first page
    // rendered for them.
    let fresh_csrf = if hit.is_none() && req.cookie(COOKIE).is_none() {
        let token = random_token();
        req.extensions_mut().insert(CsrfToken(token.clone()));
        Some(token)
    } else {
        None
    };
    if let Some(body) = hit {
        return Ok(finish(req.into_response(html(body)), fresh_csrf));
    }
    // Rendered for the viewer's class: the account name and the CSRF token as markers.
    if let Some(ctx) = cache.as_ref().and_then(|slot| slot.render_ctx(&req)) {
        req.extensions_mut().insert(ctx);
    }
    // The request must not be cloned before routing (the router needs it unshared).
    let label = format!("{} {}", req.method(), req.path());
    let res = crate::store::labelled(label, next.call(req)).await?;
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
        Some(slot) => {
            let (req, response) = res.into_parts();
            let (head, body) = response.into_parts();
            match actix_web::body::to_bytes(body).await {
                Ok(bytes) => {
                    let body = slot.keep(head.status() == StatusCode::OK, &bytes);
                    ServiceResponse::new(req, head.set_body(body).map_into_boxed_body())
                }
                Err(_) => ServiceResponse::new(req, HttpResponse::InternalServerError().finish()),
            }
        }
        None => res,
    };
    Ok(finish(res, fresh_csrf))
}

fn html(body: Bytes) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(body)
}

/// Where a GET of a cacheable event page is cached (see `page_cache`): the key of the page for the
/// viewer's class, the event's version, and for a signed-in viewer who they are.
struct Slot {
    key: String,
    version: i64,
    state: web::Data<AppState>,
    /// The signed-in viewer (their name and CSRF token fill the page's holes); `None` anonymous.
    signed: Option<(User, String)>,
}

impl Slot {
    /// The cached page for this request, filled in for the viewer.
    fn hit(&self) -> Option<Bytes> {
        // Anonymous visitors may get the previous version while it is rendered again; a signed-in
        // viewer (who may just have written) never does.
        let stale_ok = self.signed.is_none();
        match self.state.pages.lookup(&self.key, self.version, stale_ok) {
            Lookup::Hit(page) => Some(match &self.signed {
                Some((user, csrf)) => page.fill(&user.name, csrf),
                None => page.fill("", ""),
            }),
            Lookup::Render => None,
        }
    }

    /// The context a signed-in viewer's page is rendered with for the cache: theirs, with the
    /// markers in place of the account name and the CSRF token.
    fn render_ctx(&self, req: &ServiceRequest) -> Option<Ctx> {
        let (user, _) = self.signed.as_ref()?;
        let markers = &*super::page_cache::MARKERS;
        Some(Ctx {
            lang: lang_of(req.request()),
            user: Some(User {
                name: markers.name.clone(),
                ..user.clone()
            }),
            csrf: markers.csrf.clone(),
            path: req.path().to_string(),
        })
    }

    /// Keeps a rendered page (when `ok`) and returns the body to send, filled in for the viewer.
    fn keep(self, ok: bool, rendered: &Bytes) -> Bytes {
        if !ok && self.signed.is_none() {
            return rendered.clone();
        }
        let page = if ok {
            self.state.pages.put(self.key, self.version, rendered)
        } else {
            super::page_cache::Page::unkept(rendered)
        };
        match &self.signed {
            Some((user, csrf)) => page.fill(&user.name, csrf),
            None => page.fill("", ""),
        }
    }
}

/// The cache slot of a GET of a cacheable event page (see [`Slot`]); `None` when the request is not
/// cacheable. Anonymous: the event's public version as this process knows it (no query while no write
/// committed). Signed in: the session, the viewer's rights on the event and its version in one
/// query; a session that is not live, or a viewer no class describes, is not cached.
async fn cache_slot(req: &ServiceRequest) -> Option<Slot> {
    if req.method() != actix_web::http::Method::GET
        || req.headers().contains_key(header::AUTHORIZATION)
    {
        return None;
    }
    let event_id = super::page_cache::event_of(req.path())?;
    let state = req.app_data::<web::Data<AppState>>()?.clone();
    let lang = lang_of(req.request());
    // A round page's `stale` notes count by the boards of the round at the version served.
    // `version`: every change's counter (signed-in viewers' pages) or, when `None`, the public one,
    // which the kept state does not carry: the round's boards are then not known.
    let key_at = |version: Option<i64>| {
        super::page_cache::key(req.path(), req.query_string(), lang.code(), |round| {
            let kept = state.events.peek(event_id)?;
            (Some(kept.version) == version).then(|| {
                kept.round(round)
                    .map(|r| r.boards.iter().map(|b| b.board_no).collect())
                    .unwrap_or_default()
            })
        })
        .map(|(_, key)| key)
    };
    if let Some(session) = req.cookie(super::ctx::SESSION_COOKIE) {
        // Not even a query for pages that are not cached for signed-in viewers.
        if !super::page_cache::for_signed_in(&key_at(Some(-1))?) {
            return None;
        }
        let viewer = crate::store::sessions::viewer_of_event(&state.db, session.value(), event_id)
            .await
            .ok()??;
        let class = Viewer::of(&viewer, viewer.owner_id?)?;
        let csrf = super::csrf::token_of(req.request());
        return Some(Slot {
            key: super::page_cache::class_key(key_at(Some(viewer.version))?, &class),
            version: viewer.version,
            state,
            signed: Some((viewer.user, csrf)),
        });
    }
    // The route is checked before any query.
    key_at(Some(-1))?;
    let version = if crate::store::backend(&state.db) == crate::store::Backend::Postgres {
        // Other instances write there: their notifications may come after a client that wrote
        // there asks here, so every request reads the version (readings shared while they wait).
        state.pages.read_version(&state.db, event_id).await.ok()?
    } else {
        let generation = crate::store::notify::change_generation();
        match state.pages.known_version(event_id, generation) {
            Some(v) => v,
            None => {
                let v = crate::store::events::public_version(&state.db, event_id)
                    .await
                    .ok()?;
                state.pages.note_version(event_id, v, generation);
                v
            }
        }
    };
    Some(Slot {
        key: super::page_cache::class_key(key_at(None)?, &Viewer::Anonymous),
        version,
        state: state.clone(),
        signed: None,
    })
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
    let signed_in = res
        .request()
        .cookie(super::client::SESSION_COOKIE)
        .is_some();
    let headers = res.headers_mut();
    if private {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    } else if signed_in && !headers.contains_key(header::CACHE_CONTROL) {
        // A signed-in render holds the account's name and CSRF token: no shared cache may keep it.
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("private, no-store"),
        );
    }
    let html = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    if html {
        // One URL serves anonymous and signed-in renders: a cache must tell them apart.
        headers.append(header::VARY, HeaderValue::from_static("Cookie"));
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
        || path.ends_with("/export")
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
