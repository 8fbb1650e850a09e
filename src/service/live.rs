//! Live pages: the hub that tells open pages of an event that the event changed.
//!
//! Each event with subscribers has a `watch` channel holding its latest versions
//! (`store::events::Versions`: every change's counter, and the public changes' one that anonymous
//! pages are cached on). A subscription follows the public counter, or every change for a viewer who
//! sees every change (the event's arbiters): hidden writes wake only those. One watcher task per hub learns
//! of new versions in three ways: at once after a commit of this process (`store::committed`); on
//! PostgreSQL, at once after a commit of another instance, whose notification
//! (`store::notify`, started by [`Hub::follow_notifications`]) names the event, and then only the
//! versions of the events named are read ([`Hub::changed_elsewhere`]); and by one periodic query
//! for all the events that have subscribers ([`Settings::poll`]), which brings the writes of another
//! process on the same SQLite file to the pages (and on PostgreSQL is the fallback for
//! notifications missed while the listener reconnected). A subscriber learns only the version: what
//! changed is read from the pages, through their own visibility rules.
//!
//! An event that a reading finds gone (deleted) has its subscriptions ended ([`Hub::forget`]): its
//! streams end as soon as the hub learns of the delete, which is a write like any other (at once
//! after this process's commit or another instance's notification, else at the next poll).
//!
//! The hub also bounds the open subscriptions per client address ([`Settings::per_client`]), and
//! [`Hub::close`] ends them all at shutdown.

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::Duration;

use tokio::sync::{Notify, watch};

use super::{ServiceError, ServiceResult};
use crate::store::events::Versions;
use crate::store::notify::Change;
use crate::store::{self, Db};

/// The settings of the live pages (`anqi serve --live-…`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// How often the versions of the subscribed events are read again (writes of other processes).
    pub poll: Duration,
    /// How long a stream may stay silent before it sends a heartbeat comment.
    pub heartbeat: Duration,
    /// The most streams one client (an IPv4 address or an IPv6 /64) may hold open at once.
    pub per_client: usize,
    /// The most streams open at once in all, so that pages and the database keep their files and
    /// workers (beyond it a stream is refused with 503 and `Retry-After`).
    pub total: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            poll: Duration::from_secs(1),
            heartbeat: Duration::from_secs(15),
            per_client: 8,
            total: DEFAULT_TOTAL,
        }
    }
}

/// The default bound on all streams at once: one stream is one open file and a little memory; the
/// rest of the open-file limit is left to pages, the database and the proxy.
pub const DEFAULT_TOTAL: usize = 2000;

/// Why a subscription was refused.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    /// The client address already holds [`Settings::per_client`] streams.
    #[error("at most {limit} live streams per client")]
    TooMany {
        /// The bound.
        limit: usize,
    },
    /// The server holds [`Settings::total`] streams.
    #[error("at most {limit} live streams in all")]
    Full {
        /// The bound.
        limit: usize,
    },
    /// The server is shutting down.
    #[error("the server is shutting down")]
    Closed,
    /// The event's version could not be read.
    #[error(transparent)]
    Service(#[from] ServiceError),
}

/// The change hub of one database (see the module text).
#[derive(Debug)]
pub struct Hub {
    db: Db,
    settings: Settings,
    inner: Mutex<Inner>,
    /// Wakes the watcher for changes of other instances ([`Hub::changed_elsewhere`]).
    elsewhere: Arc<Notify>,
}

#[derive(Debug, Default)]
struct Inner {
    /// The latest known version of each event with subscribers (entries without receivers are
    /// dropped by the next refresh).
    events: HashMap<i64, watch::Sender<Versions>>,
    /// Open subscriptions per client (IPv4 address or IPv6 /64).
    clients: HashMap<IpAddr, usize>,
    /// Open subscriptions in all (those of unknown addresses too).
    open: usize,
    /// Closed: no new subscriptions, the open ones ended.
    closed: bool,
    /// Events other instances changed whose versions the watcher has not read since.
    told: HashSet<i64>,
    /// Another instance changed something unnamed (or notifications were missed): the watcher
    /// reads the versions of every subscribed event.
    told_all: bool,
}

/// The most event ids one version query binds.
const QUERY_CHUNK: usize = 500;

impl Hub {
    /// A hub over `db` with its watcher task running (it ends when the hub is dropped or closed).
    /// Must be called inside a Tokio runtime.
    pub fn start(db: Db, settings: Settings) -> Arc<Hub> {
        let elsewhere = Arc::new(Notify::new());
        let hub = Arc::new(Hub {
            db,
            settings,
            inner: Mutex::default(),
            elsewhere: elsewhere.clone(),
        });
        tokio::spawn(watcher(Arc::downgrade(&hub), settings.poll, elsewhere));
        hub
    }

