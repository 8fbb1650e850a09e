//! The JSON API for scripts, live displays and other sites: the same permissions as the pages, writes
//! authorized by `Authorization: Bearer <token>` (tokens from the account page or `anqi user token`),
//! errors as `{"error": "..."}` with a 4xx status. Player references are start numbers.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, post, routes, web};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::event::EventForm;
use crate::roster::PlayerEntry;
use crate::round::BoardResult;
use crate::service;
use crate::service::{Event, Round};
use crate::swiss::trf::{EventInfo, write_tournament};
use crate::web::AppState;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};
use crate::web::extract::{Arbitrated, BoardPath, EventView, Managed, RoundNo, StartNo};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(create_event)
        .service(add_players)
        .service(pair_round)
        .service(get_round)
        .service(put_result)
        .service(post_record)
        .service(standings)
        .service(export_trf)
        .service(record_fouls)
        .service(draw_lot);
}

/// Parses a JSON body into `T`, naming what is wrong; an empty body is `{}`.
pub(super) fn parse_json<T: serde::de::DeserializeOwned>(body: &[u8]) -> AppResult<T> {
    let body: &[u8] = if body.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        body
    };
    serde_json::from_slice(body).map_err(|e| AppError::BadRequest(format!("invalid JSON: {e}")))
}

/// Scoring as `[2,1,0]`, `{"win":2,"draw":1,"loss":0}` or `"2/1/0"`.
#[derive(Deserialize)]
#[serde(untagged)]
enum Scoring {
    List(Vec<u32>),
    Object { win: u32, draw: u32, loss: u32 },
    Text(String),
}

impl Scoring {
    fn parts(&self) -> AppResult<(String, String, String)> {
        let list: Vec<String> = match self {
            Scoring::List(v) => v.iter().map(u32::to_string).collect(),
            Scoring::Object { win, draw, loss } => {
                vec![win.to_string(), draw.to_string(), loss.to_string()]
            }
            Scoring::Text(s) => s
                .split(['/', ',', '-'])
                .map(|p| p.trim().to_string())
                .collect(),
        };
        match list.as_slice() {
            [w, d, l] => Ok((w.clone(), d.clone(), l.clone())),
            _ => Err(AppError::BadRequest(
                "scoring: expected win, draw and loss points, e.g. [2,1,0]".into(),
            )),
        }
    }
}

#[derive(Deserialize)]
struct NewEvent {
    name: String,
    variant: String,
    #[serde(default)]
    venue: Option<String>,
    #[serde(default)]
    start_date: Option<String>,
    #[serde(default)]
    end_date: Option<String>,
    #[serde(default)]
    scoring: Option<Scoring>,
    #[serde(default)]
    move_limit: Option<u32>,
    /// Pairings published and knockout games started only once their deal is sealed (off when
    /// absent).
    #[serde(default)]
    deals_required: Option<bool>,
    /// Deals drawn with a public value (default false).
    #[serde(default)]
    public_value_required: Option<bool>,
    /// The IANA time zone of the event's times (default `Asia/Hong_Kong`).
    #[serde(default)]
    time_zone: Option<String>,
    /// Opens the entry form of every section at once (online entries, `service::entries`).
    #[serde(default)]
    entries_open: Option<bool>,
    /// The one section's own settings, when `sections` is absent.
    #[serde(flatten)]
    own: NewSection,
    /// The sections (組別), the first being the event's own row.
    #[serde(default)]
    sections: Option<Vec<NewSection>>,
}

/// A section's own settings, as `POST /api/events` takes them in `sections` (and at the top level
/// for an event of one section) and `POST /api/events/{id}/sections` takes one.
#[derive(Deserialize, Default)]
pub(super) struct NewSection {
    #[serde(default, rename = "section")]
    name_of_one: Option<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    format: Option<String>,
    #[serde(default)]
    rounds: Option<u32>,
    #[serde(default)]
    cycles: Option<u32>,
    #[serde(default)]
    groups: Option<u32>,
    #[serde(default)]
    qualifiers_per_group: Option<u32>,
    #[serde(default, alias = "knockout")]
    knockout_size: Option<u32>,
    #[serde(default)]
    best_of: Option<u32>,
    #[serde(default)]
    withdrawal_rule: Option<String>,
    /// `"off"`, `"all"` or a number of first rounds (a JSON number or text).
    #[serde(default)]
    club_avoidance: Option<serde_json::Value>,
    #[serde(default)]
    team_counted: Option<u32>,
    #[serde(default)]
    tie_breaks: Option<Vec<String>>,
}

