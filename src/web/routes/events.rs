//! Events: create, show (settings, arbiters), assign and remove arbiters, the corrections of an
//! event (its settings while they do not yet matter, archive and its undo, delete before round 1)
//! and its audit log (paginated, filtered, in the event's time zone).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use super::{CorrectionForm, Flash, redirect, render, render_status};
use crate::event::{EventForm, FieldError};
use crate::service::events::{AuditPage, AuditQuery};
use crate::service::policy::SettingLock;
use crate::service::{self, policy::Access};
use crate::service::{Event, User};
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};
use crate::web::extract::{Arbitrated, EventView, Managed};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(new_form)
        .service(create)
        .service(show)
        .service(add_arbiter)
        .service(remove_arbiter)
        .service(settings_form)
        .service(save_settings)
        .service(archive)
        .service(unarchive)
        .service(delete_event)
        .service(audit_log)
        .service(push_rating);
}

/// The event settings form as creating and editing show it (`events/settings_fields.html`): the
/// same fields, help and errors beside each field; a setting the event's progress locks is shown
/// as stored with why, and sent as stored.
struct SettingsFields {
    form: EventForm,
    locks: Vec<SettingLock>,
    /// Time zones offered (any other IANA name may be typed).
    zones: &'static [&'static str],
    /// Each refused field with why.
    errors: Vec<FieldError>,
    /// The stored variant's and tie-breaks' names, shown when they are locked.
    locked_variant: String,
    locked_tie_breaks: String,
}

impl SettingsFields {
    /// A new event's form: nothing locked.
    fn new(form: EventForm, errors: Vec<FieldError>) -> SettingsFields {
        SettingsFields {
            form,
            locks: Vec::new(),
            zones: &ZONES,
            errors,
            locked_variant: String::new(),
            locked_tie_breaks: String::new(),
        }
    }

    /// Why a field is locked (a translation key), if it is.
    fn lock(&self, field: &str) -> Option<&'static str> {
        self.locks
            .iter()
            .find(|l| l.field == field)
            .map(|l| l.reason_key)
    }

    /// A field's value as typed or stored.
    fn value(&self, field: &str) -> &str {
        let f = &self.form;
        match field {
            "name" => &f.name,
            "venue" => &f.venue,
            "start_date" => &f.start_date,
            "end_date" => &f.end_date,
            "time_zone" => &f.time_zone,
            "swiss_rounds" => &f.swiss_rounds,
            "knockout_size" => &f.knockout_size,
            "best_of" => &f.best_of,
            "points_win" => &f.points_win,
            "points_draw" => &f.points_draw,
            "points_loss" => &f.points_loss,
            "move_limit" => &f.move_limit,
            "section" => &f.section,
            "cycles" => &f.cycles,
            "groups" => &f.groups,
            "qualifiers_per_group" => &f.qualifiers_per_group,
            _ => "",
        }
    }

    /// Why a field was refused, if it was.
    fn error(&self, field: &str) -> Option<&crate::i18n::Reason> {
        self.errors
            .iter()
            .find(|e| e.field == field)
            .map(|e| &e.reason)
    }
}

/// A workflow's refusal of one field, beside the form's own parse errors.
fn field_error(e: &service::ServiceError) -> Option<FieldError> {
    match e {
        service::ServiceError::Invalid { field, reason } => Some(FieldError {
            field,
            reason: reason.clone(),
        }),
        _ => None,
    }
}

#[derive(Template)]
#[template(path = "events/new.html")]
struct NewEventPage {
    ctx: Ctx,
    fields: SettingsFields,
}

