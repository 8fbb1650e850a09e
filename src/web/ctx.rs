//! The per-request context every page needs: language, signed-in user, CSRF token.

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};

use super::AppState;
use super::error::AppError;
use crate::accounts::Role;
use crate::i18n::Lang;
use crate::rules::Variant;
use crate::service::User;

pub use super::client::{LANG_COOKIE, SESSION_COOKIE};

/// Who is asking, in which language, with which CSRF token.
#[derive(Debug, Clone)]
pub struct Ctx {
    /// Interface language (cookie, else `Accept-Language`).
    pub lang: Lang,
    /// The signed-in user, if any.
    pub user: Option<User>,
    /// The token to put in forms.
    pub csrf: String,
    /// The request path (for the language switcher's way back).
    pub path: String,
}

impl Ctx {
    /// Translation of a key in the visitor's language.
    pub fn t(&self, key: &str) -> &'static str {
        self.lang.t(key)
    }

    /// A message with one named argument in the visitor's language (`ctx.tf("round_n", "round", 3)`
    /// is 第 3 輪 / Round 3).
    pub fn tf(
        &self,
        key: &'static str,
        name: &'static str,
        value: impl std::fmt::Display,
    ) -> String {
        self.lang
            .reason(&crate::i18n::Reason::new(key).arg(name, value))
    }

    /// The name of an audit log action code in the visitor's language.
    pub fn audit_action(&self, code: &str) -> String {
        self.lang.audit_action(code)
    }

    /// Chinese notation or piece names in the visitor's script (see [`Lang::pieces`]).
    pub fn pieces(&self, text: &str) -> String {
        self.lang.pieces(text)
    }

    /// The signed-in user, or `LoginRequired`.
    pub fn require_user(&self) -> Result<&User, AppError> {
        self.user.as_ref().ok_or(AppError::LoginRequired)
    }

    /// Whether the visitor may back up and restore the database (`policy::may_copy_database`).
    pub fn can_copy_database(&self) -> bool {
        self.user
            .as_ref()
            .is_some_and(|u| crate::service::policy::may_copy_database(u.role))
    }

    /// Whether the visitor may create events (`policy::may_create_events`).
    pub fn can_create_events(&self) -> bool {
        self.user
            .as_ref()
            .is_some_and(|u| crate::service::policy::may_create_events(u.role))
    }

    /// Whether the visitor may create accounts (`policy::may_create_users`).
    pub fn can_create_users(&self) -> bool {
        self.user
            .as_ref()
            .is_some_and(|u| crate::service::policy::may_create_users(u.role))
    }

    /// A role's name in the visitor's language.
    pub fn role_name(&self, role: &Role) -> &'static str {
        self.t(role.key())
    }

    /// A game's name in the visitor's language.
    pub fn variant_name(&self, variant: &Variant) -> &'static str {
        self.t(match variant {
            Variant::Jieqi => "variant_jieqi",
            Variant::Xiangqi => "variant_xiangqi",
            Variant::Banqi => "variant_banqi",
        })
    }

    /// The tie-breaks an event's settings form offers, in the order it lists them.
    pub fn event_tie_breaks(&self) -> &'static [crate::swiss::standings::TieBreak] {
        &crate::event::EVENT_TIE_BREAKS
    }

    /// The regulations' tie-break orders the settings offer in place of the list.
    pub fn tie_break_presets(&self) -> &'static [crate::swiss::ladder::Preset] {
        &crate::swiss::ladder::Preset::ALL
    }

    /// A tie-break's name in the visitor's language.
    pub fn tie_break_name(&self, tb: &crate::swiss::standings::TieBreak) -> &'static str {
        self.t(&format!("tb_{}", tb.code()))
    }

    /// A tie-break's name in an event: where the pairings play Banqi matches, the wins counted
    /// are matches won (勝場數), not games.
    pub fn event_tie_break_name(
        &self,
        event: &crate::service::Event,
        tb: &crate::swiss::standings::TieBreak,
    ) -> &'static str {
        match tb.code() {
            "WIN" if event.settings.plays_matches() => self.t("tb_WIN_matches"),
            "WON" if event.settings.plays_matches() => self.t("tb_WON_matches"),
            "BWG" if event.settings.plays_matches() => self.t("tb_BWG_matches"),
            "BPG" if event.settings.plays_matches() => self.t("tb_BPG_matches"),
            _ => self.tie_break_name(tb),
        }
    }

    /// The name of a side of a board in an event: Red and Black, or in Banqi the first and the
    /// second mover (a Banqi player's colour is fixed by their first flip).
    pub fn side_name(&self, event: &crate::service::Event, red: bool) -> &'static str {
        match (event.settings.variant == crate::rules::Variant::Banqi, red) {
            (true, true) => self.t("banqi_first"),
            (true, false) => self.t("banqi_second"),
            (false, true) => self.t("red"),
            (false, false) => self.t("black"),
        }
    }

    /// The move-limit setting's label for an event's game: plies without a capture, and in Banqi
    /// without a capture or a flip.
    pub fn move_limit_label(&self, event: &crate::service::Event) -> &'static str {
        if event.settings.variant == crate::rules::Variant::Banqi {
            self.t("move_limit_banqi")
        } else {
            self.t("move_limit")
        }
    }

    /// The event's tabs for this visitor: (translation key, path below `/events/{id}/`). The deals
    /// tab exists for the event's arbiters only; the knockout tab for events that have one.
    pub fn event_tabs(
        &self,
        event: &crate::service::Event,
        access: &crate::service::policy::Access,
    ) -> Vec<(&'static str, &'static str)> {
        let mut tabs = vec![
            ("players", "players"),
            ("rounds", "rounds"),
            ("standings", "standings"),
            ("crosstable", "crosstable"),
        ];
        if event.settings.stage.is_round_robin() && event.draw.is_some() {
            tabs.insert(2, ("schedule", "schedule"));
        }
        if access.arbitrate {
            tabs.push(("deals", "deals"));
            tabs.push(("ci_tab", "checkin"));
        }
        if event.settings.knockout_size > 0 {
            tabs.push(("knockout", "knockout"));
        }
        tabs.extend([("ko_final_ranking", "ranking"), ("prizes", "prizes")]);
        tabs
    }

    /// The current path, percent-encoded for a `back=` parameter.
    pub fn back(&self) -> String {
        super::paths::utf8_percent(&self.path)
    }
}

