//! Player registration: the list, one by form, many by CSV import, linking player accounts, and
//! the starting list — confirming it, rating changes and deletions before round 1 (which re-open
//! it), and its printable starting-rank list.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use super::{CorrectionForm, Flash, redirect, render, render_status};
use crate::roster::{self, PlayerEntry, RowError};
use crate::service;
use crate::service::Event;
use crate::service::players::Roster;
use crate::service::policy::Access;
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::csv_upload::{self, CsvSent};
use crate::web::ctx::Ctx;
use crate::web::error::AppResult;
use crate::web::extract::{Arbitrated, EventView, Managed};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list)
        .service(add)
        .service(import)
        .service(link)
        .service(confirm_list)
        .service(set_rating)
        .service(edit)
        .service(delete)
        .service(print_starting_list)
        .service(forbid)
        .service(allow);
}

#[derive(Template)]
#[template(path = "events/players.html")]
struct PlayersPage {
    ctx: Ctx,
    event: Event,
    access: Access,
    roster: Roster,
    /// What the viewer may do with the list, from the service's checks.
    actions: service::players::RosterActions,
    flash: Option<&'static str>,
    imported: Option<usize>,
    errors: Vec<RowError>,
    csv: String,
    /// A chosen file read on the server, shown for checking before anything is imported.
    file: Option<FileRead>,
    /// A refused draw or move: the form (`draw`, `move-{start}`) and why.
    refusal: Option<(String, String)>,
}

impl PlayersPage {
    /// The letter of a round robin's group.
    fn group_letter(&self, group: &u32) -> String {
        service::sections::group_letter(*group)
    }

    /// Why the form `form` was refused, if it was.
    fn refusal_of(&self, form: &str) -> Option<&str> {
        self.refusal
            .as_ref()
            .filter(|(f, _)| f == form)
            .map(|(_, why)| why.as_str())
    }
}

/// The players page again with a refused draw or move beside its form.
async fn refused(
    (ctx, state): (Ctx, &AppState),
    (event, access): (Event, Access),
    (form, why): (&str, String),
    status: StatusCode,
) -> AppResult<HttpResponse> {
    let mut page = page_again(ctx, state, (event, access), (vec![], String::new(), None)).await?;
    page.refusal = Some((form.to_string(), why));
    render_status(&page, status)
}

/// The answer to a form of the players page (the draw, a move, pairs kept apart): on success a
/// redirect to `to`, else the page again with the refusal beside the form `form`.
pub(super) async fn form_answer(
    (ctx, state): (Ctx, &AppState),
    (event, access): (Event, Access),
    form: &str,
    done: Result<String, service::ServiceError>,
) -> AppResult<HttpResponse> {
    match done {
        Ok(to) => Ok(redirect(&to)),
        Err(e) => {
            let (status, why) = crate::web::extract::inline_refusal(e, ctx.lang)?;
            refused((ctx, state), (event, access), (form, why), status).await
        }
    }
}

/// The players page after a form of it: an import's errors, the text sent and a file read.
async fn page_again(
    ctx: Ctx,
    state: &AppState,
    (event, access): (Event, Access),
    (errors, csv, file): (Vec<RowError>, String, Option<FileRead>),
) -> AppResult<PlayersPage> {
    let roster = service::players::roster(&state.db, &event).await?;
    Ok(PlayersPage {
        ctx,
        event,
        access,
        actions: roster.actions(access),
        roster,
        flash: None,
        imported: None,
        errors,
        csv,
        file,
        refusal: None,
    })
}

/// A chosen file as read on the server: the encoding's name and the players it holds.
struct FileRead {
    encoding: &'static str,
    players: Vec<PlayerEntry>,
}

#[derive(serde::Deserialize, Default)]
struct PlayersQuery {
    done: Option<String>,
    imported: Option<usize>,
}

