//! Online entries (報名): the public entry form of an event's sections, the entrant's private page
//! (see, correct, cancel), the organizer's entries page with each section's entry form settings
//! (also on the settings page), and the JSON API of the entries.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use askama::Template;
use serde_json::json;

use super::{redirect, render, render_status};
use crate::age_groups::AgeGroups;
use crate::i18n::{Lang, Reason};
use crate::service::entries::{Entry, EntryTyped, FormTyped, Listed, Private, SectionForm, Sent};
use crate::service::policy::Access;
use crate::service::{self, Event, ServiceError};
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};
use crate::web::extract::{EventView, Managed, inline_refusal};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(register_form)
        .service(register)
        .service(private_page)
        .service(correct)
        .service(cancel)
        .service(entries_page)
        .service(save_form)
        .service(confirm)
        .service(refuse)
        .service(mark_paid)
        .service(api_list)
        .service(api_confirm)
        .service(api_refuse)
        .service(api_paid);
}

/// The message of an entry's status.
pub fn status_key(status: &str) -> &'static str {
    match status {
        "confirmed" => "entries_status_confirmed",
        "cancelled" => "entries_status_cancelled",
        "refused" => "entries_status_refused",
        _ => "entries_status_pending",
    }
}

/// A form's refused fields, each with why in the reader's language.
type Errors = Vec<(&'static str, String)>;

fn error_of<'a>(errors: &'a Errors, field: &str) -> Option<&'a str> {
    errors
        .iter()
        .find(|(f, _)| *f == field)
        .map(|(_, why)| why.as_str())
}

/// A refusal shown beside `field` of a form (or beside the field the service names); anything
/// but a refusal goes to the error page.
fn refused(e: ServiceError, field: &'static str, ctx: &Ctx) -> AppResult<(StatusCode, Errors)> {
    let field = e.field().unwrap_or(field);
    let (status, why) = inline_refusal(e, ctx.lang)?;
    Ok((status, vec![(field, why)]))
}

/// The name a section is shown by: its own, else the event's.
fn section_name(section: &Event) -> String {
    if section.settings.section.is_empty() {
        section.settings.name.clone()
    } else {
        section.settings.section.clone()
    }
}

/// The age groups of a form as the public form states them: "Age groups: U12 (born 2014 or
/// later), U16 (born 2010 or later)".
fn groups_line(lang: Lang, groups: &AgeGroups) -> String {
    let items: Vec<Reason> = groups
        .groups()
        .iter()
        .map(|g| {
            Reason::new("agegroups_item")
                .arg("name", g.name())
                .arg("year", g.from_year())
        })
        .collect();
    lang.reason(&Reason::new("agegroups_line").arg_reason("groups", &Reason::list(&items)))
}

/// One section's entry form settings, as the settings page and the entries page show them.
pub struct Panel {
    /// The section.
    pub section_id: i64,
    /// Its name (empty for an event of one section).
    pub section_name: String,
    /// The event's id (its first section's).
    pub root_id: i64,
    /// The settings as stored or as typed.
    pub typed: FormTyped,
    /// The rating lists the form may look entrants up in: (id, name).
    pub lists: Vec<(i64, String)>,
    /// The refused fields.
    pub errors: Errors,
    /// Where saving returns: `settings` or `entries`.
    pub from: &'static str,
}

impl Panel {
    /// The refusal of `field`, if refused.
    pub fn error(&self, field: &str) -> Option<&str> {
        error_of(&self.errors, field)
    }

    /// Whether a box of the form is ticked.
    pub fn ticked(&self, field: &str) -> bool {
        let t = &self.typed;
        !match field {
            "open" => &t.open,
            "ask_club" => &t.ask_club,
            "ask_rating" => &t.ask_rating,
            "ask_birth_year" => &t.ask_birth_year,
            "ask_contact" => &t.ask_contact,
            "auto_confirm" => &t.auto_confirm,
            _ => "",
        }
        .is_empty()
    }
}

/// The entry form panel of one section (the settings page's).
pub async fn panel(state: &AppState, section: &Event) -> AppResult<Panel> {
    let form = service::entries::form_of(&state.db, section).await?;
    Ok(Panel {
        section_id: section.id,
        section_name: section.settings.section.clone(),
        root_id: section.root_id(),
        typed: FormTyped::of(&form, service::events::zone_of(section)),
        lists: rating_lists(state).await?,
        errors: Vec::new(),
        from: "settings",
    })
}

