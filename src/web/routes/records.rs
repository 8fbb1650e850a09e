//! Scoresheet pages of a board: the stored move records with their verdicts, the arbiters' form to
//! paste or upload a record, and the explicit "apply the record's result" decision. Records of games
//! whose deal is still sealed answer 404 to everyone but the event's arbiters. Knockout games have the
//! same pages and API (game g of match m, adjudicated with the knockout round's sealed deal for that
//! game number), beside the match page.

use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use super::{redirect, render, render_status};
use crate::service::policy::Access;
use crate::service::records::{BoardRecords, GameRef, RecordStatus, deal_slot};
use crate::service::{self, ServiceError};
use crate::service::{Event, Round};
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};
use crate::web::extract::{Arbitrated, BoardPath, EventView, MatchGamePath, inline_refusal};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(show)
        .service(text)
        .service(submit)
        .service(apply)
        .service(delete)
        .service(knockout_delete)
        .service(api_knockout_submit)
        .service(api_knockout_show)
        .service(knockout_show)
        .service(knockout_submit);
}

/// A record page's delete form sent back with its refusal: (game, the reason as typed, why it was
/// refused).
#[derive(Default)]
struct DeleteSentBack(Option<(u32, String, String)>);

impl DeleteSentBack {
    /// The form of game `game` as sent back, if it was.
    fn sent(&self, game: &u32) -> Option<&(u32, String, String)> {
        self.0.as_ref().filter(|(g, _, _)| g == game)
    }

    /// The reason typed in the form of game `game` when it was sent back.
    fn reason(&self, game: &u32) -> &str {
        self.sent(game).map_or("", |(_, r, _)| r.as_str())
    }
}

/// A stored record as the pages show it (a Swiss board's game or a knockout game).
struct RecordView {
    game_no: u32,
    record: String,
    /// The verdict in the reader's language: result (termination).
    verdict: String,
    /// The ruling events in the reader's language, in ply order.
    events: Vec<String>,
    /// Why the illegal ply was refused, in the reader's language.
    illegal: Option<String>,
    plies: usize,
    status: RecordStatus,
    /// The result an arbiter may apply from the record.
    applicable: Option<&'static str>,
    /// Whether the game's deal is still sealed (only arbiters see the record then).
    secret: bool,
}

impl RecordView {
    /// Judges a stored record against the game's entered result (`single_game`: false for a game
    /// of a Banqi match, whose board result is the match score).
    fn new(
        r: service::records::StoredRecord,
        entered: Option<crate::round::BoardResult>,
        single_game: bool,
        secret: bool,
        lang: crate::i18n::Lang,
    ) -> RecordView {
        let status = service::records::assess(&r.verdict, entered, single_game);
        let words = service::records::VerdictView::of(&r.verdict).words(lang);
        RecordView {
            game_no: r.game_no,
            applicable: status.applicable().map(|b| b.as_str()),
            verdict: words.verdict,
            events: words.events,
            illegal: words.illegal,
            plies: words.plies,
            record: r.record,
            status,
            secret,
        }
    }
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
    /// The delete form sent back.
    delete: DeleteSentBack,
}

#[derive(serde::Deserialize, Default)]
struct Draft {
    #[serde(default)]
    game: Option<u32>,
}

