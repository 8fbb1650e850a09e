//! Pushing a finished event's rated games into a club rating list of its game: the Swiss games and
//! the knockout games played over the board — forfeits, byes and unfinished games excluded — as one
//! batch (an event enters a list once). The Taiwan formula rates games (seed 004 §5.2: 單局三戰基分制),
//! so each game of a Banqi pairing's match is a rated game of its own. Each game is dated by its own
//! day, in the event's time zone and within its dates: a Swiss round's day is the day it was paired
//! (the rounds keep no other), a knockout game's the day its result was recorded; and it keeps its
//! round and game, which a player's history names.

use std::collections::HashSet;

use chrono::{DateTime, NaiveDate, Utc};

use super::{Reason, ServiceError, ServiceResult};
use super::{knockout, rounds};
use crate::knockout::MatchKind;
use crate::rating::Outcome;
use crate::rating::origin::{EventRound, GameOrigin};
use crate::round::BoardResult;
use crate::rules::adjudicate::GameResult;
use crate::store::{self, Db, events::Event, ratings::NewGame, users::User};

/// The event's rated games in the order they were played, or a 409 when the event is not finished.
pub async fn rated_games(db: &Db, event: &Event) -> ServiceResult<Vec<NewGame>> {
    let names = rounds::names(db, event.id).await?;
    let name = |start: u32| names.get(&start).map(|n| n.0.clone());
    let day = event_day(event);
    let rounds = store::rounds::list(db, event.id).await?;
    if rounds.is_empty() {
        return Err(ServiceError::Conflict(Reason::new("svc_no_rounds_yet")));
    }
    let paired = store::rounds::paired_at(db, event.id).await?;
    let mut games = Vec::new();
    for round in &rounds {
        if !round.published {
            return Err(ServiceError::Conflict(
                Reason::new("svc_round_not_published").arg("round", round.number),
            ));
        }
        let date = day(paired.get(&round.number));
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
                Some(result) if !result.is_played() => continue, // forfeits are not rated
                Some(result) => result,
            };
            let (Some(red), Some(black)) = (name(b.red), name(black)) else {
                continue;
            };
            let game = |outcome, game| NewGame {
                date,
                red: red.clone(),
                black: black.clone(),
                outcome,
                origin: Some(GameOrigin {
                    round: EventRound::Swiss(round.number),
                    game,
                }),
            };
            match &b.games {
                // A Banqi match: each of its games, from Red's view.
                Some(played) => {
                    for (number, mark) in (1..).zip(played.games.chars()) {
                        let outcome = match mark {
                            '1' => Outcome::RedWins,
                            '0' => Outcome::BlackWins,
                            _ => Outcome::Draw,
                        };
                        games.push(game(outcome, Some(number)));
                    }
                }
                None => games.push(game(board_outcome(outcome), None)),
            }
        }
    }
    if let Some((_, bracket)) = knockout::load(db, event).await? {
        if !bracket.is_finished() {
            return Err(ServiceError::Conflict(Reason::new(
                "svc_knockout_unfinished",
            )));
        }
        let recorded = store::knockout::results_at(db, event.id).await?;
        let one_game = bracket.settings().best_of.games() == 1;
        for (index, matches) in bracket.rounds().iter().enumerate() {
            let players = u32::try_from(bracket.qualifiers().len() >> index).unwrap_or(0);
            for m in matches {
                let round = match m.kind() {
                    MatchKind::ThirdPlace => EventRound::ThirdPlace,
                    _ => EventRound::Knockout(players),
                };
                for g in m.played() {
                    let outcome = match g.result {
                        Some(GameResult::RedWins) => Outcome::RedWins,
                        Some(GameResult::BlackWins) => Outcome::BlackWins,
                        Some(GameResult::Draw) => Outcome::Draw,
                        Some(GameResult::Unknown) | None => continue,
                    };
                    let start = |slot: Option<crate::knockout::Slot>| {
                        slot.and_then(|s| m.entrant(s)).and_then(|e| name(e.start))
                    };
                    let (Some(red), Some(black)) = (start(g.red), start(g.red.map(|s| s.other())))
                    else {
                        continue;
                    };
                    // A match of one game has no game number, as a Swiss board has none.
                    let number = (!one_game || g.number > 1).then_some(g.number);
                    games.push(NewGame {
                        date: day(recorded.get(&(m.id().0, g.number))),
                        red,
                        black,
                        outcome,
                        origin: Some(GameOrigin {
                            round,
                            game: number,
                        }),
                    });
                }
            }
        }
    }
    Ok(games)
}

/// The over-the-board result of a played board.
fn board_outcome(result: BoardResult) -> Outcome {
    match result {
        BoardResult::RedWins => Outcome::RedWins,
        BoardResult::BlackWins => Outcome::BlackWins,
        _ => Outcome::Draw,
    }
}

/// The day of a moment in the event's time zone, kept within the event's dates (a round paired
/// the evening before is played on its first day); the first day when the moment is unknown.
fn event_day(event: &Event) -> impl Fn(Option<&DateTime<Utc>>) -> NaiveDate {
    let zone = super::events::zone_of(event);
    let (first, last) = (event.settings.start_date, event.settings.end_date);
    move |at| {
        at.map_or(first, |at| {
            at.with_timezone(&zone)
                .date_naive()
                .clamp(first, last.max(first))
        })
    }
}

/// Appends the event's rated games to a rating list of its game: one the user may change, or any
/// list for the event's organizer (`policy::may_push_into_list`). With `start_from_event`, players
/// new to the list first get a starting entry at their rating in the event (players rated 0 start
/// at the list's start points). Returns the number of games, or a 409 when this event already
/// entered the list or the list rates another game.
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
    let variant = event.settings.variant;
    let other_game = |list_game: Option<crate::rules::Variant>| {
        let game = Reason::new(store::ratings::variant_key(variant));
        let reason = match list_game {
            Some(list_game) => Reason::new("svc_push_other_game").arg_reason(
                "list_game",
                &Reason::new(store::ratings::variant_key(list_game)),
            ),
            None => Reason::new("svc_push_game_not_held"),
        };
        ServiceError::Conflict(reason.arg("list", &list.name).arg_reason("game", &game))
    };
    // Told before the games are gathered, so that an unfinished event pushed into the wrong list is
    // sent to the right one first; the store checks again in its write.
    if list.variant.is_some_and(|game| game != variant) {
        return Err(other_game(list.variant));
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
        label: event.title(),
        variant,
    };
    match store::ratings::append_games(db, by, list_id, &games, &source).await? {
        store::ratings::Appended::Added(_) => Ok(games.len()),
        store::ratings::Appended::Duplicate(_) => Err(duplicate()),
        store::ratings::Appended::OtherGame(list_game) => Err(other_game(list_game)),
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
