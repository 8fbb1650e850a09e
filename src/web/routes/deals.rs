//! Sealed deals (RULES.md §9): the arbiters' list with sealing and the "announce" setting, a deal's
//! page with its seed and the unseal form, the printable setup sheet, a plain-text copy, and the public
//! verification page. Before unsealing every one of these answers 404 to all but the event's arbiters,
//! organizer and administrators.

use actix_web::{HttpResponse, get, post, routes, web};
use askama::Template;

use super::{redirect, render};
use crate::deal::{Commitment, Deal, DealContext, GameNumber, Seed, SetupSheet, verify};
use crate::i18n::Reason;
use crate::rules::{Color, Variant};
use crate::service;
use crate::service::Event;
use crate::service::deals::DealRecord;
use crate::service::policy::Access;
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};
use crate::web::extract::{Arbitrated, Ending, EventView, Managed, RoundNo};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(index)
        .service(seal)
        .service(seal_round)
        .service(event_step)
        .service(announce)
        .service(show)
        .service(sheet)
        .service(round_sheets)
        .service(text)
        .service(unseal)
        .service(public_value)
        .service(verify_page);
}

/// A deal record as the pages show it.
pub struct DealView {
    /// The record.
    pub record: DealRecord,
    /// Status translation key.
    pub status_key: &'static str,
    /// For a knockout round's deal: the round's name key and "Round of N" count (see
    /// `service::deals::knockout_round_name`).
    pub ko_round: Option<(&'static str, String)>,
    /// When it was sealed, withdrawn and unsealed, in the event's time zone (as the audit log
    /// shows times).
    pub sealed_at: String,
    /// When a re-draw withdrew it.
    pub withdrawn_at: Option<String>,
    /// When it was unsealed.
    pub unsealed_at: Option<String>,
}

impl DealView {
    fn new(record: DealRecord, event: &Event) -> DealView {
        let zone = service::events::zone_of(event);
        let local = |at: &str| service::events::local_time(zone, at);
        let status_key = match record.status {
            service::deals::DealStatus::Sealed => "deal_sealed",
            service::deals::DealStatus::Withdrawn => "deal_withdrawn",
            service::deals::DealStatus::Unsealed => "deal_unsealed",
        };
        DealView {
            sealed_at: local(&record.sealed_at),
            withdrawn_at: record.withdrawn_at.as_deref().map(local),
            unsealed_at: record.unsealed_at.as_deref().map(local),
            record,
            status_key,
            ko_round: None,
        }
    }

    /// The same, labelled with its knockout round's name when it is a knockout round's deal.
    fn labelled(record: DealRecord, event: &Event) -> DealView {
        let ko_round = service::deals::knockout_deal_of(event, record.round)
            .map(|d| service::deals::deal_round_name(event, d));
        DealView {
            ko_round,
            ..DealView::new(record, event)
        }
    }

    /// The game number as shown (`1`, `2`, or the decider's name key is handled by the template).
    pub fn is_decider(&self) -> bool {
        self.record.game == GameNumber::Decider
    }
}

/// Loads the event and a deal of it the visitor may see (404 otherwise, see `service::deals::visible_deal`).
async fn event_and_deal(
    ctx: &Ctx,
    state: &AppState,
    path: web::Path<(i64, i64)>,
) -> AppResult<(Event, Access, DealRecord)> {
    let (id, deal_id) = path.into_inner();
    let (event, access) = service::policy::event_access(&state.db, ctx.user.as_ref(), id).await?;
    let deal = service::deals::visible_deal(&state.db, &event, access, deal_id).await?;
    Ok((event, access, deal))
}

/// The deals list is the arbiters' page: 404 for everyone else (see `service::deals::arbiter_event`).
async fn arbiter_event(ctx: &Ctx, state: &AppState, id: i64) -> AppResult<(Event, Access)> {
    Ok(service::deals::arbiter_event(&state.db, ctx.user.as_ref(), id).await?)
}

#[derive(Template)]
#[template(path = "deals/index.html")]
struct IndexPage {
    ctx: Ctx,
    event: Event,
    access: Access,
    deals: Vec<DealView>,
    found: service::deals::DealsIndex,
    has_deals: bool,
    /// The form a refusal is shown beside (`seal`, `seal-round`, `seal-knockout`, `unseal-finished`)
    /// and the refusal in the reader's language.
    refusal: Option<(&'static str, String)>,
    /// The seal form's values as sent (round, game), kept when it is refused.
    typed: Option<(u32, GameNumber)>,
    /// How many deals the last step sealed, and unsealed (the confirmations after a redirect).
    sealed_count: Option<usize>,
    unsealed_count: Option<usize>,
}

impl IndexPage {
    /// The refusal shown beside form `form`, if any.
    fn refusal_of(&self, form: &str) -> Option<&str> {
        self.refusal
            .as_ref()
            .filter(|(f, _)| *f == form)
            .map(|(_, r)| r.as_str())
    }

