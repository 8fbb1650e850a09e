//! Prize pages: the prize table editor (with the seed's one-click template, team prizes and the
//! team payout), the final ranking with prizes, and the printable payout sheet with its CSV (and
//! the team payout's).

use actix_web::{HttpResponse, get, post, web};
use askama::Template;

use super::{redirect, render};
use crate::prizes::{PrizeRow, PrizeTable, SpecialPrize, TeamPayout, TeamRule, TieHandling};
use crate::service::Event;
use crate::service::knockout::FinalRanking;
use crate::service::knockout::Prizes;
use crate::service::policy::Access;
use crate::service::{self, ServiceError};
use crate::web::AppState;
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::{AppError, AppResult};
use crate::web::extract::{EventView, Managed};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(prizes_page)
        .service(save_prizes)
        .service(prize_template)
        .service(ranking_page)
        .service(payout_page)
        .service(payout_csv)
        .service(team_payout_csv);
}

/// The editor's text of place rows: one `from[-to] amount` per line.
fn rows_text(rows: &[PrizeRow]) -> String {
    rows.iter()
        .map(|r| {
            if r.from == r.to {
                format!("{} {}", r.from, r.amount)
            } else {
                format!("{}-{} {}", r.from, r.to, r.amount)
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The editor's text of the special prizes: one `category, label, amount` per line.
fn specials_text(table: &PrizeTable) -> String {
    table
        .specials()
        .iter()
        .map(|s| format!("{}, {}, {}", s.category, s.label, s.amount))
        .collect::<Vec<_>>()
        .join("\n")
}

fn amount(line: usize, text: &str) -> AppResult<u64> {
    text.trim().replace(',', "").parse::<u64>().map_err(|_| {
        AppError::invalid(
            crate::i18n::Reason::new("err_bad_amount")
                .arg("line", line)
                .arg("typed", text.trim()),
        )
    })
}

/// Parses the place rows: `1 3000`, `5-8 300` (also `5–8`), blank lines ignored.
fn parse_rows(text: &str) -> AppResult<Vec<PrizeRow>> {
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let bad = || {
            AppError::invalid(
                crate::i18n::Reason::new("err_bad_place_line")
                    .arg("line", i + 1)
                    .arg("typed", line),
            )
        };
        let (places, money) = line.split_once(char::is_whitespace).ok_or_else(bad)?;
        let place = |p: &str| p.trim().parse::<u32>().map_err(|_| bad());
        let (from, to) = match places.split_once(['-', '–']) {
            Some((a, b)) => (place(a)?, place(b)?),
            None => (place(places)?, place(places)?),
        };
        rows.push(PrizeRow {
            from,
            to,
            amount: amount(i + 1, money)?,
        });
    }
    Ok(rows)
}

/// Parses the special prizes: `category, label, amount` per line.
fn parse_specials(text: &str) -> AppResult<Vec<SpecialPrize>> {
    let mut specials = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let parts: Vec<&str> = line.split(',').map(str::trim).collect();
        let [category, label, money] = parts.as_slice() else {
            return Err(AppError::invalid(
                crate::i18n::Reason::new("err_bad_special_line")
                    .arg("line", i + 1)
                    .arg("typed", line),
            ));
        };
        specials.push(SpecialPrize {
            category: category.to_string(),
            label: label.to_string(),
            amount: amount(i + 1, money)?,
        });
    }
    Ok(specials)
}

#[derive(Template)]
#[template(path = "knockout/prizes.html")]
struct PrizesPage {
    ctx: Ctx,
    event: Event,
    access: Access,
    currency: String,
    rows: String,
    specials: String,
    ties: TieHandling,
    team_rows: String,
    /// The team prize rule the form shows chosen.
    team_rule: TeamRule,
    table: Option<PrizeTable>,
    /// The team prize rows of the saved table.
    team_table: Vec<PrizeRow>,
    /// The team payout once the rounds are over, else why not (team prizes only).
    team_payout: Option<Result<TeamPayout, String>>,
}

impl PrizesPage {
    /// The handlings the form offers, in order.
    fn tie_options(&self) -> [TieHandling; 3] {
        TieHandling::ALL
    }

    /// The team prize rules the form offers, in order.
    fn team_rule_options(&self) -> [TeamRule; 2] {
        TeamRule::ALL
    }
}

/// The team payout when the table has team prizes: `Err` with the reason (in `lang`) while the rounds
/// are not over.
async fn team_payout_or_reason(
    lang: crate::i18n::Lang,
    state: &AppState,
    event: &Event,
) -> AppResult<Option<Result<TeamPayout, String>>> {
    match service::knockout::team_payout(&state.events, &state.db, event).await {
        Ok(p) => Ok(p.map(Ok)),
        Err(ServiceError::Conflict(why)) => Ok(Some(Err(
            lang.reason(&crate::i18n::Reason::new("team_payout_not_ready").arg_reason("why", &why))
        ))),
        Err(e) => Err(e.into()),
    }
}

#[get("/events/{id}/prizes")]
async fn prizes_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let prizes = service::knockout::prize_table(&state.db, &event).await?;
    let (currency, rows, specials, ties, team_rows) = match &prizes {
        Some(p) => (
            p.table.currency().to_string(),
            rows_text(p.table.rows()),
            specials_text(&p.table),
            p.ties,
            rows_text(&p.team_rows),
        ),
        None => (
            "HKD".to_string(),
            String::new(),
            String::new(),
            TieHandling::ByTieBreak,
            String::new(),
        ),
    };
    let team_rule = prizes.as_ref().map_or(TeamRule::Both, |p| p.team_rule);
    let team_payout = team_payout_or_reason(ctx.lang, &state, &event).await?;
    let (table, team_table) = prizes.map_or((None, Vec::new()), |p| (Some(p.table), p.team_rows));
    render(&PrizesPage {
        ctx,
        event,
        access,
        currency,
        rows,
        specials,
        ties,
        team_rows,
        team_rule,
        table,
        team_table,
        team_payout,
    })
}

#[derive(serde::Deserialize)]
struct PrizesForm {
    currency: String,
    #[serde(default)]
    rows: String,
    #[serde(default)]
    specials: String,
    #[serde(default)]
    ties: String,
    #[serde(default)]
    team_rows: String,
    #[serde(default)]
    team_rule: String,
}

#[post("/events/{id}/prizes")]
async fn save_prizes(
    ctx: Ctx,
    state: web::Data<AppState>,
    Managed { event, .. }: Managed,
    form: CsrfForm<PrizesForm>,
) -> AppResult<HttpResponse> {
    let CsrfForm(form) = form;
    let prizes = service::knockout::check_prizes(
        form.currency,
        parse_rows(&form.rows)?,
        parse_specials(&form.specials)?,
        Some(form.ties),
        parse_rows(&form.team_rows)?,
        Some(form.team_rule),
    )
    .await?;
    service::knockout::save_prizes(&state.db, ctx.require_user()?, &event, &prizes).await?;
    Ok(redirect(&format!("/events/{}/prizes", event.id)))
}

/// The seed's table in one click: HKD 3000 / 1200 / 1000 / 800 / 300×4 / 200×4.
#[post("/events/{id}/prizes/template")]
async fn prize_template(
    ctx: Ctx,
    state: web::Data<AppState>,
    Managed { event, .. }: Managed,
    _f: CsrfForm<super::Empty>,
) -> AppResult<HttpResponse> {
    let prizes = Prizes {
        table: PrizeTable::seed_template(),
        ties: TieHandling::ByTieBreak,
        team_rows: Vec::new(),
        team_rule: TeamRule::Both,
    };
    service::knockout::save_prizes(&state.db, ctx.require_user()?, &event, &prizes).await?;
    Ok(redirect(&format!("/events/{}/prizes", event.id)))
}

/// The ranking, or why it is not available yet (shown on the page instead of an error).
async fn ranking_or_reason(
    lang: crate::i18n::Lang,
    state: &AppState,
    event: &Event,
) -> AppResult<Result<FinalRanking, String>> {
    match service::knockout::final_ranking(&state.events, &state.db, event).await {
        Ok(r) => Ok(Ok(r)),
        Err(ServiceError::Conflict(why)) => Ok(Err(lang.reason(&why))),
        Err(e) => Err(e.into()),
    }
}

#[derive(Template)]
#[template(path = "knockout/ranking.html")]
struct RankingPage {
    ctx: Ctx,
    event: Event,
    access: Access,
    ranking: Option<FinalRanking>,
    reason: Option<String>,
    currency: String,
}

fn currency_of(r: &FinalRanking) -> String {
    r.payout
        .as_ref()
        .map(|p| p.currency.clone())
        .unwrap_or_default()
}

#[get("/events/{id}/ranking")]
async fn ranking_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    EventView { event, access }: EventView,
) -> AppResult<HttpResponse> {
    let (ranking, reason) = match ranking_or_reason(ctx.lang, &state, &event).await? {
        Ok(r) => (Some(r), None),
        Err(why) => (None, Some(why)),
    };
    let currency = ranking.as_ref().map(currency_of).unwrap_or_default();
    render(&RankingPage {
        access,
        ctx,
        event,
        ranking,
        reason,
        currency,
    })
}