async fn rating_lists(state: &AppState) -> AppResult<Vec<(i64, String)>> {
    Ok(service::ratings::lists(&state.db)
        .await?
        .into_iter()
        .map(|l| (l.id, l.name))
        .collect())
}

/// A section offered on the public form.
struct Offered {
    id: i64,
    name: String,
    form: service::entries::EntryForm,
    closes: String,
}

#[derive(Template)]
#[template(path = "entries/register.html")]
struct RegisterPage {
    ctx: Ctx,
    event: Event,
    sections: Vec<Offered>,
    typed: EntryTyped,
    errors: Errors,
}

impl RegisterPage {
    fn error(&self, field: &str) -> Option<&str> {
        error_of(&self.errors, field)
    }

    /// The age groups of an offered section, when its form asks the year of birth (else empty).
    fn groups_line(&self, s: &Offered) -> String {
        if s.form.ask_birth_year && !s.form.age_groups.is_empty() {
            groups_line(self.ctx.lang, &s.form.age_groups)
        } else {
            String::new()
        }
    }

    /// Whether any offered section asks `field` (the form shows it then).
    fn asks(&self, field: &str) -> bool {
        self.sections.iter().any(|s| match field {
            "club" => s.form.ask_club,
            "rating" => s.form.ask_rating,
            "lookup" => s.form.rating_list_id.is_some(),
            "birth_year" => s.form.ask_birth_year,
            "contact" => s.form.ask_contact,
            _ => false,
        })
    }
}

async fn register_view(
    state: &AppState,
    ctx: Ctx,
    event: Event,
    typed: EntryTyped,
    errors: Errors,
) -> AppResult<RegisterPage> {
    let zone = service::events::zone_of(&event);
    let sections = service::entries::section_forms(&state.db, &event)
        .await?
        .into_iter()
        .filter(SectionForm::taking)
        .map(|s| Offered {
            id: s.section.id,
            name: section_name(&s.section),
            closes: if s.form.closes_at.is_empty() {
                String::new()
            } else {
                service::events::local_time(zone, &s.form.closes_at)
            },
            form: s.form,
        })
        .collect();
    Ok(RegisterPage {
        ctx,
        event,
        sections,
        typed,
        errors,
    })
}

/// The public entry form of the event's sections that take entries (no account needed).
#[get("/events/{id}/register")]
async fn register_form(
    ctx: Ctx,
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
) -> AppResult<HttpResponse> {
    render(&register_view(&state, ctx, event, EntryTyped::default(), Vec::new()).await?)
}

/// Sends an entry: a redirect to the entrant's private page, or the form again with the refusal
/// beside its field and what was typed.
#[post("/events/{id}/register")]
async fn register(
    ctx: Ctx,
    req: HttpRequest,
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
    typed: CsrfForm<EntryTyped>,
) -> AppResult<HttpResponse> {
    let client = crate::web::client::client_addr(&req);
    match service::entries::send(&state.db, &event, &typed, client).await {
        Ok(Sent::Stored(token) | Sent::Dropped(token)) => {
            Ok(redirect(&format!("/entries/{token}")))
        }
        Ok(Sent::Wait(secs)) => Err(AppError::Refused {
            status: 429,
            headline: "error_too_many",
            reason: crate::i18n::Reason::new("entries_wait").arg("minutes", (secs + 59) / 60),
        }),
        Err(e) => {
            let (status, errors) = refused(e, "form", &ctx)?;
            let page = register_view(&state, ctx, event, typed.0, errors).await?;
            render_status(&page, status)
        }
    }
}

#[derive(Template)]
#[template(path = "entries/private.html")]
struct PrivatePage {
    ctx: Ctx,
    p: Private,
    token: String,
    section_name: String,
    event_name: String,
    closes: String,
    typed: EntryTyped,
    errors: Errors,
    done: Option<&'static str>,
}

impl PrivatePage {
    fn error(&self, field: &str) -> Option<&str> {
        error_of(&self.errors, field)
    }
}

#[derive(serde::Deserialize)]
struct Done {
    #[serde(default)]
    done: String,
}

/// The flash messages of the private page.
fn done_key(done: &str) -> Option<&'static str> {
    ["entries_sent", "entries_corrected", "entries_cancelled"]
        .into_iter()
        .find(|k| *k == done)
}

