//! The game viewer: a board's stored record replayed server-side (`web::game_view`) and drawn by
//! `static/viewer.js` on an SVG board, with the move list in Chinese and ICCS.

use actix_web::{HttpResponse, get, web};
use askama::Template;

use super::printing::player_label;
use super::render;
use crate::deal::GameNumber;
use crate::rules::Variant;
use crate::service;
use crate::service::Event;
use crate::service::policy::records_visible;
use crate::web::AppState;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};
use crate::web::extract::{BoardPath, EventView, GameNo};
use crate::web::game_view::{self, GameView, PlyView};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(board_game)
        .service(numbered_game)
        .service(export_game);
}

/// One ply in the move list: its index in the game (1-based), Chinese and ICCS text.
pub struct ListedPly {
    /// Ply index (the position after it).
    pub index: usize,
    /// Chinese notation.
    pub zh: String,
    /// ICCS notation.
    pub iccs: String,
    /// The ruling event at this ply, in the reader's language (RULES.md §5).
    pub event: Option<String>,
}

/// One line of the move list: a move number with Red's and Black's ply.
pub struct MoveLine {
    /// Move number.
    pub number: u16,
    /// Red's ply (missing when the game starts with Black to move).
    pub red: Option<ListedPly>,
    /// Black's ply.
    pub black: Option<ListedPly>,
}

/// Groups plies into numbered lines of Red and Black moves.
/// `events` are `(ply, description)` of the verdict's ruling events.
fn move_lines(plies: &[PlyView], events: &[(usize, String)]) -> Vec<MoveLine> {
    let mut lines: Vec<MoveLine> = Vec::new();
    for (i, p) in plies.iter().enumerate() {
        let event = events
            .iter()
            .filter(|(ply, _)| *ply == i + 1)
            .map(|(_, text)| text.as_str())
            .collect::<Vec<_>>();
        let listed = ListedPly {
            index: i + 1,
            zh: p.zh.clone(),
            iccs: p.iccs.clone(),
            event: (!event.is_empty()).then(|| event.join("; ")),
        };
        match lines.last_mut() {
            Some(line) if !p.red && line.number == p.number && line.black.is_none() => {
                line.black = Some(listed);
            }
            _ if p.red => lines.push(MoveLine {
                number: p.number,
                red: Some(listed),
                black: None,
            }),
            _ => lines.push(MoveLine {
                number: p.number,
                red: None,
                black: Some(listed),
            }),
        }
    }
    lines
}

#[derive(Template)]
#[template(path = "viewer/game.html")]
struct GamePage {
    ctx: Ctx,
    event: Event,
    round: u32,
    board: u32,
    red: String,
    black: String,
    result: &'static str,
    /// Game numbers of the board's records (several in a match).
    games: Vec<u32>,
    game: u32,
    /// A Banqi game (4×8 board, square notation).
    banqi: bool,
    /// Name of the coordinate notation column (ICCS, or Banqi's square notation).
    code_name: &'static str,
    /// The replay as JSON for the script, when the record could be set up.
    data: Option<String>,
    lines: Vec<MoveLine>,
    plies: usize,
    /// Why the replay stopped early or could not start.
    problem: Option<String>,
    /// Translation key of how the game ended, from the stored verdict (none before a record is
    /// chosen).
    ending: Option<&'static str>,
    record: String,
    /// Whether the game may be downloaded in the Jieqi tools' formats (a legal Jieqi record whose
    /// deal is unsealed or absent).
    exportable: bool,
}

#[get("/events/{id}/rounds/{n}/boards/{b}")]
async fn board_game(
    ctx: Ctx,
    state: web::Data<AppState>,
    view: EventView,
    path: BoardPath,
) -> AppResult<HttpResponse> {
    game_page(ctx, &state, view, path, None).await
}

#[get("/events/{id}/rounds/{n}/boards/{b}/games/{g}")]
async fn numbered_game(
    ctx: Ctx,
    state: web::Data<AppState>,
    view: EventView,
    path: BoardPath,
    game: GameNo,
) -> AppResult<HttpResponse> {
    game_page(ctx, &state, view, path, Some(game.0)).await
}