#[get("/events/{id}/players")]
async fn list(
    ctx: Ctx,
    state: web::Data<AppState>,
    q: web::Query<PlayersQuery>,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let roster = service::players::roster(&state.db, &event).await?;
    let flash = Flash {
        done: q.done.clone(),
    }
    .key()
    .or_else(|| own_flash(q.done.as_deref()));
    render(&PlayersPage {
        ctx,
        event,
        access,
        actions: roster.actions(access),
        roster,
        flash,
        imported: q.imported,
        errors: vec![],
        csv: String::new(),
        file: None,
        refusal: None,
    })
}

async fn show_errors(
    ctx: Ctx,
    state: &AppState,
    event: Event,
    errors: Vec<RowError>,
    csv: String,
) -> AppResult<HttpResponse> {
    show_import(ctx, state, event, errors, csv, None).await
}

/// The page with an import's errors (400), or a chosen file's players to check (200).
async fn show_import(
    ctx: Ctx,
    state: &AppState,
    event: Event,
    errors: Vec<RowError>,
    csv: String,
    file: Option<FileRead>,
) -> AppResult<HttpResponse> {
    let status = if errors.is_empty() {
        StatusCode::OK
    } else {
        StatusCode::BAD_REQUEST
    };
    // Only the event's managers import.
    let access = Access {
        manage: true,
        arbitrate: true,
    };
    let page = page_again(ctx, state, (event, access), (errors, csv, file)).await?;
    render_status(&page, status)
}

/// The messages of this page's own actions (the shared [`Flash`] keys come first).
fn own_flash(done: Option<&str>) -> Option<&'static str> {
    const KEYS: [&str; 10] = [
        "pairs_kept_apart",
        "pair_may_meet",
        "player_moved",
        "list_was_confirmed",
        "rating_saved",
        "player_edited",
        "list_reopened_edit",
        "player_deleted",
        "list_reopened_rating",
        "list_reopened_deleted",
    ];
    done.and_then(|d| KEYS.into_iter().find(|k| *k == d))
}

#[derive(serde::Deserialize)]
struct PlayerForm {
    name: String,
    #[serde(default)]
    club: String,
    #[serde(default)]
    rating: String,
    #[serde(default)]
    fide_id: String,
    #[serde(default)]
    local_id: String,
    #[serde(default)]
    category: String,
    #[serde(default)]
    team: String,
}

#[post("/events/{id}/players")]
async fn add(
    ctx: Ctx,
    state: web::Data<AppState>,
    Managed { event, .. }: Managed,
    form: CsrfForm<PlayerForm>,
) -> AppResult<HttpResponse> {
    let me = ctx.require_user()?.clone();
    let f = &form.0;
    let entry = match PlayerEntry::parse(
        0,
        &f.name,
        &f.club,
        &f.rating,
        &f.fide_id,
        &f.local_id,
        &f.category,
    )
    .and_then(|e| e.with_team(0, &f.team))
    {
        Ok(e) => e,
        Err(e) => return show_errors(ctx, &state, event, vec![e], String::new()).await,
    };
    service::players::register(&state.db, &me, &event, &[entry]).await?;
    Ok(redirect(&format!(
        "/events/{}/players?done=player_added",
        event.id
    )))
}

#[derive(serde::Deserialize)]
struct ImportForm {
    #[serde(default)]
    csv: String,
    /// A chosen file's bytes (base64), sent instead of `csv` when the file is not UTF-8.
    #[serde(default)]
    file: String,
}