fn private_view(
    ctx: Ctx,
    p: Private,
    token: String,
    typed: Option<EntryTyped>,
    errors: Errors,
    done: Option<&'static str>,
) -> PrivatePage {
    let zone = service::events::zone_of(&p.section);
    PrivatePage {
        section_name: if p.section.has_sections() {
            section_name(&p.section)
        } else {
            String::new()
        },
        event_name: p.section.settings.name.clone(),
        closes: if p.form.closes_at.is_empty() {
            String::new()
        } else {
            service::events::local_time(zone, &p.form.closes_at)
        },
        typed: typed.unwrap_or_else(|| EntryTyped::of(&p.entry)),
        ctx,
        p,
        token,
        errors,
        done,
    }
}

/// The entrant's private page: the entry, its status and fee, the correction form while it is
/// pending and the cancel button (404 for any other token).
#[get("/entries/{token}")]
async fn private_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    token: web::Path<String>,
    q: web::Query<Done>,
) -> AppResult<HttpResponse> {
    let token = token.into_inner();
    let p = service::entries::private(&state.db, &token).await?;
    let done = done_key(&q.done);
    render(&private_view(ctx, p, token, None, Vec::new(), done))
}

/// Corrects a pending entry through its private link.
#[post("/entries/{token}")]
async fn correct(
    ctx: Ctx,
    state: web::Data<AppState>,
    token: web::Path<String>,
    typed: CsrfForm<EntryTyped>,
) -> AppResult<HttpResponse> {
    let token = token.into_inner();
    match service::entries::correct(&state.db, &token, &typed).await {
        Ok(()) => Ok(redirect(&format!(
            "/entries/{token}?done=entries_corrected"
        ))),
        Err(e) => {
            let (status, errors) = refused(e, "name", &ctx)?;
            let p = service::entries::private(&state.db, &token).await?;
            render_status(
                &private_view(ctx, p, token, Some(typed.0), errors, None),
                status,
            )
        }
    }
}

/// Cancels an entry through its private link (a confirmed one's player is deleted before round 1;
/// refused after it).
#[post("/entries/{token}/cancel")]
async fn cancel(
    ctx: Ctx,
    state: web::Data<AppState>,
    token: web::Path<String>,
    _form: CsrfForm<super::Empty>,
) -> AppResult<HttpResponse> {
    let token = token.into_inner();
    let reason = ctx.t("entries_cancel_reason");
    match service::entries::cancel(&state.db, &token, reason).await {
        Ok(()) => Ok(redirect(&format!(
            "/entries/{token}?done=entries_cancelled"
        ))),
        Err(e) => {
            let (status, errors) = refused(e, "cancel", &ctx)?;
            let p = service::entries::private(&state.db, &token).await?;
            render_status(&private_view(ctx, p, token, None, errors, None), status)
        }
    }
}

/// One entry as the organizer's page lists it.
struct Line {
    entry: Entry,
    /// The names of its age groups.
    age_groups: Vec<String>,
    section: String,
    received: String,
}

#[derive(Template)]
#[template(path = "entries/list.html")]
struct EntriesPage {
    ctx: Ctx,
    event: Event,
    access: Access,
    panels: Vec<Panel>,
    lines: Vec<Line>,
    /// A refusal of an action on an entry: (entry id, why).
    refusal: Option<(i64, String)>,
    done: Option<&'static str>,
}

impl EntriesPage {
    fn number_in(&self, status: &str) -> usize {
        self.lines
            .iter()
            .filter(|l| l.entry.status == status)
            .count()
    }
}

async fn entries_view(
    state: &AppState,
    ctx: Ctx,
    (event, access, user): (Event, Access, crate::service::User),
    failed: Option<Panel>,
    refusal: Option<(i64, String)>,
    done: Option<&'static str>,
) -> AppResult<EntriesPage> {
    let zone = service::events::zone_of(&event);
    let forms = service::entries::section_forms(&state.db, &event).await?;
    let lists = rating_lists(state).await?;
    let several = forms.len() > 1;
    let mut failed = failed;
    let panels = forms
        .iter()
        .map(|s| match failed.take_if(|p| p.section_id == s.section.id) {
            Some(p) => p,
            None => Panel {
                section_id: s.section.id,
                section_name: if several {
                    section_name(&s.section)
                } else {
                    String::new()
                },
                root_id: event.root_id(),
                typed: FormTyped::of(&s.form, zone),
                lists: lists.clone(),
                errors: Vec::new(),
                from: "entries",
            },
        })
        .collect();
    let lines = service::entries::listed(&state.db, &user, &event)
        .await?
        .into_iter()
        .map(|Listed { entry, age_groups }| Line {
            age_groups,
            section: forms
                .iter()
                .find(|s| s.section.id == entry.event_id)
                .filter(|_| several)
                .map(|s| section_name(&s.section))
                .unwrap_or_default(),
            received: service::events::local_time(zone, &entry.created_at),
            entry,
        })
        .collect();
    Ok(EntriesPage {
        ctx,
        event,
        access,
        panels,
        lines,
        refusal,
        done,
    })
}

