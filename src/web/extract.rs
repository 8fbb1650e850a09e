//! Typed extractors: a handler's signature says who may call it. [`EventView`] loads the event of
//! the `{id}` path segment — or its section `{sid}` on a section's path — with the visitor's
//! rights (404 when missing); [`Arbitrated`] and
//! [`Managed`] also require a signed-in arbiter or organizer of that event (401 / 403). The rules
//! themselves are `service::policy`'s.

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};

use super::AppState;
use super::ctx::{Ctx, ctx_of};
use super::error::AppError;
use crate::service::policy::{self, Access};
use crate::service::{Event, User};

fn state_of(req: &HttpRequest) -> Result<web::Data<AppState>, AppError> {
    req.app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| AppError::Internal("application state missing".into()))
}

/// The event id of the `{id}` path segment (404 when it is not a number).
pub fn event_id(req: &HttpRequest) -> Result<i64, AppError> {
    req.match_info()
        .get("id")
        .and_then(|s| s.parse().ok())
        .ok_or(AppError::NotFound)
}

/// The section of a `…/sections/{sid}/…` path, when the path names one (404 when it is not a
/// number).
pub fn section_id(req: &HttpRequest) -> Result<Option<i64>, AppError> {
    req.match_info()
        .get("sid")
        .map(|s| s.parse().map_err(|_| AppError::NotFound))
        .transpose()
}

/// An event as the visitor sees it, with the visitor's rights.
pub struct EventView {
    /// The event.
    pub event: Event,
    /// What the visitor may do with it.
    pub access: Access,
}

/// An event the signed-in visitor arbitrates (its organizer, an administrator or an assigned
/// arbiter).
pub struct Arbitrated {
    /// The event.
    pub event: Event,
    /// The arbiter.
    pub user: User,
    /// The arbiter's rights (`manage` for the organizer and administrators).
    pub access: Access,
}

/// An event the signed-in visitor manages (its organizer or an administrator).
pub struct Managed {
    /// The event.
    pub event: Event,
    /// The organizer.
    pub user: User,
    /// Their rights on it (`manage`, and so `arbitrate`).
    pub access: Access,
}

async fn load(req: HttpRequest) -> Result<(Ctx, Event, Access), AppError> {
    let ctx = ctx_of(&req).await?;
    let state = state_of(&req)?;
    // A section's path (`/api/events/{id}/sections/{sid}/…`) acts on the section's row, once it
    // is known to be one of the event's.
    let (mut event, access) = match section_id(&req)? {
        Some(sid) => {
            crate::service::sections::section_access(
                &state.db,
                ctx.user.as_ref(),
                event_id(&req)?,
                sid,
            )
            .await?
        }
        None => policy::event_access(&state.db, ctx.user.as_ref(), event_id(&req)?).await?,
    };
    if policy::sees_every_change(access) {
        event.live_version = event.version;
    }
    Ok((ctx, event, access))
}

type Boxed<T> = Pin<Box<dyn Future<Output = Result<T, AppError>>>>;

impl FromRequest for EventView {
    type Error = AppError;
    type Future = Boxed<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let (_, event, access) = load(req).await?;
            Ok(EventView { event, access })
        })
    }
}

/// The signed-in user and the event, when the user's rights on it pass `allowed` (403 otherwise).
async fn signed_in_with(
    req: HttpRequest,
    allowed: fn(&Access) -> bool,
) -> Result<(User, Event, Access), AppError> {
    let ctx = ctx_of(&req).await?;
    let user = ctx.require_user()?.clone();
    let writes = !req.method().is_safe();
    let (_, event, access) = load(req).await?;
    if !allowed(&access) {
        return Err(AppError::Forbidden);
    }
    // An archived event is read-only (the un-archiving route loads it without this check).
    if writes {
        policy::writable(&event)?;
    }
    Ok((user, event, access))
}

impl FromRequest for Arbitrated {
    type Error = AppError;
    type Future = Boxed<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let (user, event, access) = signed_in_with(req, |a| a.arbitrate).await?;
            Ok(Arbitrated {
                event,
                user,
                access,
            })
        })
    }
}

