//! Bulk record upload of a round: the arbiters' form, the preview of what the file would
//! do (nothing stored), assignments by hand, and the confirmation that stores the matched games.
//! The workflow is `service::uploads`; the uploaded text travels in the page's form, and confirming
//! reads and adjudicates it again.

use std::collections::HashMap;

use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use super::{redirect, render, render_status};
use crate::i18n::{Lang, Reason};
use crate::rules::adjudicate::Verdict;
use crate::service;
use crate::service::Event;
use crate::service::records::RecordStatus;
use crate::service::uploads::{self, Assignments, Placement, Plan};
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};
use crate::web::extract::{Arbitrated, inline_refusal};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(upload_form).service(upload);
}

/// A verdict as the page shows it; the field names are those `records/verdict.html` reads.
struct VerdictView {
    verdict: String,
    plies: usize,
    events: Vec<String>,
    illegal: Option<String>,
}

impl VerdictView {
    fn new(v: &Verdict, lang: Lang) -> VerdictView {
        let words = crate::service::records::VerdictView::of(v).words(lang);
        VerdictView {
            verdict: words.verdict,
            plies: words.plies,
            events: words.events,
            illegal: words.illegal,
        }
    }
}

/// A matched game's verdict and its status against the board (`r` of `records/verdict.html`).
struct MatchedView {
    verdict: String,
    plies: usize,
    events: Vec<String>,
    illegal: Option<String>,
    status: RecordStatus,
}

/// One uploaded game as the preview lists it.
struct GameRow {
    number: usize,
    first_line: usize,
    round_tag: String,
    red_tag: String,
    black_tag: String,
    /// The slot key and its label ("board 3 · 1. 呂欽 – 4. 許銀川"), when matched.
    placed: Option<(String, String)>,
    by_hand: bool,
    /// Why it is not matched.
    unmatched: Option<String>,
    /// Why it cannot be stored although matched (the record cannot be adjudicated).
    refused: Option<String>,
    /// Why the result it decides is not entered although it is stored (a knockout game the
    /// bracket does not take now).
    result_refused: Option<String>,
    /// The verdict of a matched game, with its status.
    matched: Option<MatchedView>,
    /// The verdict of an unmatched game.
    verdict: Option<VerdictView>,
    text: String,
}

#[derive(Template)]
#[template(path = "records/upload.html")]
struct UploadPage {
    ctx: Ctx,
    event: Event,
    /// The rounds the arbiter may upload to: published Swiss rounds, then the rounds of a seeded
    /// knockout, each with its label.
    rounds: Vec<(u32, String)>,
    round: u32,
    text: String,
    error: Option<String>,
    /// After a confirmation: (records stored, results set).
    stored: Option<(usize, usize)>,
    /// The preview, once the file was checked.
    preview: Option<PreviewView>,
}

/// The preview part of the page.
struct PreviewView {
    digest: String,
    games: Vec<GameRow>,
    /// Slots free for assignment by hand: (key, label).
    free: Vec<(String, String)>,
    stored: usize,
    total: usize,
}

fn slot_label(ctx: &Ctx, s: &uploads::Slot, single: bool) -> String {
    let game = if single && !s.is_match() {
        String::new()
    } else {
        format!(" · {} {}", ctx.t("upload_game"), s.game_no)
    };
    format!(
        "{} {}{game}: {}. {} – {}. {}",
        ctx.t(if s.is_match() {
            "upload_match"
        } else {
            "board"
        }),
        s.board_no,
        s.red.start,
        s.red.name,
        s.black.start,
        s.black.name
    )
}

fn preview_view(ctx: &Ctx, event: &Event, plan: &Plan) -> PreviewView {
    let single = crate::service::records::single_game(event);
    let lang = ctx.lang;
    let games = plan
        .games
        .iter()
        .map(|g| {
            let (placed, by_hand, unmatched) = match &g.placement {
                Placement::Matched { slot, by_hand } => {
                    let s = &plan.slots[*slot];
                    (
                        Some((s.key.clone(), slot_label(ctx, s, single))),
                        *by_hand,
                        None,
                    )
                }
                Placement::Unmatched(why) => (None, false, Some(lang.reason(why))),
            };
            let (matched, verdict) = match (&g.verdict, &g.status) {
                (Ok(v), Some(status)) => {
                    let view = VerdictView::new(v, lang);
                    (
                        Some(MatchedView {
                            verdict: view.verdict,
                            plies: view.plies,
                            events: view.events,
                            illegal: view.illegal,
                            status: status.clone(),
                        }),
                        None,
                    )
                }
                (Ok(v), None) => (None, Some(VerdictView::new(v, lang))),
                (Err(_), _) => (None, None),
            };
            let refused = match (&g.verdict, placed.is_some()) {
                (Err(why), true) => Some(lang.reason(why)),
                _ => None,
            };
            GameRow {
                number: g.number,
                first_line: g.first_line,
                round_tag: g.round_tag.clone(),
                red_tag: g.red_tag.clone(),
                black_tag: g.black_tag.clone(),
                placed,
                by_hand,
                unmatched,
                refused,
                result_refused: g.result_refused.as_ref().map(|r| lang.reason(r)),
                matched,
                verdict,
                text: g.text.clone(),
            }
        })
        .collect();
    PreviewView {
        digest: plan.digest.clone(),
        games,
        free: plan
            .free_slots()
            .into_iter()
            .map(|s| (s.key.clone(), slot_label(ctx, s, single)))
            .collect(),
        stored: plan.stored(),
        total: plan.games.len(),
    }
}

