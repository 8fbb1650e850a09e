//! Accounts management: administrators create any account; organizers create arbiter and player
//! accounts. Administrators also reset another account's password and disable (or re-enable) it;
//! both end that account's sessions and API tokens.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, routes, web};
use askama::Template;

use super::{CorrectionForm, Flash, redirect, render, render_status};
use crate::accounts::Role;
use crate::service::accounts::AccountsView;
use crate::service::{self, ServiceError};
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};
use crate::web::extract::Ending;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list).service(create).service(correct);
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

/// What an administrator's correction does to an account: the last segment of its path.
#[derive(Debug, Clone, Copy, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
enum AccountAction {
    /// Its sessions end, its tokens are revoked, it cannot sign in.
    Disable,
    /// The undo of disabling: it signs in again with its password.
    Enable,
    /// A new password; its sessions end and its tokens are revoked.
    Password,
}

/// An administrator's correction to an account (disable, re-enable, a new password), with a reason
/// and the confirmation; disabling and a new password end its sessions and revoke its tokens.
#[routes]
#[post("/users/{user}/disable")]
#[post("/users/{user}/enable")]
#[post("/users/{user}/password")]
async fn correct(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    Ending(action): Ending<AccountAction>,
    form: CsrfForm<CorrectAccount>,
) -> AppResult<HttpResponse> {
    let (me, user, why) = (
        ctx.require_user()?,
        path.into_inner(),
        form.why.correction(),
    );
    let db = &state.db;
    let done = match action {
        AccountAction::Disable => service::accounts::set_disabled(db, me, user, true, &why).await,
        AccountAction::Enable => service::accounts::set_disabled(db, me, user, false, &why).await,
        AccountAction::Password => {
            service::accounts::reset_password(db, me, user, &form.password, &why).await
        }
    };
    done?;
    let flash = match action {
        AccountAction::Disable => "account_disabled",
        AccountAction::Enable => "account_enabled",
        AccountAction::Password => "password_was_reset",
    };
    Ok(redirect(&format!("/users?done={flash}")))
}
