//! Swiss rounds: the rounds index (pairing controls for arbiters), a round's pairings with fast result
//! entry, drafts (review, manual fixes with a reason, publish or discard), byes and withdrawals.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use super::{CorrectionForm, redirect, render, render_status};
use crate::round::{Absence, BoardResult};
use crate::rules::Color;
use crate::service::event_state::EventState;
use crate::service::policy::Access;
use crate::service::policy::{round_records_visibility, round_visible};
use crate::service::rounds::RoundData;
use crate::service::rounds::TypedResult;
use crate::service::{self, ServiceError};
use crate::service::{Event, Round};
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};
use crate::web::extract::{Arbitrated, BoardPath, EventView, RoundNo, inline_refusal};
use crate::web::points::show as show_points;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(index)
        .service(pair)
        .service(pair_by_hand)
        .service(set_draft)
        .service(show)
        .service(results)
        .service(publish)
        .service(discard)
        .service(fix_board)
        .service(fix_board_form)
        .service(request_bye)
        .service(cancel_bye)
        .service(late_entry_byes)
        .service(withdraw)
        .service(reinstate)
        .service(withdraw_round)
        .service(report);
}

/// A round in the index.
struct RoundRow {
    number: u32,
    published: bool,
    boards: usize,
    pending: usize,
}

/// A draft round as its arbiters check and edit it.
pub struct DraftView {
    /// What must be fixed before it is published, in the reader's language.
    pub refuses: Vec<String>,
    /// What the engine would have avoided (a rematch, a second bye, a colour rule).
    pub told: Vec<String>,
    /// The whole-pairing form's rows: Red's and Black's start numbers as shown or typed.
    pub rows: Vec<(String, String)>,
}

/// A player as the round pages show them.
pub struct Seat {
    /// Start number.
    pub start: u32,
    /// Name.
    pub name: String,
    /// Club (shown beside the name, so that the arbiter sees team-mates paired together).
    pub club: String,
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
    /// The players' own reports awaiting the opponent or the arbiter: Red's side's and Black's
    /// side's, as shown (`1–0`, a match's games).
    pub reports: [Option<String>; 2],
    /// Records submitted.
    pub has_record: bool,
}

/// A stored report as shown: a result with its dashes and ½, or a match's games as typed.
pub(super) fn shown_report(typed: &str) -> String {
    BoardResult::parse(typed).map_or_else(|| typed.to_string(), |r| r.display().to_string())
}

impl BoardView {
    /// Whether both sides reported, differently: the arbiter decides.
    pub fn reports_conflict(&self) -> bool {
        matches!(&self.reports, [Some(a), Some(b)] if a != b)
    }
}

/// The signed-in player's own board, as the round page shows it to them.
pub struct MyBoardView {
    /// What the service says of it.
    pub board: service::rounds::MyBoard,
    /// 「你執紅，對 12. 張凱晴，第 3 台」 in the reader's language (or that they have the bye).
    pub line: String,
    /// The report form's choices: the value sent (from Red's view) and the label's key
    /// (`report_i_won` …), in the player's own terms.
    pub choices: Vec<(&'static str, &'static str)>,
    /// Their own report and the opponent's, as shown.
    pub mine: Option<String>,
    /// The opponent's report, as shown.
    pub theirs: Option<String>,
}

/// A player's board as their pages show it: the line 「你執紅，對 12. 張凱晴，第 3 台」 (the
/// opponent's name given), the report form's choices in their own terms, both reports as shown.
pub(super) fn my_board_view(
    ctx: &Ctx,
    board: service::rounds::MyBoard,
    opponent_name: Option<&str>,
) -> MyBoardView {
    let (won, lost) = match board.side {
        Color::Red => ("1-0", "0-1"),
        Color::Black => ("0-1", "1-0"),
    };
    let line = match board.opponent {
        Some(s) => crate::i18n::Reason::new("my_board_line")
            .arg("colour", board.side.as_str())
            .arg(
                "opponent",
                format!("{s}. {}", opponent_name.unwrap_or_default()),
            )
            .arg("board", board.board),
        None => crate::i18n::Reason::new("my_board_bye"),
    };
    MyBoardView {
        line: ctx.lang.reason(&line),
        choices: vec![
            (won, "report_i_won"),
            ("1/2-1/2", "report_drawn"),
            (lost, "report_i_lost"),
        ],
        mine: board.mine.as_deref().map(shown_report),
        theirs: board.theirs.as_deref().map(shown_report),
        board,
    }
}