async fn page(
    ctx: Ctx,
    state: &AppState,
    (event, access): (Event, Access),
    found: BoardRecords,
    draft: (u32, String, Option<String>),
) -> AppResult<RecordPage> {
    let BoardRecords {
        round,
        board,
        records: stored,
    } = found;
    let names = crate::service::rounds::names(&state.db, event.id).await?;
    let name = |s: u32| {
        names
            .get(&s)
            .map(|n| format!("{s}. {}", n.0))
            .unwrap_or_else(|| format!("#{s}"))
    };
    let single = service::records::single_game(&event);
    let records: Vec<RecordView> = stored
        .into_iter()
        .map(|(r, secret)| RecordView::new(r, board.result, single, secret, ctx.lang))
        .collect();
    let games = if single {
        vec![1]
    } else {
        (1..=service::records::MAX_GAMES).collect()
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
        delete: DeleteSentBack::default(),
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
    path: BoardPath,
    q: web::Query<Draft>,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let at = (path.round, path.board);
    let found = service::records::board_records(&state.db, &event, access, at).await?;
    let draft = (q.game.unwrap_or(1), String::new(), None);
    render(&page(ctx, &state, (event, access), found, draft).await?)
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
    state: web::Data<AppState>,
    path: BoardPath,
    q: web::Query<GameQuery>,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let at = (path.round, path.board);
    let (record, _) = service::records::board_records(&state.db, &event, access, at)
        .await?
        .records
        .into_iter()
        .find(|(r, _)| r.game_no == q.game)
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
    BoardPath { round: n, board: b }: BoardPath,
    Arbitrated {
        event,
        user: me,
        access,
    }: Arbitrated,
    form: CsrfForm<SubmitForm>,
) -> AppResult<HttpResponse> {
    let form = form.0;
    let game = GameRef::Board {
        round: n,
        board: b,
        game: form.game,
    };
    match service::records::submit(&state.db, &me, &event, game, &form.record).await {
        Ok(_) => Ok(redirect(&format!(
            "/events/{}/rounds/{n}/boards/{b}/record",
            event.id
        ))),
        // A record that cannot be read is shown again with the reason, so nothing typed is lost.
        Err(ServiceError::Invalid { reason, .. } | ServiceError::Refused(reason)) => {
            let reason = ctx.lang.reason(&reason);
            let found = service::records::board_records(&state.db, &event, access, (n, b)).await?;
            let draft = (form.game, form.record, Some(reason));
            let p = page(ctx, &state, (event, access), found, draft).await?;
            render_status(&p, actix_web::http::StatusCode::BAD_REQUEST)
        }
        Err(e) => Err(e.into()),
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
    state: web::Data<AppState>,
    BoardPath { round: n, board: b }: BoardPath,
    Arbitrated { event, user, .. }: Arbitrated,
    form: CsrfForm<ApplyForm>,
) -> AppResult<HttpResponse> {
    let at = (n, b, form.game);
    service::records::apply_record_result(&state.db, &user, &event, at, form.version).await?;
    Ok(redirect(&format!(
        "/events/{}/rounds/{n}/boards/{b}/record",
        event.id
    )))
}

#[derive(serde::Deserialize)]
struct DeleteForm {
    #[serde(default = "first_game")]
    game: u32,
    #[serde(default)]
    reason: String,
    #[serde(default)]
    confirm: Option<String>,
}

/// Deletes a board's record and its verdict (the board's result stays), with a reason and the
/// confirmation; a refusal comes back on the record page beside the form, the reason kept.
#[post("/events/{id}/rounds/{n}/boards/{b}/record/delete")]
async fn delete(
    ctx: Ctx,
    state: web::Data<AppState>,
    BoardPath { round: n, board: b }: BoardPath,
    Arbitrated {
        event,
        user,
        access,
    }: Arbitrated,
    form: CsrfForm<DeleteForm>,
) -> AppResult<HttpResponse> {
    let f = form.0;
    let game = GameRef::Board {
        round: n,
        board: b,
        game: f.game,
    };
    let why = (f.reason.as_str(), f.confirm.is_some());
    match service::records::delete(&state.db, &user, &event, game, why).await {
        Ok(()) => Ok(redirect(&format!(
            "/events/{}/rounds/{n}/boards/{b}/record",
            event.id
        ))),
        Err(e) => {
            let (status, error) = inline_refusal(e, ctx.lang)?;
            let found = service::records::board_records(&state.db, &event, access, (n, b)).await?;
            let draft = (f.game, String::new(), None);
            let mut p = page(ctx, &state, (event, access), found, draft).await?;
            p.delete = DeleteSentBack(Some((f.game, f.reason, error)));
            render_status(&p, status)
        }
    }
}

// Knockout games.

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordBody {
    record: String,
}

/// Submits a game's move record; answers the verdict JSON (see `service::records::submit`).
#[post("/api/events/{id}/knockout/matches/{m}/games/{g}/record")]
async fn api_knockout_submit(
    state: web::Data<AppState>,
    path: MatchGamePath,
    Arbitrated { event, user, .. }: Arbitrated,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let b: RecordBody = super::api::parse_json(&body)?;
    let game = knockout_game(&path);
    let out = service::records::submit(&state.db, &user, &event, game, &b.record).await?;
    Ok(HttpResponse::Ok().json(out))
}

/// The game of a knockout path.
fn knockout_game(path: &MatchGamePath) -> GameRef {
    GameRef::Knockout {
        match_id: path.match_id,
        game: path.game,
    }
}

/// A game's stored record and verdict: `{"match","game","record","verdict","legal"}`; 404 while
/// secret to this visitor.
#[get("/api/events/{id}/knockout/matches/{m}/games/{g}/record")]
async fn api_knockout_show(
    state: web::Data<AppState>,
    path: MatchGamePath,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let r = service::records::visible(&state.db, &event, access, knockout_game(&path)).await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "match": path.match_id,
        "game": r.game_no,
        "record": r.record,
        "verdict": r.verdict,
        "legal": r.legal,
    })))
}