#[post("/events/{id}/players/import")]
async fn import(
    ctx: Ctx,
    state: web::Data<AppState>,
    Managed { event, .. }: Managed,
    form: CsrfForm<ImportForm>,
) -> AppResult<HttpResponse> {
    let me = ctx.require_user()?.clone();
    let csv_error = |message| RowError {
        line: 0,
        field: "csv",
        message,
    };
    let (csv, encoding) = match csv_upload::read(&form.csv, &form.file) {
        Ok(CsvSent::Text(text)) => (text, None),
        Ok(CsvSent::File { text, encoding }) => (text, Some(encoding)),
        Err(why) => return show_errors(ctx, &state, event, vec![csv_error(why)], form.0.csv).await,
    };
    let read = |players| encoding.map(|encoding| FileRead { encoding, players });
    let rows = match roster::parse_csv_sections(&csv) {
        Ok(e) if !e.is_empty() => e,
        Ok(_) => {
            let err = csv_error(crate::i18n::Reason::new("roster_no_players"));
            return show_import(ctx, &state, event, vec![err], csv, read(vec![])).await;
        }
        Err(errors) => return show_import(ctx, &state, event, errors, csv, read(vec![])).await,
    };
    if encoding.is_some() {
        // A chosen file is shown for checking; its text comes back as `csv` to be imported.
        let entries = rows.into_iter().map(|r| r.entry).collect();
        return show_import(ctx, &state, event, vec![], csv, read(entries)).await;
    }
    match service::sections::register_rows(&state.db, &me, &event, &rows).await {
        Ok(added) => Ok(redirect(&format!(
            "/events/{}/players?done=imported&imported={}",
            event.id,
            added.len()
        ))),
        Err(service::ServiceError::Conflict(reason)) => {
            let err = RowError {
                line: 0,
                field: "name",
                message: reason,
            };
            show_errors(ctx, &state, event, vec![err], csv).await
        }
        Err(service::ServiceError::Invalid { field, reason }) => {
            let err = RowError {
                line: 0,
                field,
                message: reason,
            };
            show_errors(ctx, &state, event, vec![err], csv).await
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(serde::Deserialize)]
struct LinkForm {
    name: String,
}

#[post("/events/{id}/players/{start}/link")]
async fn link(
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
    Managed { event, user, .. }: Managed,
    form: CsrfForm<LinkForm>,
) -> AppResult<HttpResponse> {
    let (_, start) = path.into_inner();
    service::players::link_account(&state.db, &user, &event, start, &form.name).await?;
    Ok(redirect(&format!(
        "/events/{}/players?done=account_linked",
        event.id
    )))
}

/// "Confirm the starting list" (organizer or arbiter): fixes the start numbers before round 1.
#[post("/events/{id}/players/confirm")]
async fn confirm_list(
    ctx: Ctx,
    state: web::Data<AppState>,
    Arbitrated { event, .. }: Arbitrated,
    _form: CsrfForm<super::Empty>,
) -> AppResult<HttpResponse> {
    service::players::confirm_list(&state.db, ctx.require_user()?, &event).await?;
    Ok(redirect(&format!(
        "/events/{}/players?done=list_was_confirmed",
        event.id
    )))
}

#[derive(serde::Deserialize)]
struct RatingForm {
    #[serde(default)]
    rating: String,
    #[serde(flatten)]
    why: CorrectionForm,
}

/// Changes a player's rating; before round 1 this re-sorts (and re-opens) the starting list.
#[post("/events/{id}/players/{player}/rating")]
async fn set_rating(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
    Managed { event, .. }: Managed,
    form: CsrfForm<RatingForm>,
) -> AppResult<HttpResponse> {
    let (_, player) = path.into_inner();
    let correction = form.why.correction();
    let reopened = service::players::set_rating(
        &state.db,
        ctx.require_user()?,
        &event,
        player,
        &form.rating,
        &correction,
    )
    .await?;
    let done = if reopened {
        "list_reopened_rating"
    } else {
        "rating_saved"
    };
    Ok(redirect(&format!(
        "/events/{}/players?done={done}",
        event.id
    )))
}

#[derive(serde::Deserialize)]
struct DeleteForm {
    #[serde(flatten)]
    why: CorrectionForm,
}

#[derive(serde::Deserialize)]
struct EditForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    club: String,
    #[serde(default)]
    rating: String,
    #[serde(flatten)]
    why: CorrectionForm,
}

/// Corrects a player's entry (name, club, rating before round 1; the name later), with a reason
/// and a confirmation.
#[post("/events/{id}/players/{player}/edit")]
async fn edit(
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
    Managed { event, user, .. }: Managed,
    form: CsrfForm<EditForm>,
) -> AppResult<HttpResponse> {
    let (_, player) = path.into_inner();
    let typed = service::players::PlayerEdit {
        name: form.name.clone(),
        club: form.club.clone(),
        rating: form.rating.clone(),
    };
    let correction = form.why.correction();
    let reopened =
        service::players::edit_player(&state.db, &user, &event, player, &typed, &correction)
            .await?;
    let done = if reopened {
        "list_reopened_edit"
    } else {
        "player_edited"
    };
    Ok(redirect(&format!(
        "/events/{}/players?done={done}",
        event.id
    )))
}

/// Deletes a player entry before round 1 (confirmed by a tick box), re-opening a confirmed list.
#[post("/events/{id}/players/{player}/delete")]
async fn delete(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
    Managed { event, .. }: Managed,
    form: CsrfForm<DeleteForm>,
) -> AppResult<HttpResponse> {
    let (_, player) = path.into_inner();
    let correction = form.why.correction();
    let reopened = service::players::delete_player(
        &state.db,
        ctx.require_user()?,
        &event,
        player,
        &correction,
    )
    .await?;
    let done = if reopened {
        "list_reopened_deleted"
    } else {
        "player_deleted"
    };
    Ok(redirect(&format!(
        "/events/{}/players?done={done}",
        event.id
    )))
}

#[derive(Template)]
#[template(path = "print/starting_list.html")]
struct StartingListPage {
    ctx: Ctx,
    event: Event,
    roster: Roster,
    /// The list's state in the reader's language (open, confirmed, fixed by the first pairing).
    state_key: &'static str,
}

impl StartingListPage {
    /// The event's address, for its QR code.
    fn address(&self) -> String {
        format!("/events/{}", self.event.id)
    }
}

/// The printable starting-rank list: every player by start number, marked provisional while the
/// list is open.
#[get("/events/{id}/players/print")]
async fn print_starting_list(
    ctx: Ctx,
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
) -> AppResult<HttpResponse> {
    let roster = service::players::roster(&state.db, &event).await?;
    let state_key = roster.state_key();
    render(&StartingListPage {
        ctx,
        event,
        roster,
        state_key,
    })
}

impl PlayersPage {
    /// The sentence that says where the starting list stands.
    fn list_state(&self) -> &'static str {
        self.roster.state_key()
    }
}

