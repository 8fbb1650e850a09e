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
    /// 507 — the server's disk is full; the write was rolled back.
    #[error("the server's disk is full; nothing was saved")]
    DiskFull,
    /// 500 — logged, never shown in detail.
    #[error("internal error: {0}")]
    Internal(String),
}

impl AppError {
    /// A value the visitor sent is not valid (400), said in the visitor's language.
    pub fn invalid(reason: Reason) -> AppError {
        AppError::Refused {
            status: 400,
            headline: "error_invalid",
            reason,
        }
    }

    /// The request clashes with the event's state (409), said in the visitor's language.
    pub fn not_now(reason: Reason) -> AppError {
        AppError::Refused {
            status: 409,
            headline: "error_not_now",
            reason,
        }
    }

    /// The translation key of the page's headline: what happened, one per cause.
    pub fn message_key(&self) -> &'static str {
        match self {
            AppError::NotFound => "error_not_found",
            AppError::LoginRequired => "error_login_required",
            AppError::Forbidden => "error_forbidden",
            AppError::Csrf => "error_csrf",
            AppError::BadRequest(_) => "error_invalid",
            AppError::Conflict(_) => "error_not_now",
            AppError::Refused { headline, .. } => headline,
            AppError::TooManyRequests(_) => "error_too_many",
            AppError::DiskFull => "error_disk_full",
            AppError::Internal(_) => "error_internal",
        }
    }

    /// The translation key of the sentence under the headline (what it means, what to do).
    pub fn explanation_key(&self) -> &'static str {
        match self {
            AppError::NotFound => "not_found",
            AppError::LoginRequired | AppError::Forbidden => "forbidden",
            AppError::Csrf => "csrf_failed",
            AppError::BadRequest(_) => "error_invalid_help",
            AppError::Conflict(_) => "error_not_now_help",
            AppError::Refused { headline, .. } => match *headline {
                "error_stale" => "error_stale_help",
                "error_exists" => "error_exists_help",
                "error_not_now" => "error_not_now_help",
                "error_refused" => "error_refused_help",
                _ => "error_invalid_help",
            },
            AppError::TooManyRequests(_) => "login_wait",
            AppError::DiskFull => "error_disk_full_help",
            AppError::Internal(_) => "server_error",
        }
    }

    /// Detail shown under the explanation (the field/line/token), in the visitor's language, if any.
    /// `BadRequest` and `Conflict` carry text of the JSON API's kind (requests no page form sends), shown
    /// as it is.
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
            AppError::DiskFull => StatusCode::INSUFFICIENT_STORAGE,
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
            StoreError::Conflict => AppError::Refused {
                status: 409,
                headline: "error_exists",
                reason: Reason::new("svc_already_exists"),
            },
            StoreError::Archived => ServiceError::from(StoreError::Archived).into(),
            StoreError::DiskFull => {
                log_error("the database's disk is full: a write was refused");
                AppError::DiskFull
            }
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
                refused(409, "error_exists", reason)
            }
            ServiceError::Conflict(reason) => refused(409, "error_not_now", reason),
            ServiceError::Refused(reason) => refused(400, "error_refused", reason),
            ServiceError::Invalid { reason, .. } => refused(400, "error_invalid", reason),
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

/// Where the error page's "back" link goes: the page the visitor came from when it is on this site,
/// else the event the failed address belongs to, else the home page.
pub fn back_link(referer: Option<&str>, host: Option<&str>, path: &str) -> String {
    if let (Some(referer), Some(host)) = (referer, host) {
        for scheme in ["http://", "https://"] {
            if let Some(rest) = referer.strip_prefix(scheme)
                && let Some(local) = rest.strip_prefix(host)
                && local.starts_with('/')
                && !local.starts_with("//")
                && local != path
            {
                return local.to_string();
            }
        }
    }
    let mut parts = path.split('/').skip(1);
    if let (Some("events"), Some(id)) = (parts.next(), parts.next())
        && !id.is_empty()
        && id.bytes().all(|b| b.is_ascii_digit())
        && path != format!("/events/{id}")
    {
        return format!("/events/{id}");
    }
    "/".to_string()
}

