//! Event-level permissions: who may manage an event (its organizer, administrators) and who may
//! arbitrate it (those, plus its assigned arbiters).

use super::AppState;
use super::ctx::Ctx;
use super::error::{AppError, AppResult};
use crate::accounts::Role;
use crate::store::{self, events::Event, users::User};

/// What the visitor may do with one event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Access {
    /// Organizer of the event or administrator: settings, players, arbiters.
    pub manage: bool,
    /// Manager or assigned arbiter: rounds, results, deals.
    pub arbitrate: bool,
}

/// Loads an event (404 when missing) and the visitor's rights on it.
pub async fn event_access(
    ctx: &Ctx,
    state: &AppState,
    event_id: i64,
) -> AppResult<(Event, Access)> {
    let event = store::events::get(&state.db, event_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let access = user_access(state, ctx.user.as_ref(), &event).await?;
    Ok((event, access))
}

/// The rights of a user (or an anonymous caller) on an event, for callers without a page context
/// such as the JSON API: administrators and the organizer manage, assigned arbiters arbitrate.
pub async fn user_access(
    state: &AppState,
    user: Option<&User>,
    event: &Event,
) -> AppResult<Access> {
    Ok(match user {
        None => Access::default(),
        Some(u) if u.role == Role::Admin || u.id == event.owner_id => Access {
            manage: true,
            arbitrate: true,
        },
        Some(u) => Access {
            manage: false,
            arbitrate: store::events::is_arbiter(&state.db, event.id, u.id).await?,
        },
    })
}

/// Loads an event the visitor must manage (login required, else 403).
pub async fn managed_event(ctx: &Ctx, state: &AppState, event_id: i64) -> AppResult<Event> {
    ctx.require_user()?;
    let (event, access) = event_access(ctx, state, event_id).await?;
    if access.manage {
        Ok(event)
    } else {
        Err(AppError::Forbidden)
    }
}

/// Loads an event the visitor must arbitrate (login required, else 403).
pub async fn arbitrated_event(ctx: &Ctx, state: &AppState, event_id: i64) -> AppResult<Event> {
    ctx.require_user()?;
    let (event, access) = event_access(ctx, state, event_id).await?;
    if access.arbitrate {
        Ok(event)
    } else {
        Err(AppError::Forbidden)
    }
}
