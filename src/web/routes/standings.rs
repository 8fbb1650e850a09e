//! Standings with the event's tie-breaks, the crosstable, the player card, and their CSV downloads.

use std::collections::HashMap;

use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use super::{csv_download, render, render_status};
use crate::i18n::Reason;
use crate::round::BoardResult;
use crate::rules::Color;
use crate::service::ServiceError;
use crate::service::policy::Access;
use crate::service::policy::{round_visible, rounds_with_visible_records};
use crate::service::standings::{StandingLine, StandingsView};
use crate::service::{self, Event};
use crate::swiss::standings::{CrosstableCell, CrosstableRow, TieBreak};
use crate::swiss::tournament::ResultCode;
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};
use crate::web::extract::{Arbitrated, EventView};
use crate::web::points::show as show_points;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(standings_page)
        .service(standings_csv)
        .service(crosstable_page)
        .service(crosstable_csv)
        .service(player_card)
        .service(record_fouls)
        .service(draw_lot);
}

/// The `after` parameter of the standings page, CSV and API: the round whose standings to show.
#[derive(serde::Deserialize)]
pub struct AfterQuery {
    /// A completed round (absent: after the completed rounds).
    pub after: Option<String>,
}

/// The standings read model, for the visitor's `?after=`.
pub async fn view(state: &AppState, event: &Event, query: &AfterQuery) -> AppResult<StandingsView> {
    Ok(service::standings::view(&state.events, &state.db, event, query.after.as_deref()).await?)
}

#[derive(Template)]
#[template(path = "standings/standings.html")]
struct StandingsPage {
    ctx: Ctx,
    event: Event,
    access: Access,
    /// The rounds counted, and the rounds completed (the page links to each earlier round).
    after: u32,
    completed: u32,
    /// "After round 3" in the visitor's language.
    after_label: String,
    /// The tie-breaks shown as columns: the event's, without the pairing number (`PN`), which
    /// is the start-number column already.
    tie_breaks: Vec<TieBreak>,
    lines: Vec<StandingLine>,
    /// The final lot (抽籤), once drawn, when the tie-breaks use it.
    lot: Option<crate::service::standings::LotView>,
    /// Whether the tie-breaks end with the lot (`LOT`), so that the page explains it.
    uses_lot: bool,
    /// Whether the visitor may draw it (an arbiter, not yet drawn).
    may_draw_lot: bool,
}

impl StandingsPage {
    /// A line's score as shown.
    fn points(&self, line: &StandingLine) -> String {
        show_points(line.score)
    }

    /// A line's tie-break values as shown (the columns of [`StandingsPage::tie_breaks`]).
    fn shown_values(&self, line: &StandingLine) -> Vec<String> {
        self.event
            .settings
            .tie_breaks
            .iter()
            .zip(&line.tie_breaks)
            .filter(|(t, _)| **t != TieBreak::PairingNumber)
            .map(|(_, v)| v.to_string())
            .collect()
    }
}

#[get("/events/{id}/standings")]
async fn standings_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    EventView { event, access }: EventView,
    query: web::Query<AfterQuery>,
) -> AppResult<HttpResponse> {
    let StandingsView {
        after,
        completed,
        lines,
    } = view(&state, &event, &query).await?;
    let tie_breaks = event
        .settings
        .tie_breaks
        .iter()
        .filter(|t| **t != TieBreak::PairingNumber)
        .cloned()
        .collect();
    let after_label = ctx
        .lang
        .reason(&Reason::new("st_after_round").arg("round", after));
    let uses_lot = event.settings.tie_breaks.contains(&TieBreak::Lot);
    let lot = if uses_lot {
        service::standings::lot(&state.db, &event).await?
    } else {
        None
    };
    render(&StandingsPage {
        may_draw_lot: uses_lot && service::policy::may_draw_lot(access, &event),
        uses_lot,
        lot,
        access,
        ctx,
        event,
        after,
        completed,
        after_label,
        tie_breaks,
        lines,
    })
}

