//! Club rating lists (RULES.md §7): the index, creating a list and changing its settings, the standings,
//! adding games (CSV upload or one game by form), starting entries for new players, removing a batch of
//! games, a player's history with a chart, the level distribution, and CSV downloads of the list and of
//! a history.
//!
//! Everyone may view; only the list's owner (the club manager who created it) or an administrator may
//! change it. Every number shown is the list's stored state (`store::ratings`), kept equal to a replay of
//! its games by every write, so a page reads it instead of rating every game again.

mod chart;
mod form;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use self::chart::Chart;
use self::form::{FieldError, GameForm, ListForm, fill, format_one, input_error_text, level_label};
use super::{CorrectionForm, csv_download, redirect, render, render_status};
use crate::i18n::Reason;
use crate::rating::csv::{
    HistoryLine, StandingLine, read_games, read_start_list, write_history, write_standing_lines,
};
use crate::rating::{Level, Points, SideResult};
use crate::rules::{Color, Variant};
use crate::service;
use crate::service::User;
use crate::service::ratings::{
    Appended, GameSource, HistoryGame, ListInfo, NewGame, RatedPlayer, StartAdded, Upload,
    upload_digest,
};
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::csv_upload::{self, CsvSent};
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};

/// Registers the rating list routes (`/ratings…`).
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(index)
        .service(new_form)
        .service(create)
        .service(show)
        .service(standings_csv)
        .service(level_distribution)
        .service(games_page)
        .service(upload)
        .service(add_game)
        .service(add_start_list)
        .service(remove_upload)
        .service(settings_form)
        .service(save_settings)
        .service(player)
        .service(history_csv);
}

/// Messages shown after a redirect (`?done=…`); only these keys are ever shown.
const FLASH_KEYS: [&str; 6] = [
    "rating_upload_removed",
    "rating_start_added",
    "rating_list_created",
    "rating_games_added",
    "rating_game_added",
    "rating_settings_saved",
];

/// The `?done=…&n=…` of a redirect after a change (`n`: how many games or players were added).
#[derive(Debug, Default, serde::Deserialize)]
struct FlashQuery {
    done: Option<String>,
    n: Option<i64>,
}

impl FlashQuery {
    fn key(&self) -> Option<&'static str> {
        let done = self.done.as_deref()?;
        FLASH_KEYS.into_iter().find(|k| *k == done)
    }
}

/// Whether the visitor may change a list: its owner or an administrator.
fn may_change(ctx: &Ctx, list: &ListInfo) -> bool {
    ctx.user
        .as_ref()
        .is_some_and(|u| service::policy::may_change_list(u, list))
}

/// Whether an account may create rating lists: club managers and administrators.
fn may_create(user: &User) -> bool {
    service::policy::may_create_lists(user.role)
}

/// Loads a list (404 when missing).
async fn load(state: &AppState, id: i64) -> AppResult<ListInfo> {
    Ok(service::ratings::list(&state.db, id).await?)
}

/// Loads a list the visitor must be allowed to change (login required, else 403).
async fn load_owned(ctx: &Ctx, state: &AppState, id: i64) -> AppResult<(ListInfo, User)> {
    let user = ctx.require_user()?.clone();
    let list = service::ratings::owned_list(&state.db, &user, id).await?;
    Ok((list, user))
}

// ---------------------------------------------------------------------------------------------------
// Index, create, settings

#[derive(Template)]
#[template(path = "ratings/index.html")]
struct IndexPage {
    ctx: Ctx,
    lists: Vec<ListInfo>,
    can_create: bool,
}

#[get("/ratings")]
async fn index(ctx: Ctx, state: web::Data<AppState>) -> AppResult<HttpResponse> {
    let lists = service::ratings::lists(&state.db).await?;
    let can_create = ctx.user.as_ref().is_some_and(may_create);
    render(&IndexPage {
        ctx,
        lists,
        can_create,
    })
}

#[derive(Template)]
#[template(path = "ratings/new.html")]
struct NewPage {
    ctx: Ctx,
    form: ListForm,
    errors: Vec<FieldError>,
}