/// The organizer's entries page: each section's entry form settings and every entry with its
/// status and payment, to confirm, refuse and tick.
#[get("/events/{id}/entries")]
async fn entries_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    Managed {
        event,
        user,
        access,
    }: Managed,
    q: web::Query<Done>,
) -> AppResult<HttpResponse> {
    let done = ["entries_form_saved", "entries_updated"]
        .into_iter()
        .find(|k| *k == q.done);
    render(&entries_view(&state, ctx, (event, access, user), None, None, done).await?)
}

#[derive(serde::Deserialize)]
struct FormSettings {
    #[serde(flatten)]
    typed: FormTyped,
    #[serde(default)]
    from: String,
}

/// Saves a section's entry form (from the settings page or the entries page); refused fields are
/// shown beside them on the entries page.
#[post("/events/{id}/entry-form")]
async fn save_form(
    ctx: Ctx,
    state: web::Data<AppState>,
    Managed {
        event,
        user,
        access,
    }: Managed,
    form: CsrfForm<FormSettings>,
) -> AppResult<HttpResponse> {
    let form = form.0;
    match service::entries::save_form(&state.db, &user, &event, &form.typed).await {
        Ok(_) if form.from == "settings" => Ok(redirect(&format!(
            "/events/{}/settings?done=entries_form_saved#entry-form",
            event.id
        ))),
        Ok(_) => Ok(redirect(&format!(
            "/events/{}/entries?done=entries_form_saved#entry-form-{}",
            event.root_id(),
            event.id
        ))),
        Err(e) => {
            let (status, errors) = refused(e, "open", &ctx)?;
            let failed = Panel {
                section_id: event.id,
                section_name: event.settings.section.clone(),
                root_id: event.root_id(),
                typed: form.typed,
                lists: rating_lists(&state).await?,
                errors,
                from: "entries",
            };
            let root = service::sections::list(&state.db, &event)
                .await?
                .into_iter()
                .next()
                .unwrap_or(event);
            let page =
                entries_view(&state, ctx, (root, access, user), Some(failed), None, None).await?;
            render_status(&page, status)
        }
    }
}

/// The answer of an organizer's action on an entry: back to the list, or the list with the
/// refusal beside the entry.
async fn after_action(
    state: &AppState,
    ctx: Ctx,
    (event, access, user): (Event, Access, crate::service::User),
    entry_id: i64,
    done: Result<(), ServiceError>,
) -> AppResult<HttpResponse> {
    match done {
        Ok(()) => Ok(redirect(&format!(
            "/events/{}/entries?done=entries_updated#entry-{entry_id}",
            event.id
        ))),
        Err(e) => {
            let (status, why) = inline_refusal(e, ctx.lang)?;
            let page = entries_view(
                state,
                ctx,
                (event, access, user),
                None,
                Some((entry_id, why)),
                None,
            )
            .await?;
            render_status(&page, status)
        }
    }
}

/// Confirms an entry: it becomes a player.
#[post("/events/{id}/entries/{eid}/confirm")]
async fn confirm(
    ctx: Ctx,
    state: web::Data<AppState>,
    Managed {
        event,
        user,
        access,
    }: Managed,
    path: web::Path<(i64, i64)>,
    _form: CsrfForm<super::Empty>,
) -> AppResult<HttpResponse> {
    let eid = path.1;
    let done = service::entries::confirm(&state.db, &user, &event, eid).await;
    after_action(&state, ctx, (event, access, user), eid, done).await
}

