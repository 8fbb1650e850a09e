//! Printed forms of a round for the arbiters: result slips (several per A4 page, with cut lines) and
//! blank scoresheets (one per page, with the Jieqi column for the revealed piece).

use std::collections::HashMap;

use actix_web::{HttpResponse, routes, web};
use askama::Template;

use super::render;
use crate::rules::Variant;
use crate::service;
use crate::service::Event;
use crate::web::AppState;
use crate::web::ctx::Ctx;
use crate::web::error::AppResult;
use crate::web::extract::{Arbitrated, Ending, RoundNo};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(printed);
}

/// Move rows on a scoresheet: two halves of [`HALF`] rows.
const MOVE_ROWS: u32 = 60;
/// Rows in each half of a scoresheet.
const HALF: u32 = MOVE_ROWS / 2;

/// A board to print: number and the two players as "start. name".
pub struct PrintedBoard {
    /// Board number.
    pub no: u32,
    /// Red.
    pub red: String,
    /// Black.
    pub black: String,
}

/// A player as printed forms and the viewer name them: "start. name" (`#start` if unknown).
pub(super) fn player_label(names: &HashMap<u32, (String, String)>, start: u32) -> String {
    names
        .get(&start)
        .map(|n| format!("{start}. {}", n.0))
        .unwrap_or_else(|| format!("#{start}"))
}

/// The played boards of round `n` (the bye has no game to record).
async fn printed_boards(state: &AppState, event: &Event, n: u32) -> AppResult<Vec<PrintedBoard>> {
    let boards = service::rounds::played_boards(&state.db, event, n).await?;
    let names = service::rounds::names(&state.db, event.id).await?;
    let name = |start: u32| player_label(&names, start);
    Ok(boards
        .into_iter()
        .filter_map(|b| {
            Some(PrintedBoard {
                no: b.board_no,
                red: name(b.red),
                black: name(b.black?),
            })
        })
        .collect())
}

#[derive(Template)]
#[template(path = "print/slips.html")]
struct SlipsPage {
    ctx: Ctx,
    event: Event,
    round: u32,
    /// Each board's slip, with the players' report links once the round is published, and the
    /// round's start and time control.
    slips: service::report_links::Slips,
}

#[derive(Template)]
#[template(path = "print/labels.html")]
struct LabelsPage {
    ctx: Ctx,
    event: Event,
    round: u32,
    boards: Vec<PrintedBoard>,
}

impl LabelsPage {
    /// A board's page, for its label's QR code.
    fn board_address(&self, board: &u32) -> String {
        format!(
            "/events/{}/rounds/{}/boards/{board}",
            self.event.id, self.round
        )
    }
}

#[derive(Template)]
#[template(path = "print/scoresheets.html")]
struct ScoresheetsPage {
    ctx: Ctx,
    event: Event,
    round: u32,
    boards: Vec<PrintedBoard>,
    /// Jieqi: a column for the revealed piece after each move column.
    reveal_column: bool,
    /// The round's start (from the timetable) and the time control as shown (empty when unset).
    schedule: (Option<String>, String),
    /// First move number of each half (1 and 31).
    halves: Vec<u32>,
    /// Rows per half.
    rows: u32,
}

/// The printed forms of a round: the last segment of their path.
#[derive(Debug, Clone, Copy, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
enum PrintedForm {
    /// Result slips, several per page.
    Slips,
    /// Blank scoresheets, one per page.
    Scoresheets,
    /// Table labels: each board's number, players and the QR code of the board's page.
    Labels,
}

/// A printed form of round `n`'s played boards (arbiters).
#[routes]
#[get("/events/{id}/rounds/{n}/slips")]
#[get("/events/{id}/rounds/{n}/scoresheets")]
#[get("/events/{id}/rounds/{n}/labels")]
async fn printed(
    ctx: Ctx,
    state: web::Data<AppState>,
    RoundNo(n): RoundNo,
    Ending(form): Ending<PrintedForm>,
    Arbitrated { event, .. }: Arbitrated,
) -> AppResult<HttpResponse> {
    match form {
        PrintedForm::Slips => render(&SlipsPage {
            slips: service::report_links::slips(&state.db, &event, n).await?,
            ctx,
            event,
            round: n,
        }),
        PrintedForm::Labels => render(&LabelsPage {
            boards: printed_boards(&state, &event, n).await?,
            ctx,
            event,
            round: n,
        }),
        PrintedForm::Scoresheets => render(&ScoresheetsPage {
            boards: printed_boards(&state, &event, n).await?,
            schedule: service::schedule::round_line(&state.db, &event, n).await?,
            reveal_column: event.settings.variant == Variant::Jieqi,
            halves: vec![1, HALF + 1],
            rows: HALF,
            ctx,
            event,
            round: n,
        }),
    }
}
