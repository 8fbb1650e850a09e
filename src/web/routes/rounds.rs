//! Swiss rounds: the rounds index (pairing controls for arbiters), a round's pairings with fast result
//! entry, drafts (review, manual fixes with a reason, publish or discard), byes and withdrawals.

use std::collections::HashMap;

use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use super::{redirect, render};
use crate::i18n::Reason;
use crate::round::{Absence, BoardResult};
use crate::rules::Color;
use crate::service::event_state::EventState;
use crate::service::policy::Access;
use crate::service::policy::{round_records_visibility, round_visible};
use crate::service::{self, ServiceError};
use crate::store::{self, events::Event, rounds::Round, rounds::RoundData};
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};
use crate::web::extract::{Arbitrated, EventView};
use crate::web::points::show as show_points;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(index)
        .service(pair)
        .service(show)
        .service(results)
        .service(publish)
        .service(discard)
        .service(fix_board)
        .service(fix_board_form)
        .service(request_bye)
        .service(withdraw)
        .service(report);
}

/// A round in the index.
struct RoundRow {
    number: u32,
    published: bool,
    boards: usize,
    pending: usize,
}

/// A player as the round pages show them.
pub struct Seat {
    /// Start number.
    pub start: u32,
    /// Name.
    pub name: String,
    /// Score before the round.
    pub score: String,
}

/// A board as the round pages show it.
pub struct BoardView {
    /// Board number.
    pub no: u32,
    /// Red.
    pub red: Seat,
    /// Black; `None` for the bye.
    pub black: Option<Seat>,
    /// Stored form of the result.
    pub result: String,
    /// Shown form of the result.
    pub shown: String,
    /// Version for the concurrency check.
    pub version: i64,
    /// Changed by hand.
    pub manual: bool,
    /// A player's report awaiting confirmation.
    pub reported: Option<&'static str>,
    /// Records submitted.
    pub has_record: bool,
}

#[derive(Template)]
#[template(path = "rounds/index.html")]
struct IndexPage {
    ctx: Ctx,
    event: Event,
    access: Access,
    rounds: Vec<RoundRow>,
    next_round: u32,
    can_pair: bool,
    byes: Vec<(u32, u32, String, &'static str)>,
    players: Vec<(u32, String, Option<u32>)>,
}

#[get("/events/{id}/rounds")]
async fn index(
    ctx: Ctx,
    state: web::Data<AppState>,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let es = state.events.get(&state.db, &event).await?;
    let rounds: Vec<RoundRow> = es
        .rounds
        .iter()
        .filter(|r| round_visible(access, &r.round))
        .map(|r| RoundRow {
            number: r.round.number,
            published: r.round.published,
            boards: r.boards.len(),
            pending: r.boards.iter().filter(|b| b.is_pending()).count(),
        })
        .collect();
    let next_round = rounds.len() as u32 + 1;
    let can_pair = access.arbitrate && next_round <= event.settings.swiss_rounds;
    let (byes, players) = if access.arbitrate {
        let byes = store::rounds::bye_requests(&state.db, event.id)
            .await?
            .into_iter()
            .map(|(r, s, k)| (r, s, es.name(s).to_string(), absence_key(k)))
            .collect();
        let players = store::players::list(&state.db, event.id)
            .await?
            .into_iter()
            .map(|p| (p.start_no as u32, p.entry.name, p.withdrawn_from))
            .collect();
        (byes, players)
    } else {
        (vec![], vec![])
    };
    render(&IndexPage {
        ctx,
        event,
        access,
        rounds,
        next_round,
        can_pair,
        byes,
        players,
    })
}

fn absence_key(a: Absence) -> &'static str {
    match a {
        Absence::HalfBye => "bye_half",
        Absence::FullBye => "bye_full",
        Absence::ZeroBye => "bye_zero",
    }
}

#[derive(serde::Deserialize)]
struct PairForm {
    #[serde(default)]
    lot: String,
}