#[derive(Template)]
#[template(path = "knockout/payout.html")]
struct PayoutPage {
    ctx: Ctx,
    event: Event,
    ranking: FinalRanking,
    currency: String,
    paid: u64,
    unawarded: u64,
    notes: Vec<String>,
    /// The team payout, when the table has team prizes.
    team: Option<TeamPayout>,
}

/// The ranking with a prize table, or 409 naming what is missing.
async fn payout_ranking(state: &AppState, event: &Event) -> AppResult<FinalRanking> {
    let ranking = service::knockout::final_ranking(&state.events, &state.db, event).await?;
    if ranking.payout.is_none() {
        return Err(AppError::not_now(crate::i18n::Reason::new(
            "err_no_prize_table",
        )));
    }
    Ok(ranking)
}

/// The printable payout sheet: every prize winner with a signature column.
#[get("/events/{id}/payout")]
async fn payout_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
) -> AppResult<HttpResponse> {
    let ranking = payout_ranking(&state, &event).await?;
    let (paid, unawarded, notes) = ranking
        .payout
        .as_ref()
        .map(|p| {
            let notes = p.notes.iter().map(|n| ctx.lang.reason(n)).collect();
            (p.paid(), p.unawarded, notes)
        })
        .unwrap_or_default();
    // The final ranking exists, so the rounds are over and the team payout can be made.
    let team = service::knockout::team_payout(&state.events, &state.db, &event).await?;
    render(&PayoutPage {
        team,
        currency: currency_of(&ranking),
        ctx,
        event,
        ranking,
        paid,
        unawarded,
        notes,
    })
}

