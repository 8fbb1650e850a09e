//! An event's knockout as stored and the bracket its inputs rebuild: what the knockout workflows,
//! the deal checks and the records all start from (a module of its own so that `deals` and
//! `knockout` need not import each other).

use super::{Reason, ServiceError, ServiceResult};
use crate::knockout::Bracket;
use crate::store::knockout::Stored;
use crate::store::{self, Db, events::Event};

/// The stored knockout of an event and the bracket its inputs rebuild, if it has been seeded.
pub async fn load(db: &Db, event: &Event) -> ServiceResult<Option<(Stored, Bracket)>> {
    let Some(stored) = store::knockout::load(db, event.id).await? else {
        return Ok(None);
    };
    // The inputs were each checked against the bracket before they were stored.
    let bracket = stored.bracket().map_err(|e| {
        ServiceError::Internal(format!(
            "event {}: stored knockout does not replay: {e}",
            event.id
        ))
    })?;
    Ok(Some((stored, bracket)))
}

/// The bracket of an event, or 409 when it has not been seeded yet.
pub async fn require(db: &Db, event: &Event) -> ServiceResult<(Stored, Bracket)> {
    load(db, event)
        .await?
        .ok_or_else(|| ServiceError::Conflict(Reason::new("svc_knockout_not_seeded_yet")))
}

/// The bracket of an event, or not found when it has not been seeded yet (the bracket's pages and
/// its JSON do not exist before then).
pub async fn seeded(db: &Db, event: &Event) -> ServiceResult<(Stored, Bracket)> {
    load(db, event).await?.ok_or(ServiceError::NotFound)
}

/// How pages name knockout round `round` (0 = the first): its message key, with the size for a
/// "Round of N" (empty otherwise).
pub fn round_name(bracket: &Bracket, round: usize) -> (&'static str, String) {
    match bracket.qualifiers().len() >> round {
        2 => ("ko_final", String::new()),
        4 => ("ko_semi_finals", String::new()),
        8 => ("ko_quarter_finals", String::new()),
        16 => ("ko_round_of_16", String::new()),
        n => ("ko_round_of", n.to_string()),
    }
}
