//! The account page: who I am, my entries, change password, API tokens.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use super::{Flash, redirect, render_status};
use crate::accounts;
use crate::store;
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(account)
        .service(change_password)
        .service(create_token);
}

#[derive(Template)]
#[template(path = "account.html")]
struct AccountPage {
    ctx: Ctx,
    entries: Vec<(i64, String, i64)>,
    tokens: Vec<(String, String)>,
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
    let entries = store::players::entries_of_user(&state.db, user_id).await?;
    let tokens = store::sessions::api_tokens_of(&state.db, user_id).await?;
    render_status(
        &AccountPage {
            ctx,
            entries,
            tokens,
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
    ctx: Ctx,
    state: web::Data<AppState>,
    form: CsrfForm<PasswordForm>,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?.clone();
    let creds = store::users::credentials(&state.db, &user.name)
        .await?
        .ok_or(AppError::NotFound)?;
    let error = if !accounts::verify_password(&form.current, &creds.password_hash) {
        ctx.t("login_failed").to_string()
    } else {
        match accounts::hash_password(&form.new) {
            Ok(hash) => {
                store::users::set_password(&state.db, user.id, &hash).await?;
                return Ok(redirect("/account?done=password_changed"));
            }
            Err(e) => e.to_string(),
        }
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
}

/// Creates an API token and shows it once.
#[post("/account/tokens")]
async fn create_token(
    ctx: Ctx,
    state: web::Data<AppState>,
    form: CsrfForm<TokenForm>,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?.clone();
    let token = accounts::random_token();
    let label: String = if form.label.trim().is_empty() {
        "web".into()
    } else {
        form.label.trim().chars().take(60).collect()
    };
    store::sessions::create_api_token(&state.db, user.id, &token, &label).await?;
    page(ctx, &state, Some(token), None, None, StatusCode::OK).await
}
