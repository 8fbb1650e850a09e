//! Sections (組別) of an event and their round robins: adding a section, moving a player between
//! sections before play, the round robin's draw (draw numbers and groups) and its schedule, the
//! rounds paired by the Berger tables, and the group stage's qualifiers for the knockout.
//!
//! A section is an `events` row: the event's own row is its first section, further ones name it
//! as their parent (`docs/sections.md`). Every workflow of a section is the event workflow of its row.

use std::collections::HashMap;

use super::{Reason, ServiceError, ServiceResult, policy};
use crate::deal::Seed;
use crate::event::{EventSettings, WithdrawalRule};
use crate::round::Absence;
use crate::round_robin::{self, DrawMethod, Drawn, Entrant, RoundRobinError};
use crate::store::{self, Db, events::Event, players::Player, users::User};

/// The most sections one event may have.
pub const MAX_SECTIONS: usize = 16;

/// The sections of the event `event` belongs to: its first section (the event's row) first.
pub async fn list(db: &Db, event: &Event) -> ServiceResult<Vec<Event>> {
    Ok(store::events::sections(db, event.root_id()).await?)
}

/// The section `section_id` of the event `event_id`, with the viewer's rights: not found unless it
/// is the event's own row or one of its further sections.
pub async fn section_access(
    db: &Db,
    user: Option<&User>,
    event_id: i64,
    section_id: i64,
) -> ServiceResult<(Event, policy::Access)> {
    let (section, access) = policy::event_access(db, user, section_id).await?;
    if is_section_of(&section, event_id) {
        Ok((section, access))
    } else {
        Err(ServiceError::NotFound)
    }
}

/// Whether `row` is a section of the event `event_id`: the event's own row, or a further section
/// naming it.
fn is_section_of(row: &Event, event_id: i64) -> bool {
    if row.id == event_id {
        row.parent_id.is_none()
    } else {
        row.parent_id == Some(event_id)
    }
}

/// The row a path acts on: the section `section` of the event `event_id` when the path names one
/// (not found unless it is one of the event's), else the event's own.
pub async fn resolve(db: &Db, event_id: i64, section: Option<i64>) -> ServiceResult<i64> {
    let Some(sid) = section else {
        return Ok(event_id);
    };
    match store::events::get(db, sid).await? {
        Some(row) if is_section_of(&row, event_id) => Ok(row.id),
        _ => Err(ServiceError::NotFound),
    }
}

/// A section's name must be given once the event has two, and differ from the others'.
fn check_name(name: &str, taken: &[&str]) -> ServiceResult<()> {
    if name.is_empty() {
        return Err(ServiceError::invalid(
            "section",
            Reason::new("svc_section_name_required"),
        ));
    }
    if taken.contains(&name) {
        return Err(ServiceError::invalid(
            "section",
            Reason::new("svc_section_name_taken").arg("name", name),
        ));
    }
    Ok(())
}

/// Creates an event with its sections: `first` is the event's own row (its first section), each
/// of `more` a further section sharing the first's name, venue, dates, deals policy and time zone.
pub async fn create_event(
    db: &Db,
    by: &User,
    first: &EventSettings,
    typed_zone: &str,
    more: &[EventSettings],
) -> ServiceResult<(Event, Vec<Event>)> {
    let mut names: Vec<&str> = Vec::new();
    if !more.is_empty() {
        for s in std::iter::once(first).chain(more) {
            check_name(&s.section, &names)?;
            names.push(&s.section);
        }
    }
    let event = super::events::create(db, by, first, typed_zone).await?;
    let mut sections = Vec::with_capacity(more.len());
    for s in more {
        sections.push(store::events::create_section(db, by, &event, s).await?);
    }
    Ok((event, sections))
}

/// Adds a section to the event `event` belongs to (the caller manages it). The event's first
/// section must have a name by then.
pub async fn add(
    db: &Db,
    by: &User,
    event: &Event,
    settings: &EventSettings,
) -> ServiceResult<Event> {
    policy::writable(event)?;
    let sections = list(db, event).await?;
    let root = sections.first().ok_or(ServiceError::NotFound)?;
    if root.settings.section.is_empty() {
        return Err(ServiceError::Conflict(Reason::new(
            "svc_first_section_unnamed",
        )));
    }
    if sections.len() >= MAX_SECTIONS {
        return Err(ServiceError::Conflict(
            Reason::new("svc_too_many_sections").arg("most", MAX_SECTIONS),
        ));
    }
    let names: Vec<&str> = sections
        .iter()
        .map(|s| s.settings.section.as_str())
        .collect();
    check_name(&settings.section, &names)?;
    Ok(store::events::create_section(db, by, root, settings).await?)
}