#[get("/events/new")]
async fn new_form(ctx: Ctx) -> AppResult<HttpResponse> {
    ctx.require_user()?;
    if !ctx.can_create_events() {
        return Err(AppError::Forbidden);
    }
    let form = EventForm {
        variant: "jieqi".into(),
        start_date: chrono::Local::now()
            .date_naive()
            .format("%Y-%m-%d")
            .to_string(),
        time_zone: service::events::DEFAULT_TIME_ZONE.into(),
        swiss_rounds: "6".into(),
        knockout_size: "8".into(),
        best_of: "3".into(),
        points_win: "2".into(),
        points_draw: "1".into(),
        points_loss: "0".into(),
        tie_breaks: crate::event::tie_break_codes(
            &crate::swiss::standings::TieBreak::DEFAULT_ORDER,
        ),
        deals_required: "on".into(),
        public_value_required: String::new(),
        format: "swiss".into(),
        cycles: "1".into(),
        groups: "1".into(),
        ..Default::default()
    };
    render(&NewEventPage {
        ctx,
        fields: SettingsFields::new(form, vec![]),
    })
}

#[post("/events")]
async fn create(
    ctx: Ctx,
    state: web::Data<AppState>,
    form: CsrfForm<EventForm>,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?.clone();
    if !ctx.can_create_events() {
        return Err(AppError::Forbidden);
    }
    let errors = match form.parse() {
        Ok(settings) => {
            match service::events::create(&state.db, &user, &settings, &form.time_zone).await {
                Ok(event) => return Ok(redirect(&format!("/events/{}", event.id))),
                Err(e) => vec![field_error(&e).ok_or(e)?],
            }
        }
        Err(errors) => errors,
    };
    render_status(
        &NewEventPage {
            ctx,
            fields: SettingsFields::new(form.0, errors),
        },
        StatusCode::BAD_REQUEST,
    )
}

#[derive(Template)]
#[template(path = "events/show.html")]
struct EventPage {
    ctx: Ctx,
    event: Event,
    access: Access,
    player_count: usize,
    /// The arbiters' names as this visitor may see them (`policy::arbiter_names_for`).
    arbiters: Vec<String>,
    /// Arbiters without a public name (counted, not named, for visitors).
    arbiters_unnamed: usize,
    /// The arbiter accounts, for the organizer's remove buttons (empty for everyone else).
    arbiter_accounts: Vec<User>,
    /// The accounts the organizer may add as arbiters (the form's picker).
    arbiter_candidates: Vec<String>,
    /// The add-arbiter form sent back: the name typed and why it was refused.
    arbiter_form: Option<(String, String)>,
    /// Whether and how the event may be deleted.
    deletion: service::events::Deletion,
    /// The delete form sent back: the name typed and why it was refused.
    delete_form: Option<(String, String)>,
    /// The latest published round, which the page links to first.
    latest_round: Option<u32>,
    /// Whether the knockout has been seeded (the page links to the bracket).
    knockout_seeded: bool,
    flash: Option<&'static str>,
    /// Rating lists the visitor may push this event's rated games into: (id, name).
    rating_lists: Vec<(i64, String)>,
    pushed: Option<usize>,
    /// Why a push into a rating list was refused, shown beside its form.
    push_error: Option<String>,
    /// Games whose verdicts changed on upgrade (arbiters only; empty for everyone else).
    readjudicated: Vec<ChangedRow>,
    /// The section's time control and round starts.
    schedule: service::schedule::Schedule,
}

impl EventPage {
    /// The event's address, for its QR code.
    fn address(&self) -> String {
        format!("/events/{}", self.event.id)
    }
}

/// A game whose verdict the upgrade changed, as the event page lists it for the arbiters.
struct ChangedRow {
    /// "Round 3 · Board 2" or "Match 5", and the game number.
    label: String,
    game: u32,
    /// The record page.
    link: String,
    before: String,
    now: String,
    /// The result entered (unchanged).
    entered: &'static str,
}

