//! The team table (團體成績): page, CSV and JSON, each after the completed rounds or `?after=N`.

use actix_web::{HttpResponse, get, routes, web};
use askama::Template;
use serde_json::json;

use super::standings::AfterQuery;
use super::{csv_download, render};
use crate::i18n::Reason;
use crate::service::policy::Access;
use crate::service::standings::{TeamLine, TeamsView};
use crate::service::{self, Event};
use crate::web::AppState;
use crate::web::ctx::Ctx;
use crate::web::error::AppResult;
use crate::web::extract::EventView;
use crate::web::points::show as show_points;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(teams_page)
        .service(teams_csv)
        .service(teams_api);
}

async fn view(state: &AppState, event: &Event, query: &AfterQuery) -> AppResult<TeamsView> {
    Ok(service::standings::teams(&state.events, &state.db, event, query.after.as_deref()).await?)
}

#[derive(Template)]
#[template(path = "standings/teams.html")]
struct TeamsPage {
    ctx: Ctx,
    event: Event,
    access: Access,
    view: TeamsView,
    /// "After round 3" in the visitor's language.
    after_label: String,
}

impl TeamsPage {
    fn points(&self, line: &TeamLine) -> String {
        show_points(line.points)
    }
}

#[get("/events/{id}/teams")]
async fn teams_page(
    ctx: Ctx,
    state: web::Data<AppState>,
    EventView { event, access }: EventView,
    query: web::Query<AfterQuery>,
) -> AppResult<HttpResponse> {
    let view = view(&state, &event, &query).await?;
    let after_label = ctx
        .lang
        .reason(&Reason::new("st_after_round").arg("round", view.after));
    render(&TeamsPage {
        ctx,
        event,
        access,
        view,
        after_label,
    })
}

#[get("/events/{id}/teams.csv")]
async fn teams_csv(
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
    query: web::Query<AfterQuery>,
) -> AppResult<HttpResponse> {
    let view = view(&state, &event, &query).await?;
    let section = event.has_sections().then(|| event.settings.section.clone());
    let mut header: Vec<String> = section.iter().map(|_| "section".to_string()).collect();
    header.extend(["rank", "team", "points"].map(String::from));
    if let Some(tb) = view.tie_break {
        header.push(tb.code().to_string());
    }
    header.push("players".into());
    let rows: Vec<Vec<String>> = view
        .lines
        .iter()
        .map(|l| {
            let mut r: Vec<String> = section.iter().cloned().collect();
            r.extend([l.rank.to_string(), l.team.clone(), show_points(l.points)]);
            if view.tie_break.is_some() {
                r.push(l.tie_break.map(|v| v.to_string()).unwrap_or_default());
            }
            let players: Vec<String> = l
                .players
                .iter()
                .map(|(start, name)| format!("{start}. {name}"))
                .collect();
            r.push(players.join("; "));
            r
        })
        .collect();
    let name = if view.after < view.completed {
        format!("teams-{}-after-{}.csv", event.id, view.after)
    } else {
        format!("teams-{}.csv", event.id)
    };
    Ok(csv_download(
        &name,
        super::standings::csv_text(&header, &rows),
    ))
}

/// `[{"rank", "team", "points", "players": [start, …]}]`, best first.
#[routes]
#[get("/api/events/{id}/teams")]
#[get("/api/events/{id}/sections/{sid}/teams")]
async fn teams_api(
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
    query: web::Query<AfterQuery>,
) -> AppResult<HttpResponse> {
    let view = view(&state, &event, &query).await?;
    let out: Vec<_> = view
        .lines
        .iter()
        .map(|l| {
            json!({
                "rank": l.rank,
                "team": l.team,
                "points": f64::from(l.points.tenths()) / 10.0,
                "tie_break": l.tie_break.map(|v| v.to_string()),
                "players": l.players.iter().map(|(s, _)| *s).collect::<Vec<_>>(),
            })
        })
        .collect();
    Ok(HttpResponse::Ok().json(out))
}
