//! The application's one error type for handlers, mapped to an HTTP status in one place. Pages render it
//! with the error template in the visitor's language (see `web::middleware`), the JSON API as `{"error": …}`.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};

use crate::i18n::{Lang, Reason};
use crate::service::{ServiceError, stale_reason};
use crate::store::StoreError;

/// What went wrong while handling a request.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// 404 — also used for things that exist but must stay secret to this visitor.
    #[error("not found")]
    NotFound,
    /// 401 — the page needs a login.
    #[error("login required")]
    LoginRequired,
    /// 403 — logged in but not allowed.
    #[error("forbidden")]
    Forbidden,
    /// 403 — the CSRF token of a form was missing or wrong.
    #[error("CSRF token missing or invalid")]
    Csrf,
    /// 400 with a message naming the field, line or token.
    #[error("{0}")]
    BadRequest(String),
    /// 409 with a message (already exists, changed by someone else…).
    #[error("{0}")]
    Conflict(String),
    /// A workflow's refusal (400 or 409) with its reason, shown in the visitor's language under a
    /// headline that says what kind of refusal it is.
    #[error("{reason}")]
    Refused {
        /// 400 or 409.
        status: u16,
        /// The headline's translation key.
        headline: &'static str,
        /// The detail.
        reason: Reason,
    },
    /// 429 — too many failed logins; wait this many seconds.
    #[error("too many attempts; try again in {0} s")]
    TooManyRequests(i64),
    /// 500 — logged, never shown in detail.
    #[error("internal error: {0}")]
    Internal(String),
}

impl AppError {
    /// The translation key of the page message for this error.
    pub fn message_key(&self) -> &'static str {
        match self {
            AppError::NotFound => "not_found",
            AppError::LoginRequired | AppError::Forbidden => "forbidden",
            AppError::Csrf => "csrf_failed",
            AppError::BadRequest(_) => "bad_request",
            AppError::Conflict(_) => "conflict",
            AppError::Refused { headline, .. } => headline,
            AppError::TooManyRequests(_) => "login_wait",
            AppError::Internal(_) => "server_error",
        }
    }

    /// Detail shown under the translated message (the field/line/token text), if any.
    pub fn detail(&self, lang: Lang) -> Option<String> {
        match self {
            AppError::BadRequest(m) | AppError::Conflict(m) => Some(m.clone()),
            AppError::Refused { reason, .. } => Some(lang.reason(reason)),
            AppError::TooManyRequests(s) => Some(s.to_string()),
            _ => None,
        }
    }
}

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        match self {
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::LoginRequired => StatusCode::UNAUTHORIZED,
            AppError::Forbidden | AppError::Csrf => StatusCode::FORBIDDEN,
            AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::Conflict(_) => StatusCode::CONFLICT,
            AppError::Refused { status, .. } => {
                StatusCode::from_u16(*status).unwrap_or(StatusCode::BAD_REQUEST)
            }
            AppError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let message = match self {
            AppError::Internal(_) => "internal server error".to_string(),
            other => other.to_string(),
        };
        HttpResponse::build(self.status_code()).json(serde_json::json!({ "error": message }))
    }
}

impl From<StoreError> for AppError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound => AppError::NotFound,
            StoreError::Conflict => AppError::Conflict("already exists".into()),
            StoreError::Archived => ServiceError::from(StoreError::Archived).into(),
            other => {
                log_error(&other.to_string());
                AppError::Internal(other.to_string())
            }
        }
    }
}

/// The one mapping of workflow errors to HTTP: missing or secret 404, not allowed 403, a stale form
/// or a clash with the event's state 409, a refused or invalid request 400, the store's failures 500.
impl From<ServiceError> for AppError {
    fn from(e: ServiceError) -> Self {
        let refused = |status, headline, reason| AppError::Refused {
            status,
            headline,
            reason,
        };
        match e {
            ServiceError::NotFound => AppError::NotFound,
            ServiceError::Forbidden => AppError::Forbidden,
            ServiceError::Stale { board } => refused(409, "error_stale", stale_reason(board)),
            ServiceError::Conflict(reason) if reason.key == "svc_already_exists" => {
                refused(409, "conflict", reason)
            }
            ServiceError::Conflict(reason) => refused(409, "error_not_now", reason),
            ServiceError::Refused(reason) => refused(400, "error_refused", reason),
            ServiceError::Invalid { reason, .. } => refused(400, "bad_request", reason),
            ServiceError::Store(s) => s.into(),
            ServiceError::Internal(m) => {
                log_error(&m);
                AppError::Internal(m)
            }
        }
    }
}

impl From<askama::Error> for AppError {
    fn from(e: askama::Error) -> Self {
        log_error(&format!("template: {e}"));
        AppError::Internal(e.to_string())
    }
}

/// Writes a server-side error to stderr (one line).
pub fn log_error(message: &str) {
    eprintln!("[{}] error: {message}", crate::store::now());
}

/// Result type of handlers.
pub type AppResult<T> = Result<T, AppError>;