/// The list of changed verdicts in the reader's language (none for visitors who do not arbitrate).
async fn changed_verdicts(
    state: &AppState,
    ctx: &Ctx,
    event: &Event,
    access: Access,
) -> AppResult<Vec<ChangedRow>> {
    use crate::service::records::GameRef;
    Ok(
        crate::service::records::readjudicated(&state.db, access, event)
            .await?
            .into_iter()
            .map(|c| {
                let (label, game, link) = match c.game {
                    GameRef::Board { round, board, game } => (
                        format!("{} {round} · {} {board}", ctx.t("round"), ctx.t("board")),
                        game,
                        format!("/events/{}/rounds/{round}/boards/{board}/record", event.id),
                    ),
                    GameRef::Knockout { match_id, game } => (
                        format!("{} {match_id}", ctx.t("readjudicated_match")),
                        game,
                        format!(
                            "/events/{}/knockout/matches/{match_id}/games/{game}/record",
                            event.id
                        ),
                    ),
                };
                ChangedRow {
                    label,
                    game,
                    link,
                    before: ctx.lang.reason(&c.old.headline),
                    now: ctx.lang.reason(&c.new.headline),
                    entered: c
                        .entered
                        .map(crate::round::BoardResult::display)
                        .unwrap_or(""),
                }
            })
            .collect(),
    )
}

#[get("/events/{id}")]
async fn show(
    ctx: Ctx,
    state: web::Data<AppState>,
    flash: web::Query<PushedQuery>,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let mut page = event_page(ctx, &state, event, access).await?;
    // The count of a push is shown only when it is the event's real number of rated games: a link
    // cannot make the page say anything else.
    page.pushed = match flash.pushed {
        Some(n) => crate::service::rating_push::rated_games(&state.db, &page.event)
            .await
            .ok()
            .filter(|games| games.len() == n)
            .map(|_| n),
        None => None,
    };
    page.flash = Flash {
        done: flash.done.clone(),
    }
    .key();
    render(&page)
}

/// The event page again with a form's refusal beside it (`sent_back` puts it in its place), or the
/// error page for what a form cannot show (404, 403, a store failure).
async fn refused_on_event_page(
    (ctx, state): (Ctx, &AppState),
    (event, access): (Event, Access),
    e: service::ServiceError,
    sent_back: impl FnOnce(&mut EventPage, String),
) -> AppResult<HttpResponse> {
    let (status, why) = crate::web::extract::inline_refusal(e, ctx.lang)?;
    let mut page = event_page(ctx, state, event, access).await?;
    sent_back(&mut page, why);
    render_status(&page, status)
}

/// The event page for this visitor, without a flash message or a form sent back.
async fn event_page(
    ctx: Ctx,
    state: &AppState,
    event: Event,
    access: Access,
) -> AppResult<EventPage> {
    let overview = service::events::overview(&state.db, ctx.user.as_ref(), access, &event).await?;
    let readjudicated = changed_verdicts(state, &ctx, &event, access).await?;
    let schedule = service::schedule::schedule(&state.db, &event).await?;
    Ok(EventPage {
        schedule,
        readjudicated,
        ctx,
        event,
        access,
        player_count: overview.player_count,
        arbiters: overview.arbiters,
        arbiters_unnamed: overview.arbiters_unnamed,
        arbiter_accounts: overview.arbiter_accounts,
        arbiter_candidates: overview.arbiter_candidates,
        deletion: overview.deletion,
        delete_form: None,
        latest_round: overview.latest_round,
        knockout_seeded: overview.knockout_seeded,
        flash: None,
        rating_lists: overview.rating_lists,
        pushed: None,
        push_error: None,
        arbiter_form: None,
    })
}

#[derive(serde::Deserialize, Default)]
struct PushedQuery {
    done: Option<String>,
    pushed: Option<usize>,
}

#[derive(serde::Deserialize)]
struct PushForm {
    list: String,
    /// Players new to the list start from their event rating (`on`).
    #[serde(default)]
    start_from_event: String,
}