async fn published_rounds(
    state: &AppState,
    ctx: &Ctx,
    event: &Event,
) -> AppResult<Vec<(u32, String)>> {
    let mut rounds: Vec<(u32, String)> = service::rounds::published_numbers(&state.db, event)
        .await?
        .into_iter()
        .map(|n| (n, n.to_string()))
        .collect();
    if let Some((_, bracket)) = service::knockout::load(&state.db, event).await? {
        for (number, d) in service::deals::knockout_deal_rounds(event) {
            if d.k >= bracket.rounds().len()
                || (d.third_place && bracket.third_place_match().is_none())
            {
                continue;
            }
            let (key, size) = service::deals::deal_round_name(event, d);
            let name = format!("{} {size}", ctx.t(key));
            rounds.push((number, format!("{number} · {}", name.trim_end())));
        }
    }
    Ok(rounds)
}

#[derive(serde::Deserialize)]
struct FormQuery {
    round: Option<u32>,
    stored: Option<usize>,
    results: Option<usize>,
}

/// The upload form (arbiters of the event).
#[get("/events/{id}/records/upload")]
async fn upload_form(
    ctx: Ctx,
    state: web::Data<AppState>,
    q: web::Query<FormQuery>,
    Arbitrated { event, .. }: Arbitrated,
) -> AppResult<HttpResponse> {
    let rounds = published_rounds(&state, &ctx, &event).await?;
    let round = q
        .round
        .or_else(|| rounds.last().map(|(n, _)| *n))
        .unwrap_or(1);
    render(&UploadPage {
        ctx,
        event,
        rounds,
        round,
        text: String::new(),
        error: None,
        stored: q.stored.zip(q.results.or(Some(0))),
        preview: None,
    })
}

/// The fields of the upload form: `round`, `records` (the file's text), `action` (`check` or
/// `confirm`), `digest` (of the preview being confirmed) and `assign_N` (the slot key game N is
/// assigned to by hand; empty for none).
fn parse_form(
    fields: &HashMap<String, String>,
) -> Result<(u32, String, bool, String, Assignments), AppError> {
    let round = fields
        .get("round")
        .and_then(|r| r.trim().parse().ok())
        .ok_or_else(|| AppError::invalid(Reason::new("err_not_a_round").arg("typed", "")))?;
    let text = fields.get("records").cloned().unwrap_or_default();
    let confirm = fields.get("action").is_some_and(|a| a == "confirm");
    let digest = fields.get("digest").cloned().unwrap_or_default();
    let mut assigned = Assignments::new();
    for (k, v) in fields {
        let Some(n) = k.strip_prefix("assign_") else {
            continue;
        };
        let n: usize = n
            .parse()
            .map_err(|_| AppError::invalid(Reason::new("err_not_a_game").arg("typed", n)))?;
        if !v.trim().is_empty() {
            assigned.insert(n, v.trim().to_string());
        }
    }
    Ok((round, text, confirm, digest, assigned))
}

/// Checks the file (the preview) or, with `action=confirm`, stores the matched games.
#[post("/events/{id}/records/upload")]
async fn upload(
    ctx: Ctx,
    state: web::Data<AppState>,
    Arbitrated {
        event, user: me, ..
    }: Arbitrated,
    form: CsrfForm<HashMap<String, String>>,
) -> AppResult<HttpResponse> {
    let (round, text, confirm, digest, assigned) = parse_form(&form.0)?;
    let rounds = published_rounds(&state, &ctx, &event).await?;
    // The page as it is shown again after a refusal: with the fresh preview when there is one.
    let again = |ctx: Ctx, event: Event, error: Option<String>, plan: Option<Plan>| {
        let preview = plan.map(|p| preview_view(&ctx, &event, &p));
        UploadPage {
            ctx,
            event,
            rounds: rounds.clone(),
            round,
            text: text.clone(),
            error,
            stored: None,
            preview,
        }
    };
    if confirm {
        match uploads::confirm(&state.db, &me, &event, round, &text, &assigned, &digest).await {
            Ok(done) => {
                return Ok(redirect(&format!(
                    "/events/{}/records/upload?round={round}&stored={}&results={}",
                    event.id, done.records, done.results
                )));
            }
            Err(e) => {
                // Refused (a stale board, a conflict, an assignment that cannot be): said above
                // the plan, which is read again as it now stands (none when the text itself fails).
                let (status, why) = inline_refusal(e, ctx.lang)?;
                let plan = uploads::preview(&state.db, &me, &event, round, &text, &assigned)
                    .await
                    .ok();
                return render_status(&again(ctx, event, Some(why), plan), status);
            }
        }
    }
    match uploads::preview(&state.db, &me, &event, round, &text, &assigned).await {
        Ok(plan) => render(&again(ctx, event, None, Some(plan))),
        Err(e) => {
            let (status, why) = inline_refusal(e, ctx.lang)?;
            render_status(&again(ctx, event, Some(why), None), status)
        }
    }
}
