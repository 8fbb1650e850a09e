//! The display screen (`/events/{id}/screen`): the latest published round's pairings for a
//! projector or TV at the venue, by board and by name. It is a public page whoever opens it — a
//! screen in the hall never shows a draft or anything only the arbiters see.

use super::event_state::EventStates;
use super::policy::{Access, round_visible};
use super::{Event, ServiceResult};
use crate::store::Db;

/// A player as the screen names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScreenPlayer {
    /// Start number.
    pub start: u32,
    /// Name.
    pub name: String,
}

/// One board of the round.
#[derive(Debug, Clone)]
pub struct ScreenBoard {
    /// Board number.
    pub board: u32,
    /// Red.
    pub red: ScreenPlayer,
    /// Black; `None` for the bye.
    pub black: Option<ScreenPlayer>,
    /// The result once entered, from Red's view (`1-0`, `1/2-1/2`, `0-1`, or a forfeit's `+`/`-`).
    pub result: Option<String>,
}

/// One player's line of the alphabetical list: where they sit.
#[derive(Debug, Clone)]
pub struct ScreenSeat {
    /// The player.
    pub player: ScreenPlayer,
    /// Their board (`None`: the bye).
    pub board: Option<u32>,
    /// Whether they play Red.
    pub red: bool,
    /// The opponent, unless the bye.
    pub opponent: Option<ScreenPlayer>,
}

/// What the screen shows.
#[derive(Debug, Clone, Default)]
pub struct ScreenView {
    /// The round shown: the latest published one (`None` before the first is published).
    pub round: Option<u32>,
    /// Its boards in board order.
    pub boards: Vec<ScreenBoard>,
    /// Every player of the round by name (then start number): the order of the name's characters,
    /// which for Chinese names is the dictionary's radical-and-stroke order.
    pub seats: Vec<ScreenSeat>,
    /// The round's start time, when the timetable has one (the event's wall clock).
    pub start: Option<String>,
    /// The section's time control as shown (`90′ + 30″`), empty when none is set.
    pub time_control: String,
}

/// The display screen of an event.
pub async fn view(events: &EventStates, db: &Db, event: &Event) -> ServiceResult<ScreenView> {
    let es = events.get(db, event).await?;
    // A public page for every viewer: what strangers see.
    let public = Access::default();
    let Some(data) = es
        .rounds
        .iter()
        .filter(|r| round_visible(public, &r.round))
        .max_by_key(|r| r.round.number)
    else {
        return Ok(ScreenView::default());
    };
    let player = |start: u32| ScreenPlayer {
        start,
        name: es.name(start).to_string(),
    };
    let boards: Vec<ScreenBoard> = data
        .boards
        .iter()
        .map(|b| ScreenBoard {
            board: b.board_no,
            red: player(b.red),
            black: b.black.map(player),
            result: b.result.map(|r| r.as_str().to_string()),
        })
        .collect();
    let mut seats: Vec<ScreenSeat> = boards
        .iter()
        .flat_map(|b| {
            let bye = b.black.is_none();
            let red = ScreenSeat {
                player: b.red.clone(),
                board: (!bye).then_some(b.board),
                red: true,
                opponent: b.black.clone(),
            };
            let black = b.black.clone().map(|p| ScreenSeat {
                player: p,
                board: Some(b.board),
                red: false,
                opponent: Some(b.red.clone()),
            });
            std::iter::once(red).chain(black)
        })
        .collect();
    seats.sort_by(|a, b| {
        (a.player.name.as_str(), a.player.start).cmp(&(b.player.name.as_str(), b.player.start))
    });
    let schedule = super::schedule::schedule(db, event).await?;
    Ok(ScreenView {
        round: Some(data.round.number),
        start: schedule.shown_start(data.round.number),
        time_control: schedule.shown_time_control(),
        boards,
        seats,
    })
}