/// The viewer page of game `game` (default: the board's first record) of board `b` in round `n`.
async fn game_page(
    ctx: Ctx,
    state: &AppState,
    EventView { event, access }: EventView,
    BoardPath { round: n, board: b }: BoardPath,
    game: Option<u32>,
) -> AppResult<HttpResponse> {
    let service::records::BoardRecords {
        round,
        board,
        records,
    } = service::records::board_records(&state.db, &event, access, (n, b)).await?;
    let records: Vec<_> = records.into_iter().map(|(r, _)| r).collect();
    let names = service::rounds::names(&state.db, event.id).await?;
    let name = |start: u32| player_label(&names, start);
    let banqi = event.settings.variant == Variant::Banqi;
    let code_name = if banqi {
        ctx.t("square_notation")
    } else {
        "ICCS"
    };
    let mut page = GamePage {
        banqi,
        code_name,
        red: name(board.red),
        black: board.black.map(name).unwrap_or_default(),
        result: board.result.map(|r| r.display()).unwrap_or(""),
        games: records.iter().map(|r| r.game_no).collect(),
        game: 0,
        data: None,
        lines: Vec::new(),
        plies: 0,
        problem: None,
        ending: None,
        record: String::new(),
        exportable: false,
        round: round.number,
        board: board.board_no,
        ctx,
        event,
    };
    // Records under a sealed deal answer exactly as a board without records (404), so a visitor
    // cannot tell a hidden record from a missing one (decided before any record is looked at).
    if !records_visible(&state.db, &page.event, access, &round).await? {
        return Err(AppError::NotFound);
    }
    let record = match game {
        Some(g) => records.iter().find(|r| r.game_no == g),
        None => records.first(),
    }
    .ok_or(AppError::NotFound)?;
    page.game = record.game_no;
    let verdict = service::records::VerdictView::of(&record.verdict);
    page.ending = Some(verdict.ending);
    page.record = record.record.clone();
    // The deal of the game supplies the reveals a record leaves to it (the page is only shown once
    // the deal is public, or to the arbiters).
    let deal = service::deals::of_game(
        &state.db,
        &page.event,
        round.number,
        GameNumber::Game(record.game_no),
    )
    .await?;
    page.exportable = page.event.settings.variant == Variant::Jieqi
        && deal.as_ref().is_none_or(|d| d.is_public())
        && verdict.legal;
    let deal = deal.as_ref().map(|d| d.deal.as_str());
    let lang = page.ctx.lang;
    let events: Vec<(usize, String)> = verdict
        .events
        .iter()
        .map(|(ply, e)| (*ply, lang.reason(e)))
        .collect();
    match game_view::replay(&record.record, page.event.settings.variant, deal) {
        Ok(mut view) => {
            for p in &mut view.plies {
                p.zh = page.ctx.lang.pieces(&p.zh);
            }
            fill(&mut page, view, &events)
        }
        Err(e) => page.problem = Some(page.ctx.lang.reason(&e.reason())),
    }
    render(&page)
}

/// A game's record in a Jieqi tool's format (`?format=jieqibox|pikafish|pychess`), once its deal
/// is unsealed (see `service::records::export_game`).
#[get("/events/{id}/rounds/{n}/boards/{b}/games/{g}/export")]
async fn export_game(
    state: web::Data<AppState>,
    EventView { event, access }: EventView,
    BoardPath { round, board }: BoardPath,
    game: GameNo,
    query: web::Query<super::exports::FormatQuery>,
) -> AppResult<HttpResponse> {
    let format = query.format()?;
    let (name, text) = service::records::export_game(
        &state.db,
        &event,
        access,
        service::records::GameRef::Board {
            round,
            board,
            game: game.0,
        },
        format,
    )
    .await?;
    let content_type = if format == crate::rules::formats::Format::JieqiBox {
        "application/json"
    } else {
        "text/plain; charset=utf-8"
    };
    Ok(super::exports::attachment(content_type, name, text))
}

fn fill(page: &mut GamePage, view: GameView, events: &[(usize, String)]) {
    page.lines = move_lines(&view.plies, events);
    page.plies = view.plies.len();
    page.problem = match &view.bad_ply {
        Some(e) => Some(
            page.ctx.lang.reason(
                &crate::i18n::Reason::new("viewer_bad_ply")
                    .arg("ply", e.ply)
                    .arg("token", &e.token)
                    .arg_reason("why", &crate::rules::describe::error(e)),
            ),
        ),
        None => view.error.clone(),
    };
    page.data = Some(game_view::to_script_json(&view));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ply(number: u16, red: bool, zh: &str) -> PlyView {
        PlyView {
            number,
            red,
            zh: zh.into(),
            iccs: String::new(),
            from: 0,
            to: 0,
            reveal: false,
            capture: false,
        }
    }

    #[test]
    fn plies_pair_up_by_move_number() {
        let lines = move_lines(
            &[ply(1, true, "a"), ply(1, false, "b"), ply(2, true, "c")],
            &[(2, "ply 2: repeated position".into())],
        );
        assert_eq!(
            lines[0].black.as_ref().and_then(|p| p.event.as_deref()),
            Some("ply 2: repeated position")
        );
        assert!(lines[0].red.as_ref().is_some_and(|p| p.event.is_none()));
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].red.as_ref().map(|p| p.index), Some(1));
        assert_eq!(lines[0].black.as_ref().map(|p| p.zh.as_str()), Some("b"));
        assert_eq!(lines[1].red.as_ref().map(|p| p.index), Some(3));
        assert!(lines[1].black.is_none());
    }

    #[test]
    fn a_game_starting_with_black_has_an_empty_red_cell() {
        let lines = move_lines(&[ply(7, false, "a"), ply(8, true, "b")], &[]);
        assert_eq!(lines.len(), 2);
        assert!(lines[0].red.is_none());
        assert_eq!(lines[0].black.as_ref().map(|p| p.index), Some(1));
        assert_eq!(lines[1].number, 8);
    }
}