impl NewSection {
    /// The section's fields written into an event form.
    pub(super) fn fill(&self, form: &mut EventForm) {
        form.section = self
            .name
            .clone()
            .or_else(|| self.name_of_one.clone())
            .unwrap_or_default();
        form.format = self.format.clone().unwrap_or_default();
        form.swiss_rounds = opt(self.rounds);
        form.cycles = opt(self.cycles);
        form.groups = opt(self.groups);
        form.qualifiers_per_group = opt(self.qualifiers_per_group);
        form.knockout_size = opt(self.knockout_size);
        form.best_of = opt(self.best_of);
        form.withdrawal_rule = self.withdrawal_rule.clone().unwrap_or_default();
        form.club_avoidance = match &self.club_avoidance {
            None => String::new(),
            Some(serde_json::Value::String(s)) => s.clone(),
            Some(other) => other.to_string(),
        };
        form.team_counted = opt(self.team_counted);
        form.tie_breaks = self
            .tie_breaks
            .as_ref()
            .map(|t| t.join(","))
            .unwrap_or_default();
    }
}

fn opt(n: Option<u32>) -> String {
    n.map(|n| n.to_string()).unwrap_or_default()
}

/// A form's field errors as the API's one-line refusal, each field prefixed with `prefix`.
pub(super) fn form_errors(prefix: &str, errors: &[crate::event::FieldError]) -> AppError {
    AppError::BadRequest(
        errors
            .iter()
            .map(|e| format!("{prefix}{e}"))
            .collect::<Vec<_>>()
            .join("; "),
    )
}

#[post("/api/events")]
async fn create_event(
    ctx: Ctx,
    state: web::Data<AppState>,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?.clone();
    if !ctx.can_create_events() {
        return Err(AppError::Forbidden);
    }
    let new: NewEvent = parse_json(&body)?;
    let (win, draw, loss) = match &new.scoring {
        Some(s) => s.parts()?,
        None => Default::default(),
    };
    let shared = EventForm {
        name: new.name,
        venue: new.venue.unwrap_or_default(),
        start_date: new.start_date.unwrap_or_else(|| {
            chrono::Local::now()
                .date_naive()
                .format("%Y-%m-%d")
                .to_string()
        }),
        end_date: new.end_date.unwrap_or_default(),
        time_zone: new.time_zone.unwrap_or_default(),
        variant: new.variant,
        points_win: win,
        points_draw: draw,
        points_loss: loss,
        move_limit: opt(new.move_limit),
        deals_required: if new.deals_required == Some(true) {
            "on".into()
        } else {
            String::new()
        },
        public_value_required: if new.public_value_required == Some(true) {
            "on".into()
        } else {
            String::new()
        },
        ..Default::default()
    };
    let own = [new.own];
    let (list, prefixed) = match &new.sections {
        Some(list) if !list.is_empty() => (list.as_slice(), true),
        _ => (own.as_slice(), false),
    };
    if list.len() > service::sections::MAX_SECTIONS {
        return Err(AppError::BadRequest(format!(
            "sections: at most {} sections",
            service::sections::MAX_SECTIONS
        )));
    }
    let mut settings = Vec::with_capacity(list.len());
    for (i, section) in list.iter().enumerate() {
        let mut form = shared.clone();
        section.fill(&mut form);
        let prefix = if prefixed {
            format!("sections[{i}].")
        } else {
            String::new()
        };
        settings.push(form.parse().map_err(|e| form_errors(&prefix, &e))?);
    }
    let (first, more) = settings.split_first().expect("one section at least");
    let (event, more) =
        service::sections::create_event(&state.db, &user, first, &shared.time_zone, more).await?;
    if new.entries_open == Some(true) {
        let all: Vec<&service::Event> = std::iter::once(&event).chain(&more).collect();
        service::entries::open_all(&state.db, &user, &all).await?;
    }
    let sections: Vec<Value> = std::iter::once(&event)
        .chain(&more)
        .map(|s| json!({"id": s.id, "name": s.settings.section}))
        .collect();
    Ok(HttpResponse::build(StatusCode::CREATED)
        .json(json!({ "id": event.id, "sections": sections })))
}