/// Moves the player with start number `start` of `event` (a section) to the section `to` of the
/// same event, before either has a round paired or a round robin drawn; `reason` is logged.
pub async fn move_player(
    db: &Db,
    by: &User,
    event: &Event,
    start: u32,
    to: i64,
    reason: &str,
) -> ServiceResult<()> {
    policy::writable(event)?;
    let reason =
        crate::text::clean_line(reason, 200).map_err(|e| ServiceError::invalid("reason", e))?;
    let player_id = player_by_start(db, event, start).await?.id;
    let sections = list(db, event).await?;
    let target = sections
        .iter()
        .find(|s| s.id == to && s.id != event.id)
        .ok_or_else(|| {
            ServiceError::invalid("section", Reason::new("svc_no_such_section").arg("id", to))
        })?;
    let detail = Reason::new("audit_d_player_move")
        .arg("from", &event.settings.section)
        .arg("to", &target.settings.section);
    use store::players::Moved;
    match store::players::move_to_section(db, by, (event.id, to), player_id, (&detail, &reason))
        .await?
    {
        Moved::Done => Ok(()),
        Moved::NotFound => Err(ServiceError::NotFound),
        Moved::Started => Err(ServiceError::Conflict(Reason::new("svc_section_started"))),
        Moved::Duplicate => Err(ServiceError::Conflict(
            Reason::new("svc_section_has_player").arg("section", &target.settings.section),
        )),
    }
}

/// Registers the rows of a player file with a `section` column: each row in the section it names
/// (a blank name: `event`, the section imported into), all in one write. A name that is no
/// section of the event refuses the whole file, naming the line.
pub async fn register_rows(
    db: &Db,
    by: &User,
    event: &Event,
    rows: &[crate::roster::SectionRow],
) -> ServiceResult<Vec<Player>> {
    if rows.iter().all(|r| r.section.is_empty()) {
        let entries: Vec<_> = rows.iter().map(|r| r.entry.clone()).collect();
        return super::players::register(db, by, event, &entries).await;
    }
    policy::writable(event)?;
    let sections = list(db, event).await?;
    let mut lists: Vec<(i64, Vec<crate::roster::PlayerEntry>)> =
        sections.iter().map(|s| (s.id, Vec::new())).collect();
    for row in rows {
        let target = if row.section.is_empty() {
            Some(event)
        } else {
            sections.iter().find(|s| s.settings.section == row.section)
        };
        let Some(target) = target else {
            return Err(ServiceError::invalid(
                "section",
                Reason::new("svc_row_unknown_section")
                    .arg("line", row.line)
                    .arg("section", &row.section)
                    .arg(
                        "known",
                        sections
                            .iter()
                            .map(|s| s.settings.section.as_str())
                            .collect::<Vec<_>>()
                            .join("、"),
                    ),
            ));
        };
        if target.draw.is_some() {
            return Err(ServiceError::Conflict(
                Reason::new("svc_drawn_no_entries_in").arg("section", &target.settings.section),
            ));
        }
        if let Some((_, list)) = lists.iter_mut().find(|(id, _)| *id == target.id) {
            list.push(row.entry.clone());
        }
    }
    let lists: Vec<(i64, &[crate::roster::PlayerEntry])> =
        lists.iter().map(|(id, l)| (*id, l.as_slice())).collect();
    match store::players::add_to_sections(db, by, &lists).await {
        Err(store::StoreError::Conflict) => Err(ServiceError::Conflict(Reason::new(
            "svc_players_registered",
        ))),
        other => Ok(other?),
    }
}

/// How the organizer asks for draw numbers: `lot` (a seed drawn now, or the one given as 64 hex
/// digits) or `rating`.
pub fn parse_draw(method: &str, seed: Option<&str>) -> ServiceResult<DrawMethod> {
    match method.trim() {
        "" | "lot" => {
            let seed = match seed.map(str::trim).filter(|s| !s.is_empty()) {
                Some(hex) => Seed::from_hex(hex).map_err(|_| {
                    ServiceError::invalid(
                        "seed",
                        Reason::new("svc_bad_draw_seed").arg("typed", hex),
                    )
                })?,
                None => Seed::generate()
                    .map_err(|e| ServiceError::Internal(format!("draw seed: {e}")))?,
            };
            Ok(DrawMethod::Lot(seed))
        }
        "rating" => Ok(DrawMethod::Rating),
        typed => Err(ServiceError::invalid(
            "method",
            Reason::new("svc_bad_draw_method").arg("typed", typed),
        )),
    }
}

