//! The account page: who I am, my entries, change password.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use super::{Flash, redirect, render, render_status};
use crate::accounts;
use crate::store;
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(account).service(change_password);
}

#[derive(Template)]
#[template(path = "account.html")]
struct AccountPage {
    ctx: Ctx,
    entries: Vec<(i64, String, i64)>,
    flash: Option<&'static str>,
    error: Option<String>,
}

#[get("/account")]
async fn account(
    ctx: Ctx,
    state: web::Data<AppState>,
    flash: web::Query<Flash>,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?;
    let entries = store::players::entries_of_user(&state.db, user.id).await?;
    render(&AccountPage {
        ctx,
        entries,
        flash: flash.key(),
        error: None,
    })
}

#[derive(serde::Deserialize)]
struct PasswordForm {
    current: String,
    new: String,
}

#[post("/account/password")]
async fn change_password(
    ctx: Ctx,
    state: web::Data<AppState>,
    form: CsrfForm<PasswordForm>,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?.clone();
    let creds = store::users::credentials(&state.db, &user.name)
        .await?
        .ok_or(AppError::NotFound)?;
    let error = if !accounts::verify_password(&form.current, &creds.password_hash) {
        Some(ctx.t("login_failed").to_string())
    } else {
        match accounts::hash_password(&form.new) {
            Ok(hash) => {
                store::users::set_password(&state.db, user.id, &hash).await?;
                return Ok(redirect("/account?done=password_changed"));
            }
            Err(e) => Some(e.to_string()),
        }
    };
    let entries = store::players::entries_of_user(&state.db, user.id).await?;
    render_status(
        &AccountPage {
            ctx,
            entries,
            flash: None,
            error,
        },
        StatusCode::BAD_REQUEST,
    )
}