/// Writes a server-side error to stderr (one line).
pub fn log_error(message: &str) {
    eprintln!("[{}] error: {message}", crate::store::now());
}

/// Result type of handlers.
pub type AppResult<T> = Result<T, AppError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_disk_answers_507_saying_nothing_was_saved() {
        let app = AppError::from(StoreError::DiskFull);
        assert_eq!(app.status_code(), StatusCode::INSUFFICIENT_STORAGE);
        let service = AppError::from(ServiceError::Store(StoreError::DiskFull));
        assert_eq!(service.status_code(), StatusCode::INSUFFICIENT_STORAGE);
        for lang in [Lang::En, Lang::ZhHant, Lang::ZhHans] {
            assert_ne!(lang.t(app.message_key()), lang.t("error_internal"));
            assert!(!lang.t(app.explanation_key()).is_empty());
        }
        assert_eq!(
            Lang::En.t(app.explanation_key()),
            "Nothing was saved. Tell the organizer or whoever runs the server; once space is freed, send it again."
        );
    }

    #[test]
    fn back_goes_to_the_referring_page_then_the_event_then_home() {
        let host = Some("anqi.example:8080");
        assert_eq!(
            back_link(
                Some("http://anqi.example:8080/events/3/rounds/2"),
                host,
                "/events/3/rounds/2/results"
            ),
            "/events/3/rounds/2"
        );
        // another site, or the failing page itself, is not a way back
        assert_eq!(
            back_link(Some("https://evil.example/x"), host, "/events/3/prizes"),
            "/events/3"
        );
        assert_eq!(
            back_link(
                Some("http://anqi.example:8080//evil.example"),
                host,
                "/events/3/x"
            ),
            "/events/3"
        );
        assert_eq!(
            back_link(
                Some("http://anqi.example:8080/events/3/x"),
                host,
                "/events/3/x"
            ),
            "/events/3"
        );
        assert_eq!(
            back_link(None, host, "/events/12/knockout/seed"),
            "/events/12"
        );
        assert_eq!(back_link(None, host, "/events/12"), "/");
        assert_eq!(back_link(None, host, "/events/abc/x"), "/");
        assert_eq!(back_link(None, None, "/nowhere"), "/");
    }

    #[test]
    fn each_cause_has_its_own_headline_with_a_message() {
        let errors = [
            AppError::NotFound,
            AppError::LoginRequired,
            AppError::Forbidden,
            AppError::Csrf,
            AppError::BadRequest("x".into()),
            StoreError::Conflict.into(),
            ServiceError::Stale { board: Some(2) }.into(),
            ServiceError::Conflict(Reason::new("svc_draft_pending").arg("round", 1)).into(),
            ServiceError::Refused(Reason::new("svc_bye_has_no_result")).into(),
            ServiceError::Invalid {
                field: "x",
                reason: Reason::new("svc_list_empty"),
            }
            .into(),
            AppError::TooManyRequests(5),
            AppError::Internal("x".into()),
        ];
        let mut headlines = std::collections::HashSet::new();
        for e in &errors {
            for key in [e.message_key(), e.explanation_key()] {
                assert!(crate::i18n::has_key(key), "{key}");
            }
            headlines.insert(e.message_key());
        }
        // LoginRequired and Forbidden differ; Stale, exists, not-now, refused and invalid differ.
        assert_eq!(headlines.len(), 11, "{headlines:?}");
        let conflict: AppError =
            ServiceError::Conflict(Reason::new("svc_draft_pending").arg("round", 1)).into();
        assert_ne!(
            conflict.message_key(),
            AppError::from(StoreError::Conflict).message_key()
        );
    }
}
