//! Creating events and assigning their arbiters.

use super::{Reason, ServiceError, ServiceResult, policy};
use crate::event::EventSettings;
use crate::store::{self, Db, events::Event, users::User};

/// Creates an event owned by `by` (organizers and administrators only).
pub async fn create(db: &Db, by: &User, settings: &EventSettings) -> ServiceResult<Event> {
    if !policy::may_create_events(by.role) {
        return Err(ServiceError::Forbidden);
    }
    Ok(store::events::create(db, by, settings).await?)
}

/// Makes the account named `name` an arbiter of the event (the caller manages the event). An
/// unknown name is an invalid `name` field.
pub async fn add_arbiter(db: &Db, by: &User, event: &Event, name: &str) -> ServiceResult<User> {
    let name = name.trim();
    let arbiter = store::users::find_by_name(db, name).await?.ok_or_else(|| {
        ServiceError::invalid("name", Reason::new("svc_unknown_user").arg("name", name))
    })?;
    store::events::add_arbiter(db, by, event.id, &arbiter).await?;
    Ok(arbiter)
}