#[get("/ratings/new")]
async fn new_form(ctx: Ctx) -> AppResult<HttpResponse> {
    if !may_create(ctx.require_user()?) {
        return Err(AppError::Forbidden);
    }
    render(&NewPage {
        ctx,
        form: ListForm::default(),
        errors: vec![],
    })
}

#[post("/ratings")]
async fn create(
    ctx: Ctx,
    state: web::Data<AppState>,
    form: CsrfForm<ListForm>,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?.clone();
    if !may_create(&user) {
        return Err(AppError::Forbidden);
    }
    match form.parse(ctx.lang) {
        Ok((name, variant, settings)) => {
            // A form that names no game makes a list of the main game, as the form preselects.
            let variant = variant.unwrap_or(Variant::Jieqi);
            let id =
                service::ratings::create_list(&state.db, &user, &name, variant, &settings).await?;
            Ok(redirect(&format!("/ratings/{id}?done=rating_list_created")))
        }
        Err(errors) => render_status(
            &NewPage {
                ctx,
                form: form.0,
                errors,
            },
            StatusCode::BAD_REQUEST,
        ),
    }
}

#[derive(Template)]
#[template(path = "ratings/settings.html")]
struct SettingsPage {
    ctx: Ctx,
    list: ListInfo,
    form: ListForm,
    errors: Vec<FieldError>,
}

