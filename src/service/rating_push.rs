//! Pushing a finished event's rated games into a club rating list (issue 10): the Swiss games and the
//! knockout games played over the board — forfeits, byes and unfinished games excluded — dated by the
//! event's first day, appended as one batch (an event enters a list once).

use std::collections::HashSet;

use super::{Reason, ServiceError, ServiceResult};
use super::{knockout, rounds};
use crate::rating::Outcome;
use crate::round::BoardResult;
use crate::store::{self, Db, events::Event, ratings::NewGame, users::User};

/// The event's rated games in the order they were played, or a 409 when the event is not finished.
pub async fn rated_games(db: &Db, event: &Event) -> ServiceResult<Vec<NewGame>> {
    let names = rounds::names(db, event.id).await?;
    let name = |start: u64| names.get(&(start as u32)).map(|n| n.0.clone());
    let date = event.settings.start_date;
    let rounds = store::rounds::list(db, event.id).await?;
    if rounds.is_empty() {
        return Err(ServiceError::Conflict(Reason::new("svc_no_rounds_yet")));
    }
    let mut games = Vec::new();
    for round in &rounds {
        if !round.published {
            return Err(ServiceError::Conflict(
                Reason::new("svc_round_not_published").arg("round", round.number),
            ));
        }
        for b in store::rounds::boards(db, round.id).await? {
            let Some(black) = b.black else { continue };
            let outcome = match b.result {
                None => {
                    return Err(ServiceError::Conflict(
                        Reason::new("svc_board_without_result")
                            .arg("round", round.number)
                            .arg("board", b.board_no),
                    ));
                }
                Some(BoardResult::RedWins) => Outcome::RedWins,
                Some(BoardResult::BlackWins) => Outcome::BlackWins,
                Some(BoardResult::Draw) => Outcome::Draw,
                Some(_) => continue, // forfeits are not rated
            };
            if let (Some(red), Some(black)) = (name(b.red.into()), name(black.into())) {
                games.push(NewGame {
                    date,
                    red,
                    black,
                    outcome,
                });
            }
        }
    }
    if let Some((_, bracket)) = knockout::load(db, event).await? {
        if !bracket.is_finished() {
            return Err(ServiceError::Conflict(Reason::new(
                "svc_knockout_unfinished",
            )));
        }
        let json = bracket.to_json();
        let matches = json["rounds"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|r| r["matches"].as_array().into_iter().flatten());
        for m in matches {
            for g in m["games"].as_array().into_iter().flatten() {
                let outcome = match g["result"].as_str() {
                    Some("1-0") => Outcome::RedWins,
                    Some("0-1") => Outcome::BlackWins,
                    Some("1/2-1/2") => Outcome::Draw,
                    _ => continue,
                };
                if let (Some(red), Some(black)) = (
                    g["red"].as_u64().and_then(name),
                    g["black"].as_u64().and_then(name),
                ) {
                    games.push(NewGame {
                        date,
                        red,
                        black,
                        outcome,
                    });
                }
            }
        }
    }
    Ok(games)
}

/// Appends the event's rated games to a rating list: one the user may change, or any list for the
/// event's organizer (`policy::may_push_into_list`). With `start_from_event`, players new to the list
/// first get a starting entry at their rating in the event (players rated 0 start at the list's
/// start points). Returns the number of games, or a 409 when this event already entered the list.
pub async fn push(
    db: &Db,
    by: &User,
    event: &Event,
    list_id: i64,
    start_from_event: bool,
) -> ServiceResult<usize> {
    let list = store::ratings::get(db, list_id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let access = super::policy::user_access(db, Some(by), event).await?;
    if !super::policy::may_push_into_list(by, access, &list) {
        return Err(ServiceError::Forbidden);
    }
    let games = rated_games(db, event).await?;
    if games.is_empty() {
        return Err(ServiceError::Conflict(Reason::new("svc_no_rated_games")));
    }
    let duplicate =
        || ServiceError::Conflict(Reason::new("svc_event_already_in_list").arg("list", &list.name));
    if start_from_event {
        if store::ratings::event_in_list(db, list.id, event.id).await? {
            return Err(duplicate());
        }
        let entries = starting_entries(db, event, &list, &games).await?;
        if !entries.is_empty() {
            store::ratings::add_starting_entries(db, by, list.id, &entries).await?;
        }
    }
    let source = store::ratings::Source::Event {
        event_id: event.id,
        label: event.settings.name.clone(),
    };
    match store::ratings::append_games(db, by, list_id, &games, &source).await? {
        store::ratings::Appended::Added(_) => Ok(games.len()),
        store::ratings::Appended::Duplicate(_) => Err(duplicate()),
    }
}

/// Starting entries at their event rating for the event's rated players not yet in the list.
async fn starting_entries(
    db: &Db,
    event: &Event,
    list: &store::ratings::ListInfo,
    games: &[NewGame],
) -> ServiceResult<Vec<crate::rating::csv::StartEntry>> {
    let known: HashSet<String> = store::ratings::standings(db, list)
        .await?
        .into_iter()
        .map(|p| p.name)
        .collect();
    let playing: HashSet<&str> = games
        .iter()
        .flat_map(|g| [g.red.as_str(), g.black.as_str()])
        .collect();
    Ok(store::players::list(db, event.id)
        .await?
        .into_iter()
        .filter(|p| {
            p.entry.rating > 0
                && playing.contains(p.entry.name.as_str())
                && !known.contains(&p.entry.name)
        })
        .map(|p| crate::rating::csv::StartEntry {
            points: crate::rating::Points::whole(i64::from(p.entry.rating)),
            name: p.entry.name,
            games: 0,
        })
        .collect())
}
