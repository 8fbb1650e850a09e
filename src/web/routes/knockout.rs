//! Knockout pages (RULES.md §8): seeding from the Swiss standings, the live bracket, match pages with
//! each game (lot, results, the decider's colour, forfeits), withdrawals, and the pairings print sheet.

use std::collections::HashMap;

use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use super::rounds::shown_report;
use super::{redirect, render};
use crate::knockout::Input;
use crate::knockout::{Bracket, Decision, Match, MatchId, MatchKind, MatchState};
use crate::rules::Color;
use crate::rules::adjudicate::GameResult;
use crate::service;
use crate::service::Event;
use crate::service::knockout::SeedOptions;
use crate::service::policy::Access;
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};
use crate::web::extract::{Arbitrated, EventView, MatchGamePath, MatchNo};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(bracket_page)
        .service(seed)
        .service(discard)
        .service(print_sheet)
        .service(match_slips)
        .service(withdraw)
        .service(match_page)
        .service(report_game)
        .service(lot)
        .service(game_result)
        .service(decider)
        .service(forfeit);
}

/// A player in a bracket line.
pub struct Line {
    /// Knockout seed.
    pub seed: u32,
    /// Start number.
    pub start: u32,
    /// Name.
    pub name: String,
}

/// One line of a match: the player (unknown `None`), game points and whether they advanced.
pub struct LineRow {
    /// The player, once known.
    pub line: Option<Line>,
    /// Game points, shown with ½.
    pub score: String,
    /// Whether this player advanced.
    pub won: bool,
}

/// A match as the bracket and match pages show it.
pub struct MatchView {
    /// Match id.
    pub id: u32,
    /// Whether this is the 3rd-place match.
    pub third_place: bool,
    /// The two lines, upper first.
    pub rows: Vec<LineRow>,
    /// Translation key of the match's state.
    pub status: &'static str,
}

/// A round of the bracket.
pub struct RoundView {
    /// Translation key of the round's name.
    pub name: &'static str,
    /// "16" for "Round of 16", else empty.
    pub size: String,
    /// Its matches, top to bottom.
    pub matches: Vec<MatchView>,
}