#[get("/ratings/{id}/settings")]
async fn settings_form(
    ctx: Ctx,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> AppResult<HttpResponse> {
    let (list, _) = load_owned(&ctx, &state, *id).await?;
    let form = ListForm::of(&list.name, list.variant, &list.settings);
    render(&SettingsPage {
        ctx,
        list,
        form,
        errors: vec![],
    })
}

#[post("/ratings/{id}/settings")]
async fn save_settings(
    ctx: Ctx,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    form: CsrfForm<ListForm>,
) -> AppResult<HttpResponse> {
    let (list, user) = load_owned(&ctx, &state, *id).await?;
    let errors = match form.parse(ctx.lang) {
        Ok((name, variant, settings)) => {
            let saved =
                service::ratings::update_list(&state.db, &user, &list, &name, variant, &settings)
                    .await;
            match saved {
                Ok(()) => {
                    return Ok(redirect(&format!(
                        "/ratings/{}?done=rating_settings_saved",
                        list.id
                    )));
                }
                // The game of a list that holds another game's event: beside the field.
                Err(e) => {
                    let field = e.field().unwrap_or("name");
                    let (_, message) = crate::web::extract::inline_refusal(e, ctx.lang)?;
                    vec![FieldError { field, message }]
                }
            }
        }
        Err(errors) => errors,
    };
    let mut form = form.0;
    form.several = list.variant.is_none();
    render_status(
        &SettingsPage {
            ctx,
            list,
            form,
            errors,
        },
        StatusCode::BAD_REQUEST,
    )
}

// ---------------------------------------------------------------------------------------------------
// The list and its downloads

/// One line of the standings as shown.
struct Row {
    rank: usize,
    player_id: i64,
    name: String,
    points: Points,
    level: String,
    games: u32,
    last_played: String,
}

#[derive(Template)]
#[template(path = "ratings/show.html")]
struct ShowPage {
    ctx: Ctx,
    list: ListInfo,
    rows: Vec<Row>,
    can_change: bool,
    flash: Option<&'static str>,
    added: Option<i64>,
}

impl ShowPage {
    /// The level table in one line: `30級 below 1050.00, then one level per 50.00 up to 1級`.
    fn level_rule(&self) -> String {
        let table = &self.list.settings.levels;
        let lang = self.ctx.lang;
        fill(
            lang,
            "rating_level_rule",
            &[
                ("lowest", level_label(lang, Level::Ranked(table.lowest()))),
                ("base", (table.base() + table.step()).to_string()),
                ("step", table.step().to_string()),
                ("highest", level_label(lang, Level::Ranked(table.highest()))),
            ],
        )
    }
}

#[get("/ratings/{id}")]
async fn show(
    ctx: Ctx,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    q: web::Query<FlashQuery>,
) -> AppResult<HttpResponse> {
    let list = load(&state, *id).await?;
    let rows = service::ratings::standings(&state.db, &list)
        .await?
        .into_iter()
        .map(|s| Row {
            rank: s.rank,
            player_id: s.id,
            name: s.name,
            points: s.points,
            level: level_label(ctx.lang, s.level),
            games: s.games,
            last_played: s.last_played.map(|d| d.to_string()).unwrap_or_default(),
        })
        .collect();
    let can_change = may_change(&ctx, &list);
    render(&ShowPage {
        ctx,
        list,
        rows,
        can_change,
        flash: q.key(),
        added: q.n,
    })
}

fn write_failed(e: std::io::Error) -> AppError {
    AppError::Internal(format!("writing CSV: {e}"))
}

/// The list as `player,points,level,games` — the same file `anqi rate` writes.
#[get("/ratings/{id}/standings.csv")]
async fn standings_csv(state: web::Data<AppState>, id: web::Path<i64>) -> AppResult<HttpResponse> {
    let list = load(&state, *id).await?;
    let standings = service::ratings::standings(&state.db, &list).await?;
    let lines = standings.iter().map(|s| StandingLine {
        name: &s.name,
        points: s.points,
        level: s.level,
        games: s.games,
    });
    let mut out = Vec::new();
    write_standing_lines(&mut out, lines).map_err(write_failed)?;
    Ok(csv_download(&format!("rating-list-{}.csv", list.id), out))
}

/// One level's line of the distribution.
struct LevelRow {
    label: String,
    from: Option<Points>,
    players: usize,
    /// Bar length, 0–100.
    percent: usize,
}

#[derive(Template)]
#[template(path = "ratings/levels.html")]
struct LevelsPage {
    ctx: Ctx,
    list: ListInfo,
    rows: Vec<LevelRow>,
    unrated: LevelRow,
    can_change: bool,
}

#[get("/ratings/{id}/levels")]
async fn level_distribution(
    ctx: Ctx,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> AppResult<HttpResponse> {
    let list = load(&state, *id).await?;
    let standings: Vec<RatedPlayer> = service::ratings::standings(&state.db, &list).await?;
    let total = standings.len().max(1);
    let count = |level: Level| standings.iter().filter(|s| s.level == level).count();
    let row = |label: String, from: Option<Points>, players: usize| LevelRow {
        label,
        from,
        players,
        percent: players * 100 / total,
    };
    // Highest level first; levels above the best player and below the weakest are left out, the empty
    // levels between them are shown.
    let mut rows: Vec<LevelRow> = list
        .settings
        .levels
        .thresholds()
        .into_iter()
        .rev()
        .map(|(n, from)| {
            row(
                level_label(ctx.lang, Level::Ranked(n)),
                from,
                count(Level::Ranked(n)),
            )
        })
        .skip_while(|r| r.players == 0)
        .collect();
    while rows.last().is_some_and(|r| r.players == 0) {
        rows.pop();
    }
    let unrated = row(
        level_label(ctx.lang, Level::Unrated),
        None,
        count(Level::Unrated),
    );
    let can_change = may_change(&ctx, &list);
    render(&LevelsPage {
        ctx,
        list,
        rows,
        unrated,
        can_change,
    })
}

// ---------------------------------------------------------------------------------------------------
// Adding games

#[derive(Template)]
#[template(path = "ratings/games.html")]
struct GamesPage {
    ctx: Ctx,
    list: ListInfo,
    uploads: Vec<Upload>,
    can_change: bool,
    /// Why the last upload was refused (already translated), if it was.
    upload_error: Option<String>,
    csv: String,
    label: String,
    game: GameForm,
    game_errors: Vec<FieldError>,
    /// Why the last starting list was refused (already translated), if it was.
    start_error: Option<String>,
    start_csv: String,
    /// A chosen games file read on the server, shown for checking before anything is added.
    upload_read: Option<FileRead>,
    /// A chosen starting list read on the server, shown for checking.
    start_read: Option<FileRead>,
}

/// A chosen file as read on the server, for checking (already translated): the encoding it was read
/// in, what it holds, and the names in it.
struct FileRead {
    read_as: String,
    holds: String,
    names: Vec<String>,
}

impl FileRead {
    /// The notice of a file read as `encoding` (nothing in it yet).
    fn new(lang: crate::i18n::Lang, encoding: &str) -> FileRead {
        FileRead {
            read_as: lang.reason(&Reason::new("csv_read_as").arg("encoding", encoding)),
            holds: String::new(),
            names: vec![],
        }
    }
}

/// The text of a CSV form (`csv`, or the chosen file's `file`), the encoding a chosen file was read
/// in, and why it cannot be read (translated).
fn sent_text(
    lang: crate::i18n::Lang,
    csv: String,
    file: &str,
) -> (String, Option<&'static str>, Option<String>) {
    match csv_upload::read(&csv, file) {
        Ok(CsvSent::Text(text)) => (text, None, None),
        Ok(CsvSent::File { text, encoding }) => (text, Some(encoding), None),
        Err(why) => (csv, None, Some(lang.reason(&why))),
    }
}

impl GamesPage {
    async fn new(ctx: Ctx, state: &AppState, list: ListInfo) -> AppResult<GamesPage> {
        let uploads = service::ratings::uploads(&state.db, &list).await?;
        let can_change = may_change(&ctx, &list);
        Ok(GamesPage {
            ctx,
            list,
            uploads,
            can_change,
            upload_error: None,
            csv: String::new(),
            label: String::new(),
            game: GameForm {
                date: chrono::Local::now().date_naive().to_string(),
                result: "1-0".into(),
                ..GameForm::default()
            },
            game_errors: vec![],
            start_error: None,
            start_csv: String::new(),
            upload_read: None,
            start_read: None,
        })
    }

    fn kind_name(&self, kind: &str) -> &'static str {
        self.ctx.t(match kind {
            "file" => "rating_source_file",
            "event" => "rating_source_event",
            _ => "rating_source_form",
        })
    }
}

#[get("/ratings/{id}/games")]
async fn games_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> AppResult<HttpResponse> {
    let list = load(&state, *id).await?;
    render(&GamesPage::new(ctx, &state, list).await?)
}

#[derive(serde::Deserialize)]
struct UploadForm {
    #[serde(default)]
    label: String,
    #[serde(default)]
    csv: String,
    /// A chosen file's bytes (base64), sent instead of `csv` when the file is not UTF-8.
    #[serde(default)]
    file: String,
}

/// Appends the games of a pasted or chosen CSV file: all of them, or none when the file has an error or
/// was uploaded to this list before.
#[post("/ratings/{id}/upload")]
async fn upload(
    ctx: Ctx,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    form: CsrfForm<UploadForm>,
) -> AppResult<HttpResponse> {
    let (list, user) = load_owned(&ctx, &state, *id).await?;
    let lang = ctx.lang;
    let UploadForm { label, csv, file } = form.0;
    let (csv, encoding, unread) = sent_text(lang, csv, &file);
    let label_error = crate::text::check_line(&label, 120)
        .err()
        .map(|e| lang.reason(&e.reason()))
        .or(unread)
        .map(|m| (m, StatusCode::BAD_REQUEST));
    let refused = match label_error
        .map(Err)
        .unwrap_or_else(|| sheet_games(lang, &csv).map_err(|m| (m, StatusCode::BAD_REQUEST)))
    {
        Err(refusal) => refusal,
        Ok(games) if encoding.is_some() => {
            // A chosen file is shown for checking; its text comes back as `csv` to be added.
            let mut read = FileRead::new(lang, encoding.unwrap_or_default());
            let mut names: Vec<String> = Vec::new();
            for g in &games {
                for name in [&g.red, &g.black] {
                    if !names.contains(name) {
                        names.push(name.clone());
                    }
                }
            }
            read.holds = lang.reason(
                &Reason::new("csv_games_read")
                    .arg("games", games.len())
                    .arg("players", names.len()),
            );
            read.names = names;
            let mut page = GamesPage::new(ctx, &state, list).await?;
            page.upload_read = Some(read);
            page.csv = csv;
            page.label = label;
            return render(&page);
        }
        Ok(games) => {
            let appended = service::ratings::append_file(
                &state.db,
                &user,
                &list,
                &games,
                &label,
                upload_digest(&csv),
            )
            .await;
            match appended {
                Err(e) => crate::web::extract::inline_refusal(e, lang)
                    .map(|(status, why)| (why, status))?,
                Ok(Appended::Added(batch)) => {
                    return Ok(redirect(&format!(
                        "/ratings/{}?done=rating_games_added&n={}",
                        list.id, batch.games
                    )));
                }
                // Only an event's games are of a game.
                Ok(Appended::OtherGame(_)) => {
                    return Err(AppError::Internal("file refused as of another game".into()));
                }
                Ok(Appended::Duplicate(earlier)) => (
                    format!(
                        "{} ({}, {}, {} {})",
                        lang.t("rating_duplicate_upload"),
                        earlier.created_at,
                        earlier.user.as_deref().unwrap_or("—"),
                        earlier.games,
                        lang.t("rating_games")
                    ),
                    StatusCode::CONFLICT,
                ),
            }
        }
    };
    let mut page = GamesPage::new(ctx, &state, list).await?;
    let (message, status) = refused;
    page.upload_error = Some(message);
    page.upload_read = encoding.map(|e| FileRead::new(lang, e));
    // A file with an error comes back to be corrected; a duplicate is already in the list.
    if status == StatusCode::BAD_REQUEST {
        page.csv = csv;
        page.label = label;
    }
    render_status(&page, status)
}

/// The games of a CSV text, or why it cannot be used (in the visitor's language, naming line and
/// column).
fn sheet_games(lang: crate::i18n::Lang, csv: &str) -> Result<Vec<NewGame>, String> {
    let sheet = read_games(csv.as_bytes()).map_err(|e| input_error_text(lang, &e))?;
    if sheet.entries().is_empty() {
        return Err(lang.t("rating_no_games").into());
    }
    Ok(sheet
        .entries()
        .iter()
        .map(|g| NewGame {
            date: g.date,
            red: sheet.name(g.red).unwrap_or_default().to_string(),
            black: sheet.name(g.black).unwrap_or_default().to_string(),
            outcome: g.outcome,
            origin: None,
        })
        .collect())
}

/// Appends one game entered by form.
#[post("/ratings/{id}/games")]
async fn add_game(
    ctx: Ctx,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    form: CsrfForm<GameForm>,
) -> AppResult<HttpResponse> {
    let (list, user) = load_owned(&ctx, &state, *id).await?;
    let game = match form.parse(ctx.lang) {
        Ok(game) => game,
        Err(errors) => {
            let mut page = GamesPage::new(ctx, &state, list).await?;
            page.game = form.0;
            page.game_errors = errors;
            return render_status(&page, StatusCode::BAD_REQUEST);
        }
    };
    match service::ratings::append_game(&state.db, &user, &list, game).await? {
        Appended::Added(_) => Ok(redirect(&format!(
            "/ratings/{}?done=rating_game_added",
            list.id
        ))),
        // A form entry has no digest, so it never duplicates an earlier batch; nor has it a game.
        Appended::Duplicate(_) | Appended::OtherGame(_) => Err(AppError::Internal(
            "form game refused as duplicate or of another game".into(),
        )),
    }
}

#[derive(serde::Deserialize)]
struct StartForm {
    #[serde(default)]
    csv: String,
    /// A chosen file's bytes (base64), sent instead of `csv` when the file is not UTF-8.
    #[serde(default)]
    file: String,
}

/// Adds players with their starting points and games (`player,points,games`, as `anqi rate --players`
/// reads): all of them, or none when the file has an error or names a player already in the list.
#[post("/ratings/{id}/start")]
async fn add_start_list(
    ctx: Ctx,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    form: CsrfForm<StartForm>,
) -> AppResult<HttpResponse> {
    let (list, user) = load_owned(&ctx, &state, *id).await?;
    let lang = ctx.lang;
    let StartForm { csv, file } = form.0;
    let (csv, encoding, unread) = sent_text(lang, csv, &file);
    let read = unread
        .map(Err)
        .unwrap_or_else(|| read_start_list(csv.as_bytes()).map_err(|e| input_error_text(lang, &e)));
    let refusal = match read {
        Err(refusal) => refusal,
        Ok(entries) if entries.is_empty() => lang.t("rating_no_start_entries").into(),
        Ok(entries) if encoding.is_some() => {
            // A chosen file is shown for checking; its text comes back as `csv` to be added.
            let mut read = FileRead::new(lang, encoding.unwrap_or_default());
            read.holds = lang.reason(&Reason::new("csv_start_read").arg("players", entries.len()));
            read.names = entries.into_iter().map(|e| e.name).collect();
            let mut page = GamesPage::new(ctx, &state, list).await?;
            page.start_read = Some(read);
            page.start_csv = csv;
            return render(&page);
        }
        Ok(entries) => {
            match service::ratings::add_start_list(&state.db, &user, &list, &entries).await? {
                StartAdded::Added(n) => {
                    return Ok(redirect(&format!(
                        "/ratings/{}?done=rating_start_added&n={n}",
                        list.id
                    )));
                }
                StartAdded::AlreadyInList(name) => {
                    format_one(lang, "rating_already_in_list", "player", name)
                }
            }
        }
    };
    let mut page = GamesPage::new(ctx, &state, list).await?;
    page.start_error = Some(refusal);
    page.start_read = encoding.map(|e| FileRead::new(lang, e));
    page.start_csv = csv;
    render_status(&page, StatusCode::BAD_REQUEST)
}

/// Removes one batch of games (a wrong file, a mistyped game) once the user confirmed it with a
/// reason; every number is recomputed without it.
#[post("/ratings/{id}/uploads/{upload}/remove")]
async fn remove_upload(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<CorrectionForm>,
) -> AppResult<HttpResponse> {
    let (list_id, upload_id) = path.into_inner();
    let user = ctx.require_user()?.clone();
    let list = load(&state, list_id).await?;
    service::ratings::remove_batch(
        &state.db,
        &user,
        &list,
        upload_id,
        &form.reason,
        form.confirmed(),
    )
    .await?;
    Ok(redirect(&format!(
        "/ratings/{}?done=rating_upload_removed",
        list.id
    )))
}

// ---------------------------------------------------------------------------------------------------
// A player's history

/// One game of a history as shown.
struct HistoryRow {
    date: String,
    /// Where it came from: the event and its round and game, or the file or form.
    source: String,
    /// The event's page, while the event exists.
    event_link: Option<String>,
    red: bool,
    opponent_id: i64,
    opponent: String,
    result: SideResult,
    change: String,
    /// Whether the change is a gain (for the colour).
    gain: bool,
    points_after: Points,
}

#[derive(Template)]
#[template(path = "ratings/player.html")]
struct PlayerPage {
    ctx: Ctx,
    list: ListInfo,
    player_id: i64,
    name: String,
    rank: usize,
    points: Points,
    level: String,
    games: u32,
    rows: Vec<HistoryRow>,
    chart: Option<Chart>,
    /// The chart's dots with their hover text (`date: points`).
    dots: Vec<(i64, i64, String)>,
    chart_width: i64,
    chart_height: i64,
    can_change: bool,
}

impl PlayerPage {
    fn result_name(&self, r: &SideResult) -> &'static str {
        self.ctx.t(match r {
            SideResult::Win => "points_win",
            SideResult::Draw => "points_draw",
            SideResult::Loss => "points_loss",
        })
    }
}