fn round_robin_error(e: &RoundRobinError) -> ServiceError {
    ServiceError::Conflict(e.reason())
}

/// Makes a round robin's draw before round 1 (the organizer or an arbiter): fixes the starting
/// list, draws the groups (by rating in snake order, 組別抽籤) when there are several, then each
/// group's draw numbers by `method`, and records them with the lot's seed. The section's rounds
/// become its schedule's length.
pub async fn draw(
    db: &Db,
    by: &User,
    event: &Event,
    method: &DrawMethod,
) -> ServiceResult<(Event, Drawn)> {
    policy::writable(event)?;
    let stage = event.settings.stage;
    if !stage.is_round_robin() {
        return Err(ServiceError::Conflict(Reason::new("svc_not_round_robin")));
    }
    if event.draw.is_some() {
        return Err(ServiceError::Conflict(Reason::new("svc_already_drawn")));
    }
    if !store::rounds::list(db, event.id).await?.is_empty() {
        return Err(ServiceError::Conflict(Reason::new("svc_section_started")));
    }
    if !store::players::starting_list(db, event.id)
        .await?
        .is_fixed()
    {
        super::players::confirm_list(db, by, event).await?;
    }
    let players: Vec<Player> = store::players::list(db, event.id)
        .await?
        .into_iter()
        .filter(|p| p.withdrawn_from.is_none())
        .collect();
    let entrants: Vec<Entrant> = players
        .iter()
        .map(|p| Entrant {
            start: p.start_no as u32,
            rating: p.entry.rating,
        })
        .collect();
    let groups: Vec<Vec<u32>> = if stage.groups > 1 {
        let seeded = round_robin::draw_numbers(&entrants, &DrawMethod::Rating)
            .map_err(|e| round_robin_error(&e))?;
        round_robin::groups::snake_groups(&seeded, stage.groups)
            .map_err(|e| round_robin_error(&e))?
    } else {
        vec![entrants.iter().map(|e| e.start).collect()]
    };
    let mut drawn = Drawn {
        groups: Vec::with_capacity(groups.len()),
        cycles: stage.cycles(),
    };
    for group in &groups {
        let of_group: Vec<Entrant> = entrants
            .iter()
            .filter(|e| group.contains(&e.start))
            .copied()
            .collect();
        drawn
            .groups
            .push(round_robin::draw_numbers(&of_group, method).map_err(|e| round_robin_error(&e))?);
    }
    let rounds = drawn.rounds().map_err(|e| round_robin_error(&e))?;
    let row_of: HashMap<u32, i64> = players.iter().map(|p| (p.start_no as u32, p.id)).collect();
    let numbers: Vec<(i64, u32, u32)> = drawn
        .groups
        .iter()
        .enumerate()
        .flat_map(|(g, starts)| {
            starts
                .iter()
                .enumerate()
                .map(move |(i, s)| (*s, i as u32 + 1, g as u32 + 1))
        })
        .filter_map(|(s, n, g)| row_of.get(&s).map(|&row| (row, n, g)))
        .collect();
    let (name, seed) = match method {
        DrawMethod::Lot(seed) => ("lot", Some(seed.to_hex())),
        DrawMethod::Rating => ("rating", None),
    };
    let detail = Reason::new("audit_d_draw")
        .arg("method", name)
        .arg("seed", seed.as_deref().unwrap_or("-"))
        .arg("rounds", rounds)
        .audit();
    let draw = (name, seed.as_deref(), rounds);
    store::events::record_draw(db, by, event.id, draw, &numbers, &detail)
        .await
        .map_err(|e| match e {
            store::StoreError::Conflict => ServiceError::Conflict(Reason::new("svc_already_drawn")),
            other => other.into(),
        })?;
    let event = store::events::get(db, event.id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    Ok((event, drawn))
}

/// The section's round robin as drawn (`None` before the draw): each group's start numbers in
/// draw-number order.
pub fn drawn_of(event: &Event, players: &[Player]) -> Option<Drawn> {
    event.draw.as_ref()?;
    let groups = event.settings.stage.groups.max(1) as usize;
    let mut by_group: Vec<Vec<(u32, u32)>> = vec![Vec::new(); groups];
    for p in players {
        if let Some((number, group)) = p.draw
            && let Some(g) = by_group.get_mut(group.saturating_sub(1) as usize)
        {
            g.push((number, p.start_no as u32));
        }
    }
    Some(Drawn {
        groups: by_group
            .into_iter()
            .map(|mut g| {
                g.sort_unstable();
                g.into_iter().map(|(_, s)| s).collect()
            })
            .collect(),
        cycles: event.settings.stage.cycles(),
    })
}

/// The players of a section by start number, with their draw numbers and groups.
pub async fn players(db: &Db, event: &Event) -> ServiceResult<Vec<Player>> {
    Ok(store::players::list(db, event.id).await?)
}

/// The player of a section with start number `start` (not found when there is none).
pub async fn player_by_start(db: &Db, event: &Event, start: u32) -> ServiceResult<Player> {
    players(db, event)
        .await?
        .into_iter()
        .find(|p| p.start_no == i64::from(start))
        .ok_or(ServiceError::NotFound)
}

/// The whole schedule of a drawn round robin, for the schedule page and the API (`None` before
/// the draw).
pub async fn schedule(
    db: &Db,
    event: &Event,
) -> ServiceResult<Option<Vec<round_robin::SectionRound>>> {
    let players = store::players::list(db, event.id).await?;
    drawn_of(event, &players)
        .map(|d| d.schedule().map_err(|e| round_robin_error(&e)))
        .transpose()
}

/// A drawn round robin's schedule as its page shows it: players as "start. name".
pub struct ScheduleView {
    /// The draw's method (`lot`, `rating`) and the lot's seed (empty for a draw by rating).
    pub draw: (String, String),
    /// Each group (its letter; empty without groups) with its players by draw number.
    pub groups: Vec<(String, Vec<(u32, String)>)>,
    /// Each round's boards (Red, Black) and resting players.
    pub rounds: Vec<ScheduleLine>,
}

/// One round of a [`ScheduleView`].
pub struct ScheduleLine {
    /// `(red, black)` as "start. name".
    pub boards: Vec<(String, String)>,
    /// Who rests.
    pub resting: Vec<String>,
}

/// The schedule page's view (`None` before the draw).
pub async fn schedule_view(db: &Db, event: &Event) -> ServiceResult<Option<ScheduleView>> {
    let players = store::players::list(db, event.id).await?;
    let Some(drawn) = drawn_of(event, &players) else {
        return Ok(None);
    };
    let name: HashMap<u32, String> = players
        .iter()
        .map(|p| {
            (
                p.start_no as u32,
                format!("{}. {}", p.start_no, p.entry.name),
            )
        })
        .collect();
    let named = |s: u32| name.get(&s).cloned().unwrap_or_else(|| s.to_string());
    let rounds = drawn
        .schedule()
        .map_err(|e| round_robin_error(&e))?
        .into_iter()
        .map(|r| ScheduleLine {
            boards: r
                .boards
                .iter()
                .map(|&(a, b)| (named(a), named(b)))
                .collect(),
            resting: r.resting.iter().map(|&s| named(s)).collect(),
        })
        .collect();
    let several = drawn.groups.len() > 1;
    let groups = drawn
        .groups
        .iter()
        .enumerate()
        .map(|(g, starts)| {
            let letter = if several {
                group_letter(g as u32 + 1)
            } else {
                String::new()
            };
            let list = starts
                .iter()
                .enumerate()
                .map(|(i, &s)| (i as u32 + 1, named(s)))
                .collect();
            (letter, list)
        })
        .collect();
    let (method, seed) = event.draw.clone().unwrap_or_default();
    Ok(Some(ScheduleView {
        draw: (method, seed.unwrap_or_default()),
        groups,
        rounds,
    }))
}

/// Round `number` of a drawn round robin as a pairing: the Berger boards of every group, minus the
/// games of players who have withdrawn. Returns the pairing and the round's absences: the resting
/// players (a zero bye), and each withdrawn player's opponent, who scores the game as a full bye
/// when the withdrawal's games stand, or nothing when they are annulled.
pub async fn round_robin_pairing(
    db: &Db,
    event: &Event,
    number: u32,
) -> ServiceResult<(crate::swiss::Pairing, Vec<(u32, Absence)>)> {
    let players = store::players::list(db, event.id).await?;
    let drawn = drawn_of(event, &players)
        .ok_or_else(|| ServiceError::Conflict(Reason::new("svc_not_drawn")))?;
    let round = drawn.round(number).map_err(|e| round_robin_error(&e))?;
    let annulled = annulled_players(event, &players, &drawn)?;
    let withdrawn = |s: u32| {
        players
            .iter()
            .any(|p| p.start_no as u32 == s && p.withdrawn_from.is_some_and(|w| w <= number))
    };
    let mut absences: Vec<(u32, Absence)> = round
        .resting
        .iter()
        .filter(|s| !withdrawn(**s))
        .map(|&s| (s, Absence::ZeroBye))
        .collect();
    let mut boards = Vec::with_capacity(round.boards.len());
    for (red, black) in round.boards {
        match (withdrawn(red), withdrawn(black)) {
            (false, false) => boards.push((red, black)),
            (true, true) => {}
            (true, false) | (false, true) => {
                let (gone, stays) = if withdrawn(red) {
                    (red, black)
                } else {
                    (black, red)
                };
                let kind = if annulled.contains(&gone) {
                    Absence::ZeroBye
                } else {
                    Absence::FullBye
                };
                absences.push((stays, kind));
            }
        }
    }
    Ok((crate::swiss::Pairing { boards, bye: None }, absences))
}

/// The players whose games a round robin's table leaves out: those who withdrew having played
/// fewer than half of their scheduled games, under [`WithdrawalRule::AnnulFirstHalf`].
fn annulled_players(event: &Event, players: &[Player], drawn: &Drawn) -> ServiceResult<Vec<u32>> {
    if event.settings.stage.withdrawal != WithdrawalRule::AnnulFirstHalf {
        return Ok(Vec::new());
    }
    let schedule = drawn.schedule().map_err(|e| round_robin_error(&e))?;
    Ok(players
        .iter()
        .filter_map(|p| {
            let from = p.withdrawn_from?;
            let start = p.start_no as u32;
            let games_in = |rounds: &[round_robin::SectionRound]| {
                rounds
                    .iter()
                    .filter(|r| r.boards.iter().any(|&(a, b)| a == start || b == start))
                    .count() as u32
            };
            let played =
                games_in(&schedule[..(from.saturating_sub(1) as usize).min(schedule.len())]);
            round_robin::annulled(played, games_in(&schedule)).then_some(start)
        })
        .collect())
}

/// Takes the games of annulled withdrawals ([`annulled_players`]) out of the Swiss model the
/// standings are computed on: both sides' entries of those games become "not paired".
pub fn annul_withdrawals(
    event: &Event,
    players: &[Player],
    t: &mut crate::swiss::Tournament,
) -> ServiceResult<()> {
    if !event.settings.stage.is_round_robin() {
        return Ok(());
    }
    let Some(drawn) = drawn_of(event, players) else {
        return Ok(());
    };
    let annulled = annulled_players(event, players, &drawn)?;
    if annulled.is_empty() {
        return Ok(());
    }
    for p in &mut t.players {
        let gone = annulled.contains(&p.number);
        for entry in &mut p.rounds {
            if gone || entry.opponent.is_some_and(|o| annulled.contains(&o)) {
                *entry = crate::swiss::tournament::RoundEntry::NOT_PAIRED;
            }
        }
    }
    Ok(())
}

/// The knockout's qualifiers of a group stage in seed order (A1, B1, … then the seconds …, crossed
/// as `round_robin::groups::knockout_seeds` says), from each group's order in `standings` (best
/// first, withdrawn players left out).
pub fn group_qualifiers(
    event: &Event,
    players: &[Player],
    standings: &[u32],
) -> ServiceResult<Vec<u32>> {
    let drawn = drawn_of(event, players)
        .ok_or_else(|| ServiceError::Conflict(Reason::new("svc_not_drawn")))?;
    let rankings: Vec<Vec<u32>> = drawn
        .groups
        .iter()
        .map(|g| {
            standings
                .iter()
                .copied()
                .filter(|s| g.contains(s))
                .collect()
        })
        .collect();
    round_robin::groups::knockout_seeds(&rankings, event.settings.stage.qualifiers_per_group)
        .map_err(|e| round_robin_error(&e))
}

/// The group letter of group `number` (1 = A).
pub fn group_letter(number: u32) -> String {
    char::from_u32(u32::from('A') + number.saturating_sub(1))
        .map(String::from)
        .unwrap_or_default()
}
