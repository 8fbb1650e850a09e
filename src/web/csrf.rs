//! CSRF protection. Every state-changing form carries a token in a hidden `csrf` field, checked here:
//! - signed in, the token is bound to the session (derived from the session token, which is secret and
//!   HttpOnly), so a cookie planted by a neighbouring site cannot forge it;
//! - signed out (login, setup), by double submit: a random token in an HttpOnly, SameSite=Lax cookie
//!   that the field must repeat.
//!
//! On top, a form whose `Origin` (or, without one, `Referer`) names another site is refused. Bearer-token
//! API calls carry no cookie and do not come through here.

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::web::Bytes;
use actix_web::{FromRequest, HttpMessage, HttpRequest};
use serde::de::DeserializeOwned;

use super::client::SESSION_COOKIE;
use super::error::AppError;
use crate::accounts::{constant_time_eq, token_hash};

/// Cookie holding the CSRF token.
pub const COOKIE: &str = "anqi_csrf";

/// The token of this request: from the cookie, or the fresh one the layout middleware is about to set.
#[derive(Debug, Clone)]
pub struct CsrfToken(pub String);

/// The CSRF token of a session: derived from its secret token, so only its holder knows it.
pub fn bound_token(session: &str) -> String {
    token_hash(&format!("anqi-csrf:{session}"))
}

/// The session token of the request's cookie, if it has one.
fn session_of(req: &HttpRequest) -> Option<String> {
    req.cookie(SESSION_COOKIE)
        .map(|c| c.value().to_string())
        .filter(|v| !v.is_empty())
}

/// Reads the visitor's CSRF token: the session's when signed in, else the double-submit cookie's.
pub fn token_of(req: &HttpRequest) -> String {
    if let Some(session) = session_of(req) {
        return bound_token(&session);
    }
    if let Some(t) = req.extensions().get::<CsrfToken>() {
        return t.0.clone();
    }
    req.cookie(COOKIE)
        .map(|c| c.value().to_string())
        .unwrap_or_default()
}

/// Largest form body accepted (a pasted CSV or move record fits easily).
pub const FORM_LIMIT: usize = 4 * 1024 * 1024;

/// A url-encoded form whose `csrf` field matched the visitor's cookie; derefs to the form.
#[derive(Debug)]
pub struct CsrfForm<T>(pub T);

impl<T> std::ops::Deref for CsrfForm<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for CsrfForm<T> {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, AppError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        let bytes = Bytes::from_request(&req, payload);
        Box::pin(async move {
            if !same_origin(&req) {
                return Err(AppError::Csrf);
            }
            // Signed out, only the cookie counts, never the fresh token the middleware is about to set.
            let expected = match session_of(&req) {
                Some(session) => bound_token(&session),
                None => req
                    .cookie(COOKIE)
                    .map(|c| c.value().to_string())
                    .unwrap_or_default(),
            };
            let body = bytes
                .await
                .map_err(|_| AppError::invalid(crate::i18n::Reason::new("err_form_too_large")))?;
            if body.len() > FORM_LIMIT {
                return Err(AppError::invalid(crate::i18n::Reason::new(
                    "err_form_too_large",
                )));
            }
            let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(&body)
                .map_err(|_| AppError::invalid(crate::i18n::Reason::new("err_form_unreadable")))?;
            let sent = pairs
                .iter()
                .find(|(k, _)| k == "csrf")
                .map(|(_, v)| v.as_str())
                .unwrap_or("");
            if expected.is_empty() || !constant_time_eq(sent, &expected) {
                return Err(AppError::Csrf);
            }
            let form = serde_urlencoded::from_bytes::<T>(&body)
                .map_err(|_| AppError::invalid(crate::i18n::Reason::new("err_form_unreadable")))?;
            Ok(CsrfForm(form))
        })
    }
}

/// Whether a form was sent from this site: its `Origin` header, or without one its `Referer`, names
/// the host the request was sent to. A request with neither (old clients, scripts) passes on the token
/// alone; `Origin: null` (sandboxed or privacy-redirected forms) does not.
fn same_origin(req: &HttpRequest) -> bool {
    let header = |name: &str| {
        req.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
    };
    let Some(source) = header("origin").or_else(|| header("referer")) else {
        return true;
    };
    let host = req.connection_info().host().to_ascii_lowercase();
    source_host(source).is_some_and(|h| h == host)
}

/// The `host[:port]` of an absolute http(s) URL, lower-cased; `None` for anything else.
fn source_host(url: &str) -> Option<String> {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))?;
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let host = &rest[..end];
    (!host.is_empty() && !host.contains('@')).then(|| host.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::source_host;

    #[test]
    fn source_hosts_are_read_from_absolute_urls_only() {
        assert_eq!(
            source_host("http://127.0.0.1:8080").as_deref(),
            Some("127.0.0.1:8080")
        );
        assert_eq!(
            source_host("https://Anqi.example/events/1?x").as_deref(),
            Some("anqi.example")
        );
        assert_eq!(source_host("null"), None);
        assert_eq!(source_host("https://user@evil.example/"), None);
        assert_eq!(source_host("ftp://anqi.example/"), None);
    }
}