#[derive(serde::Deserialize)]
struct ForbidForm {
    #[serde(default)]
    pairs: String,
    #[serde(default)]
    reason: String,
}

/// Keeps the pairs typed apart in every round to come (an arbiter); a refusal is shown beside the
/// form with what was typed.
#[post("/events/{id}/forbidden")]
async fn forbid(
    ctx: Ctx,
    state: web::Data<AppState>,
    Arbitrated {
        event,
        user,
        access,
    }: Arbitrated,
    form: CsrfForm<ForbidForm>,
) -> AppResult<HttpResponse> {
    let done = match service::players::parse_pairs(&form.pairs) {
        Ok(pairs) => {
            service::players::forbid_pairs(&state.db, &user, &event, &pairs, &form.reason).await
        }
        Err(e) => Err(e),
    };
    let to = format!(
        "/events/{}/players?done=pairs_kept_apart#forbidden",
        event.id
    );
    form_answer(
        (ctx, &state),
        (event, access),
        "forbidden",
        done.map(|_| to),
    )
    .await
}

#[derive(serde::Deserialize)]
struct AllowForm {
    a: u32,
    b: u32,
    #[serde(default)]
    reason: String,
}

/// Lets two players kept apart meet again (an arbiter), with the reason logged.
#[post("/events/{id}/forbidden/remove")]
async fn allow(
    ctx: Ctx,
    state: web::Data<AppState>,
    Arbitrated {
        event,
        user,
        access,
    }: Arbitrated,
    form: CsrfForm<AllowForm>,
) -> AppResult<HttpResponse> {
    let done =
        service::players::allow_pair(&state.db, &user, &event, (form.a, form.b), &form.reason)
            .await;
    let to = format!("/events/{}/players?done=pair_may_meet#forbidden", event.id);
    let form_id = format!("allow-{}-{}", form.a, form.b);
    form_answer((ctx, &state), (event, access), &form_id, done.map(|()| to)).await
}
