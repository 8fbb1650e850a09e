//! Scoresheet pages of a board: the stored move records with their verdicts, the arbiters' form to
//! paste or upload a record, and the explicit "apply the record's result" decision. Records of games
//! whose deal is still sealed answer 404 to everyone but the event's arbiters.

use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use super::{redirect, render};
use crate::deal::GameNumber;
use crate::store::{self, events::Event, rounds::Round};
use crate::web::AppState;
use crate::web::access::{Access, arbitrated_event, event_access};
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::deal_flow;
use crate::web::error::{AppError, AppResult};
use crate::web::scoresheet::{self, RecordStatus};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(show)
        .service(text)
        .service(submit)
        .service(apply);
}

/// Loads a round the visitor may see (drafts only for arbiters) and one of its boards.
async fn round_and_board(
    state: &AppState,
    event: &Event,
    access: Access,
    number: u32,
    board_no: u32,
) -> AppResult<(Round, store::rounds::Board)> {
    let round = store::rounds::get(&state.db, event.id, number)
        .await?
        .ok_or(AppError::NotFound)?;
    if !round.published && !access.arbitrate {
        return Err(AppError::NotFound);
    }
    let board = store::rounds::board(&state.db, round.id, board_no)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok((round, board))
}

/// The records of a board this visitor may see.
async fn visible_records(
    state: &AppState,
    event: &Event,
    access: Access,
    round: &Round,
    board: &store::rounds::Board,
) -> AppResult<Vec<store::rounds::GameRecord>> {
    let mut out = Vec::new();
    for r in store::rounds::records(&state.db, board.id).await? {
        let game = GameNumber::Game(r.game_no);
        if deal_flow::may_see_records(state, event.id, access, round.number, game).await? {
            out.push(r);
        }
    }
    Ok(out)
}

/// A stored record as the page shows it.
struct RecordView {
    game_no: u32,
    record: String,
    result: String,
    termination: String,
    plies: u64,
    status: RecordStatus,
    applicable: Option<&'static str>,
    secret: bool,
}

#[derive(Template)]
#[template(path = "records/show.html")]
struct RecordPage {
    ctx: Ctx,
    event: Event,
    access: Access,
    round: Round,
    board_no: u32,
    red: String,
    black: String,
    entered: &'static str,
    version: i64,
    records: Vec<RecordView>,
    games: Vec<u32>,
    draft: String,
    draft_game: u32,
    error: Option<String>,
}

#[derive(serde::Deserialize, Default)]
struct Draft {
    #[serde(default)]
    game: Option<u32>,
}

async fn page(
    ctx: Ctx,
    state: &AppState,
    event: Event,
    access: Access,
    round: Round,
    board: store::rounds::Board,
    draft: (u32, String, Option<String>),
) -> AppResult<RecordPage> {
    let names = crate::web::round_flow::names(state, event.id).await?;
    let name = |s: u32| {
        names
            .get(&s)
            .map(|n| format!("{s}. {}", n.0))
            .unwrap_or_else(|| format!("#{s}"))
    };
    let single = scoresheet::single_game(&event);
    let mut records = Vec::new();
    for r in visible_records(state, &event, access, &round, &board).await? {
        let status = scoresheet::assess(&r.verdict, board.result, single);
        let secret =
            deal_flow::records_secret(state, event.id, round.number, GameNumber::Game(r.game_no))
                .await?;
        records.push(RecordView {
            game_no: r.game_no,
            applicable: status.applicable().map(|b| b.as_str()),
            result: r.verdict["result"].as_str().unwrap_or("*").to_string(),
            termination: r.verdict["termination"].as_str().unwrap_or("").to_string(),
            plies: r.verdict["plies"].as_u64().unwrap_or(0),
            record: r.record,
            status,
            secret,
        });
    }
    if records.is_empty() && !access.arbitrate {
        return Err(AppError::NotFound);
    }
    let games = if single {
        vec![1]
    } else {
        (1..=scoresheet::MAX_GAMES).collect()
    };
    Ok(RecordPage {
        red: name(board.red),
        black: board.black.map(name).unwrap_or_default(),
        entered: board
            .result
            .map(crate::round::BoardResult::display)
            .unwrap_or(""),
        version: board.version,
        board_no: board.board_no,
        records,
        games,
        draft_game: draft.0,
        draft: draft.1,
        error: draft.2,
        ctx,
        event,
        access,
        round,
    })
}