#[post("/events/{id}/rounds")]
async fn pair(
    ctx: Ctx,
    state: web::Data<AppState>,
    Arbitrated { event, .. }: Arbitrated,
    form: CsrfForm<PairForm>,
) -> AppResult<HttpResponse> {
    let me = ctx.require_user()?;
    let lot = match form.lot.as_str() {
        "red" => Some(Color::Red),
        "black" => Some(Color::Black),
        _ => None,
    };
    let round = service::rounds::pair_next(&state.db, me, &event, lot, false).await?;
    Ok(redirect(&format!(
        "/events/{}/rounds/{}",
        event.id, round.number
    )))
}

/// The boards of a round with names and scores before the round (from the event's kept state).
pub fn board_views(es: &EventState, round: &RoundData) -> Vec<BoardView> {
    let t = &es.tournament;
    let before = round.round.number.saturating_sub(1).min(t.rounds_played);
    let seat = |start: u32| Seat {
        start,
        name: es
            .players
            .get(&start)
            .map(|p| p.name.clone())
            .unwrap_or_else(|| format!("#{start}")),
        score: if t.player(start).is_some() {
            show_points(t.score_after(start, before))
        } else {
            String::new()
        },
    };
    round
        .boards
        .iter()
        .map(|b| BoardView {
            no: b.board_no,
            red: seat(b.red),
            black: b.black.map(seat),
            // A Banqi match shows its score and is typed as its games (`1=0`).
            result: match (&b.games, b.result) {
                (Some(g), Some(_)) => g.games.clone(),
                (_, r) => r.map(|r| r.as_str().to_string()).unwrap_or_default(),
            },
            shown: match (&b.games, b.result) {
                (Some(g), Some(_)) => g.display(),
                (_, r) => r.map(BoardResult::display).unwrap_or("").to_string(),
            },
            version: b.version,
            manual: b.manual,
            reported: b.reported.map(|(r, _)| r.display()),
            has_record: es.with_records.contains(&b.id),
        })
        .collect()
}

#[derive(Template)]
#[template(path = "rounds/show.html")]
struct RoundPage {
    ctx: Ctx,
    event: Event,
    access: Access,
    round: Round,
    boards: Vec<BoardView>,
    absences: Vec<(u32, String, &'static str)>,
    results: Vec<BoardResult>,
    my_board: Option<u32>,
    notes: Vec<String>,
    /// Banqi pairings play a match: results are typed as the games (`1=0`).
    match_games: Option<u32>,
    /// Whether the ♟ links to the boards' records are shown to this visitor.
    records_visible: bool,
    round_deals: super::deals::RoundDeals,
}

#[derive(serde::Deserialize, Default)]
struct NotesQuery {
    #[serde(default)]
    stale: Option<String>,
}

#[get("/events/{id}/rounds/{n}")]
async fn show(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, u32)>,
    q: web::Query<NotesQuery>,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let (_, n) = path.into_inner();
    let es = state.events.get(&state.db, &event).await?;
    let data = es
        .round(n)
        .filter(|r| round_visible(access, &r.round))
        .ok_or(AppError::NotFound)?;
    let round = data.round.clone();
    let mut boards = board_views(&es, data);
    // Records of a game under a sealed deal stay secret (RULES.md §9): not even their existence shows.
    let (may_see, records_visible) =
        round_records_visibility(access, &round, &es.deals, crate::deal::GameNumber::Game(1));
    if !may_see {
        boards.iter_mut().for_each(|b| b.has_record = false);
    }
    let round_deals = super::deals::round_deals(&event, access, round.number, &es.deals);
    let absences = data
        .absences
        .iter()
        .map(|&(s, k)| (s, es.name(s).to_string(), absence_key(k)))
        .collect();
    let my_start = ctx.user.as_ref().and_then(|u| {
        es.players
            .iter()
            .find(|(_, p)| p.user_id == Some(u.id))
            .map(|(start, _)| *start)
    });
    // A linked player sees a form to report the result of their own unfinished board.
    let my_board = my_start.and_then(|me| {
        boards
            .iter()
            .find(|b| {
                b.result.is_empty()
                    && b.black
                        .as_ref()
                        .is_some_and(|x| x.start == me || b.red.start == me)
            })
            .map(|b| b.no)
    });
    // Only board numbers of this round are shown back: never text a link's author chose.
    let notes = q
        .stale
        .iter()
        .flat_map(|s| s.split(','))
        .filter_map(|s| s.trim().parse::<u32>().ok())
        .filter(|n| boards.iter().any(|b| b.no == *n))
        .map(|n| n.to_string())
        .collect();
    let match_games = event
        .settings
        .plays_matches()
        .then_some(event.settings.best_of);
    render(&RoundPage {
        ctx,
        event,
        access,
        round,
        boards,
        absences,
        results: BoardResult::ALL.to_vec(),
        my_board,
        notes,
        records_visible,
        round_deals,
        match_games,
    })
}

