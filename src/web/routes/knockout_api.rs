//! The JSON API of the knockout stage and prizes (beside the Swiss API): seed the bracket, read it,
//! enter game results and the decider's colour, set the prize table, read the final ranking.
//! Reads are public; writes need the event's arbiters (prizes: its organizer). Errors are
//! `{"error": "..."}` with a 4xx status. Players are start numbers.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, routes, web};
use serde::Deserialize;
use serde_json::json;

use super::api::parse_json;
use crate::prizes::{PrizeRow, SpecialPrize};
use crate::service;
use crate::service::knockout::SeedOptions;
use crate::web::AppState;
use crate::web::error::AppResult;
use crate::web::extract::{Arbitrated, EventView, Managed, MatchGamePath, MatchNo};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(seed_bracket)
        .service(get_bracket)
        .service(put_result)
        .service(put_decider)
        .service(put_prizes)
        .service(team_payout)
        .service(ranking);
}

/// Optional choices when seeding; the size and best of come from the event.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeedBody {
    #[serde(default)]
    tie_rule: Option<String>,
    #[serde(default)]
    third_place_match: Option<bool>,
    #[serde(default)]
    auto_lots: Option<bool>,
}

/// Seeds the bracket from the Swiss standings; game 1's colours are drawn by lot at once (and for
/// later matches as soon as their players are known), each lot in the audit log.
#[routes]
#[post("/api/events/{id}/knockout")]
#[post("/api/events/{id}/sections/{sid}/knockout")]
async fn seed_bracket(
    state: web::Data<AppState>,
    Arbitrated { event, user, .. }: Arbitrated,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let b: SeedBody = parse_json(&body)?;
    let options = SeedOptions::parse(b.tie_rule.as_deref(), b.third_place_match, b.auto_lots)?;
    let bracket = service::knockout::seed(&state.db, &user, &event, options).await?;
    Ok(HttpResponse::build(StatusCode::CREATED).json(bracket.to_json()))
}

#[routes]
#[get("/api/events/{id}/knockout")]
#[get("/api/events/{id}/sections/{sid}/knockout")]
async fn get_bracket(
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
) -> AppResult<HttpResponse> {
    let (_, bracket) = service::bracket::seeded(&state.db, &event).await?;
    Ok(HttpResponse::Ok().json(bracket.to_json()))
}

#[derive(Deserialize)]
struct ResultBody {
    result: String,
}

/// Enters (or corrects, for the last game) a game's result: `1-0`, `0-1` or `1/2-1/2`.
#[routes]
#[put("/api/events/{id}/knockout/matches/{m}/games/{g}/result")]
#[put("/api/events/{id}/sections/{sid}/knockout/matches/{m}/games/{g}/result")]
async fn put_result(
    state: web::Data<AppState>,
    path: MatchGamePath,
    Arbitrated { event, user, .. }: Arbitrated,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let b: ResultBody = parse_json(&body)?;
    let input = service::knockout::game_input(path.match_id, path.game, &b.result)?;
    let bracket = service::knockout::record(&state.db, &user, &event, input, None).await?;
    Ok(HttpResponse::Ok().json(bracket.to_json()))
}

#[derive(Deserialize)]
struct DeciderBody {
    higher_seed_plays: String,
}

/// Records the higher seed's colour for a decider (`{"higher_seed_plays": "red"|"black"}`).
#[routes]
#[put("/api/events/{id}/knockout/matches/{m}/decider")]
#[put("/api/events/{id}/sections/{sid}/knockout/matches/{m}/decider")]
async fn put_decider(
    state: web::Data<AppState>,
    MatchNo(m): MatchNo,
    Arbitrated { event, user, .. }: Arbitrated,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let b: DeciderBody = parse_json(&body)?;
    let input = service::knockout::decider_input(m, "higher_seed_plays", &b.higher_seed_plays)?;
    let bracket = service::knockout::record(&state.db, &user, &event, input, None).await?;
    Ok(HttpResponse::Ok().json(bracket.to_json()))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PrizesBody {
    currency: String,
    rows: Vec<PrizeRow>,
    #[serde(default)]
    specials: Vec<SpecialPrize>,
    #[serde(default)]
    ties: Option<String>,
    #[serde(default)]
    team_rows: Vec<PrizeRow>,
    #[serde(default)]
    team_rule: Option<String>,
}

/// Replaces the prize table: `{"currency":"HKD","rows":[{"from":1,"to":1,"amount":3000},…]}`, with
/// optional `specials` (`{"category","label","amount"}`), `ties` (`by_tie_break`, `shared` or
/// `hort`), `team_rows` (team prizes by place of the team table, rows as `rows`) and `team_rule`
/// (`both`, the default, or `team_first`: the players counted in a prize-winning team take no
/// individual prize).
#[routes]
#[put("/api/events/{id}/prizes")]
#[put("/api/events/{id}/sections/{sid}/prizes")]
async fn put_prizes(
    state: web::Data<AppState>,
    Managed { event, user, .. }: Managed,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let b: PrizesBody = parse_json(&body)?;
    let prizes = service::knockout::check_prizes(
        b.currency,
        b.rows,
        b.specials,
        b.ties,
        b.team_rows,
        b.team_rule,
    )
    .await?;
    service::knockout::save_prizes(&state.db, &user, &event, &prizes).await?;
    Ok(HttpResponse::Ok().json(json!({
        "currency": prizes.table.currency(),
        "rows": prizes.table.rows(),
        "specials": prizes.table.specials(),
        "ties": prizes.ties,
        "total": prizes.table.total(),
        "team_rows": prizes.team_rows,
        "team_rule": prizes.team_rule,
    })))
}

/// The team payout: `{"currency","rows":[{"rank","team","prize"}],"paid","unawarded"}` (409 without
/// team prizes or while rounds are still to play).
#[routes]
#[get("/api/events/{id}/team-payout")]
#[get("/api/events/{id}/sections/{sid}/team-payout")]
async fn team_payout(
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
) -> AppResult<HttpResponse> {
    let payout = super::prizes::require_team_payout(&state, &event).await?;
    let rows: Vec<serde_json::Value> = payout
        .rows
        .iter()
        .map(|r| json!({"rank": r.rank, "team": r.team, "prize": r.prize}))
        .collect();
    Ok(HttpResponse::Ok().json(json!({
        "currency": payout.currency,
        "rows": rows,
        "paid": payout.paid(),
        "unawarded": payout.unawarded,
    })))
}

/// The final ranking in place order: `[{"place","start","name","prize","with_team"}]` (prize 0 when
/// none; `with_team` the team whose team prize passed the player over for the individual prizes,
/// else null).
#[routes]
#[get("/api/events/{id}/ranking")]
#[get("/api/events/{id}/sections/{sid}/ranking")]
async fn ranking(
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
) -> AppResult<HttpResponse> {
    let ranking = service::knockout::final_ranking(&state.events, &state.db, &event).await?;
    let lines: Vec<serde_json::Value> = ranking
        .places
        .iter()
        .map(|p| {
            json!({"place": p.place, "start": p.start, "name": p.name, "prize": p.prize,
                "with_team": p.with_team})
        })
        .collect();
    Ok(HttpResponse::Ok().json(lines))
}