#[get("/events/{id}/rounds/{n}/boards/{b}/record")]
async fn show(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, u32, u32)>,
    q: web::Query<Draft>,
) -> AppResult<HttpResponse> {
    let (id, n, b) = path.into_inner();
    let (event, access) = event_access(&ctx, &state, id).await?;
    let (round, board) = round_and_board(&state, &event, access, n, b).await?;
    let game = q.game.unwrap_or(1);
    let p = page(
        ctx,
        &state,
        event,
        access,
        round,
        board,
        (game, String::new(), None),
    )
    .await?;
    render(&p)
}

#[derive(serde::Deserialize)]
struct GameQuery {
    #[serde(default = "first_game")]
    game: u32,
}

fn first_game() -> u32 {
    1
}

/// The record text of one game, as submitted.
#[get("/events/{id}/rounds/{n}/boards/{b}/record.txt")]
async fn text(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, u32, u32)>,
    q: web::Query<GameQuery>,
) -> AppResult<HttpResponse> {
    let (id, n, b) = path.into_inner();
    let (event, access) = event_access(&ctx, &state, id).await?;
    let (round, board) = round_and_board(&state, &event, access, n, b).await?;
    let record = visible_records(&state, &event, access, &round, &board)
        .await?
        .into_iter()
        .find(|r| r.game_no == q.game)
        .ok_or(AppError::NotFound)?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(record.record))
}

#[derive(serde::Deserialize)]
struct SubmitForm {
    #[serde(default = "first_game")]
    game: u32,
    record: String,
}

#[post("/events/{id}/rounds/{n}/boards/{b}/record")]
async fn submit(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, u32, u32)>,
    form: CsrfForm<SubmitForm>,
) -> AppResult<HttpResponse> {
    let (id, n, b) = path.into_inner();
    let event = arbitrated_event(&ctx, &state, id).await?;
    let me = ctx.require_user()?.clone();
    let access = crate::web::access::user_access(&state, Some(&me), &event).await?;
    let (round, board) = round_and_board(&state, &event, access, n, b).await?;
    let form = form.0;
    match scoresheet::submit_record(&state, &me, &event, &round, b, form.game, &form.record).await {
        Ok(_) => Ok(redirect(&format!(
            "/events/{}/rounds/{n}/boards/{b}/record",
            event.id
        ))),
        // A record that cannot be read is shown again with the reason, so nothing typed is lost.
        Err(AppError::BadRequest(reason)) => {
            let p = page(
                ctx,
                &state,
                event,
                access,
                round,
                board,
                (form.game, form.record, Some(reason)),
            )
            .await?;
            super::render_status(&p, actix_web::http::StatusCode::BAD_REQUEST)
        }
        Err(e) => Err(e),
    }
}

#[derive(serde::Deserialize)]
struct ApplyForm {
    #[serde(default = "first_game")]
    game: u32,
    version: i64,
}

/// The arbiter's explicit decision: the board's result becomes the record's (logged).
#[post("/events/{id}/rounds/{n}/boards/{b}/record/apply")]
async fn apply(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, u32, u32)>,
    form: CsrfForm<ApplyForm>,
) -> AppResult<HttpResponse> {
    let (id, n, b) = path.into_inner();
    let event = arbitrated_event(&ctx, &state, id).await?;
    let me = ctx.require_user()?;
    let round = store::rounds::get(&state.db, event.id, n)
        .await?
        .ok_or(AppError::NotFound)?;
    scoresheet::apply_record_result(&state, me, &event, &round, b, form.game, form.version).await?;
    Ok(redirect(&format!(
        "/events/{}/rounds/{n}/boards/{b}/record",
        event.id
    )))
}
