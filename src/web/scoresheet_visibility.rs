//! Who may see the move records (scoresheets) of a round.

use super::AppState;
use super::access::Access;
use super::error::AppResult;
use crate::store::{events::Event, rounds::Round};

/// Whether the visitor may see the records of `round`: the event's arbiters always, everyone else
/// once the round is published. The deals module adds its rule here: while the round's deal is
/// sealed and not yet unsealed, its records stay with the arbiters.
pub async fn records_visible(
    _state: &AppState,
    _event: &Event,
    access: Access,
    round: &Round,
) -> AppResult<bool> {
    Ok(access.arbitrate || round.published)
}