/// Where a game of a history came from, in the visitor's language: `中弈杯 · Round 3 · game 2`,
/// `CSV file · 二月.csv`, `Form`.
fn source_text(ctx: &Ctx, source: &GameSource) -> String {
    let (kind, detail) = match source.kind.as_str() {
        "event" => (
            source.label.clone(),
            source.origin.map(|o| ctx.lang.reason(&o.reason())),
        ),
        "file" => (
            ctx.t("rating_source_file").to_string(),
            Some(source.label.clone()).filter(|l| !l.is_empty()),
        ),
        _ => (ctx.t("rating_source_form").to_string(), None),
    };
    match detail {
        Some(detail) => format!("{kind} · {detail}"),
        None => kind,
    }
}

/// A change with its sign: `+10.00`, `-2.00`, `0.00`.
fn signed(change: Points) -> String {
    if change > Points::ZERO {
        format!("+{change}")
    } else {
        change.to_string()
    }
}

/// The list, the player's line and history (404 when the player is not in this list).
async fn load_player(
    state: &AppState,
    list_id: i64,
    player_id: i64,
) -> AppResult<(ListInfo, RatedPlayer, Vec<HistoryGame>)> {
    let list = load(state, list_id).await?;
    let (standing, history) = service::ratings::player(&state.db, &list, player_id).await?;
    Ok((list, standing, history))
}

