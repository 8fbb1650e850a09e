//! Administrator setup (one-time link), login and logout.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use super::{redirect, render, render_status};
use crate::service::{self, ServiceError, accounts::SignIn};
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::{Ctx, SESSION_COOKIE};
use crate::web::error::{AppError, AppResult};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(setup_form)
        .service(setup)
        .service(login_form)
        .service(login)
        .service(logout);
}

#[derive(Template)]
#[template(path = "setup.html")]
struct SetupPage {
    ctx: Ctx,
    token: String,
    valid: bool,
    error: Option<String>,
}

#[derive(serde::Deserialize)]
struct TokenQuery {
    #[serde(default)]
    token: String,
}

#[get("/setup")]
async fn setup_form(
    ctx: Ctx,
    state: web::Data<AppState>,
    q: web::Query<TokenQuery>,
) -> AppResult<HttpResponse> {
    let valid = service::accounts::setup_link_valid(&state.db, &q.token).await?;
    let status = if valid {
        StatusCode::OK
    } else {
        StatusCode::NOT_FOUND
    };
    render_status(
        &SetupPage {
            ctx,
            token: q.token.clone(),
            valid,
            error: None,
        },
        status,
    )
}

#[derive(serde::Deserialize)]
struct SetupForm {
    token: String,
    name: String,
    password: String,
}

#[post("/setup")]
async fn setup(
    req: actix_web::HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    form: CsrfForm<SetupForm>,
) -> AppResult<HttpResponse> {
    let failed = |ctx: Ctx, error: String| {
        render_status(
            &SetupPage {
                ctx,
                token: form.token.clone(),
                valid: true,
                error: Some(error),
            },
            StatusCode::BAD_REQUEST,
        )
    };
    match service::accounts::set_up_admin(&state.db, &form.token, &form.name, &form.password).await
    {
        Ok(user) => start_session(&req, &state, user.id, "/account").await,
        Err(ServiceError::Invalid { reason, .. }) => {
            let message = ctx.lang.reason(&reason);
            failed(ctx, message)
        }
        Err(e) => Err(e.into()),
    }
}

/// Creates a session and redirects with its cookie set.
async fn start_session(
    req: &actix_web::HttpRequest,
    state: &AppState,
    user_id: i64,
    to: &str,
) -> AppResult<HttpResponse> {
    let token = service::accounts::start_session(&state.db, user_id).await?;
    let mut res = redirect(to);
    let mut cookie = crate::web::client::cookie(req, SESSION_COOKIE, token, true);
    cookie.set_max_age(actix_web::cookie::time::Duration::days(
        service::accounts::SESSION_DAYS,
    ));
    res.add_cookie(&cookie)
        .map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(res)
}

#[derive(Template)]
#[template(path = "login.html")]
struct LoginPage {
    ctx: Ctx,
    next: String,
    error_key: Option<&'static str>,
    wait: i64,
}

#[derive(serde::Deserialize)]
struct NextQuery {
    next: Option<String>,
}

/// Only same-site paths are followed after login.
fn safe_next(next: Option<&str>) -> String {
    match next.and_then(crate::web::paths::same_site_path) {
        Some(n) => n.to_string(),
        _ => "/".to_string(),
    }
}

#[get("/login")]
async fn login_form(ctx: Ctx, q: web::Query<NextQuery>) -> AppResult<HttpResponse> {
    render(&LoginPage {
        ctx,
        next: safe_next(q.next.as_deref()),
        error_key: None,
        wait: 0,
    })
}

#[derive(serde::Deserialize)]
struct LoginForm {
    name: String,
    password: String,
    next: Option<String>,
}

#[post("/login")]
async fn login(
    req: actix_web::HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    form: CsrfForm<LoginForm>,
) -> AppResult<HttpResponse> {
    let next = safe_next(form.next.as_deref());
    let client = crate::web::client::client_addr(&req);
    let refused = |ctx, error_key, wait, status| {
        render_status(
            &LoginPage {
                ctx,
                next: next.clone(),
                error_key: Some(error_key),
                wait,
            },
            status,
        )
    };
    match service::accounts::sign_in(
        &state.db,
        &state.password_checks,
        &form.name,
        &form.password,
        client,
    )
    .await?
    {
        SignIn::In(user) => start_session(&req, &state, user.id, &next).await,
        SignIn::Failed => refused(ctx, "login_failed", 0, StatusCode::UNAUTHORIZED),
        SignIn::Wait(wait) => retry_after(
            refused(ctx, "login_wait", wait, StatusCode::TOO_MANY_REQUESTS),
            wait,
        ),
        SignIn::Disabled => refused(ctx, "login_disabled", 0, StatusCode::FORBIDDEN),
        // Too many password checks at once: nothing was checked; the page says to try again.
        SignIn::Busy(wait) => retry_after(
            refused(ctx, "login_busy", 0, StatusCode::SERVICE_UNAVAILABLE),
            wait,
        ),
    }
}

/// Adds `Retry-After` (seconds) to a refusal.
fn retry_after(res: AppResult<HttpResponse>, secs: i64) -> AppResult<HttpResponse> {
    let mut res = res?;
    if let Ok(v) = actix_web::http::header::HeaderValue::from_str(&secs.max(1).to_string()) {
        res.headers_mut()
            .insert(actix_web::http::header::RETRY_AFTER, v);
    }
    Ok(res)
}

#[post("/logout")]
async fn logout(
    state: web::Data<AppState>,
    req: actix_web::HttpRequest,
    _form: CsrfForm<super::Empty>,
) -> AppResult<HttpResponse> {
    if let Some(c) = req.cookie(SESSION_COOKIE) {
        service::accounts::end_session(&state.db, c.value()).await?;
    }
    let mut res = redirect("/");
    let mut gone = crate::web::client::cookie(&req, SESSION_COOKIE, String::new(), true);
    gone.make_removal();
    res.add_cookie(&gone)
        .map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(res)
}