#[derive(Deserialize)]
struct NewPlayer {
    name: String,
    #[serde(default)]
    club: String,
    #[serde(default)]
    rating: Option<u32>,
    #[serde(default)]
    fide_id: Option<String>,
    #[serde(default)]
    local_id: Option<String>,
    #[serde(default)]
    category: Option<String>,
    /// The team (school, province …) when it is not the club.
    #[serde(default)]
    team: Option<String>,
}

#[routes]
#[post("/api/events/{id}/players")]
#[post("/api/events/{id}/sections/{sid}/players")]
async fn add_players(
    ctx: Ctx,
    state: web::Data<AppState>,
    Managed { event, .. }: Managed,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?.clone();
    let list: Vec<NewPlayer> = parse_json(&body)?;
    let mut entries = Vec::with_capacity(list.len());
    let mut errors = Vec::new();
    for (i, p) in list.iter().enumerate() {
        let rating = opt(p.rating);
        let parsed = PlayerEntry::parse(
            0,
            &p.name,
            &p.club,
            &rating,
            p.fide_id.as_deref().unwrap_or(""),
            p.local_id.as_deref().unwrap_or(""),
            p.category.as_deref().unwrap_or(""),
        )
        .and_then(|e| e.with_team(0, p.team.as_deref().unwrap_or("")));
        match parsed {
            Ok(e) => entries.push(e),
            Err(e) => errors.push(format!("player {}: {e}", i + 1)),
        }
    }
    if !errors.is_empty() {
        return Err(AppError::BadRequest(errors.join("; ")));
    }
    let added = service::players::register(&state.db, &user, &event, &entries).await?;
    let out: Vec<Value> = added
        .iter()
        .map(|p| json!({"start": p.start_no, "name": p.entry.name, "club": p.entry.club, "rating": p.entry.rating}))
        .collect();
    Ok(HttpResponse::build(StatusCode::CREATED).json(out))
}

/// The JSON of a round: boards with red/black start numbers (`black: null` for the bye) and results.
async fn round_json(state: &AppState, round: &Round) -> AppResult<Value> {
    let (boards, byes) = service::rounds::sheet(&state.db, round).await?;
    let boards: Vec<Value> = boards
        .iter()
        .map(|b| {
            json!({
                "board": b.board_no,
                "red": b.red,
                "black": b.black,
                "result": if b.black.is_none() { Value::Null } else { json!(b.result.map(BoardResult::as_str)) },
                "games": b.games.as_ref().map(|g| g.games.clone()),
                "version": b.version,
            })
        })
        .collect();
    let byes: Vec<Value> = byes
        .iter()
        .map(|(s, k)| json!({"start": s, "kind": k.letter()}))
        .collect();
    Ok(
        json!({ "round": round.number, "published": round.published, "boards": boards, "byes": byes }),
    )
}

#[derive(Deserialize)]
struct PairBody {
    #[serde(default)]
    lot: Option<String>,
    /// Lets the teams that block the round (team avoidance) meet in it, for this reason.
    #[serde(default)]
    relax_reason: Option<String>,
    /// What to do with the players not checked in: `"zero"` or `"withdraw"`.
    #[serde(default)]
    absent: Option<String>,
}

#[routes]
#[post("/api/events/{id}/rounds")]
#[post("/api/events/{id}/sections/{sid}/rounds")]
async fn pair_round(
    ctx: Ctx,
    state: web::Data<AppState>,
    Arbitrated { event, .. }: Arbitrated,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?.clone();
    // Optional `{"lot": "red"|"black"}`: player 1's colour in round 1 when the lot was drawn at the venue.
    let body: PairBody = parse_json(&body)?;
    let lot = service::rounds::parse_lot(body.lot.as_deref())?;
    let relax = body.relax_reason.as_deref().unwrap_or("");
    let absent = service::checkin::parse_choice(body.absent.as_deref().unwrap_or(""))?;
    let how = (lot, true, relax);
    let round = service::checkin::pair_next(&state.db, &user, &event, how, absent).await?;
    Ok(HttpResponse::build(StatusCode::CREATED).json(round_json(&state, &round).await?))
}