    /// The round the seal forms offer first.
    fn round_selected(&self) -> u32 {
        self.typed.map_or(self.found.next_round, |(r, _)| r)
    }

    /// The game the seal form offers first.
    fn game_selected(&self) -> GameNumber {
        self.typed.map_or(GameNumber::Game(1), |(_, g)| g)
    }
}

async fn index_page(
    ctx: Ctx,
    state: &AppState,
    event: Event,
    access: Access,
) -> AppResult<IndexPage> {
    let found = service::deals::index(&state.db, &event).await?;
    Ok(IndexPage {
        has_deals: event.settings.variant != Variant::Xiangqi,
        deals: found
            .deals
            .iter()
            .cloned()
            .map(|r| DealView::labelled(r, &event))
            .collect(),
        found,
        ctx,
        event,
        access,
        refusal: None,
        typed: None,
        sealed_count: None,
        unsealed_count: None,
    })
}

/// The confirmations the deals page reads after its forms' redirects.
#[derive(serde::Deserialize, Default)]
struct DoneQuery {
    #[serde(default)]
    sealed: Option<String>,
    #[serde(default)]
    unsealed: Option<String>,
}

#[get("/events/{id}/deals")]
async fn index(
    ctx: Ctx,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    q: web::Query<DoneQuery>,
) -> AppResult<HttpResponse> {
    let (event, access) = arbiter_event(&ctx, &state, *id).await?;
    let mut page = index_page(ctx, &state, event, access).await?;
    // Only a count is shown back, never text a link's author chose.
    let count = |s: &Option<String>| s.as_deref().and_then(|s| s.trim().parse::<usize>().ok());
    page.sealed_count = count(&q.sealed).filter(|n| *n <= page.deals.len());
    page.unsealed_count = count(&q.unsealed).filter(|n| *n <= page.deals.len());
    render(&page)
}

/// Back to the deals page after one of its forms: with the confirmation `done` (`sealed=3`) when
/// it was done, else with the refusal beside form `form` (the typed values kept), or the error page
/// for what a form cannot show (404, 403, a store failure).
async fn index_answer(
    (ctx, state, arb): (Ctx, &AppState, Arbitrated),
    form: &'static str,
    typed: Option<(u32, GameNumber)>,
    done: Result<String, service::ServiceError>,
) -> AppResult<HttpResponse> {
    match done {
        Ok(done) => Ok(redirect(&format!("/events/{}/deals?{done}", arb.event.id))),
        Err(e) => {
            let (status, reason) = crate::web::extract::inline_refusal(e, ctx.lang)?;
            let mut page = index_page(ctx, state, arb.event, arb.access).await?;
            page.refusal = Some((form, reason));
            page.typed = typed;
            super::render_status(&page, status)
        }
    }
}

#[derive(serde::Deserialize)]
struct SealForm {
    round: String,
    #[serde(default)]
    game: String,
    /// Present when the arbiter confirms drawing a sealed game's deal again.
    #[serde(default)]
    redraw: Option<String>,
    /// The knockout match whose page sent the form (it is shown again after sealing).
    #[serde(default)]
    back: Option<u32>,
}

/// A deal round number as a form sent it.
fn round_field(typed: &str) -> Result<u32, service::ServiceError> {
    typed.trim().parse::<u32>().map_err(|_| {
        service::ServiceError::invalid(
            "round",
            Reason::new("err_not_a_round").arg("typed", typed.trim()),
        )
    })
}

/// Seals one game's deal; a game that already has one is drawn again only when the form confirms it.
#[post("/events/{id}/deals")]
async fn seal(
    ctx: Ctx,
    state: web::Data<AppState>,
    arb: Arbitrated,
    form: CsrfForm<SealForm>,
) -> AppResult<HttpResponse> {
    let game = if form.game.trim().is_empty() {
        Some(GameNumber::Game(1))
    } else {
        GameNumber::parse(&form.game)
    };
    let parsed = round_field(&form.round).and_then(|round| {
        game.map(|g| (round, g)).ok_or_else(|| {
            service::ServiceError::invalid(
                "game",
                Reason::new("err_not_a_game").arg("typed", form.game.trim()),
            )
        })
    });
    let redraw = form.redraw.is_some();
    let done = match parsed {
        Ok((round, game)) => {
            service::deals::seal(&state.db, &arb.user, &arb.event, round, game, redraw)
                .await
                .map_err(|e| (Some((round, game)), e))
        }
        Err(e) => Err((None, e)),
    };
    match (done, form.back) {
        (Ok(_), Some(back)) => Ok(redirect(&format!(
            "/events/{}/knockout/matches/{back}",
            arb.event.id
        ))),
        (Ok(deal_id), None) => Ok(redirect(&format!(
            "/events/{}/deals/{deal_id}",
            arb.event.id
        ))),
        (Err((typed, e)), _) => index_answer((ctx, &state, arb), "seal", typed, Err(e)).await,
    }
}

#[derive(serde::Deserialize)]
struct SealRoundForm {
    round: String,
}

/// Seals every game of a round that has no deal yet (Swiss round, or a knockout round's games 1, 2,
/// 3 … and the decider), in one step.
#[post("/events/{id}/deals/round")]
async fn seal_round(
    ctx: Ctx,
    state: web::Data<AppState>,
    arb: Arbitrated,
    form: CsrfForm<SealRoundForm>,
) -> AppResult<HttpResponse> {
    let done = match round_field(&form.round) {
        Ok(round) => service::deals::seal_round(&state.db, &arb.user, &arb.event, round).await,
        Err(e) => Err(e),
    };
    let done = done.map(|ids| format!("sealed={}", ids.len()));
    index_answer((ctx, &state, arb), "seal-round", None, done).await
}

/// The deals page's steps over the whole event, each the last segment of its path.
#[derive(Debug, Clone, Copy, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
enum EventStep {
    /// Seal every knockout game that has no deal yet.
    Knockout,
    /// Unseal every sealed deal whose games all have a result.
    UnsealFinished,
}

/// Seals every knockout game that has no deal yet, or unseals every sealed deal whose games all
/// have a result, in one step.
#[routes]
#[post("/events/{id}/deals/knockout")]
#[post("/events/{id}/deals/unseal-finished")]
async fn event_step(
    ctx: Ctx,
    state: web::Data<AppState>,
    Ending(step): Ending<EventStep>,
    arb: Arbitrated,
    _f: CsrfForm<super::Empty>,
) -> AppResult<HttpResponse> {
    let (db, user, event) = (&state.db, &arb.user, &arb.event);
    let (form, done) = match step {
        EventStep::Knockout => {
            let sealed = service::deals::seal_knockout(db, user, event).await;
            (
                "seal-knockout",
                sealed.map(|ids| format!("sealed={}", ids.len())),
            )
        }
        EventStep::UnsealFinished => {
            let unsealed = service::deals::unseal_finished(db, user, event).await;
            ("unseal-finished", unsealed.map(|n| format!("unsealed={n}")))
        }
    };
    index_answer((ctx, &state, arb), form, None, done).await
}

#[derive(serde::Deserialize)]
struct AnnounceForm {
    #[serde(default)]
    announce: String,
}

#[post("/events/{id}/deals/announce")]
async fn announce(
    ctx: Ctx,
    state: web::Data<AppState>,
    Managed { event, .. }: Managed,
    form: CsrfForm<AnnounceForm>,
) -> AppResult<HttpResponse> {
    let on = matches!(form.announce.as_str(), "1" | "on" | "true");
    service::deals::set_announce(&state.db, ctx.require_user()?, &event, on).await?;
    Ok(redirect(&format!("/events/{}/deals", event.id)))
}

#[derive(Template)]
#[template(path = "deals/show.html")]
struct ShowPage {
    ctx: Ctx,
    event: Event,
    access: Access,
    deal: DealView,
    /// What the viewer may do with the deal, from the service's checks.
    actions: service::deals::DealActions,
    /// The games still without a result, in the reader's language.
    pending: Vec<String>,
    cli: String,
}

/// The public value form.
#[derive(serde::Deserialize)]
struct PublicValueForm {
    #[serde(default)]
    public_value: String,
}

/// Enters the public value of a deal that waits for it, which draws its layout (arbiters).
#[post("/events/{id}/deals/{deal_id}/public-value")]
async fn public_value(
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
    Arbitrated { event, user, .. }: Arbitrated,
    form: CsrfForm<PublicValueForm>,
) -> AppResult<HttpResponse> {
    let (_, deal_id) = path.into_inner();
    service::deals::enter_public_value(&state.db, &user, &event, deal_id, &form.public_value)
        .await?;
    Ok(redirect(&format!("/events/{}/deals/{deal_id}", event.id)))
}

/// The `anqi deal verify …` command line that checks a deal without this server.
pub fn verify_command(
    variant: &str,
    event: &str,
    round: &str,
    game: &str,
    deal: &str,
    seed: &str,
    commitment: &str,
) -> String {
    let quote = |s: &str| {
        if !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
        {
            s.to_string()
        } else {
            format!("'{}'", s.replace('\'', r"'\''"))
        }
    };
    format!(
        "anqi deal verify --variant {} --event {} --round {} --game {} --deal {} --seed {} --commitment {}",
        quote(variant),
        quote(event),
        quote(round),
        quote(game),
        quote(deal),
        quote(seed),
        quote(commitment)
    )
}

/// The command line of a stored deal, with the event id its commitment covers (an imported event's
/// deals keep the id they were sealed under).
fn record_command(d: &DealRecord) -> String {
    with_value(
        verify_command(
            d.variant.name(),
            &d.committed_event,
            &d.round.to_string(),
            &d.game.to_string(),
            &d.deal,
            &d.seed,
            &d.commitment,
        ),
        d.public_value.as_deref(),
    )
}

/// A verification command line with `--public-value` when the deal was drawn with one.
fn with_value(command: String, value: Option<&str>) -> String {
    match value {
        Some(v) => format!("{command} --public-value '{}'", v.replace('\'', r"'\''")),
        None => command,
    }
}

#[get("/events/{id}/deals/{deal_id}")]
async fn show(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
) -> AppResult<HttpResponse> {
    let (event, access, deal) = event_and_deal(&ctx, &state, path).await?;
    let actions = service::deals::deal_actions(&state.db, &event, access, &deal).await?;
    let pending = actions.pending.iter().map(|r| ctx.lang.reason(r)).collect();
    render(&ShowPage {
        actions,
        cli: record_command(&deal),
        deal: DealView::new(deal, &event),
        ctx,
        event,
        access,
        pending,
    })
}

/// One row of the sheet's diagram: rank label and cells.
struct SheetRow {
    rank: char,
    cells: Vec<Option<SheetCellView>>,
}

/// A diagram cell.
struct SheetCellView {
    chinese: &'static str,
    letter: char,
    red: bool,
    face_down: bool,
}

/// One printed setup sheet (one A4 page).
struct SheetView {
    deal: DealView,
    sheet: SetupSheet,
    rows: Vec<SheetRow>,
    jieqi: bool,
}

impl SheetView {
    fn new(record: DealRecord, event: &Event) -> AppResult<SheetView> {
        service::deals::require_layout(&record)?;
        let deal = Deal::parse(record.variant, &record.deal)
            .map_err(|e| AppError::Internal(format!("stored deal #{}: {e}", record.id)))?;
        let setup = SetupSheet::new(&deal);
        let rows = setup
            .ranks
            .iter()
            .zip(&setup.grid)
            .map(|(rank, cells)| SheetRow {
                rank: *rank,
                cells: cells
                    .iter()
                    .map(|c| {
                        c.map(|c| SheetCellView {
                            chinese: c.chinese,
                            letter: c.letter,
                            red: c.color == Color::Red,
                            face_down: c.face_down,
                        })
                    })
                    .collect(),
            })
            .collect();
        Ok(SheetView {
            jieqi: record.variant == Variant::Jieqi,
            deal: DealView::new(record, event),
            sheet: setup,
            rows,
        })
    }
}

#[derive(Template)]
#[template(path = "deals/sheet.html")]
struct SheetPage {
    ctx: Ctx,
    event: Event,
    sheets: Vec<SheetView>,
}

#[get("/events/{id}/deals/{deal_id}/sheet")]
async fn sheet(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
) -> AppResult<HttpResponse> {
    let (event, _, record) = event_and_deal(&ctx, &state, path).await?;
    render(&SheetPage {
        sheets: vec![SheetView::new(record, &event)?],
        ctx,
        event,
    })
}

/// Every sheet of a round's deals in use (games 1, 2, 3…, decider), one A4 page each. Arbiters only
/// while any is sealed; once all are unsealed, anyone.
#[get("/events/{id}/deals/round/{n}/sheets")]
async fn round_sheets(
    ctx: Ctx,
    state: web::Data<AppState>,
    RoundNo(n): RoundNo,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let records = service::deals::round_in_use(&state.db, &event, access, n).await?;
    let sheets = records
        .into_iter()
        .map(|r| SheetView::new(r, &event))
        .collect::<AppResult<Vec<_>>>()?;
    render(&SheetPage { ctx, event, sheets })
}

/// The deal as `key: value` lines, like `anqi deal new` prints them (for scripts and the CLI check).
#[get("/events/{id}/deals/{deal_id}/deal.txt")]
async fn text(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
) -> AppResult<HttpResponse> {
    let (_, _, d) = event_and_deal(&ctx, &state, path).await?;
    let value = d
        .public_value
        .as_deref()
        .map(|v| format!("public value: {v}\n"))
        .unwrap_or_default();
    let body = format!(
        "variant: {}\nevent: {}\nround: {}\ngame: {}\n{value}deal: {}\nseed: {}\ncommitment: {}\nstatus: {}\n",
        d.variant.name(),
        d.committed_event,
        d.round,
        d.game,
        d.deal,
        d.seed,
        d.commitment,
        d.status.as_str()
    );
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(body))
}

#[derive(serde::Deserialize)]
struct UnsealForm {
    #[serde(default)]
    r#override: String,
}

#[post("/events/{id}/deals/{deal_id}/unseal")]
async fn unseal(
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
    Arbitrated { event, user, .. }: Arbitrated,
    form: CsrfForm<UnsealForm>,
) -> AppResult<HttpResponse> {
    let (_, deal_id) = path.into_inner();
    let over = matches!(form.r#override.as_str(), "1" | "on" | "true");
    service::deals::unseal_id(&state.db, &user, &event, deal_id, over).await?;
    Ok(redirect(&format!("/events/{}/deals/{deal_id}", event.id)))
}

/// Fields of the verification form; each defaults to the stored value, so the page verifies the
/// published deal as is, and anyone can change a field to see the check fail.
#[derive(serde::Deserialize, Default)]
struct VerifyQuery {
    variant: Option<String>,
    event: Option<String>,
    round: Option<String>,
    game: Option<String>,
    deal: Option<String>,
    seed: Option<String>,
    commitment: Option<String>,
    public_value: Option<String>,
}

#[derive(Template)]
#[template(path = "deals/verify.html")]
struct VerifyPage {
    ctx: Ctx,
    event: Event,
    deal: DealView,
    inputs: Vec<(&'static str, String)>,
    /// The games a deal may be of, offered by name (the form sends the CLI's code).
    variants: [Variant; 2],
    ok: bool,
    reason: String,
    cli: String,
}

/// Recomputes a deal's commitment from the given (or stored) fields: `Ok(())` or the reason it fails,
/// naming the field, as a message for the reader's language.
fn check(fields: &[(&'static str, String)]) -> Result<(), Reason> {
    let get = |k: &str| {
        fields
            .iter()
            .find(|(n, _)| *n == k)
            .map(|(_, v)| v.trim())
            .unwrap_or("")
    };
    let variant = Variant::parse(get("variant"))
        .filter(|v| *v != Variant::Xiangqi)
        .ok_or_else(|| Reason::new("verify_bad_variant").arg("typed", get("variant")))?;
    let round = get("round")
        .parse::<u32>()
        .map_err(|_| Reason::new("verify_bad_round").arg("typed", get("round")))?;
    let game = GameNumber::parse(get("game"))
        .ok_or_else(|| Reason::new("verify_bad_game").arg("typed", get("game")))?;
    let context = DealContext::new(get("event"), round, game)
        .map_err(service::deals::verify_context_reason)?;
    let deal = Deal::parse(variant, get("deal")).map_err(|e| service::deals::deal_reason(&e))?;
    let seed = Seed::from_hex(get("seed")).map_err(|e| service::deals::seed_reason(&e))?;
    let commitment = Commitment::from_hex(get("commitment"))
        .ok_or_else(|| Reason::new("verify_bad_commitment"))?;
    // A deal drawn with a public value is checked with it (the field is there only for such deals).
    if fields.iter().any(|(n, _)| *n == "public_value") {
        let value = crate::deal::PublicValue::parse(get("public_value"))
            .map_err(service::deals::public_value_reason)?;
        return crate::deal::verify_with_value(&context, &deal, &seed, &value, &commitment)
            .map_err(service::deals::mismatch_reason);
    }
    verify(&context, &deal, &seed, &commitment).map_err(service::deals::mismatch_reason)
}

#[get("/events/{id}/deals/{deal_id}/verify")]
async fn verify_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(i64, i64)>,
    q: web::Query<VerifyQuery>,
) -> AppResult<HttpResponse> {
    let (event, _, d) = event_and_deal(&ctx, &state, path).await?;
    let q = q.into_inner();
    let pick = |given: Option<String>, stored: String| given.unwrap_or(stored);
    let inputs: Vec<(&'static str, String)> = vec![
        ("variant", pick(q.variant, d.variant.name().to_string())),
        ("event", pick(q.event, d.committed_event.clone())),
        ("round", pick(q.round, d.round.to_string())),
        ("game", pick(q.game, d.game.to_string())),
        ("deal", pick(q.deal, d.deal.clone())),
        ("seed", pick(q.seed, d.seed.clone())),
        ("commitment", pick(q.commitment, d.commitment.clone())),
    ];
    let mut inputs = inputs;
    if d.value_required {
        let stored = d.public_value.clone().unwrap_or_default();
        inputs.push(("public_value", pick(q.public_value, stored)));
    }
    let (ok, reason) = match check(&inputs) {
        Ok(()) => (true, String::new()),
        Err(r) => (false, ctx.lang.reason(&r)),
    };
    let value = |i: usize| inputs.get(i).map(|(_, v)| v.as_str()).unwrap_or("");
    let cli = with_value(
        verify_command(
            value(0),
            value(1),
            value(2),
            value(3),
            value(4),
            value(5),
            value(6),
        ),
        inputs.get(7).map(|(_, v)| v.as_str()),
    );
    render(&VerifyPage {
        deal: DealView::new(d, &event),
        ctx,
        event,
        inputs,
        variants: [Variant::Jieqi, Variant::Banqi],
        ok,
        reason,
        cli,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(deal: &str, commitment: &str) -> Vec<(&'static str, String)> {
        vec![
            ("variant", "jieqi".into()),
            ("event", "17".into()),
            ("round", "3".into()),
            ("game", "1".into()),
            ("deal", deal.into()),
            ("seed", "0".repeat(64)),
            ("commitment", commitment.into()),
        ]
    }

    #[test]
    fn the_server_check_accepts_the_sealed_fields_and_names_a_tampered_one() {
        let ctx = DealContext::new("17", 3, GameNumber::Game(1)).unwrap();
        let seed = Seed::from_hex(&"0".repeat(64)).unwrap();
        let sealed = crate::deal::SealedDeal::from_seed(Variant::Jieqi, ctx, seed).unwrap();
        let c = sealed.commitment.to_hex();
        assert_eq!(check(&fields(sealed.deal.as_str(), &c)), Ok(()));
        // Another valid deal: the seed does not draw it.
        let other = crate::deal::JIEQI_IDENTITY;
        let e = check(&fields(other, &c)).unwrap_err();
        assert!(e.to_string().contains("seed"), "{e}");
        // A malformed field is named, in each language.
        let e = check(&fields("xyz", &c)).unwrap_err();
        assert!(e.to_string().starts_with("deal:"), "{e}");
        assert_eq!(
            crate::i18n::Lang::ZhHant.reason(&e),
            "佈局：揭棋的佈局有 30 個字母，此處有 3 個"
        );
        let mut f = fields(sealed.deal.as_str(), &c);
        f[1].1 = "18".into();
        assert!(check(&f).unwrap_err().to_string().contains("commitment"));
    }

    #[test]
    fn the_command_line_quotes_what_a_shell_would_split() {
        let cmd = verify_command("jieqi", "my event", "1", "decider", "d", "s", "c");
        assert!(cmd.contains("--event 'my event'"), "{cmd}");
        assert!(cmd.contains("--game decider"), "{cmd}");
        assert_eq!(
            verify_command("jieqi", "it's", "1", "1", "d", "s", "c")
                .split("--event ")
                .nth(1)
                .unwrap()
                .split(" --round")
                .next()
                .unwrap(),
            r"'it'\''s'"
        );
    }
}