    /// Follows the change notifications of the other instances on the PostgreSQL database at `url`
    /// (`store::notify::listen`, on a task of its own that ends when the hub is dropped or closed).
    /// Must be called inside a Tokio runtime.
    pub fn follow_notifications(self: &Arc<Self>, url: &str) {
        let hub = Arc::downgrade(self);
        tokio::spawn(store::notify::listen(
            url.to_string(),
            move |change| match hub.upgrade() {
                Some(hub) if !hub.is_closed() => {
                    hub.changed_elsewhere(change);
                    true
                }
                _ => false,
            },
        ));
    }

    /// Another instance changed an event (or something): the watcher reads the versions concerned
    /// at once and tells their subscribers.
    pub fn changed_elsewhere(&self, change: Change) {
        {
            let mut inner = self.inner();
            match change {
                Change::Event(id) if inner.events.contains_key(&id) => {
                    inner.told.insert(id);
                }
                // No stream follows it here: nothing to read.
                Change::Event(_) => return,
                Change::Unknown => inner.told_all = true,
            }
        }
        // A permit is kept when the watcher is busy: it reads again after its current round.
        self.elsewhere.notify_one();
    }

    /// The hub's settings.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    fn inner(&self) -> MutexGuard<'_, Inner> {
        // The lock is never held across an await or a panic-prone call: a poisoned lock's data is
        // still whole.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Subscribes to an event's changes for a client (counted against [`Settings::per_client`];
    /// `None` when the address is unknown). The caller has checked that the viewer may see the
    /// event's pages.
    pub async fn subscribe(
        self: &Arc<Self>,
        event_id: i64,
        client: Option<IpAddr>,
        every_change: bool,
    ) -> Result<Subscription, Refusal> {
        let slot = self.take_slot(client)?;
        // Read now, not taken from the entry: a write may have committed since the watcher's last
        // reading (one indexed query per opened stream).
        let version = store::events::both_versions(&self.db, event_id)
            .await
            .map_err(ServiceError::from)?;
        let receiver = {
            let mut inner = self.inner();
            if inner.closed {
                return Err(Refusal::Closed);
            }
            let tx = inner
                .events
                .entry(event_id)
                .or_insert_with(|| watch::Sender::new(version));
            // The subscribers already there learn of it too.
            advance(tx, version);
            tx.subscribe()
        };
        let mut subscription = Subscription {
            receiver,
            every_change,
            seen: 0,
            _slot: slot,
        };
        let current = *subscription.receiver.borrow_and_update();
        subscription.seen = subscription.followed(current);
        Ok(subscription)
    }

    /// Counts a subscription of `client` against the bound.
    fn take_slot(self: &Arc<Self>, client: Option<IpAddr>) -> Result<ClientSlot, Refusal> {
        let mut inner = self.inner();
        if inner.closed {
            return Err(Refusal::Closed);
        }
        if inner.open >= self.settings.total {
            return Err(Refusal::Full {
                limit: self.settings.total,
            });
        }
        let client = client.map(crate::accounts::client_block);
        if let Some(ip) = client {
            let open = inner.clients.entry(ip).or_default();
            if *open >= self.settings.per_client {
                return Err(Refusal::TooMany {
                    limit: self.settings.per_client,
                });
            }
            *open += 1;
        }
        inner.open += 1;
        Ok(ClientSlot {
            hub: Arc::downgrade(self),
            client,
        })
    }

    /// Reads the versions of the events with subscribers (one query per [`QUERY_CHUNK`] events),
    /// tells the subscribers of each event whose version changed and ends those of events gone.
    pub async fn refresh(&self) -> ServiceResult<()> {
        let ids: Vec<i64> = {
            let mut inner = self.inner();
            inner.events.retain(|_, tx| tx.receiver_count() > 0);
            // What other instances told of is read now too.
            inner.told.clear();
            inner.told_all = false;
            inner.events.keys().copied().collect()
        };
        self.read(&ids).await
    }

    /// Reads the versions of the events other instances changed ([`Hub::changed_elsewhere`]) that
    /// have subscribers, or of all of them when something unnamed changed.
    async fn refresh_told(&self) -> ServiceResult<()> {
        let ids: Option<Vec<i64>> = {
            let mut inner = self.inner();
            let told = std::mem::take(&mut inner.told);
            (!inner.told_all).then(|| {
                told.into_iter()
                    .filter(|id| inner.events.contains_key(id))
                    .collect()
            })
        };
        let Some(ids) = ids else {
            return self.refresh().await;
        };
        self.read(&ids).await
    }