/// Shows game points: `1½`, `2`, `½`.
pub(super) fn show_score(points: f64) -> String {
    let halves = (points * 2.0).round() as i64;
    match (halves / 2, halves % 2) {
        (0, 1) => "½".to_string(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

/// The translation key of a round's name and the player count for "Round of N".
fn status_key(m: &Match) -> &'static str {
    match m.state() {
        MatchState::Waiting => "ko_waiting",
        MatchState::AwaitingLot => "ko_awaiting_lot",
        MatchState::AwaitingDeciderColour => "ko_awaiting_decider_colour",
        MatchState::GameDue(_) => "ko_in_play",
        MatchState::Decided { how, .. } => match how {
            Decision::Score => "ko_won",
            Decision::DeciderWon => "ko_decider_won",
            Decision::DeciderDrawnBlackAdvances => "ko_decider_drawn",
            Decision::PlayOnWon => "ko_play_on_won",
            Decision::HigherSeed => "ko_higher_seed",
            Decision::Forfeit => "ko_forfeit",
        },
    }
}

fn name_of(names: &HashMap<u32, (String, String)>, start: u32) -> String {
    names
        .get(&start)
        .map(|n| n.0.clone())
        .unwrap_or_else(|| format!("#{start}"))
}

fn match_view(m: &Match, names: &HashMap<u32, (String, String)>) -> MatchView {
    let score = m.score();
    let winner = match m.state() {
        MatchState::Decided { winner, .. } => Some(winner.index()),
        _ => None,
    };
    MatchView {
        id: m.id().0,
        third_place: m.kind() == MatchKind::ThirdPlace,
        rows: m
            .entrants()
            .iter()
            .enumerate()
            .map(|(i, e)| LineRow {
                line: e.map(|e| Line {
                    seed: e.seed,
                    start: e.start,
                    name: name_of(names, e.start),
                }),
                score: show_score(score[i]),
                won: winner == Some(i),
            })
            .collect(),
        status: status_key(m),
    }
}

fn rounds_view(bracket: &Bracket, names: &HashMap<u32, (String, String)>) -> Vec<RoundView> {
    bracket
        .rounds()
        .iter()
        .enumerate()
        .map(|(r, matches)| {
            let (name, size) = service::bracket::round_name(bracket, r);
            RoundView {
                name,
                size,
                matches: matches.iter().map(|m| match_view(m, names)).collect(),
            }
        })
        .collect()
}

#[derive(Template)]
#[template(path = "knockout/bracket.html")]
struct BracketPage {
    ctx: Ctx,
    event: Event,
    access: Access,
    rounds: Vec<RoundView>,
    seeded: bool,
    finished: bool,
    /// Why seeding is not possible yet (Swiss unfinished, no knockout stage).
    blocker: Option<String>,
    can_discard: bool,
    withdrawals: Vec<(u32, String, String)>,
    qualifiers: Vec<Line>,
    /// A form sent back (`seed`, `discard`, `withdraw`) and why it was refused.
    refusal: Option<(&'static str, String)>,
}

impl BracketPage {
    /// The refusal shown beside form `form`, if it is the one sent back.
    fn refusal_of(&self, form: &str) -> Option<&str> {
        self.refusal
            .as_ref()
            .filter(|(f, _)| *f == form)
            .map(|(_, r)| r.as_str())
    }
}

#[get("/events/{id}/knockout")]
async fn bracket_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    render(&bracket_model(ctx, &state, event, access).await?)
}

/// Back to the bracket after one of its forms (`seed`, `discard`, `withdraw`): the page when it was
/// done, else the page with the refusal beside the form.
async fn bracket_answer<T>(
    (ctx, state): (Ctx, &AppState),
    Arbitrated { event, access, .. }: Arbitrated,
    form: &'static str,
    done: AppResult<T>,
) -> AppResult<HttpResponse> {
    match done {
        Ok(_) => Ok(redirect(&format!("/events/{}/knockout", event.id))),
        Err(e) => {
            let (status, why) = crate::web::extract::inline_app_refusal(e, ctx.lang)?;
            let mut page = bracket_model(ctx, state, event, access).await?;
            page.refusal = Some((form, why));
            super::render_status(&page, status)
        }
    }
}

async fn bracket_model(
    ctx: Ctx,
    state: &AppState,
    event: Event,
    access: Access,
) -> AppResult<BracketPage> {
    let names = service::rounds::names(&state.db, event.id).await?;
    let loaded = service::knockout::load(&state.db, &event).await?;
    let blocker = match &loaded {
        Some(_) => None,
        None if event.settings.knockout_size == 0 => Some(
            ctx.lang
                .reason(&crate::i18n::Reason::new("svc_no_knockout_stage")),
        ),
        None => service::knockout::swiss_unfinished(&state.db, &event)
            .await?
            .map(|r| ctx.lang.reason(&r)),
    };
    let (rounds, finished, can_discard, withdrawals, qualifiers) = match &loaded {
        Some((stored, b)) => (
            rounds_view(b, &names),
            b.is_finished(),
            stored.inputs.iter().all(|i| matches!(i, Input::Lot { .. })),
            b.withdrawals()
                .iter()
                .map(|(s, reason)| (*s, name_of(&names, *s), reason.clone()))
                .collect(),
            (1..)
                .zip(b.qualifiers())
                .map(|(n, &start)| Line {
                    seed: n,
                    start,
                    name: name_of(&names, start),
                })
                .collect(),
        ),
        None => (Vec::new(), false, false, Vec::new(), Vec::new()),
    };
    Ok(BracketPage {
        refusal: None,
        ctx,
        event,
        access,
        rounds,
        seeded: loaded.is_some(),
        finished,
        blocker,
        can_discard,
        withdrawals,
        qualifiers,
    })
}

#[derive(serde::Deserialize)]
struct SeedForm {
    #[serde(default)]
    tie_rule: String,
    #[serde(default)]
    third_place: Option<String>,
    #[serde(default)]
    auto_lots: Option<String>,
}

/// Seeds the bracket from the Swiss standings (checkboxes: 3rd-place match, lots drawn automatically).
#[post("/events/{id}/knockout")]
async fn seed(
    ctx: Ctx,
    state: web::Data<AppState>,
    arb: Arbitrated,
    form: CsrfForm<SeedForm>,
) -> AppResult<HttpResponse> {
    let done = async {
        // The form always shows both boxes, so a box not sent is a box unticked.
        let options = SeedOptions::parse(
            Some(&form.tie_rule),
            Some(form.third_place.is_some()),
            Some(form.auto_lots.is_some()),
        )?;
        Ok(service::knockout::seed(&state.db, &arb.user, &arb.event, options).await?)
    }
    .await;
    bracket_answer((ctx, &state), arb, "seed", done).await
}

/// Discards a bracket before any game is played.
#[post("/events/{id}/knockout/discard")]
async fn discard(
    ctx: Ctx,
    state: web::Data<AppState>,
    arb: Arbitrated,
    _f: CsrfForm<super::Empty>,
) -> AppResult<HttpResponse> {
    let done = service::knockout::discard(&state.db, &arb.user, &arb.event)
        .await
        .map_err(AppError::from);
    bracket_answer((ctx, &state), arb, "discard", done).await
}

#[derive(serde::Deserialize)]
struct WithdrawForm {
    start: String,
    reason: String,
}

fn start_field(field: &str, text: &str) -> AppResult<u32> {
    text.trim().parse::<u32>().map_err(|_| {
        AppError::invalid(
            crate::i18n::Reason::new("err_not_a_start")
                .arg("field", field)
                .arg("typed", text.trim()),
        )
    })
}

fn reason_field(text: &str) -> AppResult<String> {
    let reason = crate::text::check_line(text, 200).map_err(|e| AppError::invalid(e.reason()))?;
    if reason.is_empty() {
        return Err(AppError::invalid(crate::i18n::Reason::new(
            "err_reason_needed",
        )));
    }
    Ok(reason.to_string())
}

/// A qualifier withdraws from the event: they forfeit every match they reach.
#[post("/events/{id}/knockout/withdraw")]
async fn withdraw(
    ctx: Ctx,
    state: web::Data<AppState>,
    arb: Arbitrated,
    form: CsrfForm<WithdrawForm>,
) -> AppResult<HttpResponse> {
    let done = async {
        let input = Input::Withdrawal {
            start: start_field("start", &form.start)?,
            reason: reason_field(&form.reason)?,
        };
        Ok(service::knockout::record(&state.db, &arb.user, &arb.event, input, None).await?)
    }
    .await;
    bracket_answer((ctx, &state), arb, "withdraw", done).await
}

/// A game on the print sheet or the match page.
pub struct GameView {
    /// Match id.
    pub match_id: u32,
    /// Translation key of the round's name.
    pub round: &'static str,
    /// "16" for "Round of 16".
    pub round_size: String,
    /// Whether the match is the 3rd-place match.
    pub third_place: bool,
    /// Game number in the match.
    pub number: u32,
    /// Whether it is the decider.
    pub decider: bool,
    /// Red's start number and name (unknown until the lot or decider choice).
    pub red: Option<(u32, String)>,
    /// Black likewise.
    pub black: Option<(u32, String)>,
    /// The result as shown (`1–0`, `½–½`).
    pub shown: &'static str,
}

fn shown(r: GameResult) -> &'static str {
    match r {
        GameResult::RedWins => "1–0",
        GameResult::BlackWins => "0–1",
        GameResult::Draw => "½–½",
        GameResult::Unknown => "",
    }
}

fn game_views(
    bracket: &Bracket,
    m: &Match,
    names: &HashMap<u32, (String, String)>,
) -> Vec<GameView> {
    let round = bracket.round_of(m.id()).unwrap_or(0);
    let (name, size) = service::bracket::round_name(bracket, round);
    m.games()
        .iter()
        .map(|g| {
            let player = |slot: crate::knockout::Slot| {
                m.entrant(slot).map(|e| (e.start, name_of(names, e.start)))
            };
            GameView {
                match_id: m.id().0,
                round: name,
                round_size: size.clone(),
                third_place: m.kind() == MatchKind::ThirdPlace,
                number: g.number,
                decider: g.deal_game == crate::deal::GameNumber::Decider,
                red: g.red.and_then(player),
                black: g.red.and_then(|r| player(r.other())),
                shown: g.result.map_or("", shown),
            }
        })
        .collect()
}

#[derive(Template)]
#[template(path = "knockout/print.html")]
struct PrintPage {
    ctx: Ctx,
    event: Event,
    games: Vec<GameView>,
}

/// The pairings sheet of every game due now (A4), one line per board.
#[get("/events/{id}/knockout/print")]
async fn print_sheet(
    ctx: Ctx,
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
) -> AppResult<HttpResponse> {
    let (_, bracket) = service::bracket::seeded(&state.db, &event).await?;
    let names = service::rounds::names(&state.db, event.id).await?;
    let games = bracket
        .due_games()
        .iter()
        .filter_map(|d| {
            let m = bracket.get(d.match_id).ok()?;
            game_views(&bracket, m, &names)
                .into_iter()
                .find(|g| g.number == d.number)
        })
        .collect();
    render(&PrintPage { ctx, event, games })
}

#[derive(Template)]
#[template(path = "knockout/slips.html")]
struct SlipsPage {
    ctx: Ctx,
    event: Event,
    slips: Vec<service::knockout_reports::MatchSlip>,
}

/// The result slips of every match ready to play, each player's half with their report link and
/// its QR code (arbiters).
#[get("/events/{id}/knockout/slips")]
async fn match_slips(
    ctx: Ctx,
    state: web::Data<AppState>,
    Arbitrated { event, .. }: Arbitrated,
) -> AppResult<HttpResponse> {
    render(&SlipsPage {
        slips: service::knockout_reports::slips(&state.db, &event).await?,
        ctx,
        event,
    })
}

#[derive(Template)]
#[template(path = "knockout/match.html")]
struct MatchPage {
    /// What the page says of the next game's deal (a note, and for arbiters the game to seal).
    next_deal: Option<service::deals::NextGameDeal>,
    /// A form sent back: which (`lot`, `result`, `correct`, `decider`, `forfeit`) and why it was
    /// refused, in the reader's language.
    refusal: Option<(&'static str, String)>,
    ctx: Ctx,
    event: Event,
    access: Access,
    round: &'static str,
    round_size: String,
    m: MatchView,
    games: Vec<GameView>,
    /// The game whose result is due now (colours known).
    due: Option<u32>,
    /// The last recorded game (may be corrected) and its result as stored (`1-0`…).
    last: Option<(u32, &'static str)>,
    /// Whether the lot may still be recorded (players known, game 1 unplayed).
    lot_open: bool,
    /// Whether the higher seed's decider colour may be recorded now.
    decider_open: bool,
    /// The higher seed, once both players are known.
    higher: Option<Line>,
    /// Whether the match can still be forfeited.
    open: bool,
    forfeit_reason: Option<String>,
    /// The bracket version, sent back by every form.
    version: i64,
    /// Game numbers whose scoresheet page this visitor may open (arbiters: every game).
    records: Vec<u32>,
    /// The players' reports of the game due (arbiters): start number, name, the report as shown.
    reports: Vec<(u32, String, String)>,
    /// The viewer's own game due, when their linked player plays in the match: its line, their
    /// report and the opponent's, the report form's choices.
    mine: Option<super::rounds::MyBoardView>,
    /// What became of the report just sent (`report_waiting` …), after its redirect.
    reported: Option<&'static str>,
}

impl MatchPage {
    /// The refusal shown beside form `form`, if it is the one sent back.
    fn refusal_of(&self, form: &str) -> Option<&str> {
        self.refusal
            .as_ref()
            .filter(|(f, _)| *f == form)
            .map(|(_, r)| r.as_str())
    }
}

async fn load_match(
    state: &AppState,
    event: &Event,
    m: u32,
) -> AppResult<(Bracket, HashMap<u32, (String, String)>, i64)> {
    let (stored, bracket) = service::bracket::seeded(&state.db, event).await?;
    bracket.get(MatchId(m)).map_err(|_| AppError::NotFound)?;
    Ok((
        bracket,
        service::rounds::names(&state.db, event.id).await?,
        stored.next_seq(),
    ))
}

#[get("/events/{id}/knockout/matches/{m}")]
async fn match_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    MatchNo(m): MatchNo,
    EventView { event, access }: EventView,
    q: web::Query<super::report::ReportQuery>,
) -> AppResult<HttpResponse> {
    let mut page = match_model(ctx, &state, event, access, m).await?;
    page.reported = super::rounds::reported_message(q.reported.as_deref());
    render(&page)
}

#[derive(serde::Deserialize)]
struct GameReportForm {
    #[serde(default)]
    result: String,
}

/// A linked player reports a game of their own match, as their report link would (see
/// `service::knockout_reports`): two matching reports enter it.
#[post("/events/{id}/knockout/matches/{m}/games/{g}/report")]
async fn report_game(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: MatchGamePath,
    EventView { event, .. }: EventView,
    form: CsrfForm<GameReportForm>,
) -> AppResult<HttpResponse> {
    let me = ctx.require_user()?;
    let at = (path.match_id, path.game);
    let done = service::knockout_reports::report(&state.db, me, &event, at, &form.result).await?;
    Ok(redirect(&format!(
        "{}?reported={}#my-board",
        match_url(&event, path.match_id),
        super::rounds::reported_note(done)
    )))
}

/// The match page again with a refusal beside form `form` (`lot`, `result`, `correct`,
/// `decider`, `forfeit`), or the error page for what a form cannot show.
async fn refused_on_match(
    (ctx, state): (Ctx, &AppState),
    Arbitrated { event, access, .. }: Arbitrated,
    m: u32,
    form: &'static str,
    e: AppError,
) -> AppResult<HttpResponse> {
    let (status, why) = crate::web::extract::inline_app_refusal(e, ctx.lang)?;
    let mut page = match_model(ctx, state, event, access, m).await?;
    page.refusal = Some((form, why));
    super::render_status(&page, status)
}

async fn match_model(
    ctx: Ctx,
    state: &AppState,
    event: Event,
    access: Access,
    m: u32,
) -> AppResult<MatchPage> {
    let (bracket, names, version) = load_match(state, &event, m).await?;
    let mt = bracket.get(MatchId(m)).map_err(|_| AppError::NotFound)?;
    let (round, round_size) =
        service::bracket::round_name(&bracket, bracket.round_of(mt.id()).unwrap_or(0));
    let state_now = mt.state();
    let games = game_views(&bracket, mt, &names);
    let played = mt.played();
    let decided = matches!(state_now, MatchState::Decided { .. });
    let numbers: Vec<u32> = games.iter().map(|g| g.number).collect();
    let records = crate::service::records::visible_match_records(
        &state.db, &event, access, &bracket, m, &numbers,
    )
    .await?;
    let next_deal = service::deals::next_game_deal(&state.db, &event, access, &bracket, mt).await?;
    let reports = service::knockout_reports::due_reports(&state.db, (&event, access), &bracket, m)
        .await?
        .into_iter()
        .map(|(start, report)| (start, name_of(&names, start), shown_report(&report)))
        .collect();
    let mine = service::knockout_reports::my_game(&state.db, &event, ctx.user.as_ref(), &bracket, m)
        .await?
        .map(|b| {
            let opponent = b.opponent.map(|s| name_of(&names, s));
            let is_decider = matches!(state_now, MatchState::GameDue(g) if g.deal_game == crate::deal::GameNumber::Decider);
            super::rounds::my_game_view(&ctx, b, opponent.as_deref(), is_decider)
        });
    Ok(MatchPage {
        mine,
        reported: None,
        reports,
        refusal: None,
        next_deal,
        records,
        due: match state_now {
            MatchState::GameDue(g) => Some(g.number),
            _ => None,
        },
        last: played
            .last()
            .filter(|_| mt.forfeit().is_none())
            .map(|g| (g.number, g.result.map_or("", GameResult::as_str))),
        lot_open: mt.higher_seed().is_some() && mt.lot().is_none() && !decided,
        decider_open: match state_now {
            MatchState::AwaitingDeciderColour => true,
            MatchState::GameDue(g) => g.deal_game == crate::deal::GameNumber::Decider,
            _ => false,
        },
        higher: mt.higher_seed().and_then(|s| mt.entrant(s)).map(|e| Line {
            seed: e.seed,
            start: e.start,
            name: name_of(&names, e.start),
        }),
        open: mt.higher_seed().is_some() && !decided,
        forfeit_reason: mt.forfeit().map(|f| f.reason.clone()),
        m: match_view(mt, &names),
        version,
        games,
        round,
        round_size,
        ctx,
        event,
        access,
    })
}

fn match_url(event: &Event, m: u32) -> String {
    format!("/events/{}/knockout/matches/{m}", event.id)
}

#[derive(serde::Deserialize)]
struct LotForm {
    /// The bracket version the page was loaded with.
    v: i64,
    #[serde(default)]
    red: String,
    #[serde(default)]
    draw: Option<String>,
}

/// Records game 1's colours: the player drawn to play Red, or a lot drawn now by the server.
#[post("/events/{id}/knockout/matches/{m}/lot")]
async fn lot(
    ctx: Ctx,
    state: web::Data<AppState>,
    MatchNo(m): MatchNo,
    arb: Arbitrated,
    form: CsrfForm<LotForm>,
) -> AppResult<HttpResponse> {
    let done = async {
        let red = if form.draw.is_some() {
            let (bracket, _, _) = load_match(&state, &arb.event, m).await?;
            let entrants = bracket
                .get(MatchId(m))
                .map_err(|_| AppError::NotFound)?
                .entrants();
            let [Some(upper), Some(lower)] = entrants else {
                return Err(AppError::not_now(
                    crate::i18n::Reason::new("err_match_waiting").arg("match", m),
                ));
            };
            match service::rounds::draw_lot() {
                Color::Red => upper.start,
                Color::Black => lower.start,
            }
        } else {
            start_field("red", &form.red)?
        };
        let input = Input::Lot {
            match_id: MatchId(m),
            red,
        };
        Ok(
            service::knockout::record(&state.db, &arb.user, &arb.event, input, Some(form.v))
                .await?,
        )
    }
    .await;
    match_answer((ctx, &state), arb, m, "lot", done).await
}

/// Back to the match page after one of its forms: the page itself when it was done, else the page
/// with the refusal beside form `form`.
async fn match_answer<T>(
    (ctx, state): (Ctx, &AppState),
    arb: Arbitrated,
    m: u32,
    form: &'static str,
    done: AppResult<T>,
) -> AppResult<HttpResponse> {
    match done {
        Ok(_) => Ok(redirect(&match_url(&arb.event, m))),
        Err(e) => refused_on_match((ctx, state), arb, m, form, e).await,
    }
}

#[derive(serde::Deserialize)]
struct ResultForm {
    /// The bracket version the page was loaded with.
    v: i64,
    result: String,
}

/// Enters the result of the due game, or corrects the last one.
#[post("/events/{id}/knockout/matches/{m}/games/{g}")]
async fn game_result(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: MatchGamePath,
    arb: Arbitrated,
    form: CsrfForm<ResultForm>,
) -> AppResult<HttpResponse> {
    let done = async {
        let input = service::knockout::game_input(path.match_id, path.game, &form.result)?;
        Ok(
            service::knockout::record(&state.db, &arb.user, &arb.event, input, Some(form.v))
                .await?,
        )
    }
    .await;
    match_answer((ctx, &state), arb, path.match_id, "result", done).await
}

#[derive(serde::Deserialize)]
struct DeciderForm {
    /// The bracket version the page was loaded with.
    v: i64,
    colour: String,
}

/// Records the colour the higher seed chose for the decider.
#[post("/events/{id}/knockout/matches/{m}/decider")]
async fn decider(
    ctx: Ctx,
    state: web::Data<AppState>,
    MatchNo(m): MatchNo,
    arb: Arbitrated,
    form: CsrfForm<DeciderForm>,
) -> AppResult<HttpResponse> {
    let done = async {
        let input = service::knockout::decider_input(m, "colour", &form.colour)?;
        Ok(
            service::knockout::record(&state.db, &arb.user, &arb.event, input, Some(form.v))
                .await?,
        )
    }
    .await;
    match_answer((ctx, &state), arb, m, "decider", done).await
}

#[derive(serde::Deserialize)]
struct ForfeitForm {
    /// The bracket version the page was loaded with.
    v: i64,
    start: String,
    reason: String,
    /// Present when the player leaves the event (every later match is forfeited too).
    #[serde(default)]
    withdraw: Option<String>,
}

/// A player forfeits this match, or withdraws from the event; the opponent advances.
#[post("/events/{id}/knockout/matches/{m}/forfeit")]
async fn forfeit(
    ctx: Ctx,
    state: web::Data<AppState>,
    MatchNo(m): MatchNo,
    arb: Arbitrated,
    form: CsrfForm<ForfeitForm>,
) -> AppResult<HttpResponse> {
    let done = async {
        let start = start_field("start", &form.start)?;
        let reason = reason_field(&form.reason)?;
        let input = if form.withdraw.is_some() {
            // Only a player of this match can be withdrawn from its page.
            let (bracket, _, _) = load_match(&state, &arb.event, m).await?;
            let mt = bracket.get(MatchId(m)).map_err(|_| AppError::NotFound)?;
            if mt.slot_of(start).is_none() {
                return Err(AppError::invalid(
                    crate::i18n::Reason::new("err_not_in_match")
                        .arg("start", start)
                        .arg("match", m),
                ));
            }
            Input::Withdrawal { start, reason }
        } else {
            Input::Forfeit {
                match_id: MatchId(m),
                start,
                reason,
            }
        };
        Ok(
            service::knockout::record(&state.db, &arb.user, &arb.event, input, Some(form.v))
                .await?,
        )
    }
    .await;
    match_answer((ctx, &state), arb, m, "forfeit", done).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knockout::KnockoutSettings;

    #[test]
    fn game_points_show_halves_with_the_fraction_sign() {
        assert_eq!(show_score(0.0), "0");
        assert_eq!(show_score(0.5), "½");
        assert_eq!(show_score(1.5), "1½");
        assert_eq!(show_score(2.0), "2");
    }

    #[test]
    fn rounds_are_named_by_the_players_left() {
        let sixteen: Vec<u32> = (1..=16).collect();
        let b = Bracket::seed(&sixteen, KnockoutSettings::default()).expect("16 qualifiers");
        let names: Vec<&str> = (0..b.rounds().len())
            .map(|r| service::bracket::round_name(&b, r).0)
            .collect();
        assert_eq!(
            names,
            [
                "ko_round_of_16",
                "ko_quarter_finals",
                "ko_semi_finals",
                "ko_final"
            ]
        );
        for key in names {
            assert!(crate::i18n::has_key(key), "{key} translated");
        }
    }
}