/// Pushes the finished event's rated games into one of the visitor's rating lists (one click); a
/// refusal (a list of another game, an unfinished event …) is shown beside the form.
#[post("/events/{id}/push-rating")]
async fn push_rating(
    ctx: Ctx,
    state: web::Data<AppState>,
    EventView { event, access }: EventView,
    form: CsrfForm<PushForm>,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?.clone();
    let list_id: i64 = form.list.trim().parse().map_err(|_| {
        AppError::invalid(
            crate::i18n::Reason::new("err_not_a_rating_list").arg("typed", form.list.trim()),
        )
    })?;
    let from_event = form.start_from_event == "on";
    let pushed = crate::service::rating_push::push(&state.db, &user, &event, list_id, from_event);
    let n = match pushed.await {
        Ok(n) => n,
        Err(e) => {
            let sent_back = |page: &mut EventPage, why| page.push_error = Some(why);
            return refused_on_event_page((ctx, &state), (event, access), e, sent_back).await;
        }
    };
    Ok(redirect(&format!(
        "/events/{}?done=games_pushed&pushed={n}",
        event.id
    )))
}

#[derive(serde::Deserialize)]
struct ArbiterForm {
    name: String,
}

#[post("/events/{id}/arbiters")]
async fn add_arbiter(
    ctx: Ctx,
    state: web::Data<AppState>,
    m: Managed,
    form: CsrfForm<ArbiterForm>,
) -> AppResult<HttpResponse> {
    match service::events::add_arbiter(&state.db, &m.user, &m.event, &form.name).await {
        Ok(_) => Ok(redirect(&format!(
            "/events/{}?done=arbiter_added",
            m.event.id
        ))),
        Err(e) => {
            let sent_back =
                |page: &mut EventPage, why| page.arbiter_form = Some((form.0.name, why));
            refused_on_event_page((ctx, &state), (m.event, m.access), e, sent_back).await
        }
    }
}

/// Removes an arbiter from the event (organizer), with a reason and a confirmation.
#[post("/events/{id}/arbiters/{user}/remove")]
async fn remove_arbiter(
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
    Managed { event, user, .. }: Managed,
    form: CsrfForm<CorrectionForm>,
) -> AppResult<HttpResponse> {
    let (_, arbiter) = path.into_inner();
    service::events::remove_arbiter(&state.db, &user, &event, arbiter, &form.correction()).await?;
    Ok(redirect(&format!(
        "/events/{}?done=arbiter_removed",
        event.id
    )))
}

#[derive(Template)]
#[template(path = "events/settings.html")]
struct SettingsPage {
    ctx: Ctx,
    event: Event,
    access: Access,
    fields: SettingsFields,
    reason: String,
    /// A refusal of the whole change (a locked setting, a missing reason), in the reader's language.
    refusal: Option<String>,
    /// The section's online entry form (its own form, `routes::entries`).
    panel: super::entries::Panel,
}

/// Common IANA time zones offered by the settings form (any other name may be typed).
const ZONES: [&str; 8] = [
    "Asia/Hong_Kong",
    "Asia/Macau",
    "Asia/Taipei",
    "Asia/Shanghai",
    "Asia/Singapore",
    "Asia/Kuala_Lumpur",
    "Europe/London",
    "America/Vancouver",
];

/// The form as the stored settings fill it.
pub(super) fn form_of(event: &Event) -> EventForm {
    let s = &event.settings;
    EventForm {
        name: s.name.clone(),
        venue: s.venue.clone(),
        start_date: s.start_date.format("%Y-%m-%d").to_string(),
        end_date: s.end_date.format("%Y-%m-%d").to_string(),
        variant: s.variant.name().into(),
        swiss_rounds: s.swiss_rounds.to_string(),
        knockout_size: s.knockout_size.to_string(),
        best_of: s.best_of.to_string(),
        points_win: s.points.0.to_string(),
        points_draw: s.points.1.to_string(),
        points_loss: s.points.2.to_string(),
        move_limit: s.move_limit.to_string(),
        tie_breaks: crate::event::tie_break_codes(&s.tie_breaks),
        deals_required: if s.deals_required { "on" } else { "" }.into(),
        public_value_required: if s.public_value_required { "on" } else { "" }.into(),
        time_zone: event.time_zone.clone(),
        section: s.section.clone(),
        format: s.stage.format.as_str().into(),
        cycles: s.stage.cycles.to_string(),
        groups: s.stage.groups.to_string(),
        qualifiers_per_group: s.stage.qualifiers_per_group.to_string(),
        withdrawal_rule: s.stage.withdrawal.as_str().into(),
        club_avoidance: s.stage.club_avoidance.code(),
        team_counted: s.stage.team_counted.to_string(),
        ..Default::default()
    }
}