#[derive(Template)]
#[template(path = "records/knockout.html")]
struct KnockoutRecordPage {
    ctx: Ctx,
    event: Event,
    access: Access,
    match_id: u32,
    game_no: u32,
    /// The game's result in the bracket, as shown.
    entered: &'static str,
    record: Option<RecordView>,
    draft: String,
    error: Option<String>,
    /// A knockout game is one game: no game choice on the form.
    games: Vec<u32>,
    /// The delete form sent back.
    delete: DeleteSentBack,
}

async fn knockout_page(
    ctx: Ctx,
    state: &AppState,
    event: Event,
    access: Access,
    (m, g): (u32, u32),
    draft: (String, Option<String>),
) -> AppResult<KnockoutRecordPage> {
    let (_, bracket) = service::bracket::seeded(&state.db, &event).await?;
    let slot = deal_slot(&event, &bracket, m, g)?;
    let game = bracket
        .get(crate::knockout::MatchId(m))
        .map_err(|_| AppError::NotFound)?
        .games()
        .into_iter()
        .find(|x| x.number == g);
    let game_ref = GameRef::Knockout {
        match_id: m,
        game: g,
    };
    let record = service::records::record_page_record(&state.db, &event, access, game_ref).await?;
    let entered = game.and_then(|x| x.result);
    let secret =
        service::policy::records_secret(&state.db, event.id, slot.round, slot.game).await?;
    Ok(KnockoutRecordPage {
        record: record.map(|r| {
            RecordView::new(
                r,
                entered.and_then(crate::round::BoardResult::from_game),
                true,
                secret,
                ctx.lang,
            )
        }),
        entered: entered
            .and_then(crate::round::BoardResult::from_game)
            .map_or("", crate::round::BoardResult::display),
        match_id: m,
        game_no: g,
        draft: draft.0,
        error: draft.1,
        games: Vec::new(),
        delete: DeleteSentBack::default(),
        ctx,
        event,
        access,
    })
}

/// The record page of a knockout game (arbiters: with the submission form).
#[get("/events/{id}/knockout/matches/{m}/games/{g}/record")]
async fn knockout_show(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: MatchGamePath,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let at = (path.match_id, path.game);
    render(&knockout_page(ctx, &state, event, access, at, (String::new(), None)).await?)
}

#[derive(serde::Deserialize)]
struct KnockoutSubmitForm {
    record: String,
}

/// Submits a record from the page; an unreadable record is shown again with the reason.
#[post("/events/{id}/knockout/matches/{m}/games/{g}/record")]
async fn knockout_submit(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: MatchGamePath,
    Arbitrated {
        event,
        user,
        access,
    }: Arbitrated,
    form: CsrfForm<KnockoutSubmitForm>,
) -> AppResult<HttpResponse> {
    let (m, g) = (path.match_id, path.game);
    let typed = form.0.record;
    match service::records::submit(&state.db, &user, &event, knockout_game(&path), &typed).await {
        Ok(_) => Ok(redirect(&format!(
            "/events/{}/knockout/matches/{m}/games/{g}/record",
            event.id
        ))),
        Err(ServiceError::Invalid { reason, .. } | ServiceError::Refused(reason)) => {
            let reason = ctx.lang.reason(&reason);
            let p =
                knockout_page(ctx, &state, event, access, (m, g), (typed, Some(reason))).await?;
            render_status(&p, actix_web::http::StatusCode::BAD_REQUEST)
        }
        Err(e) => Err(e.into()),
    }
}

/// Deletes a knockout game's record and its verdict (the game's result in the bracket stays),
/// with a reason and the confirmation.
#[post("/events/{id}/knockout/matches/{m}/games/{g}/record/delete")]
async fn knockout_delete(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: MatchGamePath,
    Arbitrated {
        event,
        user,
        access,
    }: Arbitrated,
    form: CsrfForm<DeleteForm>,
) -> AppResult<HttpResponse> {
    let (m, g) = (path.match_id, path.game);
    let f = form.0;
    let why = (f.reason.as_str(), f.confirm.is_some());
    match service::records::delete(&state.db, &user, &event, knockout_game(&path), why).await {
        Ok(()) => Ok(redirect(&format!(
            "/events/{}/knockout/matches/{m}/games/{g}/record",
            event.id
        ))),
        Err(e) => {
            let (status, error) = inline_refusal(e, ctx.lang)?;
            let mut p =
                knockout_page(ctx, &state, event, access, (m, g), (String::new(), None)).await?;
            p.delete = DeleteSentBack(Some((g, f.reason, error)));
            render_status(&p, status)
        }
    }
}
