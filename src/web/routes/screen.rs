//! The display screen for a projector or TV at the venue: the latest published round's pairings in
//! large type, by board and by name in turn, with the clock; it follows the event's live updates.

use actix_web::{HttpResponse, get, web};
use askama::Template;

use super::render;
use crate::service::screen::ScreenView;
use crate::service::{self, Event};
use crate::web::AppState;
use crate::web::ctx::Ctx;
use crate::web::error::AppResult;
use crate::web::extract::EventView;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(screen);
}

#[derive(Template)]
#[template(path = "events/screen.html")]
struct ScreenPage {
    ctx: Ctx,
    event: Event,
    view: ScreenView,
}

impl ScreenPage {
    /// A result as the screen shows it (`1–0`, `½–½` …).
    fn shown(&self, result: &str) -> String {
        crate::round::BoardResult::parse(result)
            .map_or_else(|| result.to_string(), |r| r.display().to_string())
    }
}

#[get("/events/{id}/screen")]
async fn screen(
    ctx: Ctx,
    state: web::Data<AppState>,
    EventView { event, .. }: EventView,
) -> AppResult<HttpResponse> {
    let view = service::screen::view(&state.events, &state.db, &event).await?;
    render(&ScreenPage { ctx, event, view })
}
