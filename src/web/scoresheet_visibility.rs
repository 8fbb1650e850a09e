//! Who may see the move records (scoresheets) of a round.

use super::AppState;
use super::access::Access;
use super::error::AppResult;
use crate::store::{self, events::Event, rounds::Round};

/// Whether the visitor may see the records of `round`: the event's arbiters always; everyone else
/// once the round is published and none of its games has a deal that is sealed and not yet
/// unsealed (RULES.md §9: the records would give the hidden layout away).
pub async fn records_visible(
    state: &AppState,
    event: &Event,
    access: Access,
    round: &Round,
) -> AppResult<bool> {
    if access.arbitrate {
        return Ok(true);
    }
    if !round.published {
        return Ok(false);
    }
    let deals = store::deals::active_in_round(&state.db, event.id, round.number).await?;
    Ok(deals.iter().all(|d| d.is_public()))
}
