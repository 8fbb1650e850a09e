//! The live stream of an event's changes (Server-Sent Events): `GET /events/{id}/live`.
//!
//! A page with live areas (`static/live.js`) keeps one stream open for its event; each message says
//! only the event's new version (`id: N`, `event: change`, `data: {"version":N}`), and the page then
//! fetches itself once and swaps its areas, through the pages' own visibility rules. A reconnect
//! with `Last-Event-ID` (or a first connection with `?since=`, the version the page was rendered
//! at) that differs from the current version gets a change at once. The stream sends a heartbeat
//! comment after `live::Settings::heartbeat` of silence, ends when the hub closes (at shutdown) or
//! finds the event gone (deleted: a reconnect then gets the 404 of its pages), and is never cached,
//! buffered or compressed. The hub is `service::live`.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use actix_web::body::{BodySize, MessageBody};
use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, get, web};

use crate::i18n::Reason;
use crate::service::live::{Refusal, Subscription};
use crate::web::AppState;
use crate::web::client::client_addr;
use crate::web::ctx::lang_of;
use crate::web::error::{AppError, AppResult};
use crate::web::extract::EventView;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(live_stream);
}

/// `?since=N`: the version the page was rendered at (its first connection has no `Last-Event-ID`).
#[derive(Debug, serde::Deserialize)]
struct Since {
    since: Option<i64>,
}

/// How long a browser waits before it reconnects a stream that ended (`retry:`), in milliseconds.
const RETRY_MS: u32 = 3000;

#[get("/events/{id}/live")]
async fn live_stream(
    req: HttpRequest,
    EventView { event, access }: EventView,
    since: web::Query<Since>,
    state: web::Data<AppState>,
) -> AppResult<HttpResponse> {
    let last_seen = req
        .headers()
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<i64>().ok())
        .or(since.since);
    let every_change = crate::service::policy::sees_every_change(access);
    let subscription = match state
        .live
        .subscribe(event.id, client_addr(&req), every_change)
        .await
    {
        Ok(s) => s,
        Err(Refusal::TooMany { limit }) => {
            let lang = lang_of(&req);
            let why = lang.reason(&Reason::new("live_too_many_streams").arg("limit", limit));
            return Ok(HttpResponse::build(StatusCode::TOO_MANY_REQUESTS)
                .insert_header((header::RETRY_AFTER, "30"))
                .insert_header((header::CACHE_CONTROL, "no-store"))
                .content_type("text/plain; charset=utf-8")
                .body(why));
        }
        Err(Refusal::Full { limit }) => {
            let lang = lang_of(&req);
            let why = lang.reason(&Reason::new("live_server_full").arg("limit", limit));
            return Ok(HttpResponse::build(StatusCode::SERVICE_UNAVAILABLE)
                .insert_header((header::RETRY_AFTER, "30"))
                .insert_header((header::CACHE_CONTROL, "no-store"))
                .content_type("text/plain; charset=utf-8")
                .body(why));
        }
        Err(Refusal::Closed) => {
            let lang = lang_of(&req);
            return Ok(HttpResponse::build(StatusCode::SERVICE_UNAVAILABLE)
                .insert_header((header::CACHE_CONTROL, "no-store"))
                .content_type("text/plain; charset=utf-8")
                .body(lang.t("live_shutting_down")));
        }
        Err(Refusal::Service(e)) => return Err(AppError::from(e)),
    };
    let current = subscription.version();
    let mut first = format!("retry: {RETRY_MS}\n");
    if last_seen.is_some_and(|v| v != current) {
        first.push_str(&change(current));
    } else {
        // Sets the page's last event id without a change to act on.
        first.push_str(&format!("id: {current}\n\n"));
    }
    let stream = Stream {
        subscription,
        heartbeat: state.live.settings().heartbeat,
        first: Some(Bytes::from(first)),
    };
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header((header::CACHE_CONTROL, "no-cache, no-store"))
        // No proxy buffering (nginx), no compression: each message must leave at once.
        .insert_header(("x-accel-buffering", "no"))
        .insert_header((header::CONTENT_ENCODING, "identity"))
        .body(Body::new(stream)))
}

/// One change message.
fn change(version: i64) -> String {
    format!("id: {version}\nevent: change\ndata: {{\"version\":{version}}}\n\n")
}

/// The state of one open stream.
struct Stream {
    subscription: Subscription,
    heartbeat: std::time::Duration,
    /// The opening message, sent before anything else.
    first: Option<Bytes>,
}

impl Stream {
    /// The next chunk to send and the stream to go on with; `None` when the hub closed or the event
    /// is gone.
    async fn next(mut self) -> Option<(Bytes, Stream)> {
        if let Some(first) = self.first.take() {
            return Some((first, self));
        }
        let chunk = tokio::select! {
            version = self.subscription.changed() => Bytes::from(change(version?)),
            _ = tokio::time::sleep(self.heartbeat) => Bytes::from_static(b": heartbeat\n\n"),
        };
        Some((chunk, self))
    }
}

type Pending = Pin<Box<dyn Future<Output = Option<(Bytes, Stream)>>>>;

/// The response body: [`Stream::next`] polled one chunk at a time (dropped with the connection,
/// which gives the client's slot back).
struct Body {
    pending: Option<Pending>,
}

impl Body {
    fn new(stream: Stream) -> Body {
        Body {
            pending: Some(Box::pin(stream.next())),
        }
    }
}

impl MessageBody for Body {
    type Error = std::convert::Infallible;

    fn size(&self) -> BodySize {
        BodySize::Stream
    }

    fn poll_next(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Bytes, Self::Error>>> {
        let this = self.get_mut();
        let Some(pending) = this.pending.as_mut() else {
            return Poll::Ready(None);
        };
        match pending.as_mut().poll(cx) {
            Poll::Pending => Poll::Pending,
            Poll::Ready(Some((chunk, stream))) => {
                this.pending = Some(Box::pin(stream.next()));
                Poll::Ready(Some(Ok(chunk)))
            }
            Poll::Ready(None) => {
                this.pending = None;
                Poll::Ready(None)
            }
        }
    }
}