/// A player's game due in a knockout match as their pages show it: [`my_board_view`] with the line
/// naming the game in the match (「第 2 局：你執黑，對 1. 甲一」, or the decider) instead of a board.
pub(super) fn my_game_view(
    ctx: &Ctx,
    board: service::rounds::MyBoard,
    opponent_name: Option<&str>,
    decider: bool,
) -> MyBoardView {
    let mut view = my_board_view(ctx, board, opponent_name);
    let game = if decider {
        crate::i18n::Reason::new("ko_decider")
    } else {
        crate::i18n::Reason::new("game_n").arg("game", view.board.board)
    };
    let line = crate::i18n::Reason::new("my_game_line")
        .arg_reason("game", &game)
        .arg("colour", view.board.side.as_str())
        .arg(
            "opponent",
            format!(
                "{}. {}",
                view.board.opponent.unwrap_or_default(),
                opponent_name.unwrap_or_default()
            ),
        );
    view.line = ctx.lang.reason(&line);
    view
}

/// A form of a page sent back with its error: which form, the reason in the reader's language, and
/// what was typed, so nothing is lost.
#[derive(Default)]
pub struct FormState {
    /// The form's name (`bye`, `late`, `cancel`, `withdraw`, `reinstate`, `withdraw_round`).
    pub which: &'static str,
    /// The reason, shown beside the form.
    pub error: String,
    /// The fields as typed.
    pub typed: HashMap<String, String>,
}

impl FormState {
    /// The state of a form sent back with `error`.
    fn new(which: &'static str, error: String, typed: &[(&str, &str)]) -> FormState {
        FormState {
            which,
            error,
            typed: typed
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        }
    }

    /// The error of form `which`, if it is the one sent back.
    pub fn error_of(&self, which: &str) -> Option<&str> {
        (self.which == which && !self.error.is_empty()).then_some(self.error.as_str())
    }

    /// What was typed in field `field` of form `which` (empty when another form was sent).
    pub fn value(&self, which: &str, field: &str) -> &str {
        if self.which == which {
            self.typed.get(field).map_or("", String::as_str)
        } else {
            ""
        }
    }

    /// Whether the confirmation box of form `which` was ticked when it was sent back.
    pub fn ticked(&self, which: &str) -> bool {
        !self.value(which, "confirm").is_empty()
    }
}

/// A player as the arbiter's lists on the rounds index show them.
struct PlayerRow {
    start: u32,
    name: String,
    withdrawn_from: Option<u32>,
    /// Published rounds paired before a late entrant joined (they can be given byes for them).
    missed: Vec<u32>,
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
    players: Vec<PlayerRow>,
    /// Byes recorded for late entrants in rounds paired before they joined: (round, start, name, kind).
    late_byes: Vec<(u32, u32, String, &'static str)>,
    form: FormState,
    /// The players the next pairing waits for under check-in (檢錄): (round, players).
    checkin_wait: Option<(u32, Vec<(u32, String)>)>,
}

impl IndexPage {
    /// Whether a late entrant missed a round without a bye.
    fn has_late_entries(&self) -> bool {
        self.players.iter().any(|p| !p.missed.is_empty())
    }

