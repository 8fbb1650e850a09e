//! The bounds every request passes before anything else: how many requests one client (an IPv4
//! address or an IPv6 /64) may have in flight at once, and a deadline on the request body (a grace,
//! then a minimum rate), so that slow or idle uploads cannot hold connections — and their files —
//! for ever.

use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{HttpMessage, HttpResponse, web};
use futures_core::Stream;

use super::AppState;

/// The request bounds (`anqi serve --requests-per-client`, `--body-grace-secs`,
/// `--body-min-rate`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// The most requests one client may have in flight at once (live streams included).
    pub per_client: usize,
    /// How long any request body may take before the minimum rate applies.
    pub body_grace: Duration,
    /// Bytes per second a body must average after the grace.
    pub body_min_rate: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            // A venue's players share one address: a hundred pages at once is far more than they ask.
            per_client: 128,
            body_grace: Duration::from_secs(10),
            // A 4 MB upload over a slow venue line (64 kbit/s) still arrives.
            body_min_rate: 8 * 1024,
        }
    }
}

/// The requests in flight per client.
#[derive(Debug, Default)]
pub struct Bounds {
    settings: Settings,
    in_flight: Mutex<HashMap<IpAddr, usize>>,
}

/// A request's place among its client's, given back when dropped.
struct Place {
    bounds: Arc<Bounds>,
    client: IpAddr,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut map = self.bounds.map();
        if let Some(n) = map.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.client);
            }
        }
    }
}

impl Bounds {
    /// Bounds with these settings.
    pub fn new(settings: Settings) -> Arc<Bounds> {
        Arc::new(Bounds {
            settings,
            in_flight: Mutex::default(),
        })
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, usize>> {
        // Never held across an await or a panicking call: a poisoned map is still whole.
        self.in_flight.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn admit(self: &Arc<Self>, client: IpAddr) -> Option<Place> {
        let mut map = self.map();
        let n = map.entry(client).or_default();
        if *n >= self.settings.per_client {
            return None;
        }
        *n += 1;
        Some(Place {
            bounds: self.clone(),
            client,
        })
    }
}

/// The middleware: counts the request against its client's bound (503 with `Retry-After` and the
/// connection closed beyond it) and puts the body under its deadline.
pub async fn middleware(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let Some(state) = req.app_data::<web::Data<AppState>>().cloned() else {
        return next.call(req).await.map(|r| r.map_into_boxed_body());
    };
    let bounds = state.bounds.clone();
    let client = super::client::client_addr(req.request()).map(crate::accounts::client_block);
    let place = match client {
        Some(ip) => match bounds.admit(ip) {
            Some(place) => Some(place),
            None => {
                super::error::log_error(&format!(
                    "refused: {ip} has {} requests in flight",
                    bounds.settings.per_client
                ));
                let res = HttpResponse::ServiceUnavailable()
                    .insert_header((header::RETRY_AFTER, "5"))
                    .force_close()
                    .finish();
                return Ok(req.into_response(res));
            }
        },
        None => None,
    };
    // HEAD is GET without the body (monitors ask it): routed as GET, the body dropped below.
    let head = req.method() == actix_web::http::Method::HEAD;
    if head {
        req.head_mut().method = actix_web::http::Method::GET;
    }
    let payload = req.take_payload();
    req.set_payload(Payload::Stream {
        payload: Box::pin(Deadline::new(payload, bounds.settings)),
    });
    let res = next.call(req).await.map(|r| r.map_into_boxed_body());
    let res = if head {
        res.map(|r| {
            r.map_body(|head, _| {
                head.no_chunking(true);
                BoxBody::new(())
            })
        })
    } else {
        res
    };
    // A streamed answer (a live page) holds its place until the stream ends.
    match (res, place) {
        (Ok(res), Some(place)) => Ok(res.map_body(|_, body| {
            BoxBody::new(Placed {
                body,
                _place: place,
            })
        })),
        (res, _) => res,
    }
}

/// A response body that holds its request's place until it is sent or dropped.
struct Placed {
    body: BoxBody,
    _place: Place,
}

impl MessageBody for Placed {
    type Error = Box<dyn std::error::Error>;

    fn size(&self) -> actix_web::body::BodySize {
        self.body.size()
    }

    fn poll_next(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Bytes, Self::Error>>> {
        Pin::new(&mut self.body).poll_next(cx)
    }
}

/// A request body under its deadline: all of it by the grace plus one second per
/// `body_min_rate` bytes received; past it the body ends with a timeout error (the handler answers
/// 400 and the connection is closed, its body unread).
struct Deadline {
    inner: Payload,
    sleep: Pin<Box<tokio::time::Sleep>>,
    start: Instant,
    received: u64,
    settings: Settings,
}

impl Deadline {
    fn new(inner: Payload, settings: Settings) -> Deadline {
        let start = Instant::now();
        Deadline {
            inner,
            sleep: Box::pin(tokio::time::sleep(settings.body_grace)),
            start,
            received: 0,
            settings,
        }
    }

    fn due(&self) -> Instant {
        let earned = Duration::from_secs_f64(
            self.received as f64 / self.settings.body_min_rate.max(1) as f64,
        );
        self.start + self.settings.body_grace + earned
    }
}

impl Stream for Deadline {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        match Pin::new(&mut self.inner).poll_next(cx) {
            Poll::Ready(Some(Ok(bytes))) => {
                self.received += bytes.len() as u64;
                let due = self.due();
                self.sleep.as_mut().reset(due.into());
                Poll::Ready(Some(Ok(bytes)))
            }
            Poll::Ready(other) => Poll::Ready(other),
            Poll::Pending => match self.sleep.as_mut().poll(cx) {
                Poll::Ready(()) => Poll::Ready(Some(Err(PayloadError::Io(std::io::Error::new(
                    std::io::ErrorKind::TimedOut,
                    "the request body came too slowly",
                ))))),
                Poll::Pending => Poll::Pending,
            },
        }
    }
}