/// Result entry for the whole round at once: fields `r<board>` (the result as typed: `1-0`, `1`, `0`,
/// `=`, `+`, `-+`, `--`, or empty for none) and `v<board>` (the version the form was loaded with).
#[post("/events/{id}/rounds/{n}/results")]
async fn results(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, u32)>,
    Arbitrated { event, .. }: Arbitrated,
    form: CsrfForm<HashMap<String, String>>,
) -> AppResult<HttpResponse> {
    let (_, n) = path.into_inner();
    let me = ctx.require_user()?;
    let round = store::rounds::get(&state.db, event.id, n)
        .await?
        .ok_or(AppError::NotFound)?;
    let boards = store::rounds::boards(&state.db, round.id).await?;
    // Parse everything first: one bad entry changes nothing.
    let mut changes = Vec::new();
    for b in boards.iter().filter(|b| !b.is_bye()) {
        let Some(typed) = form.get(&format!("r{}", b.board_no)) else {
            continue;
        };
        let (result, games) = service::rounds::parse_typed(&event, b.board_no, typed)?;
        let version = form
            .get(&format!("v{}", b.board_no))
            .and_then(|v| v.parse::<i64>().ok())
            .ok_or_else(|| {
                AppError::invalid(Reason::new("err_version_missing").arg("board", b.board_no))
            })?;
        if result != b.result || games != b.games || version != b.version {
            changes.push((b.board_no, version, typed.clone()));
        }
    }
    let mut stale = Vec::new();
    for (board_no, version, typed) in changes {
        match service::rounds::enter_typed(
            &state.db,
            me,
            &event,
            &round,
            board_no,
            Some(version),
            &typed,
        )
        .await
        {
            Ok(_) => {}
            Err(ServiceError::Stale { .. } | ServiceError::Conflict(_)) => {
                stale.push(board_no.to_string())
            }
            Err(e) => return Err(e.into()),
        }
    }
    let query = if stale.is_empty() {
        String::new()
    } else {
        format!("?stale={}", stale.join(","))
    };
    Ok(redirect(&format!(
        "/events/{}/rounds/{}{query}",
        event.id, n
    )))
}

#[derive(serde::Deserialize)]
struct Empty {}

#[post("/events/{id}/rounds/{n}/publish")]
async fn publish(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, u32)>,
    Arbitrated { event, .. }: Arbitrated,
    _f: CsrfForm<Empty>,
) -> AppResult<HttpResponse> {
    let (_, n) = path.into_inner();
    let round = store::rounds::get(&state.db, event.id, n)
        .await?
        .ok_or(AppError::NotFound)?;
    if !round.published {
        service::rounds::check_draft(&state.db, &round).await?;
        service::deals::require_round_dealt(&state.db, &event, n).await?;
        store::rounds::publish(&state.db, ctx.require_user()?, event.id, &round).await?;
    }
    Ok(redirect(&format!("/events/{}/rounds/{}", event.id, n)))
}