    /// Whether any player has withdrawn.
    fn has_withdrawals(&self) -> bool {
        self.players.iter().any(|p| p.withdrawn_from.is_some())
    }
}

#[get("/events/{id}/rounds")]
async fn index(
    ctx: Ctx,
    state: web::Data<AppState>,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    render(&index_page(ctx, &state, event, access, FormState::default()).await?)
}

async fn index_page(
    ctx: Ctx,
    state: &AppState,
    event: Event,
    access: Access,
    form: FormState,
) -> AppResult<IndexPage> {
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
    let can_pair = service::policy::may_pair_round(access, &event, next_round);
    let checkin_wait = if can_pair {
        service::checkin::waiting_for(&state.db, &event).await?
    } else {
        None
    };
    let (mut players, mut late_byes) = (vec![], vec![]);
    // Empty for visitors who do not arbitrate.
    let (requests, list) = service::rounds::arbiter_lists(&state.db, &event, access).await?;
    let byes = requests
        .into_iter()
        .map(|(r, s, k)| (r, s, es.name(s).to_string(), absence_key(k)))
        .collect();
    let published: Vec<&RoundData> = es.rounds.iter().filter(|r| r.round.published).collect();
    for (start, name, withdrawn_from, joins_at) in list {
        let mut missed = Vec::new();
        for r in published.iter().filter(|r| r.round.number < joins_at) {
            match r.absences.iter().find(|(s, _)| *s == start) {
                Some(&(_, kind)) => {
                    late_byes.push((r.round.number, start, name.clone(), absence_key(kind)))
                }
                None => missed.push(r.round.number),
            }
        }
        players.push(PlayerRow {
            start,
            name,
            withdrawn_from,
            missed,
        });
    }
    Ok(IndexPage {
        ctx,
        event,
        access,
        rounds,
        next_round,
        can_pair,
        byes,
        players,
        late_byes,
        form,
        checkin_wait,
    })
}

/// Answers a form of the rounds index: back to the index when it was done, else the index again
/// with the form's error beside it and what was typed.
async fn index_answer(
    (ctx, state, Arbitrated { event, access, .. }): (Ctx, &AppState, Arbitrated),
    which: &'static str,
    typed: &[(&str, &str)],
    done: Result<(), ServiceError>,
) -> AppResult<HttpResponse> {
    match done {
        Ok(()) => Ok(redirect(&format!("/events/{}/rounds", event.id))),
        Err(e) => {
            let (status, error) = inline_refusal(e, ctx.lang)?;
            let form = FormState::new(which, error, typed);
            render_status(&index_page(ctx, state, event, access, form).await?, status)
        }
    }
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
    /// Why the teams blocking the round may meet in it (team avoidance), when the refusal asked.
    #[serde(default)]
    relax_reason: String,
    /// What to do with the players not checked in (`zero`, `withdraw`), when check-in is required.
    #[serde(default)]
    absent: String,
}

#[post("/events/{id}/rounds")]
async fn pair(
    ctx: Ctx,
    state: web::Data<AppState>,
    arb: Arbitrated,
    form: CsrfForm<PairForm>,
) -> AppResult<HttpResponse> {
    let choice = service::checkin::parse_choice(&form.absent);
    let done = match (service::rounds::parse_lot(Some(&form.lot)), choice) {
        (Ok(lot), Ok(absent)) => {
            let (db, user, event) = (&state.db, &arb.user, &arb.event);
            let how = (lot, false, form.relax_reason.as_str());
            service::checkin::pair_next(db, user, event, how, absent).await
        }
        (Err(e), _) | (_, Err(e)) => Err(e),
    };
    round_or_index(ctx, &state, arb, "pair", done).await
}

/// Starts the next round as a draft to pair by hand once check-in allows it, with the same choice
/// for the players not checked in as the engine's pairing (see `service::checkin::pair_by_hand`).
#[post("/events/{id}/rounds/by-hand")]
async fn pair_by_hand(
    ctx: Ctx,
    state: web::Data<AppState>,
    arb: Arbitrated,
    form: CsrfForm<PairForm>,
) -> AppResult<HttpResponse> {
    let choice = service::checkin::parse_choice(&form.absent);
    let done = match (service::rounds::parse_lot(Some(&form.lot)), choice) {
        (Ok(lot), Ok(absent)) => {
            let (db, user, event) = (&state.db, &arb.user, &arb.event);
            service::checkin::pair_by_hand(db, user, event, lot, absent).await
        }
        (Err(e), _) | (_, Err(e)) => Err(e),
    };
    round_or_index(ctx, &state, arb, "pair", done).await
}

/// The new draft's page, or the rounds index with the refusal beside form `which`.
async fn round_or_index(
    ctx: Ctx,
    state: &AppState,
    arb: Arbitrated,
    which: &'static str,
    done: Result<crate::service::Round, ServiceError>,
) -> AppResult<HttpResponse> {
    match done {
        Ok(round) => Ok(redirect(&format!(
            "/events/{}/rounds/{}",
            arb.event.id, round.number
        ))),
        Err(e) => {
            // A round that team avoidance blocks: the form asks for the reason to relax it.
            let blocked =
                matches!(&e, ServiceError::Conflict(r) if r.key == "svc_avoidance_blocks");
            let typed: &[(&str, &str)] = if blocked { &[("relax", "1")] } else { &[] };
            index_answer((ctx, state, arb), which, typed, Err(e)).await
        }
    }
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
        club: es
            .players
            .get(&start)
            .map(|p| p.club.clone())
            .unwrap_or_default(),
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
            reports: b.reports.clone().map(|r| r.map(|r| shown_report(&r))),
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
    /// The signed-in player's own board, when they play in this round.
    mine: Option<MyBoardView>,
    /// What became of the player's last report (`report_waiting`, `report_confirmed`,
    /// `report_conflict`), after its redirect.
    reported: Option<&'static str>,
    notes: Vec<String>,
    /// Banqi pairings play a match: results are typed as the games (`1=0`).
    match_games: Option<u32>,
    /// Whether the ♟ links to the boards' records are shown to this visitor.
    records_visible: bool,
    round_deals: service::deals::RoundDeals,
    /// How many results the last save stored (the confirmation).
    saved: Option<usize>,
    /// Boards of the last save that were refused, with the reason in the reader's language.
    refused: Vec<(u32, String)>,
    /// Whether the arbiter may withdraw this published round (the last one, no result, no record).
    can_withdraw: bool,
    /// For arbiters: what was paired on this round's results (the next round, the knockout), in the
    /// reader's language; a result changed now is a correction with a reason.
    paired_after: Option<String>,
    /// For arbiters, on a draft: its checks and the whole-pairing form.
    draft: Option<DraftView>,
    form: FormState,
    /// When the round starts (on the event's clock) and the time control, as shown.
    start: Option<String>,
    time_control: String,
}

impl RoundPage {
    /// Whether board `no` is the signed-in player's own.
    fn is_mine(&self, no: &u32) -> bool {
        self.mine.as_ref().is_some_and(|m| m.board.board == *no)
    }