    /// Reads the versions of `ids` (one query per [`QUERY_CHUNK`] events), tells the subscribers of
    /// each event whose version changed, and ends the subscriptions of the events that no longer
    /// exist (deleted: their streams end).
    async fn read(&self, ids: &[i64]) -> ServiceResult<()> {
        for chunk in ids.chunks(QUERY_CHUNK) {
            let versions = store::events::versions(&self.db, chunk).await?;
            self.publish(&versions);
            let found: HashSet<i64> = versions.iter().map(|(id, _)| *id).collect();
            let gone: Vec<i64> = chunk
                .iter()
                .copied()
                .filter(|id| !found.contains(id))
                .collect();
            self.forget(&gone);
        }
        Ok(())
    }

    /// Ends the subscriptions of events that no longer exist (or that their subscribers may no
    /// longer see): dropping an event's sender ends its receivers' waits, so its streams end.
    pub fn forget(&self, event_ids: &[i64]) {
        if event_ids.is_empty() {
            return;
        }
        let mut inner = self.inner();
        for id in event_ids {
            inner.events.remove(id);
            inner.told.remove(id);
        }
    }

    /// Sets the versions of events (a refresh's, or a notification's from another instance), telling
    /// their subscribers of each one newer than the known one.
    pub fn publish(&self, versions: &[(i64, Versions)]) {
        let inner = self.inner();
        for (event_id, version) in versions {
            if let Some(tx) = inner.events.get(event_id) {
                advance(tx, *version);
            }
        }
    }

    /// Ends every subscription and refuses new ones (at shutdown, so that the server need not wait
    /// for open streams).
    pub fn close(&self) {
        let mut inner = self.inner();
        inner.closed = true;
        // Dropping the senders ends the receivers' waits.
        inner.events.clear();
    }

    /// Whether [`Hub::close`] was called.
    pub fn is_closed(&self) -> bool {
        self.inner().closed
    }

    /// The open subscriptions of a client address.
    pub fn open_of(&self, client: IpAddr) -> usize {
        self.inner().clients.get(&client).copied().unwrap_or(0)
    }
}

/// Sets the newer versions (versions only grow: a slower reading of an older one changes nothing).
fn advance(tx: &watch::Sender<Versions>, version: Versions) {
    tx.send_if_modified(|known| {
        let newer = version.all > known.all || version.public > known.public;
        known.all = known.all.max(version.all);
        known.public = known.public.max(version.public);
        newer
    });
}

/// Learns of new versions (see the module text) until the hub is dropped or closed.
async fn watcher(hub: Weak<Hub>, poll: Duration, elsewhere: Arc<Notify>) {
    let committed = store::committed();
    let mut seen = store::write_generation();
    loop {
        // Registered before the generation is read, so a commit in between still wakes it.
        let woken = committed.notified();
        tokio::pin!(woken);
        woken.as_mut().enable();
        // Only what other instances changed is read, unless this process committed or the poll
        // is due.
        let mut only_told = false;
        if store::write_generation() == seen {
            tokio::select! {
                _ = woken => {}
                _ = elsewhere.notified() => only_told = true,
                _ = tokio::time::sleep(poll) => {}
            }
        }
        seen = store::write_generation();
        let Some(hub) = hub.upgrade() else { return };
        if hub.is_closed() {
            return;
        }
        let read = if only_told {
            hub.refresh_told().await
        } else {
            hub.refresh().await
        };
        if let Err(e) = read {
            // The next round tries again; the pages' fallback polling still runs meanwhile.
            eprintln!("[{}] live pages: reading versions: {e}", store::now());
            tokio::time::sleep(poll).await;
        }
    }
}

/// One page's subscription to its event's changes.
#[derive(Debug)]
pub struct Subscription {
    receiver: watch::Receiver<Versions>,
    /// Follows every change (the event's arbiters), not only the public ones.
    every_change: bool,
    /// The followed version last told ([`Subscription::version`], [`Subscription::changed`]).
    seen: i64,
    _slot: ClientSlot,
}

impl Subscription {
    /// The version this subscription follows, of `versions`.
    fn followed(&self, versions: Versions) -> i64 {
        if self.every_change {
            versions.all
        } else {
            versions.public
        }
    }

    /// The event's version (the one this subscription follows) when it was last told.
    pub fn version(&self) -> i64 {
        self.seen
    }

    /// Waits for a change of the followed version and returns the new one; `None` when the hub
    /// closed or the event is gone ([`Hub::forget`]).
    pub async fn changed(&mut self) -> Option<i64> {
        loop {
            let current = *self.receiver.borrow_and_update();
            let now = self.followed(current);
            if now != self.seen {
                self.seen = now;
                return Some(now);
            }
            self.receiver.changed().await.ok()?;
        }
    }
}

/// A client's count of open subscriptions, given back on drop.
#[derive(Debug)]
struct ClientSlot {
    hub: Weak<Hub>,
    client: Option<IpAddr>,
}

