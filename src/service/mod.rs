//! Workflows over the store and the pure modules: rounds, deals, move records, the knockout, the
//! rating push — and [`policy`], the one place that decides who may do what and what a viewer may
//! see. Nothing here knows actix: the web layer and the CLI both call in, and map a
//! [`ServiceError`] to an HTTP status or an exit code in one place each.
//!
//! Refusals carry a [`Reason`]: a message key with named arguments, rendered in the reader's
//! language by [`crate::i18n`]. No workflow produces English text for users, and no caller matches
//! on message text.

pub mod accounts;
pub mod backups;
pub mod bracket;
pub mod checkin;
pub mod deals;
pub mod entries;
pub mod event_state;
pub mod events;
pub mod imports;
pub mod knockout;
pub mod knockout_reports;
pub mod lane;
pub mod live;
pub mod names;
pub mod players;
pub mod policy;
pub mod rating_push;
pub mod ratings;
pub mod records;
pub mod report_links;
pub mod rounds;
pub mod schedule;
pub mod screen;
pub mod sections;
pub mod standings;
pub mod uploads;

pub use crate::i18n::Reason;
use crate::store::StoreError;
/// The store's rows that workflows take and hand back: callers name them from here.
pub use crate::store::{events::Event, rounds::Round, users::User};

/// Why a workflow did not do what it was asked.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// The thing does not exist — or exists but must stay secret to this viewer.
    #[error("not found")]
    NotFound,
    /// The caller may not do this.
    #[error("forbidden")]
    Forbidden,
    /// Someone else changed the board (or the bracket, `board: None`) since the caller loaded it.
    #[error("{}", stale_text(*board))]
    Stale {
        /// The board, when the change is a board's.
        board: Option<u32>,
    },
    /// The request clashes with the state of the event (a draft pending, already seeded …).
    #[error("{0}")]
    Conflict(Reason),
    /// The request cannot be done as asked (a bye has no result, xiangqi has no deal …).
    #[error("{0}")]
    Refused(Reason),
    /// A value the caller sent does not parse; `field` names it.
    #[error("{field}: {reason}")]
    Invalid {
        /// The form or JSON field.
        field: &'static str,
        /// What is wrong with it.
        reason: Reason,
    },
    /// The store failed (not the caller's fault; logged, never shown in detail).
    #[error("store: {0}")]
    Store(StoreError),
    /// A stored value that should be valid is not (not the caller's fault).
    #[error("internal: {0}")]
    Internal(String),
}

fn stale_text(board: Option<u32>) -> String {
    crate::i18n::Lang::En.reason(&stale_reason(board))
}

/// The reason shown for [`ServiceError::Stale`].
pub fn stale_reason(board: Option<u32>) -> Reason {
    match board {
        Some(b) => Reason::new("svc_stale_board").arg("board", b),
        None => Reason::new("svc_stale_bracket"),
    }
}

impl ServiceError {
    /// A conflict with a message key and arguments.
    pub fn conflict(reason: Reason) -> ServiceError {
        ServiceError::Conflict(reason)
    }

    /// An invalid field.
    pub fn invalid(field: &'static str, reason: Reason) -> ServiceError {
        ServiceError::Invalid { field, reason }
    }

    /// The form field an [`ServiceError::Invalid`] names (a form shows the refusal beside it).
    pub fn field(&self) -> Option<&'static str> {
        match self {
            ServiceError::Invalid { field, .. } => Some(field),
            _ => None,
        }
    }
}

impl From<StoreError> for ServiceError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound => ServiceError::NotFound,
            StoreError::Conflict => ServiceError::Conflict(Reason::new("svc_already_exists")),
            StoreError::Archived => ServiceError::Conflict(Reason::new("svc_event_archived")),
            other => ServiceError::Store(other),
        }
    }
}

/// Result type of the workflows.
pub type ServiceResult<T> = Result<T, ServiceError>;
