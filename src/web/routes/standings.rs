//! Standings with the event's tie-breaks, the crosstable, the player card, and their CSV downloads.

use std::collections::HashMap;

use actix_web::{HttpResponse, get, web};
use askama::Template;

use super::render;
use crate::rules::Color;
use crate::service::policy::Access;
use crate::service::policy::{round_visible, rounds_with_visible_records};
use crate::store::events::Event;
use crate::swiss::standings::{CrosstableRow, TieBreak};
use crate::swiss::tournament::ResultCode;
use crate::web::AppState;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};
use crate::web::extract::EventView;
use crate::web::points::show as show_points;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(standings_page)
        .service(standings_csv)
        .service(crosstable_page)
        .service(crosstable_csv)
        .service(player_card);
}

/// One line of the standings as pages and CSV show it.
pub struct Line {
    /// Rank (shared on a full tie).
    pub rank: u32,
    /// Start number.
    pub start: u32,
    /// Name.
    pub name: String,
    /// Club.
    pub club: String,
    /// Score.
    pub points: String,
    /// Tie-break values in the event's order.
    pub tie_breaks: Vec<String>,
}

/// The standings lines of an event after its completed rounds (from the event's kept state).
pub async fn lines(state: &AppState, event: &Event) -> AppResult<(u32, Vec<Line>)> {
    let es = state.events.get(&state.db, event).await?;
    let lines = es
        .standings
        .iter()
        .map(|s| {
            let (name, club) = es
                .players
                .get(&s.player)
                .map(|p| (p.name.clone(), p.club.clone()))
                .unwrap_or_default();
            Line {
                rank: s.rank,
                start: s.player,
                name,
                club,
                points: show_points(s.score),
                tie_breaks: s.tie_breaks.iter().map(|v| v.to_string()).collect(),
            }
        })
        .collect();
    Ok((es.tournament.rounds_played, lines))
}

#[derive(Template)]
#[template(path = "standings/standings.html")]
struct StandingsPage {
    ctx: Ctx,
    event: Event,
    access: Access,
    after: u32,
    tie_breaks: Vec<TieBreak>,
    lines: Vec<Line>,
}

#[get("/events/{id}/standings")]
async fn standings_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let (after, lines) = lines(&state, &event).await?;
    let tie_breaks = event.settings.tie_breaks.clone();
    render(&StandingsPage {
        access,
        ctx,
        event,
        after,
        tie_breaks,
        lines,
    })
}

/// Writes CSV rows to a string (the csv writer cannot fail on a Vec).
fn csv_text(header: &[String], rows: &[Vec<String>]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    let _ = w.write_record(header);
    for r in rows {
        let _ = w.write_record(r.iter().map(|c| crate::csv_safe::cell(c).into_owned()));
    }
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

fn csv_response(name: &str, body: String) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            "content-disposition",
            format!("attachment; filename=\"{name}\""),
        ))
        .body(body)
}

#[get("/events/{id}/standings.csv")]
async fn standings_csv(
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
) -> AppResult<HttpResponse> {
    let (_, lines) = lines(&state, &event).await?;
    let mut header: Vec<String> = ["rank", "start", "name", "club", "points"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    header.extend(
        event
            .settings
            .tie_breaks
            .iter()
            .map(|t| t.code().to_string()),
    );
    let rows: Vec<Vec<String>> = lines
        .into_iter()
        .map(|l| {
            let mut r = vec![
                l.rank.to_string(),
                l.start.to_string(),
                l.name,
                l.club,
                l.points,
            ];
            r.extend(l.tie_breaks);
            r
        })
        .collect();
    Ok(csv_response(
        &format!("standings-{}.csv", event.id),
        csv_text(&header, &rows),
    ))
}

/// A crosstable cell as text: result letter, opponent's start number, colour (`+12r`, `=3b`, `U`).
fn cell_text(opponent: Option<u32>, colour: Option<Color>, result: ResultCode) -> String {
    let mark = match result {
        ResultCode::Win | ResultCode::UnratedWin => "1",
        ResultCode::Draw | ResultCode::UnratedDraw => "½",
        ResultCode::Loss | ResultCode::UnratedLoss => "0",
        ResultCode::ForfeitWin => "+",
        ResultCode::ForfeitLoss => "−",
        ResultCode::HalfBye => "H",
        ResultCode::FullBye => "F",
        ResultCode::PairingBye => "U",
        ResultCode::ZeroBye => "Z",
        ResultCode::NotPaired => "",
    };
    let side = match colour {
        Some(Color::Red) => "r",
        Some(Color::Black) => "b",
        None => "",
    };
    match opponent {
        Some(o) => format!("{mark}{o}{side}"),
        None => mark.to_string(),
    }
}

/// Crosstable rows in standings order: rank, start, name, cells, points.
async fn crosstable_rows(
    state: &AppState,
    event: &Event,
) -> AppResult<(u32, Vec<(u32, u32, String, Vec<String>, String)>)> {
    let es = state.events.get(&state.db, event).await?;
    let table: HashMap<u32, &CrosstableRow> = es.crosstable.iter().map(|r| (r.player, r)).collect();
    let rows = es
        .standings
        .iter()
        .filter_map(|s| {
            let row = table.get(&s.player)?;
            let cells = row
                .rounds
                .iter()
                .map(|c| cell_text(c.opponent, c.colour, c.result))
                .collect();
            let name = es.name(s.player).to_string();
            Some((s.rank, s.player, name, cells, show_points(s.score)))
        })
        .collect();
    Ok((es.tournament.rounds_played, rows))
}

#[derive(Template)]
#[template(path = "standings/crosstable.html")]
struct CrosstablePage {
    ctx: Ctx,
    event: Event,
    access: Access,
    rounds: Vec<u32>,
    rows: Vec<(u32, u32, String, Vec<String>, String)>,
}

#[get("/events/{id}/crosstable")]
async fn crosstable_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let (played, rows) = crosstable_rows(&state, &event).await?;
    render(&CrosstablePage {
        access,
        ctx,
        event,
        rounds: (1..=played).collect(),
        rows,
    })
}

