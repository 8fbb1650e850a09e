//! CSRF protection by double submit: every visitor gets a random token in an HttpOnly, SameSite=Lax
//! cookie; every state-changing form carries the same token in a hidden `csrf` field, checked here.
//! A forged cross-site form cannot read the cookie, so it cannot send the matching field.

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::web::Bytes;
use actix_web::{FromRequest, HttpMessage, HttpRequest};
use serde::de::DeserializeOwned;

use super::error::AppError;
use crate::accounts::constant_time_eq;

/// Cookie holding the CSRF token.
pub const COOKIE: &str = "anqi_csrf";

/// The token of this request: from the cookie, or the fresh one the layout middleware is about to set.
#[derive(Debug, Clone)]
pub struct CsrfToken(pub String);

/// Reads the visitor's CSRF token.
pub fn token_of(req: &HttpRequest) -> String {
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
            let cookie = req
                .cookie(COOKIE)
                .map(|c| c.value().to_string())
                .unwrap_or_default();
            let body = bytes
                .await
                .map_err(|_| AppError::BadRequest("form too large or unreadable".into()))?;
            if body.len() > FORM_LIMIT {
                return Err(AppError::BadRequest("form too large".into()));
            }
            let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(&body)
                .map_err(|e| AppError::BadRequest(format!("form: {e}")))?;
            let sent = pairs
                .iter()
                .find(|(k, _)| k == "csrf")
                .map(|(_, v)| v.as_str())
                .unwrap_or("");
            if cookie.is_empty() || !constant_time_eq(sent, &cookie) {
                return Err(AppError::Csrf);
            }
            let form = serde_urlencoded::from_bytes::<T>(&body)
                .map_err(|e| AppError::BadRequest(format!("form: {e}")))?;
            Ok(CsrfForm(form))
        })
    }
}