/// The language of a request: the cookie, else `Accept-Language`.
pub fn lang_of(req: &HttpRequest) -> Lang {
    req.cookie(LANG_COOKIE)
        .and_then(|c| Lang::from_code(c.value()))
        .unwrap_or_else(|| {
            let header = req
                .headers()
                .get(actix_web::http::header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("");
            Lang::from_accept_language(header)
        })
}

/// The token of an `Authorization: Bearer …` header.
pub fn bearer_token(req: &HttpRequest) -> Option<&str> {
    req.headers()
        .get(actix_web::http::header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
        .filter(|t| !t.is_empty())
}

/// The user of the request's session cookie or `Authorization: Bearer` token.
pub async fn user_of(req: &HttpRequest, state: &AppState) -> Result<Option<User>, AppError> {
    if let Some(token) = bearer_token(req) {
        return Ok(crate::service::accounts::user_of_api_token(&state.db, token).await?);
    }
    // Cookies count only outside the JSON API, whose writes are authorized by bearer tokens alone
    // (a browser sends cookies along with cross-site requests; it never sends a bearer token).
    if req.path().starts_with("/api/") {
        return Ok(None);
    }
    match req.cookie(SESSION_COOKIE) {
        Some(c) => Ok(crate::service::accounts::user_of_session(&state.db, c.value()).await?),
        None => Ok(None),
    }
}

impl Ctx {
    /// Computes the context of a request (see [`ctx_of`], which keeps it per request).
    pub async fn build(req: &HttpRequest) -> Result<Ctx, AppError> {
        let state = req
            .app_data::<web::Data<AppState>>()
            .ok_or_else(|| AppError::Internal("application state missing".into()))?;
        let user = user_of(req, state).await?;
        Ok(Ctx {
            lang: lang_of(req),
            user,
            csrf: super::csrf::token_of(req),
            path: req.path().to_string(),
        })
    }
}

impl FromRequest for Ctx {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, AppError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { ctx_of(&req).await })
    }
}

/// The request's [`Ctx`], computed once per request and kept in its extensions.
pub async fn ctx_of(req: &HttpRequest) -> Result<Ctx, AppError> {
    if let Some(ctx) = req.extensions().get::<Ctx>() {
        return Ok(ctx.clone());
    }
    let ctx = Ctx::build(req).await?;
    req.extensions_mut().insert(ctx.clone());
    Ok(ctx)
}