impl FromRequest for Managed {
    type Error = AppError;
    type Future = Boxed<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let (user, event, access) = signed_in_with(req, |a| a.manage).await?;
            Ok(Managed {
                event,
                user,
                access,
            })
        })
    }
}

/// A number of the path (`{n}` round, `{b}` board, `{m}` match, `{g}` game): 404 when missing or
/// not a number.
fn path_number(req: &HttpRequest, name: &str) -> Result<u32, AppError> {
    req.match_info()
        .get(name)
        .and_then(|s| s.parse().ok())
        .ok_or(AppError::NotFound)
}

/// The round number of a `…/rounds/{n}` path.
pub struct RoundNo(pub u32);

/// The round and board numbers of a `…/rounds/{n}/boards/{b}` path.
pub struct BoardPath {
    /// Round number.
    pub round: u32,
    /// Board number.
    pub board: u32,
}

/// The game number of a `…/games/{g}` path.
pub struct GameNo(pub u32);

/// The match number of a `…/knockout/matches/{m}` path.
pub struct MatchNo(pub u32);

/// The start number of a `…/players/{start}/…` path.
pub struct StartNo(pub u32);

/// The match and game numbers of a `…/knockout/matches/{m}/games/{g}` path.
pub struct MatchGamePath {
    /// Match id within the bracket.
    pub match_id: u32,
    /// Game number within the match.
    pub game: u32,
}

/// `FromRequest` for a one-number path extractor: `{name}` of the path, 404 when it is not a number.
macro_rules! one_path_number {
    ($($extractor:ident = $name:literal),* $(,)?) => {$(
        impl FromRequest for $extractor {
            type Error = AppError;
            type Future = std::future::Ready<Result<Self, AppError>>;

            fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
                std::future::ready(path_number(req, $name).map($extractor))
            }
        }
    )*};
}

one_path_number!(
    RoundNo = "n",
    GameNo = "g",
    MatchNo = "m",
    StartNo = "start"
);

impl FromRequest for BoardPath {
    type Error = AppError;
    type Future = std::future::Ready<Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready((|| {
            Ok(BoardPath {
                round: path_number(req, "n")?,
                board: path_number(req, "b")?,
            })
        })())
    }
}

impl FromRequest for MatchGamePath {
    type Error = AppError;
    type Future = std::future::Ready<Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready((|| {
            Ok(MatchGamePath {
                match_id: path_number(req, "m")?,
                game: path_number(req, "g")?,
            })
        })())
    }
}

/// The last segment of the path read as a `T` (a unit enum's variant in kebab case; 404 when it is
/// none of them): one handler that serves routes differing only there (`…/disable`, `…/enable`)
/// is told which was asked.
pub struct Ending<T>(pub T);

impl<T: serde::de::DeserializeOwned> FromRequest for Ending<T> {
    type Error = AppError;
    type Future = std::future::Ready<Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        use serde::de::IntoDeserializer;
        let last = req.path().rsplit('/').next().unwrap_or("");
        let read = T::deserialize(last.into_deserializer())
            .map_err(|_: serde::de::value::Error| AppError::NotFound);
        std::future::ready(read.map(Ending))
    }
}

/// A refusal a form shows inline, beside the field, with the input kept: the status the one
/// mapping of `web::error` gives it (400 or 409) and the reason in the reader's language. Any
/// other error (404, 403, a store failure) goes to the error page.
pub fn inline_refusal(
    e: crate::service::ServiceError,
    lang: crate::i18n::Lang,
) -> Result<(actix_web::http::StatusCode, String), AppError> {
    inline_app_refusal(AppError::from(e), lang)
}

/// [`inline_refusal`] of an error a handler made itself (a form value it could not read).
pub fn inline_app_refusal(
    e: AppError,
    lang: crate::i18n::Lang,
) -> Result<(actix_web::http::StatusCode, String), AppError> {
    match e {
        AppError::Refused { status, reason, .. } => Ok((
            actix_web::http::StatusCode::from_u16(status)
                .unwrap_or(actix_web::http::StatusCode::BAD_REQUEST),
            lang.reason(&reason),
        )),
        other => Err(other),
    }
}