async fn settings_page(
    state: &AppState,
    ctx: Ctx,
    event: Event,
    form: EventForm,
    reason: String,
) -> AppResult<SettingsPage> {
    let locks = service::events::settings_locks(&state.db, &event).await?;
    let locked_tie_breaks = event
        .settings
        .tie_breaks
        .iter()
        .map(|tb| ctx.event_tie_break_name(&event, tb))
        .collect::<Vec<_>>()
        .join(", ");
    let panel = super::entries::panel(state, &event).await?;
    Ok(SettingsPage {
        panel,
        access: Access {
            manage: true,
            arbitrate: true,
        },
        fields: SettingsFields {
            form,
            locks,
            zones: &ZONES,
            errors: vec![],
            locked_variant: ctx.variant_name(&event.settings.variant).to_string(),
            locked_tie_breaks,
        },
        ctx,
        event,
        reason,
        refusal: None,
    })
}

/// The settings form: what may still change, and for each locked setting why it is locked.
#[get("/events/{id}/settings")]
async fn settings_form(
    ctx: Ctx,
    state: web::Data<AppState>,
    Managed { event, .. }: Managed,
) -> AppResult<HttpResponse> {
    let form = form_of(&event);
    render(&settings_page(&state, ctx, event, form, String::new()).await?)
}

#[derive(serde::Deserialize, Default)]
struct SettingsForm {
    #[serde(flatten)]
    event: EventForm,
    #[serde(flatten)]
    correction: CorrectionForm,
}

/// Saves the settings (a locked setting is refused even when the form was forged); the form is
/// shown again with its errors and what was typed.
#[post("/events/{id}/settings")]
async fn save_settings(
    ctx: Ctx,
    state: web::Data<AppState>,
    Managed { event, user, .. }: Managed,
    form: CsrfForm<SettingsForm>,
) -> AppResult<HttpResponse> {
    let form = form.0;
    let (errors, refusal) = match form.event.parse() {
        Ok(settings) => match service::events::update_settings(
            &state.db,
            &user,
            &event,
            &settings,
            &form.event.time_zone,
            &form.correction.correction(),
        )
        .await
        {
            Ok(_) => {
                return Ok(redirect(&format!(
                    "/events/{}?done=settings_saved",
                    event.id
                )));
            }
            // A refused field is shown beside it; a refusal of the whole change above the form.
            Err(service::ServiceError::Invalid { field, reason })
                if !matches!(field, "reason" | "confirm") =>
            {
                (vec![FieldError { field, reason }], None)
            }
            Err(service::ServiceError::Invalid { reason, .. })
            | Err(service::ServiceError::Conflict(reason))
            | Err(service::ServiceError::Refused(reason)) => {
                (vec![], Some(ctx.lang.reason(&reason)))
            }
            Err(e) => return Err(e.into()),
        },
        Err(errors) => (errors, None),
    };
    let mut page = settings_page(
        &state,
        ctx,
        event,
        form.event.clone(),
        form.correction.reason.clone(),
    )
    .await?;
    page.fields.errors = errors;
    page.refusal = refusal;
    render_status(&page, StatusCode::BAD_REQUEST)
}