#[post("/events/{id}/rounds/{n}/discard")]
async fn discard(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, u32)>,
    Arbitrated { event, .. }: Arbitrated,
    _f: CsrfForm<Empty>,
) -> AppResult<HttpResponse> {
    let (_, n) = path.into_inner();
    let round = store::rounds::get(&state.db, event.id, n)
        .await?
        .ok_or(AppError::NotFound)?;
    if round.published {
        return Err(AppError::not_now(
            Reason::new("err_published_not_discarded").arg("round", n),
        ));
    }
    store::rounds::delete_draft(&state.db, ctx.require_user()?, event.id, &round).await?;
    Ok(redirect(&format!("/events/{}/rounds", event.id)))
}

#[derive(serde::Deserialize)]
struct FixForm {
    red: String,
    #[serde(default)]
    black: String,
    reason: String,
}

/// A manual change of a draft board's players (flagged and logged with the reason). The other board
/// the moved players came from must be fixed too: publishing refuses a round where anyone plays twice.
#[post("/events/{id}/rounds/{n}/boards/{b}/players")]
async fn fix_board(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, u32, u32)>,
    Arbitrated { event, .. }: Arbitrated,
    form: CsrfForm<FixForm>,
) -> AppResult<HttpResponse> {
    let (_, n, b) = path.into_inner();
    fix_board_players(&ctx, &state, &event, (n, b), &form.0).await
}

#[derive(serde::Deserialize)]
struct FixPageForm {
    board: String,
    #[serde(flatten)]
    fix: FixForm,
}

/// The round page's manual-pairing form: the board number is a field, so the form needs no script.
#[post("/events/{id}/rounds/{n}/fix")]
async fn fix_board_form(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, u32)>,
    Arbitrated { event, .. }: Arbitrated,
    form: CsrfForm<FixPageForm>,
) -> AppResult<HttpResponse> {
    let (_, n) = path.into_inner();
    let b = form.board.trim().parse::<u32>().map_err(|_| {
        AppError::invalid(Reason::new("err_not_a_board").arg("typed", form.board.trim()))
    })?;
    fix_board_players(&ctx, &state, &event, (n, b), &form.0.fix).await
}

async fn fix_board_players(
    ctx: &Ctx,
    state: &AppState,
    event: &Event,
    (n, b): (u32, u32),
    form: &FixForm,
) -> AppResult<HttpResponse> {
    let round = store::rounds::get(&state.db, event.id, n)
        .await?
        .ok_or(AppError::NotFound)?;
    if round.published {
        return Err(AppError::not_now(
            Reason::new("err_published_not_fixed").arg("round", n),
        ));
    }
    let board = store::rounds::board(&state.db, round.id, b)
        .await?
        .ok_or(AppError::NotFound)?;
    let names = service::rounds::names(&state.db, event.id).await?;
    let start = |field: &str, s: &str| -> AppResult<u32> {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| names.contains_key(n))
            .ok_or_else(|| {
                AppError::invalid(
                    Reason::new("err_not_a_start_here")
                        .arg("field", field)
                        .arg("typed", s.trim()),
                )
            })
    };
    let red = start("red", &form.red)?;
    let black = if form.black.trim().is_empty() {
        None
    } else {
        Some(start("black", &form.black)?)
    };
    if black == Some(red) {
        return Err(AppError::invalid(Reason::new("err_plays_themselves")));
    }
    if let Err(e) = crate::text::check_line(&form.reason, 200) {
        return Err(AppError::invalid(e.reason()));
    }
    if form.reason.trim().is_empty() {
        return Err(AppError::invalid(Reason::new("err_pairing_reason")));
    }
    store::rounds::set_board_players(
        &state.db,
        ctx.require_user()?,
        event.id,
        &round,
        &board,
        (red, black),
        form.reason.trim(),
    )
    .await?;
    Ok(redirect(&format!("/events/{}/rounds/{}", event.id, n)))
}

#[derive(serde::Deserialize)]
struct ByeForm {
    start: String,
    round: String,
    kind: String,
}

