//! Accounts management: administrators create any account; organizers create arbiter and player accounts.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use super::{Flash, redirect, render, render_status};
use crate::accounts::Role;
use crate::service::{self, ServiceError};
use crate::store::{self, users::User};
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list).service(create);
}

#[derive(Template)]
#[template(path = "users.html")]
struct UsersPage {
    ctx: Ctx,
    users: Vec<User>,
    roles: Vec<Role>,
    flash: Option<&'static str>,
    error: Option<String>,
}

/// The roles a user may hand out.
fn grantable(by: &User) -> Vec<Role> {
    match by.role {
        Role::Admin => Role::ALL.to_vec(),
        Role::Organizer => vec![Role::Arbiter, Role::Player],
        _ => vec![],
    }
}

#[get("/users")]
async fn list(
    ctx: Ctx,
    state: web::Data<AppState>,
    flash: web::Query<Flash>,
) -> AppResult<HttpResponse> {
    let me = ctx.require_user()?;
    if !ctx.can_create_users() {
        return Err(AppError::Forbidden);
    }
    let roles = grantable(me);
    let users = store::users::list(&state.db).await?;
    render(&UsersPage {
        ctx,
        users,
        roles,
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
    let roles = grantable(&me);
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
    let users = store::users::list(&state.db).await?;
    render_status(
        &UsersPage {
            ctx,
            users,
            roles,
            flash: None,
            error: Some(result),
        },
        StatusCode::BAD_REQUEST,
    )
}