impl Drop for ClientSlot {
    fn drop(&mut self) {
        let Some(hub) = self.hub.upgrade() else {
            return;
        };
        let mut inner = hub.inner();
        inner.open = inner.open.saturating_sub(1);
        let Some(ip) = self.client else {
            return;
        };
        if let Some(open) = inner.clients.get_mut(&ip) {
            *open = open.saturating_sub(1);
            if *open == 0 {
                inner.clients.remove(&ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn hub(per_client: usize) -> (Arc<Hub>, Db, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!(
            "anqi-live-{}-{per_client}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let db = store::open(&format!("sqlite://{}", dir.join("a.db").display()))
            .await
            .unwrap();
        let settings = Settings {
            poll: Duration::from_millis(50),
            per_client,
            ..Settings::default()
        };
        (Hub::start(db.clone(), settings), db, dir)
    }

    #[tokio::test]
    async fn a_client_holds_at_most_its_bound_and_gets_slots_back_on_drop() {
        let (hub, _db, dir) = hub(2).await;
        let ip: IpAddr = "192.0.2.7".parse().unwrap();
        let a = hub.subscribe(1, Some(ip), false).await.unwrap();
        let _b = hub.subscribe(2, Some(ip), false).await.unwrap();
        assert!(matches!(
            hub.subscribe(1, Some(ip), false).await,
            Err(Refusal::TooMany { limit: 2 })
        ));
        // Another address, and an unknown one, are not counted against it.
        hub.subscribe(1, Some("192.0.2.8".parse().unwrap()), false)
            .await
            .unwrap();
        hub.subscribe(1, None, false).await.unwrap();
        drop(a);
        assert_eq!(hub.open_of(ip), 1);
        hub.subscribe(1, Some(ip), false).await.unwrap();
        let _ = std::fs::remove_dir_all(dir);
    }

    #[tokio::test]
    async fn changes_told_by_other_instances_are_read_for_subscribed_events_only() {
        let (hub, _db, dir) = hub(8).await;
        let _sub = hub.subscribe(9, None, false).await.unwrap();
        hub.changed_elsewhere(Change::Event(10));
        assert!(
            hub.inner().told.is_empty(),
            "no stream follows event 10 here"
        );
        hub.changed_elsewhere(Change::Event(9));
        hub.changed_elsewhere(Change::Unknown);
        let until = std::time::Instant::now() + Duration::from_secs(2);
        loop {
            let read = {
                let inner = hub.inner();
                inner.told.is_empty() && !inner.told_all
            };
            if read {
                break;
            }
            assert!(
                std::time::Instant::now() < until,
                "the watcher did not read them"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let _ = std::fs::remove_dir_all(dir);
    }

    #[tokio::test]
    async fn the_subscriptions_of_an_event_that_is_gone_end_at_the_next_reading() {
        let (hub, _db, dir) = hub(8).await;
        let ip: IpAddr = "192.0.2.9".parse().unwrap();
        // No event 77 in this database (as after its delete).
        let mut sub = hub.subscribe(77, Some(ip), false).await.unwrap();
        hub.refresh().await.unwrap();
        assert_eq!(sub.changed().await, None);
        assert!(!hub.inner().events.contains_key(&77));
        // The slot is given back with the subscription, as always.
        drop(sub);
        assert_eq!(hub.open_of(ip), 0);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[tokio::test]
    async fn published_versions_reach_subscribers_and_close_ends_them() {
        let (hub, _db, dir) = hub(8).await;
        let mut sub = hub.subscribe(5, None, false).await.unwrap();
        let mut staff = hub.subscribe(5, None, true).await.unwrap();
        assert_eq!(sub.version(), 0);
        let v = |all, public| Versions { all, public };
        hub.publish(&[(5, v(42, 3)), (6, v(7, 7))]);
        assert_eq!(sub.changed().await, Some(3));
        assert_eq!(staff.changed().await, Some(42));
        // The same version again, or an older reading, is no change.
        hub.publish(&[(5, v(42, 3)), (5, v(40, 2))]);
        assert_eq!(sub.version(), 3);
        // A hidden change wakes only those who see every change.
        hub.publish(&[(5, v(43, 3))]);
        assert_eq!(staff.changed().await, Some(43));
        assert_eq!(sub.version(), 3);
        hub.publish(&[(5, v(44, 4))]);
        assert_eq!(
            sub.changed().await,
            Some(4),
            "the hidden change did not wake it"
        );
        hub.close();
        assert_eq!(sub.changed().await, None);
        assert!(matches!(
            hub.subscribe(5, None, false).await,
            Err(Refusal::Closed)
        ));
        let _ = std::fs::remove_dir_all(dir);
    }
}