#[get("/events/{id}/crosstable.csv")]
async fn crosstable_csv(
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
) -> AppResult<HttpResponse> {
    let (played, rows) = crosstable_rows(&state, &event).await?;
    let mut header: Vec<String> = ["rank", "start", "name"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    header.extend((1..=played).map(|r| format!("r{r}")));
    header.push("points".into());
    let rows: Vec<Vec<String>> = rows
        .into_iter()
        .map(|(rank, start, name, cells, points)| {
            let mut r = vec![rank.to_string(), start.to_string(), name];
            r.extend(cells);
            r.push(points);
            r
        })
        .collect();
    Ok(csv_response(
        &format!("crosstable-{}.csv", event.id),
        csv_text(&header, &rows),
    ))
}

/// One round of a player card.
struct CardRound {
    round: u32,
    board: Option<u32>,
    opponent: Option<(u32, String)>,
    colour_key: &'static str,
    result: String,
    /// The board has a record this visitor may see in the game viewer.
    has_record: bool,
}

#[derive(Template)]
#[template(path = "standings/player.html")]
struct PlayerPage {
    ctx: Ctx,
    event: Event,
    start: u32,
    name: String,
    club: String,
    rating: u32,
    points: String,
    rank: Option<u32>,
    rounds: Vec<CardRound>,
}

#[get("/events/{id}/players/{start}")]
async fn player_card(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, u32)>,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let (_, start) = path.into_inner();
    let es = state.events.get(&state.db, &event).await?;
    let player = es.players.get(&start).ok_or(AppError::NotFound)?;
    let shown: Vec<_> = es
        .rounds
        .iter()
        .filter(|r| round_visible(access, &r.round))
        .collect();
    let with_visible_records =
        rounds_with_visible_records(access, shown.iter().map(|r| &r.round), &es.deals);
    let rounds = shown
        .iter()
        .map(|r| {
            let board = r
                .boards
                .iter()
                .find(|b| b.red == start || b.black == Some(start));
            let (board_no, opponent, colour_key, result) = match board {
                Some(b) if b.black.is_none() => {
                    (Some(b.board_no), None, "", ctx.t("bye").to_string())
                }
                Some(b) => {
                    let (opp, key) = if b.red == start {
                        (b.black.unwrap_or(0), "red")
                    } else {
                        (b.red, "black")
                    };
                    let res = b
                        .result
                        .map(|x| x.display().to_string())
                        .unwrap_or_default();
                    (
                        Some(b.board_no),
                        Some((opp, es.name(opp).to_string())),
                        key,
                        res,
                    )
                }
                None => (
                    None,
                    None,
                    "",
                    r.absences
                        .iter()
                        .find(|(s, _)| *s == start)
                        .map(|(_, k)| k.letter().to_string())
                        .unwrap_or_default(),
                ),
            };
            let has_record = board.is_some_and(|b| {
                b.black.is_some()
                    && es.with_records.contains(&b.id)
                    && with_visible_records.contains(&r.round.number)
            });
            CardRound {
                round: r.round.number,
                board: board_no,
                opponent,
                colour_key,
                result,
                has_record,
            }
        })
        .collect();
    let rank = es
        .standings
        .iter()
        .find(|s| s.player == start)
        .map(|s| s.rank);
    let points = if es.tournament.player(start).is_some() {
        show_points(es.tournament.score(start))
    } else {
        String::new()
    };
    render(&PlayerPage {
        ctx,
        event,
        start,
        name: player.name.clone(),
        club: player.club.clone(),
        rating: player.rating,
        points,
        rank,
        rounds,
    })
}