/// Refuses a pending entry.
#[post("/events/{id}/entries/{eid}/refuse")]
async fn refuse(
    ctx: Ctx,
    state: web::Data<AppState>,
    Managed {
        event,
        user,
        access,
    }: Managed,
    path: web::Path<(i64, i64)>,
    _form: CsrfForm<super::Empty>,
) -> AppResult<HttpResponse> {
    let eid = path.1;
    let done = service::entries::refuse(&state.db, &user, &event, eid).await;
    after_action(&state, ctx, (event, access, user), eid, done).await
}

#[derive(serde::Deserialize)]
struct PaidForm {
    #[serde(default)]
    paid: String,
}

/// Ticks or unticks an entry's payment (`paid=yes` or `paid=no`).
#[post("/events/{id}/entries/{eid}/paid")]
async fn mark_paid(
    ctx: Ctx,
    state: web::Data<AppState>,
    Managed {
        event,
        user,
        access,
    }: Managed,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<PaidForm>,
) -> AppResult<HttpResponse> {
    let eid = path.1;
    // The page sends `yes` or `no`; anything else unticks.
    let paid = form.paid == "yes";
    let done = service::entries::set_paid(&state.db, &user, &event, eid, paid).await;
    after_action(&state, ctx, (event, access, user), eid, done).await
}

/// An entry as the JSON API answers it, with the names of its age groups.
fn entry_json(
    Listed {
        entry: e,
        age_groups,
    }: &Listed,
) -> serde_json::Value {
    json!({
        "id": e.id,
        "section": e.event_id,
        "name": e.name,
        "club": e.club,
        "rating": e.rating,
        "birth_year": e.birth_year,
        "age_groups": age_groups,
        "contact": e.contact,
        "status": e.status,
        "paid": e.paid,
        "player_id": e.player_id,
        "created_at": e.created_at,
    })
}

/// Every entry of the event's sections: `[{"id", "name", "status", "paid", "age_groups", …}]`
/// (its managers).
#[get("/api/events/{id}/entries")]
async fn api_list(
    state: web::Data<AppState>,
    Managed { event, user, .. }: Managed,
) -> AppResult<HttpResponse> {
    let entries = service::entries::listed(&state.db, &user, &event).await?;
    Ok(HttpResponse::Ok().json(entries.iter().map(entry_json).collect::<Vec<_>>()))
}

/// The entry after an API action on it.
async fn api_entry(
    state: &AppState,
    (event, user): (&Event, &crate::service::User),
    eid: i64,
) -> AppResult<HttpResponse> {
    let entries = service::entries::listed(&state.db, user, event).await?;
    let entry = entries
        .iter()
        .find(|e| e.entry.id == eid)
        .ok_or(AppError::NotFound)?;
    Ok(HttpResponse::Ok().json(entry_json(entry)))
}

/// Confirms an entry (it becomes a player); answers the entry.
#[post("/api/events/{id}/entries/{eid}/confirm")]
async fn api_confirm(
    state: web::Data<AppState>,
    Managed { event, user, .. }: Managed,
    path: web::Path<(i64, i64)>,
) -> AppResult<HttpResponse> {
    service::entries::confirm(&state.db, &user, &event, path.1).await?;
    api_entry(&state, (&event, &user), path.1).await
}

/// Refuses a pending entry; answers the entry.
#[post("/api/events/{id}/entries/{eid}/refuse")]
async fn api_refuse(
    state: web::Data<AppState>,
    Managed { event, user, .. }: Managed,
    path: web::Path<(i64, i64)>,
) -> AppResult<HttpResponse> {
    service::entries::refuse(&state.db, &user, &event, path.1).await?;
    api_entry(&state, (&event, &user), path.1).await
}

/// Ticks or unticks an entry's payment: `{"paid": true|false}`; answers the entry.
#[post("/api/events/{id}/entries/{eid}/paid")]
async fn api_paid(
    state: web::Data<AppState>,
    Managed { event, user, .. }: Managed,
    path: web::Path<(i64, i64)>,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    // The entry first (404 for another event's), then the body.
    api_entry(&state, (&event, &user), path.1).await?;
    let body: serde_json::Value = super::api::parse_json(&body)?;
    let paid = body["paid"]
        .as_bool()
        .ok_or_else(|| AppError::BadRequest("paid: expected true or false".into()))?;
    service::entries::set_paid(&state.db, &user, &event, path.1, paid).await?;
    api_entry(&state, (&event, &user), path.1).await
}