/// Draws the final lot (arbiters), then back to the standings.
#[post("/events/{id}/lot")]
async fn draw_lot(
    state: web::Data<AppState>,
    Arbitrated { event, user, .. }: Arbitrated,
    _form: CsrfForm<super::Empty>,
) -> AppResult<HttpResponse> {
    service::standings::draw_lot(&state.db, &user, &event).await?;
    Ok(super::redirect(&format!(
        "/events/{}/standings#lot",
        event.id
    )))
}

/// The first cell of every line of a CSV file of a section, when the event has several.
fn section_cell(event: &Event) -> Option<String> {
    event.has_sections().then(|| event.settings.section.clone())
}

/// Writes CSV rows to a string (the csv writer cannot fail on a Vec).
pub(super) fn csv_text(header: &[String], rows: &[Vec<String>]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    let _ = w.write_record(header);
    for r in rows {
        let _ = w.write_record(r.iter().map(|c| crate::csv_safe::cell(c).into_owned()));
    }
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

#[get("/events/{id}/standings.csv")]
async fn standings_csv(
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
    query: web::Query<AfterQuery>,
) -> AppResult<HttpResponse> {
    let standings = view(&state, &event, &query).await?;
    // An event of several sections names the section on every line; a group stage the group.
    let section = section_cell(&event);
    let mut header: Vec<String> = section.iter().map(|_| "section".to_string()).collect();
    if event.settings.stage.groups > 1 {
        header.push("group".into());
    }
    header.extend(
        ["rank", "start", "name", "club", "points"]
            .iter()
            .map(|s| s.to_string()),
    );
    header.extend(
        event
            .settings
            .tie_breaks
            .iter()
            .map(|t| t.code().to_string()),
    );
    let rows: Vec<Vec<String>> = standings
        .lines
        .into_iter()
        .map(|l| {
            let mut r: Vec<String> = section.iter().cloned().chain(l.group.clone()).collect();
            r.extend([
                l.rank.to_string(),
                l.start.to_string(),
                l.name,
                l.club,
                show_points(l.score),
            ]);
            r.extend(l.tie_breaks.iter().map(|v| v.to_string()));
            r
        })
        .collect();
    // Earlier standings are named for their round: both files can sit side by side.
    let name = if standings.after < standings.completed {
        format!("standings-{}-after-{}.csv", event.id, standings.after)
    } else {
        format!("standings-{}.csv", event.id)
    };
    Ok(csv_download(&name, csv_text(&header, &rows)))
}

/// One crosstable cell, chess-results style: the opponent's start number, the colour and the
/// points scored, each in its own column so that they line up down the table ("12紅 1").
pub struct Cell {
    /// The opponent's start number (empty for byes and rounds not played).
    pub opponent: String,
    /// The colour's translation key (`ct_red`, `ct_black`), a bye's or absence's key, or empty.
    pub mark_key: &'static str,
    /// The points scored in the round (empty when not paired).
    pub points: String,
    /// Won or lost by forfeit (the points carry the forfeit mark).
    pub forfeit: bool,
}

impl Cell {
    fn new(cell: &CrosstableCell) -> Cell {
        let mark_key = match (cell.result, cell.colour) {
            (ResultCode::NotPaired, _) => "",
            (ResultCode::PairingBye, _) => "ct_bye",
            (ResultCode::HalfBye, _) => "ct_half_bye",
            (ResultCode::FullBye, _) => "ct_full_bye",
            (ResultCode::ZeroBye, _) => "ct_absent",
            (_, Some(Color::Red)) => "ct_red",
            (_, Some(Color::Black)) => "ct_black",
            (_, None) => "",
        };
        Cell {
            opponent: cell.opponent.map(|o| o.to_string()).unwrap_or_default(),
            mark_key,
            points: if cell.result == ResultCode::NotPaired {
                String::new()
            } else {
                show_points(cell.points)
            },
            forfeit: cell.result.is_forfeit(),
        }
    }

    /// The cell for the CSV download: `12r 1`, `12b 0F` (forfeit), `bye 2`, `H 1`, `F 2`, `Z 0`.
    fn csv(&self) -> String {
        let mark = match self.mark_key {
            "ct_red" => "r",
            "ct_black" => "b",
            "ct_bye" => "bye",
            "ct_half_bye" => "H",
            "ct_full_bye" => "F",
            "ct_absent" => "Z",
            _ => "",
        };
        let forfeit = if self.forfeit { "F" } else { "" };
        format!("{}{mark} {}{forfeit}", self.opponent, self.points)
            .trim()
            .to_string()
    }
}

/// One crosstable row in standings order.
pub struct CrossRow {
    rank: u32,
    start: u32,
    name: String,
    withdrawn: bool,
    cells: Vec<Cell>,
    points: String,
}

/// Crosstable rows in standings order.
async fn crosstable_rows(state: &AppState, event: &Event) -> AppResult<(u32, Vec<CrossRow>)> {
    let es = state.events.get(&state.db, event).await?;
    let table: HashMap<u32, &CrosstableRow> = es.crosstable.iter().map(|r| (r.player, r)).collect();
    let rows = es
        .standings
        .iter()
        .filter_map(|s| {
            let row = table.get(&s.player)?;
            Some(CrossRow {
                rank: s.rank,
                start: s.player,
                name: es.name(s.player).to_string(),
                withdrawn: es
                    .tournament
                    .player(s.player)
                    .is_some_and(|p| p.withdrawn_from.is_some()),
                cells: row.rounds.iter().map(Cell::new).collect(),
                points: show_points(s.score),
            })
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
    /// The round headers ("第3輪", "Rd 3").
    rounds: Vec<String>,
    rows: Vec<CrossRow>,
}

#[get("/events/{id}/crosstable")]
async fn crosstable_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let (played, rows) = crosstable_rows(&state, &event).await?;
    let rounds = (1..=played)
        .map(|r| ctx.lang.reason(&Reason::new("ct_round").arg("round", r)))
        .collect();
    render(&CrosstablePage {
        access,
        ctx,
        event,
        rounds,
        rows,
    })
}

#[get("/events/{id}/crosstable.csv")]
async fn crosstable_csv(
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
) -> AppResult<HttpResponse> {
    let (played, rows) = crosstable_rows(&state, &event).await?;
    let section = section_cell(&event);
    let mut header: Vec<String> = section.iter().map(|_| "section".to_string()).collect();
    header.extend(["rank", "start", "name"].iter().map(|s| s.to_string()));
    header.extend((1..=played).map(|r| format!("r{r}")));
    header.push("points".into());
    let rows: Vec<Vec<String>> = rows
        .into_iter()
        .map(|row| {
            let mut r: Vec<String> = section.iter().cloned().collect();
            r.extend([row.rank.to_string(), row.start.to_string(), row.name]);
            r.extend(row.cells.iter().map(Cell::csv));
            r.push(row.points);
            r
        })
        .collect();
    Ok(csv_download(
        &format!("crosstable-{}.csv", event.id),
        csv_text(&header, &rows),
    ))
}

/// One round of a player card, from the player's side.
struct CardRound {
    round: u32,
    board: Option<u32>,
    opponent: Option<(u32, String)>,
    colour_key: &'static str,
    /// The outcome's translation key (`pc_win`, `pc_loss`, a bye's key …), empty while open.
    outcome_key: &'static str,
    /// `win`, `draw`, `loss` (the row's class) or empty.
    outcome_class: &'static str,
    /// The points scored in the round, once the round is complete.
    points: String,
    /// The player's score after the round, once the round is complete.
    running: String,
    /// The board has a record this visitor may see in the game viewer.
    has_record: bool,
}

/// The outcome key and class of a Swiss result code, from the player's side.
fn outcome_of_code(code: ResultCode) -> (&'static str, &'static str) {
    match code {
        ResultCode::Win | ResultCode::UnratedWin => ("pc_win", "win"),
        ResultCode::Draw | ResultCode::UnratedDraw => ("pc_draw", "draw"),
        ResultCode::Loss | ResultCode::UnratedLoss => ("pc_loss", "loss"),
        ResultCode::ForfeitWin => ("pc_forfeit_win", "win"),
        ResultCode::ForfeitLoss => ("pc_forfeit_loss", "loss"),
        ResultCode::HalfBye => ("bye_half", ""),
        ResultCode::FullBye => ("bye_full", ""),
        ResultCode::PairingBye => ("bye", ""),
        ResultCode::ZeroBye => ("bye_zero", ""),
        ResultCode::NotPaired => ("", ""),
    }
}

/// The outcome key and class of a board's result for the player with `colour` (a loss as Black
/// is a loss, whatever the board's `0-1` says from Red's side).
fn outcome_of_board(result: BoardResult, colour: Color) -> (&'static str, &'static str) {
    let red = colour == Color::Red;
    match result {
        BoardResult::Draw => ("pc_draw", "draw"),
        BoardResult::RedWins if red => ("pc_win", "win"),
        BoardResult::BlackWins if !red => ("pc_win", "win"),
        BoardResult::RedWins | BoardResult::BlackWins => ("pc_loss", "loss"),
        BoardResult::RedWinsByForfeit if red => ("pc_forfeit_win", "win"),
        BoardResult::BlackWinsByForfeit if !red => ("pc_forfeit_win", "win"),
        BoardResult::RedWinsByForfeit
        | BoardResult::BlackWinsByForfeit
        | BoardResult::DoubleForfeit => ("pc_forfeit_loss", "loss"),
    }
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
    /// "Withdrawn: not paired from round 4 on", for a withdrawn player.
    withdrawn: Option<String>,
    rounds: Vec<CardRound>,
    /// The team, when the team column names one other than the club.
    team: String,
    /// The fouls recorded against the player, by round.
    fouls: Vec<crate::store::players::FoulRecord>,
    /// Whether the visitor may record fouls (an arbiter of the event).
    may_record_fouls: bool,
    /// The rounds paired, which fouls may be recorded against.
    paired_rounds: u32,
    /// The fouls form as sent back with its refusal: the field and the text, and the values.
    fouls_error: Option<(&'static str, String)>,
    fouls_form: crate::service::players::FoulsForm,
}

impl PlayerPage {
    /// The player's page, for its QR code.
    fn address(&self) -> String {
        format!("/events/{}/players/{}", self.event.id, self.start)
    }
}

impl PlayerPage {
    /// The fouls form's refusal of `field`, if that field was refused.
    fn fouls_error_of(&self, field: &str) -> Option<&str> {
        self.fouls_error
            .as_ref()
            .filter(|(f, _)| *f == field)
            .map(|(_, text)| text.as_str())
    }

    /// The total fouls recorded.
    fn fouls_total(&self) -> u32 {
        self.fouls.iter().map(|f| f.count).sum()
    }
}

#[get("/events/{id}/players/{start}")]
async fn player_card(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, u32)>,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let (_, start) = path.into_inner();
    let page = card_page(ctx, &state, event, access, start, None).await?;
    render(&page)
}

/// Records fouls against the player (arbiters); the card again with the refusal beside the field.
#[post("/events/{id}/players/{start}/fouls")]
async fn record_fouls(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, u32)>,
    Arbitrated {
        event,
        user,
        access,
    }: Arbitrated,
    form: CsrfForm<crate::service::players::FoulsForm>,
) -> AppResult<HttpResponse> {
    let (_, start) = path.into_inner();
    let form = form.0;
    match service::players::set_fouls(&state.db, &user, &event, start, &form).await {
        Ok(_) => Ok(super::redirect(&format!(
            "/events/{}/players/{start}#fouls",
            event.id
        ))),
        Err(ServiceError::Invalid { field, reason }) => {
            let text = ctx.lang.reason(&reason);
            let sent = Some((field, text, form));
            let page = card_page(ctx, &state, event, access, start, sent).await?;
            render_status(&page, actix_web::http::StatusCode::BAD_REQUEST)
        }
        Err(e) => Err(e.into()),
    }
}

/// The player card, with the fouls form as sent back when it was refused.
async fn card_page(
    ctx: Ctx,
    state: &AppState,
    event: Event,
    access: Access,
    start: u32,
    sent: Option<(&'static str, String, crate::service::players::FoulsForm)>,
) -> AppResult<PlayerPage> {
    let es = state.events.get(&state.db, &event).await?;
    let player = es.players.get(&start).ok_or(AppError::NotFound)?;
    let swiss = es.tournament.player(start);
    let withdrawn_from = swiss.and_then(|p| p.withdrawn_from);
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
            let number = r.round.number;
            let board = r
                .boards
                .iter()
                .find(|b| b.red == start || b.black == Some(start));
            let (opponent, colour) = match board {
                Some(b) if b.black.is_none() => (None, None),
                Some(b) if b.red == start => (b.black, Some(Color::Red)),
                Some(b) => (Some(b.red), Some(Color::Black)),
                None => (None, None),
            };
            // A completed round reads from the Swiss state (byes and absences included); an open
            // one from its board.
            let entry = swiss
                .filter(|_| number <= es.tournament.rounds_played)
                .and_then(|p| p.rounds.get(number as usize - 1));
            let (outcome_key, outcome_class) = match (entry, board, colour) {
                (Some(e), _, _) => outcome_of_code(e.result),
                (None, Some(b), Some(c)) => {
                    b.result.map_or(("", ""), |res| outcome_of_board(res, c))
                }
                (None, Some(_), None) => ("bye", ""),
                (None, None, _) => r
                    .absences
                    .iter()
                    .find(|(s, _)| *s == start)
                    .map_or(("", ""), |(_, k)| outcome_of_code(k.code())),
            };
            let outcome_key = match outcome_key {
                "" if withdrawn_from.is_some_and(|w| number >= w) => "pc_withdrawn",
                k => k,
            };
            let (points, running) = match entry {
                Some(e) if e.result != ResultCode::NotPaired => (
                    show_points(e.score(&es.tournament.scoring)),
                    show_points(es.tournament.score_after(start, number)),
                ),
                Some(_) => (
                    String::new(),
                    show_points(es.tournament.score_after(start, number)),
                ),
                None => (String::new(), String::new()),
            };
            let has_record = board.is_some_and(|b| {
                b.black.is_some()
                    && es.with_records.contains(&b.id)
                    && with_visible_records.contains(&number)
            });
            CardRound {
                round: number,
                board: board.map(|b| b.board_no),
                opponent: opponent.map(|o| (o, es.name(o).to_string())),
                colour_key: colour.map_or("", Color::as_str),
                outcome_key,
                outcome_class,
                points,
                running,
                has_record,
            }
        })
        .collect();
    let rank = es
        .standings
        .iter()
        .find(|s| s.player == start)
        .map(|s| s.rank);
    let points = if swiss.is_some() {
        show_points(es.tournament.score(start))
    } else {
        String::new()
    };
    let withdrawn = withdrawn_from.map(|w| {
        ctx.lang
            .reason(&Reason::new("pc_withdrawn_from").arg("round", w))
    });
    let fouls = service::players::fouls_of(&state.db, &event, start).await?;
    let (fouls_error, fouls_form) = match sent {
        Some((field, text, form)) => (Some((field, text)), form),
        None => (None, Default::default()),
    };
    Ok(PlayerPage {
        may_record_fouls: service::policy::may_record_fouls(access, &event),
        paired_rounds: es.rounds.len() as u32,
        team: if player.team != player.club {
            player.team.clone()
        } else {
            String::new()
        },
        fouls,
        fouls_error,
        fouls_form,
        ctx,
        event,
        start,
        name: player.name.clone(),
        club: player.club.clone(),
        rating: player.rating,
        points,
        rank,
        withdrawn,
        rounds,
    })
}