/// Archives the event: read-only, off the home list, still public by its address.
#[post("/events/{id}/archive")]
async fn archive(
    state: web::Data<AppState>,
    Managed { event, user, .. }: Managed,
    form: CsrfForm<CorrectionForm>,
) -> AppResult<HttpResponse> {
    service::events::set_archived(&state.db, &user, &event, true, &form.correction()).await?;
    Ok(redirect(&format!(
        "/events/{}?done=event_archived",
        event.id
    )))
}

/// Un-archives the event (the undo of archiving). It loads the event without the extractor's
/// read-only check, which would refuse this very write; the service checks the rights.
#[post("/events/{id}/unarchive")]
async fn unarchive(
    ctx: Ctx,
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
    form: CsrfForm<CorrectionForm>,
) -> AppResult<HttpResponse> {
    let user = ctx.require_user()?.clone();
    service::events::set_archived(&state.db, &user, &event, false, &form.correction()).await?;
    Ok(redirect(&format!(
        "/events/{}?done=event_unarchived",
        event.id
    )))
}

/// The delete form: the reason, the confirmation and, once the event started, its name typed.
#[derive(serde::Deserialize)]
struct DeleteForm {
    #[serde(flatten)]
    why: CorrectionForm,
    #[serde(default)]
    name: String,
}

/// Deletes the event (a trial event that started: with its name typed); refused beside the form.
#[post("/events/{id}/delete")]
async fn delete_event(
    ctx: Ctx,
    state: web::Data<AppState>,
    m: Managed,
    form: CsrfForm<DeleteForm>,
) -> AppResult<HttpResponse> {
    let f = form.0;
    let why = f.why.correction();
    match service::events::delete(&state.db, &m.user, &m.event, &why, &f.name).await {
        Ok(()) => Ok(redirect("/?done=event_deleted")),
        Err(e) => {
            let sent_back = |page: &mut EventPage, why| page.delete_form = Some((f.name, why));
            refused_on_event_page((ctx, &state), (m.event, m.access), e, sent_back).await
        }
    }
}

#[derive(serde::Deserialize, Default)]
struct AuditForm {
    #[serde(default)]
    action: String,
    #[serde(default)]
    user: String,
    #[serde(default)]
    from: String,
    #[serde(default)]
    until: String,
    #[serde(default)]
    page: Option<u32>,
}

#[derive(Template)]
#[template(path = "events/audit.html")]
struct AuditLogPage {
    ctx: Ctx,
    event: Event,
    access: Access,
    log: AuditPage,
    filter: AuditForm,
    /// The query string of the filter without the page (for the page links).
    filter_query: String,
}

impl AuditLogPage {
    /// An action in the reader's language (a generic word for an action this build has no name for).
    fn action_name(&self, code: &str) -> String {
        self.ctx.audit_action(code)
    }

    /// A detail in the reader's language ([`crate::i18n::Lang::audit_detail`]; a row written before
    /// details were structured is shown as stored).
    fn detail_text(&self, detail: &str) -> String {
        self.ctx.lang.audit_detail(detail)
    }
}

/// The event's audit log for its arbiters: 50 lines a page, filtered by action, user and days,
/// times in the event's time zone, actions as words.
#[get("/events/{id}/audit")]
async fn audit_log(
    ctx: Ctx,
    state: web::Data<AppState>,
    q: web::Query<AuditForm>,
    Arbitrated { event, access, .. }: Arbitrated,
) -> AppResult<HttpResponse> {
    let filter = q.into_inner();
    let query = AuditQuery {
        action: filter.action.clone(),
        user: filter.user.clone(),
        from: filter.from.clone(),
        until: filter.until.clone(),
        page: filter.page.unwrap_or(1),
    };
    let log = service::events::audit_page(&state.db, &event, &query).await?;
    let filter_query = serde_urlencoded::to_string([
        ("action", filter.action.as_str()),
        ("user", filter.user.as_str()),
        ("from", filter.from.as_str()),
        ("until", filter.until.as_str()),
    ])
    .unwrap_or_default();
    render(&AuditLogPage {
        ctx,
        event,
        access,
        log,
        filter,
        filter_query,
    })
}