#[routes]
#[get("/api/events/{id}/rounds/{n}")]
#[get("/api/events/{id}/sections/{sid}/rounds/{n}")]
async fn get_round(
    state: web::Data<AppState>,
    RoundNo(r): RoundNo,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let round = service::rounds::visible_round(&state.db, &event, access, r).await?;
    Ok(HttpResponse::Ok().json(round_json(&state, &round).await?))
}

#[derive(Deserialize)]
struct ResultBody {
    result: Option<String>,
    #[serde(default)]
    version: Option<i64>,
    /// Why a result is changed after a later round (or the knockout) was paired on it.
    #[serde(default)]
    reason: Option<String>,
}

/// A result entered through the API: from the token to the commit one workflow on the writes lane
/// (`service::lane`), so that a busy request worker is waited for once, not at every database
/// answer. The token, the event's rights and the archive are checked there as `Arbitrated` does.
#[routes]
#[put("/api/events/{id}/rounds/{n}/boards/{b}/result")]
#[put("/api/events/{id}/sections/{sid}/rounds/{n}/boards/{b}/result")]
async fn put_result(
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
    BoardPath { round: r, board: b }: BoardPath,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let event_id = (
        crate::web::extract::event_id(&req)?,
        crate::web::extract::section_id(&req)?,
    );
    let token = crate::web::ctx::bearer_token(&req).map(str::to_owned);
    let entry = move |db| async move {
        let user = match token {
            Some(token) => service::accounts::user_of_api_token(&db, &token).await?,
            None => None,
        };
        let user = user.ok_or(AppError::LoginRequired)?;
        let body: ResultBody = parse_json(&body)?;
        let typed = body.result.as_deref().unwrap_or("");
        Ok::<_, AppError>(
            service::rounds::enter_api_result(
                &db,
                &user,
                event_id,
                (r, b),
                body.version,
                typed,
                body.reason.as_deref(),
            )
            .await?,
        )
    };
    let (result, games, version) =
        service::lane::run(service::lane::Lane::Writes, &state.db, entry).await??;
    Ok(HttpResponse::Ok().json(json!({
        "board": b,
        "result": result.map(BoardResult::as_str),
        "games": games.map(|g| g.games),
        "version": version,
    })))
}

#[derive(Deserialize, Default)]
struct GameQuery {
    #[serde(default)]
    game: Option<u32>,
}

/// A move record (the body, as text, in any notation of the record format) for a board's game; it is
/// adjudicated at once with the round's sealed deal. Answers the adjudicator's verdict JSON plus what
/// was done with the result (`status`, `entered`). `?game=N` names the game of a multi-game pairing.
#[routes]
#[post("/api/events/{id}/rounds/{n}/boards/{b}/record")]
#[post("/api/events/{id}/sections/{sid}/rounds/{n}/boards/{b}/record")]
async fn post_record(
    ctx: Ctx,
    state: web::Data<AppState>,
    BoardPath { round: r, board: b }: BoardPath,
    query: web::Query<GameQuery>,
    Arbitrated { event, .. }: Arbitrated,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?.clone();
    let text = std::str::from_utf8(&body).map_err(|e| {
        AppError::BadRequest(format!("record: not UTF-8 at byte {}", e.valid_up_to()))
    })?;
    let game = query.game.unwrap_or(1);
    let verdict = crate::service::records::submit(
        &state.db,
        &user,
        &event,
        crate::service::records::GameRef::Board {
            round: r,
            board: b,
            game,
        },
        text,
    )
    .await?;
    Ok(HttpResponse::Ok().json(verdict))
}