/// The payout sheet as CSV: `place,start,name,prize,currency,award,signature`.
#[get("/events/{id}/payout.csv")]
async fn payout_csv(
    ctx: Ctx,
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
) -> AppResult<HttpResponse> {
    let ranking = payout_ranking(&state, &event).await?;
    let csv = ranking
        .payout
        .as_ref()
        .map(|p| p.to_csv(ctx.lang))
        .unwrap_or_default();
    Ok(super::csv_download(
        &format!("payout-{}.csv", event.id),
        csv,
    ))
}

/// The team payout, or 409 without team prizes (or before the rounds are over).
pub(super) async fn require_team_payout(state: &AppState, event: &Event) -> AppResult<TeamPayout> {
    service::knockout::team_payout(&state.events, &state.db, event)
        .await?
        .ok_or_else(|| AppError::not_now(crate::i18n::Reason::new("err_no_team_prizes")))
}

/// The team payout as CSV: `rank,team,prize,currency,award,signature` (409 without team prizes or
/// before the rounds are over).
#[get("/events/{id}/team-payout.csv")]
async fn team_payout_csv(
    ctx: Ctx,
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
) -> AppResult<HttpResponse> {
    let payout = require_team_payout(&state, &event).await?;
    Ok(super::csv_download(
        &format!("team-payout-{}.csv", event.id),
        payout.to_csv(ctx.lang),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_editor_reads_back_what_it_writes() {
        let table = PrizeTable::seed_template();
        let rows = parse_rows(&rows_text(table.rows())).expect("own text");
        assert_eq!(rows, table.rows());
        assert_eq!(
            parse_rows("1 3,000\n\n5–8 300").expect("typed"),
            vec![
                PrizeRow {
                    from: 1,
                    to: 1,
                    amount: 3000
                },
                PrizeRow {
                    from: 5,
                    to: 8,
                    amount: 300
                }
            ]
        );
    }

    #[test]
    fn bad_lines_are_named() {
        let e = parse_rows("1 3000\n2 lots").unwrap_err().to_string();
        assert!(e.contains("line 2"), "{e}");
        let e = parse_specials("junior, Best junior")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 1"), "{e}");
        let s = parse_specials("junior, Best junior, 500").expect("ok");
        assert_eq!(s[0].label, "Best junior");
        assert_eq!(s[0].amount, 500);
    }
}