    /// The reason board `no` was refused by the last save.
    fn refusal(&self, no: &u32) -> Option<&str> {
        self.refused
            .iter()
            .find(|(b, _)| b == no)
            .map(|(_, r)| r.as_str())
    }
}

#[derive(serde::Deserialize, Default)]
struct NotesQuery {
    #[serde(default)]
    stale: Option<String>,
    #[serde(default)]
    saved: Option<String>,
    #[serde(default)]
    reported: Option<String>,
}

#[get("/events/{id}/rounds/{n}")]
async fn show(
    ctx: Ctx,
    state: web::Data<AppState>,
    RoundNo(n): RoundNo,
    q: web::Query<NotesQuery>,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let mut page = round_page(ctx, &state, event, access, n).await?;
    // Only board numbers of this round and a count are shown back: never text a link's author chose.
    page.notes = q
        .stale
        .iter()
        .flat_map(|s| s.split(','))
        .filter_map(|s| s.trim().parse::<u32>().ok())
        .filter(|n| page.boards.iter().any(|b| b.no == *n))
        .map(|n| n.to_string())
        .collect();
    page.saved = q
        .saved
        .as_deref()
        .and_then(|s| s.trim().parse::<usize>().ok())
        .filter(|s| *s <= page.boards.len());
    page.reported = reported_message(q.reported.as_deref());
    render(&page)
}

async fn round_page(
    ctx: Ctx,
    state: &AppState,
    event: Event,
    access: Access,
    n: u32,
) -> AppResult<RoundPage> {
    let es = state.events.get(&state.db, &event).await?;
    let data = es
        .round(n)
        .filter(|r| round_visible(access, &r.round))
        .ok_or(AppError::NotFound)?;
    let round = data.round.clone();
    let mut boards = board_views(&es, data);
    let can_withdraw = service::rounds::may_withdraw_round(access, &es, n);
    // Records of a game under a sealed deal stay secret (RULES.md §9): not even their existence shows.
    let (may_see, records_visible) =
        round_records_visibility(access, &round, &es.deals, crate::deal::GameNumber::Game(1));
    if !may_see {
        boards.iter_mut().for_each(|b| b.has_record = false);
    }
    let round_deals = service::deals::round_deals(&event, access, round.number, &es.deals);
    let absences = data
        .absences
        .iter()
        .map(|&(s, k)| (s, es.name(s).to_string(), absence_key(k)))
        .collect();
    let mine = service::rounds::my_board(&es, data, ctx.user.as_ref()).map(|board| {
        let opponent = board.opponent.map(|s| es.name(s).to_string());
        my_board_view(&ctx, board, opponent.as_deref())
    });
    let match_games = event
        .settings
        .plays_matches()
        .then_some(event.settings.best_of);
    let paired_after = service::rounds::paired_after_note(&state.db, &event, access, &round)
        .await?
        .map(|r| ctx.lang.reason(&r));
    let draft = if let Some(issues) =
        service::rounds::draft_issues_for(&state.db, &event, access, &round).await?
    {
        let (refuses, told): (Vec<_>, Vec<_>) = issues.into_iter().partition(|i| i.refuses());
        let word = |v: Vec<crate::swiss::hand::DraftIssue>| -> Vec<String> {
            v.iter()
                .map(|i| ctx.lang.reason(&service::rounds::draft_issue_reason(i, n)))
                .collect()
        };
        let mut rows: Vec<(String, String)> = boards
            .iter()
            .map(|b| {
                (
                    b.red.start.to_string(),
                    b.black
                        .as_ref()
                        .map(|x| x.start.to_string())
                        .unwrap_or_default(),
                )
            })
            .collect();
        rows.extend([
            (String::new(), String::new()),
            (String::new(), String::new()),
        ]);
        Some(DraftView {
            refuses: word(refuses),
            told: word(told),
            rows,
        })
    } else {
        None
    };
    let schedule = service::schedule::schedule(&state.db, &event).await?;
    let start = schedule.shown_start(n);
    let time_control = schedule.shown_time_control();
    Ok(RoundPage {
        start,
        time_control,
        draft,
        paired_after,
        ctx,
        event,
        access,
        round,
        boards,
        absences,
        results: BoardResult::ALL.to_vec(),
        mine,
        reported: None,
        notes: Vec::new(),
        records_visible,
        round_deals,
        match_games,
        saved: None,
        refused: Vec::new(),
        can_withdraw,
        form: FormState::default(),
    })
}

/// Result entry for the whole round at once: fields `r<board>` (the result as typed: `1-0`, `1`, `0`,
/// `=`, `+`, `-+`, `--`, or empty for none) and `v<board>` (the version the form was loaded with).
/// Each board is stored on its own: the valid ones are saved, a bad one is marked with its reason
/// and the page comes back with what was typed (400); boards someone else changed meanwhile are
/// named in a note (`?stale=`).
#[post("/events/{id}/rounds/{n}/results")]
async fn results(
    ctx: Ctx,
    state: web::Data<AppState>,
    RoundNo(n): RoundNo,
    arb: Arbitrated,
    form: CsrfForm<HashMap<String, String>>,
) -> AppResult<HttpResponse> {
    let Arbitrated { event, user, .. } = arb;
    let typed: Vec<TypedResult> = form
        .iter()
        .filter_map(|(k, v)| {
            let board = k.strip_prefix('r')?.parse::<u32>().ok()?;
            Some(TypedResult {
                board,
                typed: v.clone(),
                version: form
                    .get(&format!("v{board}"))
                    .and_then(|v| v.parse::<i64>().ok()),
            })
        })
        .collect();
    // The correction's fields, which the form carries once a later stage was paired on this round.
    let correction = match (form.get("reason"), form.get("confirm")) {
        (None, None) => None,
        (reason, confirm) => Some(service::events::Correction {
            reason: reason.cloned().unwrap_or_default(),
            confirmed: confirm.is_some_and(|c| !c.is_empty()),
        }),
    };
    let out =
        service::rounds::enter_results(&state.db, &user, &event, n, &typed, correction.as_ref())
            .await?;
    if out.refused.is_empty() {
        let mut query = format!("?saved={}", out.saved.len());
        if !out.stale.is_empty() {
            let stale: Vec<String> = out.stale.iter().map(u32::to_string).collect();
            query.push_str(&format!("&stale={}", stale.join(",")));
        }
        return Ok(redirect(&format!(
            "/events/{}/rounds/{}{query}",
            event.id, n
        )));
    }
    let lang = ctx.lang;
    // The page shows the round as it stands after the boards that were saved.
    let (event, access) = service::policy::event_access(&state.db, Some(&user), event.id).await?;
    let mut page = round_page(ctx, &state, event, access, n).await?;
    page.saved = Some(out.saved.len());
    page.notes = out.stale.iter().map(u32::to_string).collect();
    page.refused = out
        .refused
        .iter()
        .map(|(b, r)| (*b, lang.reason(r)))
        .collect();
    // The correction's reason stays as typed.
    if let Some(c) = &correction {
        page.form = FormState::new(
            "results",
            String::new(),
            &[
                ("reason", &c.reason),
                ("confirm", if c.confirmed { "yes" } else { "" }),
            ],
        );
    }
    // A refused board keeps what was typed in its box.
    for b in page.boards.iter_mut() {
        if page.refused.iter().any(|(no, _)| *no == b.no)
            && let Some(t) = typed.iter().find(|t| t.board == b.no)
        {
            b.result = t.typed.clone();
        }
    }
    render_status(&page, StatusCode::BAD_REQUEST)
}

/// Answers a form of round `n`'s page: to `then` when it was done, else the round's page again
/// with the refusal, which `sent_back` puts beside its form with what was typed.
async fn round_answer(
    (ctx, state, arb): (Ctx, &AppState, Arbitrated),
    (n, then): (u32, String),
    done: Result<(), ServiceError>,
    sent_back: impl FnOnce(&mut RoundPage, String),
) -> AppResult<HttpResponse> {
    match done {
        Ok(()) => Ok(redirect(&then)),
        Err(e) => {
            let (status, error) = inline_refusal(e, ctx.lang)?;
            let mut page = round_page(ctx, state, arb.event, arb.access, n).await?;
            sent_back(&mut page, error);
            render_status(&page, status)
        }
    }
}

/// Publishes a draft; a refusal (no sealed deal, an unplayable draft) is said beside the button.
#[post("/events/{id}/rounds/{n}/publish")]
async fn publish(
    ctx: Ctx,
    state: web::Data<AppState>,
    RoundNo(n): RoundNo,
    arb: Arbitrated,
    _f: CsrfForm<super::Empty>,
) -> AppResult<HttpResponse> {
    let done = service::rounds::publish(&state.db, &arb.user, &arb.event, n).await;
    let then = format!("/events/{}/rounds/{n}", arb.event.id);
    let sent_back = |page: &mut RoundPage, why| page.form = FormState::new("publish", why, &[]);
    round_answer((ctx, &state, arb), (n, then), done, sent_back).await
}

#[post("/events/{id}/rounds/{n}/discard")]
async fn discard(
    state: web::Data<AppState>,
    RoundNo(n): RoundNo,
    Arbitrated { event, user, .. }: Arbitrated,
    _f: CsrfForm<super::Empty>,
) -> AppResult<HttpResponse> {
    service::rounds::discard(&state.db, &user, &event, n).await?;
    Ok(redirect(&format!("/events/{}/rounds", event.id)))
}

/// Takes back a published round none of whose results is entered, so that it can be paired again
/// (reason and confirmation required; refused once a result or a record is in).
#[post("/events/{id}/rounds/{n}/withdraw")]
async fn withdraw_round(
    ctx: Ctx,
    state: web::Data<AppState>,
    RoundNo(n): RoundNo,
    arb: Arbitrated,
    form: CsrfForm<CorrectionForm>,
) -> AppResult<HttpResponse> {
    let done =
        service::rounds::withdraw_round(&state.db, &arb.user, &arb.event, n, form.pair()).await;
    let then = format!("/events/{}/rounds", arb.event.id);
    let sent_back = |page: &mut RoundPage, error| {
        let typed = [("reason", form.reason.as_str()), ("confirm", form.ticked())];
        page.form = FormState::new("withdraw_round", error, &typed);
    };
    round_answer((ctx, &state, arb), (n, then), done, sent_back).await
}

#[derive(serde::Deserialize)]
struct FixForm {
    red: String,
    #[serde(default)]
    black: String,
    reason: String,
}

/// A manual change of a draft board's players (flagged and logged with the reason).
#[post("/events/{id}/rounds/{n}/boards/{b}/players")]
async fn fix_board(
    state: web::Data<AppState>,
    path: BoardPath,
    Arbitrated { event, user, .. }: Arbitrated,
    form: CsrfForm<FixForm>,
) -> AppResult<HttpResponse> {
    let board = path.board.to_string();
    fix_board_players(&state, (&user, &event), (path.round, &board), &form.0).await
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
    state: web::Data<AppState>,
    RoundNo(n): RoundNo,
    Arbitrated { event, user, .. }: Arbitrated,
    form: CsrfForm<FixPageForm>,
) -> AppResult<HttpResponse> {
    fix_board_players(&state, (&user, &event), (n, &form.board), &form.0.fix).await
}

async fn fix_board_players(
    state: &AppState,
    (user, event): (&crate::service::User, &Event),
    (n, board): (u32, &str),
    form: &FixForm,
) -> AppResult<HttpResponse> {
    service::rounds::fix_board(
        &state.db,
        user,
        event,
        (n, board),
        (&form.red, &form.black),
        &form.reason,
    )
    .await?;
    Ok(redirect(&format!("/events/{}/rounds/{}", event.id, n)))
}

/// The whole pairing of a draft as typed: `red1`, `black1`, `red2`, … and the reason.
#[post("/events/{id}/rounds/{n}/draft")]
async fn set_draft(
    ctx: Ctx,
    state: web::Data<AppState>,
    RoundNo(n): RoundNo,
    arb: Arbitrated,
    form: CsrfForm<HashMap<String, String>>,
) -> AppResult<HttpResponse> {
    let rows: Vec<(String, String)> = (1..=service::rounds::MAX_DRAFT_ROWS)
        .map_while(|b| {
            let red = form.get(&format!("red{b}"))?;
            let black = form.get(&format!("black{b}")).cloned().unwrap_or_default();
            Some((red.clone(), black))
        })
        .collect();
    let reason = form.get("reason").cloned().unwrap_or_default();
    let done =
        service::rounds::set_draft(&state.db, &arb.user, &arb.event, n, &rows, &reason).await;
    let then = format!("/events/{}/rounds/{n}", arb.event.id);
    let sent_back = |page: &mut RoundPage, error| {
        if let Some(draft) = page.draft.as_mut() {
            draft.rows = rows;
        }
        page.form = FormState::new("draft", error, &[("reason", &reason)]);
    };
    round_answer((ctx, &state, arb), (n, then), done, sent_back).await
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
    arb: Arbitrated,
    form: CsrfForm<ByeForm>,
) -> AppResult<HttpResponse> {
    let f = &form.0;
    let typed = (&*f.start, &*f.round, &*f.kind);
    let done = service::rounds::request_bye(&state.db, &arb.user, &arb.event, typed).await;
    let typed = [("start", typed.0), ("round", typed.1), ("kind", typed.2)];
    index_answer((ctx, &state, arb), "bye", &typed, done).await
}

#[derive(serde::Deserialize)]
struct CancelByeForm {
    #[serde(default)]
    start: String,
    #[serde(default)]
    round: String,
    #[serde(flatten)]
    why: CorrectionForm,
}

/// Cancels a bye (a request for a round still to be paired, or a late entrant's bye), with a reason
/// and the confirmation.
#[post("/events/{id}/byes/cancel")]
async fn cancel_bye(
    ctx: Ctx,
    state: web::Data<AppState>,
    arb: Arbitrated,
    form: CsrfForm<CancelByeForm>,
) -> AppResult<HttpResponse> {
    let f = &form.0;
    let (at, why) = ((&*f.round, &*f.start), &f.why);
    let done = service::rounds::cancel_bye(&state.db, &arb.user, &arb.event, at, why.pair()).await;
    let typed = [
        ("start", at.1),
        ("round", at.0),
        ("reason", &why.reason),
        ("confirm", why.ticked()),
    ];
    index_answer((ctx, &state, arb), "cancel", &typed, done).await
}

#[derive(serde::Deserialize)]
struct LateByeForm {
    #[serde(default)]
    start: String,
    #[serde(default)]
    kind: String,
}

/// Gives a late entrant byes for the rounds paired before they joined (zero or half a point).
#[post("/events/{id}/byes/late")]
async fn late_entry_byes(
    ctx: Ctx,
    state: web::Data<AppState>,
    arb: Arbitrated,
    form: CsrfForm<LateByeForm>,
) -> AppResult<HttpResponse> {
    let f = &form.0;
    let done =
        service::rounds::late_entry_byes(&state.db, &arb.user, &arb.event, &f.start, &f.kind)
            .await
            .map(|_| ());
    let typed = [("start", &*f.start), ("kind", &f.kind)];
    index_answer((ctx, &state, arb), "late", &typed, done).await
}

#[derive(serde::Deserialize)]
struct WithdrawForm {
    #[serde(default)]
    start: String,
    #[serde(flatten)]
    why: CorrectionForm,
}

/// A player withdraws from the next round on (reason and confirmation required).
#[post("/events/{id}/withdraw")]
async fn withdraw(
    ctx: Ctx,
    state: web::Data<AppState>,
    event: Arbitrated,
    form: CsrfForm<WithdrawForm>,
) -> AppResult<HttpResponse> {
    withdrawal((ctx, &state, event), &form.0, false).await
}

/// Undoes a withdrawal (reason and confirmation required).
#[post("/events/{id}/withdraw/undo")]
async fn reinstate(
    ctx: Ctx,
    state: web::Data<AppState>,
    event: Arbitrated,
    form: CsrfForm<WithdrawForm>,
) -> AppResult<HttpResponse> {
    withdrawal((ctx, &state, event), &form.0, true).await
}

async fn withdrawal(
    (ctx, state, arbitrated): (Ctx, &AppState, Arbitrated),
    f: &WithdrawForm,
    undo: bool,
) -> AppResult<HttpResponse> {
    let (user, event) = (&arbitrated.user, &arbitrated.event);
    let at = (&*f.start, undo);
    let done = service::rounds::withdrawal(&state.db, user, event, at, f.why.pair()).await;
    let typed = [
        ("start", &*f.start),
        ("reason", &f.why.reason),
        ("confirm", f.why.ticked()),
    ];
    let which = if undo { "reinstate" } else { "withdraw" };
    index_answer((ctx, state, arbitrated), which, &typed, done).await
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
    path: BoardPath,
    EventView { event, access }: EventView,
    form: CsrfForm<ReportForm>,
) -> AppResult<HttpResponse> {
    let me = ctx.require_user()?;
    let at = (path.round, path.board);
    let done = service::rounds::report(&state.db, me, (&event, access), at, &form.result).await?;
    Ok(redirect(&format!(
        "/events/{}/rounds/{}?reported={}#my-board",
        event.id,
        path.round,
        reported_note(done)
    )))
}

/// The note a report's redirect carries (`?reported=…`): what became of it.
pub(super) fn reported_note(done: service::rounds::Reported) -> &'static str {
    match done {
        service::rounds::Reported::AwaitingOpponent => "waiting",
        service::rounds::Reported::Confirmed => "confirmed",
        service::rounds::Reported::Conflict => "conflict",
    }
}

/// The message key of the note a report's redirect carried. Only one of three fixed notes is
/// shown back, never text a link's author chose.
pub(super) fn reported_message(note: Option<&str>) -> Option<&'static str> {
    match note {
        Some("waiting") => Some("report_waiting"),
        Some("confirmed") => Some("report_confirmed"),
        Some("conflict") => Some("report_conflict"),
        _ => None,
    }
}