#[routes]
#[get("/api/events/{id}/standings")]
#[get("/api/events/{id}/sections/{sid}/standings")]
async fn standings(
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
    query: web::Query<super::standings::AfterQuery>,
) -> AppResult<HttpResponse> {
    let view = super::standings::view(&state, &event, &query).await?;
    let out: Vec<Value> = view
        .lines
        .iter()
        .map(|s| {
            let tiebreaks: serde_json::Map<String, Value> = event
                .settings
                .tie_breaks
                .iter()
                .zip(&s.tie_breaks)
                .map(|(tb, v)| (tb.code().to_string(), json!(v.as_f64())))
                .collect();
            json!({
                "rank": s.rank,
                "start": s.start,
                "name": s.name,
                "points": f64::from(s.score.tenths()) / 10.0,
                "tiebreaks": tiebreaks,
                "group": s.group,
            })
        })
        .collect();
    Ok(HttpResponse::Ok().json(out))
}

/// The tournament as TRF-2026 (the same as the page download).
pub async fn trf_text(state: &AppState, event: &Event) -> AppResult<String> {
    let t = service::rounds::tournament(&state.db, event).await?;
    // The chief arbiter by the public display name (a login name is half of a credential).
    let arbiters = service::events::arbiter_names(&state.db, event).await?;
    // `122` and `132`: the section's time control and round dates.
    let schedule = service::schedule::schedule(&state.db, event).await?;
    let date = |d: chrono::NaiveDate| d.format("%Y/%m/%d").to_string();
    let info = EventInfo {
        name: event.title(),
        city: event.settings.venue.clone(),
        federation: String::new(),
        start_date: date(event.settings.start_date),
        end_date: date(event.settings.end_date),
        chief_arbiter: arbiters
            .iter()
            .map(|(_, display)| display.clone())
            .find(|d| !d.is_empty())
            .unwrap_or_default(),
        tie_breaks: event.settings.tie_breaks.clone(),
        time_control: schedule
            .time_control
            .as_ref()
            .map(crate::schedule::TimeControl::trf)
            .unwrap_or_default(),
        round_dates: (1..=t.total_rounds)
            .map(|r| {
                schedule
                    .start_of(r)
                    .map(crate::schedule::trf_date)
                    .unwrap_or_default()
            })
            .collect(),
        ..EventInfo::default()
    };
    write_tournament(&t, &info).map_err(|e| AppError::Conflict(e.to_string()))
}

#[routes]
#[get("/api/events/{id}/export.trf")]
#[get("/api/events/{id}/sections/{sid}/export.trf")]
async fn export_trf(
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
) -> AppResult<HttpResponse> {
    let text = trf_text(&state, &event).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .insert_header((
            "content-disposition",
            format!("attachment; filename=\"event-{}.trf\"", event.id),
        ))
        .body(text))
}

/// Records a player's fouls in a round: `{"round", "count", "note", "reason"}` (numbers or text);
/// answers `{"changed": bool}`.
#[routes]
#[post("/api/events/{id}/players/{start}/fouls")]
#[post("/api/events/{id}/sections/{sid}/players/{start}/fouls")]
async fn record_fouls(
    ctx: Ctx,
    state: web::Data<AppState>,
    Arbitrated { event, .. }: Arbitrated,
    StartNo(start): StartNo,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?.clone();
    let body: Value = parse_json(&body)?;
    let text = |key: &str| match &body[key] {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    };
    let form = service::players::FoulsForm {
        round: text("round"),
        count: text("count"),
        note: text("note"),
        reason: text("reason"),
    };
    let changed = service::players::set_fouls(&state.db, &user, &event, start, &form).await?;
    Ok(HttpResponse::Ok().json(json!({ "changed": changed })))
}

/// Draws the final lot (抽籤) once: `{"seed", "order": [start, …]}`.
#[routes]
#[post("/api/events/{id}/lot")]
#[post("/api/events/{id}/sections/{sid}/lot")]
async fn draw_lot(
    ctx: Ctx,
    state: web::Data<AppState>,
    Arbitrated { event, .. }: Arbitrated,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?.clone();
    let lot = service::standings::draw_lot(&state.db, &user, &event).await?;
    Ok(HttpResponse::Created().json(json!({ "seed": lot.seed, "order": lot.order })))
}
