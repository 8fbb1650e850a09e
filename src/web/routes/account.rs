//! The account page: who I am, my entries, change password, API tokens.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use super::{Flash, redirect, render_status};
use crate::service::{self, ServiceError};
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::{Ctx, SESSION_COOKIE};
use crate::web::error::AppResult;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(account)
        .service(change_password)
        .service(create_token)
        .service(revoke_token)
        .service(set_display_name);
}

#[derive(Template)]
#[template(path = "account.html")]
struct AccountPage {
    ctx: Ctx,
    entries: Vec<(i64, String, i64)>,
    tokens: Vec<service::accounts::ApiToken>,
    display_name: String,
    new_token: Option<String>,
    flash: Option<&'static str>,
    error: Option<String>,
}

/// Renders the account page of the signed-in user with an optional message.
async fn page(
    ctx: Ctx,
    state: &AppState,
    new_token: Option<String>,
    flash: Option<&'static str>,
    error: Option<String>,
    status: StatusCode,
) -> AppResult<HttpResponse> {
    let user_id = ctx.require_user()?.id;
    let service::accounts::Overview {
        entries,
        tokens,
        display_name,
    } = service::accounts::overview(&state.db, user_id).await?;
    render_status(
        &AccountPage {
            ctx,
            entries,
            tokens,
            display_name,
            new_token,
            flash,
            error,
        },
        status,
    )
}

#[get("/account")]
async fn account(
    ctx: Ctx,
    state: web::Data<AppState>,
    flash: web::Query<Flash>,
) -> AppResult<HttpResponse> {
    page(ctx, &state, None, flash.key(), None, StatusCode::OK).await
}

#[derive(serde::Deserialize)]
struct PasswordForm {
    current: String,
    new: String,
}

#[post("/account/password")]
async fn change_password(
    req: actix_web::HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    form: CsrfForm<PasswordForm>,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?.clone();
    let session = req.cookie(SESSION_COOKIE).map(|c| c.value().to_string());
    let error = match service::accounts::change_password(
        &state.db,
        &user,
        &form.current,
        &form.new,
        session.as_deref(),
    )
    .await
    {
        Ok(true) => return Ok(redirect("/account?done=password_changed")),
        Ok(false) => ctx.t("login_failed").to_string(),
        Err(ServiceError::Invalid { reason, .. }) => ctx.lang.reason(&reason),
        Err(e) => return Err(e.into()),
    };
    page(
        ctx,
        &state,
        None,
        None,
        Some(error),
        StatusCode::BAD_REQUEST,
    )
    .await
}

#[derive(serde::Deserialize)]
struct TokenForm {
    #[serde(default)]
    label: String,
    #[serde(default)]
    days: String,
}

/// Creates an API token and shows it once (the page is `Cache-Control: no-store`).
#[post("/account/tokens")]
async fn create_token(
    ctx: Ctx,
    state: web::Data<AppState>,
    form: CsrfForm<TokenForm>,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?.clone();
    let days = match form.days.trim() {
        "" => None,
        d => Some(d.parse::<i64>().map_err(|_| {
            ServiceError::Invalid {
                field: "days",
                reason: crate::i18n::Reason::new("svc_token_days")
                    .arg("max", service::accounts::TOKEN_DAYS_MAX),
            }
        })?),
    };
    let made = service::accounts::create_token(&state.db, user.id, &form.label, days).await?;
    page(ctx, &state, Some(made.token), None, None, StatusCode::OK).await
}

#[derive(serde::Deserialize)]
struct RevokeForm {
    id: String,
}

/// Revokes one of the signed-in user's tokens.
#[post("/account/tokens/revoke")]
async fn revoke_token(
    ctx: Ctx,
    state: web::Data<AppState>,
    form: CsrfForm<RevokeForm>,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?;
    service::accounts::revoke_token(&state.db, user.id, &form.id).await?;
    Ok(redirect("/account?done=token_revoked"))
}

#[derive(serde::Deserialize)]
struct DisplayNameForm {
    #[serde(default)]
    display_name: String,
}

/// Sets the name the public sees (event pages list arbiters by it, never by login name).
#[post("/account/name")]
async fn set_display_name(
    ctx: Ctx,
    state: web::Data<AppState>,
    form: CsrfForm<DisplayNameForm>,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?;
    service::accounts::set_display_name(&state.db, user.id, &form.display_name).await?;
    Ok(redirect("/account?done=save"))
}