#[get("/ratings/{id}/players/{player}")]
async fn player(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
) -> AppResult<HttpResponse> {
    let (list_id, player_id) = path.into_inner();
    let (list, standing, history) = load_player(&state, list_id, player_id).await?;
    let mut values: Vec<Points> = Vec::with_capacity(history.len() + 1);
    if let Some(first) = history.first() {
        values.push(first.points_after - first.change);
    }
    values.extend(history.iter().map(|h| h.points_after));
    let chart = chart::chart(&values);
    let tips = std::iter::once(ctx.t("rating_start_points").to_string())
        .chain(history.iter().map(|h| h.date.to_string()))
        .zip(&values)
        .map(|(when, points)| format!("{when}: {points}"));
    let dots = chart
        .as_ref()
        .map(|c| {
            c.dots
                .iter()
                .zip(tips)
                .map(|(&(x, y), tip)| (x, y, tip))
                .collect()
        })
        .unwrap_or_default();
    let rows = history
        .iter()
        .map(|h| HistoryRow {
            date: h.date.to_string(),
            source: source_text(&ctx, &h.source),
            event_link: h.source.event_id.map(|id| format!("/events/{id}")),
            red: h.color == Color::Red,
            opponent_id: h.opponent_id,
            opponent: h.opponent.clone(),
            result: h.result,
            change: signed(h.change),
            gain: h.change > Points::ZERO,
            points_after: h.points_after,
        })
        .collect();
    render(&PlayerPage {
        level: level_label(ctx.lang, standing.level),
        can_change: may_change(&ctx, &list),
        ctx,
        list,
        player_id,
        name: standing.name,
        rank: standing.rank,
        points: standing.points,
        games: standing.games,
        rows,
        chart,
        dots,
        chart_width: chart::WIDTH,
        chart_height: chart::HEIGHT,
    })
}

/// A player's history as `date,color,opponent,result,change,points`.
#[get("/ratings/{id}/players/{player}/history.csv")]
async fn history_csv(
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
) -> AppResult<HttpResponse> {
    let (list_id, player_id) = path.into_inner();
    let (list, _, history) = load_player(&state, list_id, player_id).await?;
    let lines = history.iter().map(|h| HistoryLine {
        date: h.date,
        color: h.color,
        opponent: &h.opponent,
        result: h.result,
        change: h.change,
        points_after: h.points_after,
    });
    let mut out = Vec::new();
    write_history(&mut out, lines).map_err(write_failed)?;
    Ok(csv_download(
        &format!("rating-list-{}-player-{player_id}.csv", list.id),
        out,
    ))
}