#[post("/events/{id}/byes")]
async fn request_bye(
    ctx: Ctx,
    state: web::Data<AppState>,
    Arbitrated { event, .. }: Arbitrated,
    form: CsrfForm<ByeForm>,
) -> AppResult<HttpResponse> {
    let names = service::rounds::names(&state.db, event.id).await?;
    let start = form
        .start
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|s| names.contains_key(s));
    let start = start.ok_or_else(|| {
        AppError::invalid(Reason::new("err_not_a_start").arg("typed", form.start.trim()))
    })?;
    let paired = store::rounds::list(&state.db, event.id).await?.len() as u32;
    let round = form
        .round
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|r| *r > paired && *r <= event.settings.swiss_rounds);
    let round = round.ok_or_else(|| {
        AppError::invalid(
            Reason::new("err_not_a_round_to_pair")
                .arg("typed", form.round.trim())
                .arg("first", paired + 1)
                .arg("last", event.settings.swiss_rounds),
        )
    })?;
    let kind = Absence::parse(&form.kind)
        .ok_or_else(|| AppError::invalid(Reason::new("err_bye_kind").arg("typed", &form.kind)))?;
    store::rounds::request_bye(&state.db, ctx.require_user()?, event.id, round, start, kind)
        .await?;
    Ok(redirect(&format!("/events/{}/rounds", event.id)))
}

#[derive(serde::Deserialize)]
struct WithdrawForm {
    start: String,
}

#[post("/events/{id}/withdraw")]
async fn withdraw(
    ctx: Ctx,
    state: web::Data<AppState>,
    Arbitrated { event, .. }: Arbitrated,
    form: CsrfForm<WithdrawForm>,
) -> AppResult<HttpResponse> {
    let start = form.start.trim().parse::<u32>().map_err(|_| {
        AppError::invalid(Reason::new("err_not_a_start").arg("typed", form.start.trim()))
    })?;
    let from = store::rounds::list(&state.db, event.id).await?.len() as u32 + 1;
    if !store::rounds::withdraw(&state.db, ctx.require_user()?, event.id, start, from).await? {
        return Err(AppError::invalid(
            Reason::new("err_no_player").arg("start", start),
        ));
    }
    Ok(redirect(&format!("/events/{}/rounds", event.id)))
}

#[derive(serde::Deserialize)]
struct ReportForm {
    result: String,
}

/// A player reports their own board's result; when the opponent reports the same result it is
/// confirmed and entered (an arbiter may also confirm by entering it).
#[post("/events/{id}/rounds/{n}/boards/{b}/report")]
async fn report(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, u32, u32)>,
    EventView { event, access }: EventView,
    form: CsrfForm<ReportForm>,
) -> AppResult<HttpResponse> {
    let (_, n, b) = path.into_inner();
    let me = ctx.require_user()?.clone();
    let round = service::rounds::visible_round(&state.db, &event, access, n).await?;
    let board = store::rounds::board(&state.db, round.id, b)
        .await?
        .ok_or(AppError::NotFound)?;
    let mine = store::players::list(&state.db, event.id).await?;
    let my_start = mine
        .iter()
        .find(|p| p.user_id == Some(me.id))
        .map(|p| p.start_no as u32);
    if !my_start.is_some_and(|s| s == board.red || Some(s) == board.black) {
        return Err(AppError::Forbidden);
    }
    let result = BoardResult::parse(&form.result)
        .filter(|r| r.is_played())
        .ok_or_else(|| {
            AppError::invalid(Reason::new("err_not_a_result").arg("typed", &form.result))
        })?;
    if board.result.is_some() {
        return Err(AppError::not_now(
            Reason::new("err_board_has_result").arg("board", b),
        ));
    }
    match board.reported {
        Some((reported, by)) if reported == result && by != me.id => {
            // The opponent confirms: the result is entered.
            service::rounds::enter_result(
                &state.db,
                &me,
                &event,
                &round,
                b,
                Some(board.version),
                Some(result),
            )
            .await?;
        }
        _ => store::rounds::report_result(&state.db, &me, event.id, &round, &board, result).await?,
    }
    Ok(redirect(&format!("/events/{}/rounds/{}", event.id, n)))
}
