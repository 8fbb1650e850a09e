//! Accounts management: administrators create any account; organizers create arbiter and player
//! accounts. Administrators also reset another account's password and disable (or re-enable) it;
//! both end that account's sessions and API tokens.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use super::{CorrectionForm, Flash, redirect, render, render_status};
use crate::accounts::Role;
use crate::service::accounts::AccountsView;
use crate::service::{self, ServiceError};
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list)
        .service(create)
        .service(disable)
        .service(enable)
        .service(reset_password);
}

#[derive(Template)]
#[template(path = "users.html")]
struct UsersPage {
    ctx: Ctx,
    view: AccountsView,
    flash: Option<&'static str>,
    error: Option<String>,
}

#[get("/users")]
async fn list(
    ctx: Ctx,
    state: web::Data<AppState>,
    flash: web::Query<Flash>,
) -> AppResult<HttpResponse> {
    let view = service::accounts::accounts(&state.db, ctx.require_user()?).await?;
    render(&UsersPage {
        ctx,
        view,
        flash: flash.key(),
        error: None,
    })
}

#[derive(serde::Deserialize)]
struct NewUser {
    name: String,
    role: String,
    password: String,
}

#[post("/users")]
async fn create(
    ctx: Ctx,
    state: web::Data<AppState>,
    form: CsrfForm<NewUser>,
) -> AppResult<HttpResponse> {
    let me = ctx.require_user()?.clone();
    let role = Role::parse(&form.role).ok_or_else(|| {
        AppError::invalid(crate::i18n::Reason::new("err_unknown_role").arg("typed", &form.role))
    })?;
    // The service refuses a role this user may not grant (policy::grantable_roles).
    let result = match service::accounts::create_user(
        &state.db,
        &me,
        &form.name,
        role,
        &form.password,
    )
    .await
    {
        Ok(_) => return Ok(redirect("/users?done=user_created")),
        Err(ServiceError::Invalid { reason, .. }) => ctx.lang.reason(&reason),
        Err(e) => return Err(e.into()),
    };
    let view = service::accounts::accounts(&state.db, &me).await?;
    render_status(
        &UsersPage {
            ctx,
            view,
            flash: None,
            error: Some(result),
        },
        StatusCode::BAD_REQUEST,
    )
}

#[derive(serde::Deserialize)]
struct CorrectAccount {
    #[serde(flatten)]
    why: CorrectionForm,
    #[serde(default)]
    password: String,
}

/// Disables an account (administrators): its sessions end, its tokens are revoked, it cannot sign in.
#[post("/users/{user}/disable")]
async fn disable(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    form: CsrfForm<CorrectAccount>,
) -> AppResult<HttpResponse> {
    let me = ctx.require_user()?;
    service::accounts::set_disabled(
        &state.db,
        me,
        path.into_inner(),
        true,
        &form.why.correction(),
    )
    .await?;
    Ok(redirect("/users?done=account_disabled"))
}

/// Re-enables a disabled account (the undo of disabling; it signs in again with its password).
#[post("/users/{user}/enable")]
async fn enable(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    form: CsrfForm<CorrectAccount>,
) -> AppResult<HttpResponse> {
    let me = ctx.require_user()?;
    service::accounts::set_disabled(
        &state.db,
        me,
        path.into_inner(),
        false,
        &form.why.correction(),
    )
    .await?;
    Ok(redirect("/users?done=account_enabled"))
}

/// Sets a new password for an account (administrators); its sessions end and its tokens are revoked.
#[post("/users/{user}/password")]
async fn reset_password(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    form: CsrfForm<CorrectAccount>,
) -> AppResult<HttpResponse> {
    let me = ctx.require_user()?;
    service::accounts::reset_password(
        &state.db,
        me,
        path.into_inner(),
        &form.password,
        &form.why.correction(),
    )
    .await?;
    Ok(redirect("/users?done=password_was_reset"))
}
