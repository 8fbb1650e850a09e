//! Change notifications between instances on one PostgreSQL database: the LISTEN side.
//!
//! Every write transaction on PostgreSQL sends `pg_notify('anqi_changes', '<event id>')` (delivered
//! to the listeners when it commits). Each instance runs one listener ([`listen`]) on its own
//! connection; for each notification it counts a **foreign change** ([`foreign_generation`]) and
//! tells its caller which event changed (the web layer hands it to the live pages' hub, so the
//! streams of this instance move at once). The page cache does not wait for them: on PostgreSQL it
//! reads an event's version for each request (a notification may arrive after a client that wrote
//! through another instance asks here).
//!
//! Notifications are not queued for a listener that is not connected: after a lost connection the
//! listener reconnects and reports [`Change::Unknown`], since anything may have changed meanwhile.
//! On SQLite there is no listener: other processes' writes are found by the page cache's short
//! trust and the hub's periodic version query.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use sqlx::postgres::PgListener;

/// The channel every write transaction notifies (its payload: the event id, or empty).
pub const CHANNEL: &str = super::write::PG_CHANNEL;

/// Counts the changes of other instances this process was told of (and the reconnects of its
/// listener, after which anything may have changed).
static FOREIGN: AtomicU64 = AtomicU64::new(0);

/// The number of foreign changes this process has been told of so far (see the module text).
pub fn foreign_generation() -> u64 {
    FOREIGN.load(Ordering::Acquire)
}

/// Every change this process knows of: its own commits (`store::write_generation`) plus the
/// foreign ones. Read it before reading a version: while it is unchanged, no commit this process
/// knows of has happened since.
pub fn change_generation() -> u64 {
    super::write_generation().wrapping_add(foreign_generation())
}

/// What a notification says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// The event with this id changed.
    Event(i64),
    /// Something may have changed (a write without an event, or notifications missed while the
    /// listener was reconnecting).
    Unknown,
}

impl Change {
    /// The change a notification's payload names (`<event id>`; anything else is
    /// [`Change::Unknown`]).
    pub fn of_payload(payload: &str) -> Change {
        match payload.trim().parse::<i64>() {
            Ok(id) if id > 0 => Change::Event(id),
            _ => Change::Unknown,
        }
    }
}

/// Counts a foreign change and hands it on; false when the caller wants no more.
fn told(on_change: &(impl Fn(Change) -> bool + Send), change: Change) -> bool {
    FOREIGN.fetch_add(1, Ordering::AcqRel);
    on_change(change)
}

/// Listens on [`CHANNEL`] of the PostgreSQL database at `url` until `on_change` returns false,
/// reconnecting after errors (with a growing pause, at most 5 s). Each notification bumps
/// [`foreign_generation`] before `on_change` hears of it. Spawn it on the server's runtime.
pub async fn listen(url: String, on_change: impl Fn(Change) -> bool + Send + 'static) {
    let mut pause = Duration::from_millis(100);
    loop {
        let mut listener = match connect(&url).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!(
                    "[{}] change notifications: cannot listen ({e}); trying again in {} ms",
                    super::now(),
                    pause.as_millis()
                );
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(5));
                continue;
            }
        };
        // Connected (again): whatever was sent while no one listened is unknown.
        if !told(&on_change, Change::Unknown) {
            return;
        }
        pause = Duration::from_millis(100);
        loop {
            match listener.try_recv().await {
                Ok(Some(n)) => {
                    if !told(&on_change, Change::of_payload(n.payload())) {
                        return;
                    }
                }
                // The connection was lost and made again: notifications may be missed.
                Ok(None) => {
                    if !told(&on_change, Change::Unknown) {
                        return;
                    }
                }
                Err(e) => {
                    eprintln!(
                        "[{}] change notifications: {e}; listening again",
                        super::now()
                    );
                    tokio::time::sleep(pause).await;
                    break;
                }
            }
        }
    }
}

async fn connect(url: &str) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect(url).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Backend;

    #[test]
    fn payloads_name_an_event_or_nothing_known() {
        assert_eq!(Change::of_payload("42"), Change::Event(42));
        assert_eq!(Change::of_payload(" 7\n"), Change::Event(7));
        for other in ["", "0", "-3", "x", "4:5"] {
            assert_eq!(Change::of_payload(other), Change::Unknown, "{other:?}");
        }
    }

    #[test]
    fn urls_of_postgres_only_get_a_listener() {
        let is_postgres = |url| Backend::of_url(url) == Some(Backend::Postgres);
        assert!(is_postgres("postgres://anqi@127.0.0.1:5432/anqi"));
        assert!(is_postgres("postgresql://localhost/anqi"));
        assert!(!is_postgres("sqlite://anqi.db"));
        assert!(!is_postgres("anqi.db"));
    }

    #[test]
    fn a_foreign_change_moves_the_change_generation() {
        let before = change_generation();
        assert!(told(&|_| true, Change::Unknown));
        assert!(change_generation() > before);
        assert!(!told(&|c| c != Change::Event(3), Change::Event(3)));
    }
}
