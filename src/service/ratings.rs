//! The club rating lists' writes (RULES.md §7): creating and changing a list, appending batches of
//! games (a file, a form game), starting entries, and removing a batch. Each checks `policy` first
//! and leaves its audit entry in the store's transaction; a removal needs the user's confirmation
//! and reason, and two file batches of one list never carry the same label.

use super::{Reason, ServiceError, ServiceResult, policy};
use crate::rating::RatingSettings;
use crate::rating::csv::StartEntry;
use crate::rules::Variant;
use crate::store::ratings::Updated;
pub use crate::store::ratings::{
    Appended, GameSource, HistoryGame, ListInfo, NewGame, RatedPlayer, StartAdded, Upload,
    upload_digest, variant_key,
};
use crate::store::{self, Db, ratings::Source, users::User};

/// Creates a list of `variant` owned by `by` (club managers and administrators); returns its id.
pub async fn create_list(
    db: &Db,
    by: &User,
    name: &str,
    variant: Variant,
    settings: &RatingSettings,
) -> ServiceResult<i64> {
    if !policy::may_create_lists(by.role) {
        return Err(ServiceError::Forbidden);
    }
    Ok(store::ratings::create(db, by, name, variant, settings).await?)
}

/// Renames a list and changes its settings and its game (`None`: unchanged) (its owner or an
/// administrator). A list that holds games of an event of another game keeps its game: refused,
/// naming the field `variant` and that game.
pub async fn update_list(
    db: &Db,
    by: &User,
    list: &ListInfo,
    name: &str,
    variant: Option<Variant>,
    settings: &RatingSettings,
) -> ServiceResult<()> {
    may_change(by, list)?;
    match store::ratings::update(db, by, list, name, variant, settings).await? {
        Updated::Saved => Ok(()),
        Updated::HoldsGame(game) => Err(ServiceError::invalid(
            "variant",
            Reason::new("rating_game_held").arg_reason("game", &Reason::new(variant_key(game))),
        )),
    }
}

/// Appends the games of an uploaded file as one batch. A label another batch of the list already
/// carries is refused (409 naming it), so batches can be told apart when one is removed.
pub async fn append_file(
    db: &Db,
    by: &User,
    list: &ListInfo,
    games: &[NewGame],
    label: &str,
    digest: String,
) -> ServiceResult<Appended> {
    may_change(by, list)?;
    // The same file again is told as such (whatever its label).
    if let Some(earlier) = store::ratings::earlier_file(db, list.id, &digest).await? {
        return Ok(Appended::Duplicate(earlier));
    }
    let label = label.trim();
    if !label.is_empty()
        && store::ratings::uploads(db, list.id)
            .await?
            .iter()
            .any(|u| same_label(&u.label, label))
    {
        return Err(ServiceError::Conflict(
            Reason::new("svc_rating_label_taken").arg("label", label),
        ));
    }
    let source = Source::File {
        label: label.to_string(),
        digest,
    };
    Ok(store::ratings::append_games(db, by, list.id, games, &source).await?)
}

/// Whether two batch labels are the same to a reader (case and surrounding spaces aside).
fn same_label(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

/// Appends one game entered by form.
pub async fn append_game(
    db: &Db,
    by: &User,
    list: &ListInfo,
    game: NewGame,
) -> ServiceResult<Appended> {
    may_change(by, list)?;
    Ok(store::ratings::append_games(db, by, list.id, &[game], &Source::Form).await?)
}

/// Adds players with their starting entries, all or none.
pub async fn add_start_list(
    db: &Db,
    by: &User,
    list: &ListInfo,
    entries: &[StartEntry],
) -> ServiceResult<StartAdded> {
    may_change(by, list)?;
    Ok(store::ratings::add_starting_entries(db, by, list.id, entries).await?)
}

/// Removes one batch of games: the user must have ticked the confirmation and typed a reason,
/// which the audit entry keeps. 404 for a batch that is not in this list.
pub async fn remove_batch(
    db: &Db,
    by: &User,
    list: &ListInfo,
    upload_id: i64,
    reason: &str,
    confirmed: bool,
) -> ServiceResult<()> {
    may_change(by, list)?;
    if !store::ratings::uploads(db, list.id)
        .await?
        .iter()
        .any(|u| u.id == upload_id)
    {
        return Err(ServiceError::NotFound);
    }
    if !confirmed {
        return Err(ServiceError::invalid(
            "confirm",
            Reason::new("svc_rating_remove_unconfirmed"),
        ));
    }
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(ServiceError::invalid(
            "reason",
            Reason::new("svc_rating_remove_reason"),
        ));
    }
    crate::text::check_line(reason, 200).map_err(|e| {
        ServiceError::invalid(
            "reason",
            Reason::new("svc_rating_remove_bad_reason").arg_reason("detail", &e.reason()),
        )
    })?;
    if store::ratings::remove_upload(db, by, list.id, upload_id, reason).await? {
        Ok(())
    } else {
        Err(ServiceError::NotFound)
    }
}

fn may_change(by: &User, list: &ListInfo) -> ServiceResult<()> {
    if policy::may_change_list(by, list) {
        Ok(())
    } else {
        Err(ServiceError::Forbidden)
    }
}

// ---------------------------------------------------------------------------------------------------
// Reading a list (every list is public)

/// Every rating list, by name.
pub async fn lists(db: &Db) -> ServiceResult<Vec<ListInfo>> {
    Ok(store::ratings::lists(db).await?)
}

/// One list (not found when there is none with this id).
pub async fn list(db: &Db, id: i64) -> ServiceResult<ListInfo> {
    store::ratings::get(db, id)
        .await?
        .ok_or(ServiceError::NotFound)
}

/// One list that `by` may change (its owner or an administrator; forbidden otherwise).
pub async fn owned_list(db: &Db, by: &User, id: i64) -> ServiceResult<ListInfo> {
    let list = list(db, id).await?;
    if policy::may_change_list(by, &list) {
        Ok(list)
    } else {
        Err(ServiceError::Forbidden)
    }
}

/// The list's players by rank.
pub async fn standings(db: &Db, list: &ListInfo) -> ServiceResult<Vec<RatedPlayer>> {
    Ok(store::ratings::standings(db, list).await?)
}

/// The list's batches of games and starting entries, newest first.
pub async fn uploads(db: &Db, list: &ListInfo) -> ServiceResult<Vec<Upload>> {
    Ok(store::ratings::uploads(db, list.id).await?)
}

/// One player of the list with their rated games (not found when the list has no such player).
pub async fn player(
    db: &Db,
    list: &ListInfo,
    player_id: i64,
) -> ServiceResult<(RatedPlayer, Vec<HistoryGame>)> {
    let standing = store::ratings::player(db, list, player_id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let history = store::ratings::history(db, list, player_id).await?;
    Ok((standing, history))
}
