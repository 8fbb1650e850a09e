//! A cache of the event pages (pairings, standings, crosstable, player cards…), so a live display,
//! a crowd of phones or a room of signed-in arbiters costs one render per change. An entry is valid
//! while the event's change counter (`store::events::version`) is unchanged.
//!
//! Pages are kept per **viewer class** ([`Viewer`]): anonymous visitors are one class; a signed-in
//! viewer's class is what the page may depend on — the role (the menus), the rights on the event
//! that `policy::event_rights` gives (what an arbiter sees that the public does not) and the entry
//! linked to the account (a player's own board). A page cached for one class is never served to
//! another. The two things that differ between viewers of one class, the account name in the menu
//! and the CSRF token in the forms, are rendered as random markers ([`Markers`]) and filled in per
//! request. Sessions are not cached: each signed-in request reads its session, the viewer's rights
//! and the event version from the database in one query.
//!
//! Strangers cannot fill it: the key is the route and the query parameters that page reads (any
//! other parameter is ignored, so `?q=1`, `?q=2`… are one entry), and the cache is bounded by the
//! bytes it holds (`--page-cache-mb`); past the bound the least recently used pages go first.
//!
//! On SQLite an anonymous hit asks no query: the event versions read are kept with the count of
//! changes this process knows of (`store::notify::change_generation`: its own commits) and read
//! again once that count moves, or after [`VERSION_TTL`] (the writes of another process on the same
//! file). On PostgreSQL, where other instances write, each request reads the event's version
//! ([`PageCache::read_version`]: the requests that wait share one query at a time per event), since
//! their notifications may arrive after a client that wrote through one of them asks here.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};
use std::time::{Duration, Instant};

use actix_web::web::Bytes;

use crate::accounts::Role;
use crate::service::policy::{Access, event_rights};
use crate::store::sessions::EventViewer;

/// The default bound of the cache.
pub const DEFAULT_BYTES: usize = 64 * 1024 * 1024;

/// What an entry costs besides its key and page: the map slot, the entry and the allocator's share.
const ENTRY_OVERHEAD: usize = 160;

/// One cached page.
#[derive(Clone)]
struct CachedPage {
    /// The event version it was rendered at.
    version: i64,
    /// The HTML (with the markers of [`Hole`]s for a signed-in class).
    body: Bytes,
    /// Where the per-viewer parts go.
    holes: Arc<[(usize, Hole)]>,
    /// When a request started rendering a newer version (others meanwhile get this page).
    refreshing_since: Option<Instant>,
    /// The cache's clock when the page was last served or stored (least recently used goes first).
    last_used: u64,
}

/// What the cache says about a request.
pub enum Lookup {
    /// Serve this page (filled in for the viewer: [`Page::fill`]).
    Hit(Page),
    /// Render the page (and `put` it).
    Render,
}

/// A per-viewer part of a signed-in page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hole {
    /// The account name (HTML-escaped when filled in).
    Name,
    /// The CSRF token.
    Csrf,
}

/// A cached page and where its per-viewer parts go.
#[derive(Clone)]
pub struct Page {
    body: Bytes,
    holes: Arc<[(usize, Hole)]>,
}

impl Page {
    /// A rendered page that is not kept (an error page), with its holes found.
    pub fn unkept(body: &[u8]) -> Page {
        Page {
            body: Bytes::copy_from_slice(body),
            holes: find_holes(body).into(),
        }
    }

    /// The page for one viewer: the body itself when it has no holes (no copy), else the body
    /// with the account name and CSRF token in place of the markers.
    pub fn fill(&self, name: &str, csrf: &str) -> Bytes {
        if self.holes.is_empty() {
            return self.body.clone();
        }
        let name = askama::filters::escape(name, askama::filters::Html)
            .map(|n| n.to_string())
            .unwrap_or_default();
        let markers = &*MARKERS;
        let mut out = Vec::with_capacity(self.body.len() + 64 * self.holes.len());
        let mut at = 0;
        for &(offset, hole) in self.holes.iter() {
            out.extend_from_slice(&self.body[at..offset]);
            let (value, marker) = match hole {
                Hole::Name => (name.as_str(), markers.name.len()),
                Hole::Csrf => (csrf, markers.csrf.len()),
            };
            out.extend_from_slice(value.as_bytes());
            at = offset + marker;
        }
        out.extend_from_slice(&self.body[at..]);
        Bytes::from(out)
    }
}

/// The markers a signed-in page is rendered with in place of the account name and the CSRF token:
/// random per process, so no text a user chose (a name, a club) can pass for one.
pub struct Markers {
    /// Stands for the account name.
    pub name: String,
    /// Stands for the CSRF token.
    pub csrf: String,
}

/// This process's markers.
pub static MARKERS: LazyLock<Markers> = LazyLock::new(|| {
    let token = crate::accounts::random_token();
    Markers {
        name: format!("anqiname{}", &token[..24]),
        csrf: format!("anqicsrf{}", &token[24..48]),
    }
});

/// Where the markers are in a rendered body, in order.
fn find_holes(body: &[u8]) -> Vec<(usize, Hole)> {
    let Ok(text) = std::str::from_utf8(body) else {
        return vec![];
    };
    let markers = &*MARKERS;
    let mut holes: Vec<(usize, Hole)> = text
        .match_indices(markers.name.as_str())
        .map(|(i, _)| (i, Hole::Name))
        .chain(
            text.match_indices(markers.csrf.as_str())
                .map(|(i, _)| (i, Hole::Csrf)),
        )
        .collect();
    holes.sort_unstable_by_key(|h| h.0);
    holes
}

/// Who a page is rendered for (see the module text): pages are cached per class.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    /// Not signed in.
    Anonymous,
    /// Signed in, with what the event's pages may show them.
    Signed {
        /// The account's role (the menus).
        role: Role,
        /// The rights on the event (`policy::event_rights`).
        access: Access,
        /// The event's entry linked to the account (the own board's report form).
        linked: Option<u32>,
    },
}

impl Viewer {
    /// The class of a signed-in viewer of an existing event; `None` when no class describes what
    /// the pages would show them (an account linked to several entries of the event: rendered
    /// every time).
    pub fn of(viewer: &EventViewer, owner_id: i64) -> Option<Viewer> {
        let linked = match viewer.linked.as_slice() {
            [] => None,
            [one] => Some(*one),
            _ => return None,
        };
        Some(Viewer::Signed {
            role: viewer.user.role,
            access: event_rights(Some(&viewer.user), owner_id, viewer.assigned_arbiter),
            linked,
        })
    }

    /// The class as a key suffix.
    fn code(&self) -> String {
        match self {
            Viewer::Anonymous => "|-".into(),
            Viewer::Signed {
                role,
                access,
                linked,
            } => format!(
                "|{}{}{}:{}",
                role.as_str(),
                if access.manage { "+m" } else { "" },
                if access.arbitrate { "+a" } else { "" },
                linked.map(|l| l.to_string()).unwrap_or_default()
            ),
        }
    }
}

/// How long a kept event version is trusted without a change this process knows of (another
/// process's writes show after at most this long, even without a notification).
pub const VERSION_TTL: Duration = Duration::from_millis(100);

/// An event version as read, with the write count before the reading.
#[derive(Clone, Copy)]
struct KnownVersion {
    version: i64,
    generation: u64,
    at: Instant,
}

/// At most this many events' versions are kept (a stranger's event numbers cannot grow it).
const MAX_VERSIONS: usize = 4096;

/// How long one request may take to render a newer version before another one tries.
const REFRESH_GRACE: Duration = Duration::from_secs(5);

#[derive(Default)]
struct Pages {
    map: HashMap<String, CachedPage>,
    /// What the entries cost in all (see [`cost`]).
    bytes: usize,
    /// Counts lookups and stores; an entry's `last_used` is a reading of it.
    clock: u64,
}

/// An event's version as last read for [`PageCache::read_version`], and the turn of its readers.
#[derive(Default)]
struct VersionReads {
    /// The version read last, and when that reading began.
    last: Option<(i64, Instant)>,
    /// Held by the request reading it now.
    turn: Arc<tokio::sync::Mutex<()>>,
}

/// The cache (shared by all workers).
pub struct PageCache {
    pages: Mutex<Pages>,
    /// The event versions read lately (an anonymous hit asks the database nothing).
    versions: Mutex<HashMap<i64, KnownVersion>>,
    /// The versions read per request on a database other instances write to.
    reads: Mutex<HashMap<i64, VersionReads>>,
    /// The most bytes the entries may cost.
    bound: usize,
}

impl Default for PageCache {
    fn default() -> Self {
        PageCache::new(DEFAULT_BYTES)
    }
}

impl std::fmt::Debug for PageCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PageCache({} bytes)", self.bound)
    }
}

/// What an entry costs against the bound: its page counts twice, for what the allocator keeps
/// around pages that come and go (measured: 64 MB of pages counted once took the server to 116 MB).
fn cost(key: &str, body: &Bytes) -> usize {
    key.len() + 2 * body.len() + ENTRY_OVERHEAD
}

impl PageCache {
    /// An empty cache holding at most `bound` bytes of pages (0 turns it off).
    pub fn new(bound: usize) -> PageCache {
        PageCache {
            pages: Mutex::default(),
            versions: Mutex::default(),
            reads: Mutex::default(),
            bound,
        }
    }

    /// What the entries cost now (at most the bound).
    pub fn bytes(&self) -> usize {
        self.pages.lock().map(|p| p.bytes).unwrap_or(0)
    }

    /// The version of an event read at write count `generation` and not older than
    /// [`VERSION_TTL`], if kept.
    pub fn known_version(&self, event_id: i64, generation: u64) -> Option<i64> {
        let versions = self.versions.lock().ok()?;
        let known = versions.get(&event_id)?;
        (known.generation == generation && known.at.elapsed() < VERSION_TTL)
            .then_some(known.version)
    }

    /// The version of an event as read by a query that began after this call did: what a request
    /// must see where other instances write to the database (PostgreSQL), whose notifications
    /// may arrive after a client that wrote there asks here. The requests that wait meanwhile
    /// share the readings: one query at a time per event, and each serves every request that
    /// arrived before it began.
    pub async fn read_version(
        &self,
        db: &crate::store::Db,
        event_id: i64,
    ) -> crate::store::StoreResult<i64> {
        let asked = Instant::now();
        let turn = match self.read_since(event_id, asked) {
            Ok(version) => return Ok(version),
            Err(turn) => turn,
        };
        let _turn = turn.lock().await;
        if let Ok(version) = self.read_since(event_id, asked) {
            return Ok(version);
        }
        let began = Instant::now();
        let version = crate::store::events::public_version(db, event_id).await?;
        if let Ok(mut reads) = self.reads.lock() {
            let slot = reads.entry(event_id).or_default();
            if slot.last.is_none_or(|(_, at)| at < began) {
                slot.last = Some((version, began));
            }
        }
        Ok(version)
    }

    /// The version last read for `event_id` when that reading began after `asked`; else the turn
    /// of the event's readers.
    fn read_since(
        &self,
        event_id: i64,
        asked: Instant,
    ) -> Result<i64, Arc<tokio::sync::Mutex<()>>> {
        let Ok(mut reads) = self.reads.lock() else {
            return Err(Arc::default());
        };
        if reads.len() >= MAX_VERSIONS && !reads.contains_key(&event_id) {
            reads.clear();
        }
        let slot = reads.entry(event_id).or_default();
        match slot.last {
            Some((version, began)) if began >= asked => Ok(version),
            _ => Err(slot.turn.clone()),
        }
    }

    /// Keeps an event's version, read after the write count was `generation` (only versions of
    /// events that have one: a missing event reads as 0 and is not kept).
    pub fn note_version(&self, event_id: i64, version: i64, generation: u64) {
        if version <= 0 {
            return;
        }
        let Ok(mut versions) = self.versions.lock() else {
            return;
        };
        if versions.len() >= MAX_VERSIONS && !versions.contains_key(&event_id) {
            versions.clear();
        }
        let known = KnownVersion {
            version,
            generation,
            at: Instant::now(),
        };
        match versions.get(&event_id) {
            // A slower reading of an older count never replaces a newer one.
            Some(k) if k.generation > generation => {}
            _ => {
                versions.insert(event_id, known);
            }
        }
    }

    /// Looks a page up for `version`. When only an older version is cached and `stale_ok`, the
    /// first request renders the new one while the others keep getting the older page for that
    /// short while, so a change under load costs one render instead of one per waiting visitor.
    /// Without `stale_ok` (signed-in viewers: a writer's next page shows the write) an older page
    /// is never served.
    pub fn lookup(&self, key: &str, version: i64, stale_ok: bool) -> Lookup {
        let Ok(mut pages) = self.pages.lock() else {
            return Lookup::Render;
        };
        pages.clock += 1;
        let now = pages.clock;
        match pages.map.get_mut(key) {
            Some(p) if p.version == version => {
                p.last_used = now;
                Lookup::Hit(p.page())
            }
            Some(p) if p.version < version && stale_ok => match p.refreshing_since {
                Some(t) if t.elapsed() < REFRESH_GRACE => Lookup::Hit(p.page()),
                _ => {
                    p.refreshing_since = Some(Instant::now());
                    Lookup::Render
                }
            },
            _ => Lookup::Render,
        }
    }

    /// Stores a rendered page (unless a newer version is there, or the page alone is over an eighth
    /// of the bound), evicting the least recently used pages past the bound; returns it as kept.
    /// A page rendered for a signed-in class holds the [`MARKERS`]: where they are is noted once.
    pub fn put(&self, key: String, version: i64, body: &[u8]) -> Page {
        // A rendered page's buffer has grown by doubling: keep an exact copy, not up to twice its size.
        let body = Bytes::copy_from_slice(body);
        let holes: Arc<[(usize, Hole)]> = find_holes(&body).into();
        let kept = Page {
            body: body.clone(),
            holes: holes.clone(),
        };
        self.store(key, version, body, holes);
        kept
    }

    fn store(&self, key: String, version: i64, body: Bytes, holes: Arc<[(usize, Hole)]>) {
        let size = cost(&key, &body);
        if size > self.bound / 8 {
            return;
        }
        let Ok(mut pages) = self.pages.lock() else {
            return;
        };
        if pages.map.get(&key).is_some_and(|p| p.version > version) {
            return;
        }
        pages.clock += 1;
        let page = CachedPage {
            version,
            body,
            holes,
            refreshing_since: None,
            last_used: pages.clock,
        };
        let old = pages.map.insert(key.clone(), page);
        if let Some(old) = old {
            pages.bytes -= cost(&key, &old.body);
        }
        pages.bytes += size;
        if pages.bytes > self.bound {
            evict(&mut pages, self.bound - self.bound / 4);
        }
    }
}

impl CachedPage {
    fn page(&self) -> Page {
        Page {
            body: self.body.clone(),
            holes: self.holes.clone(),
        }
    }
}

/// Drops the least recently used pages until the entries cost at most `target` (a quarter of the
/// bound below it, so the sort is paid once per many stores).
fn evict(pages: &mut Pages, target: usize) {
    let mut by_age: Vec<(u64, String)> = pages
        .map
        .iter()
        .map(|(k, p)| (p.last_used, k.clone()))
        .collect();
    by_age.sort_unstable();
    for (_, key) in by_age {
        if pages.bytes <= target {
            break;
        }
        if let Some(p) = pages.map.remove(&key) {
            pages.bytes -= cost(&key, &p.body);
        }
    }
    pages.map.shrink_to_fit();
}

/// The query parameters a cacheable page reads (the others do not change it).
fn read_params(tail: &[&str]) -> &'static [&'static str] {
    match tail {
        [] => &["done", "pushed"],
        ["players"] => &["done", "imported"],
        // `saved`: the results form's confirmation after its redirect.
        // `reported`: a player's report's note after its redirect.
        ["rounds", _] => &["stale", "saved", "reported"],
        // The confirmations of the deals page's forms after their redirects.
        ["deals"] => &["sealed", "unsealed"],
        // The standings as they stood after an earlier round.
        ["standings"] => &["after"],
        _ => &[],
    }
}

/// The key of a page (see [`key`]) for one class of viewers.
pub fn class_key(mut key: String, viewer: &Viewer) -> String {
    key.push_str(&viewer.code());
    key
}

/// Whether the page of a cache key (see [`key`]) is kept for signed-in viewers too. The event's
/// main page and its players list are not: they show what is not the event's (the viewer's rating
/// lists, the accounts to link) and the flash messages of the forms.
pub fn for_signed_in(key: &str) -> bool {
    let route = key.split('#').next().unwrap_or("");
    route.contains('/') && !route.ends_with("/players")
}

/// The cache key and event id of a cacheable public page: `/events/{id}` and its public sub-pages
/// (not exports, forms or JSON), or `None` for anything else. The key is the route with the numbers
/// as parsed (`/events/007` is `/events/7`), the parameters that page reads in the order given
/// (repeats kept: they make a different answer) and the language; [`class_key`] adds the viewer's
/// class. `round_boards` gives the board numbers of a round when they are known at the version
/// served: a round page's `stale` notes then count by what the page shows of them (only numbers
/// of its boards), so `?stale=` with numbers of no board costs a hit, not a render.
pub fn key(
    path: &str,
    query: &str,
    lang: &str,
    round_boards: impl FnOnce(u32) -> Option<Vec<u32>>,
) -> Option<(i64, String)> {
    let rest = path.strip_prefix("/events/")?;
    let mut parts = rest.split('/');
    let id: i64 = parts.next()?.parse().ok()?;
    let tail: Vec<&str> = parts.collect();
    let mut round = None;
    let route = match tail.as_slice() {
        [] => String::new(),
        [
            page @ ("rounds" | "standings" | "crosstable" | "players" | "knockout" | "ranking"
            | "screen"),
        ] => {
            format!("/{page}")
        }
        [page @ ("rounds" | "players"), n] => {
            let n = n.parse::<u32>().ok()?;
            if *page == "rounds" {
                round = Some(n);
            }
            format!("/{page}/{n}")
        }
        // The game viewer: a record's replay is many times the record's size, and the same for
        // every viewer of a class until the event changes.
        ["rounds", n, "boards", b] => {
            format!(
                "/rounds/{}/boards/{}",
                n.parse::<u32>().ok()?,
                b.parse::<u32>().ok()?
            )
        }
        ["rounds", n, "boards", b, "games", g] => format!(
            "/rounds/{}/boards/{}/games/{}",
            n.parse::<u32>().ok()?,
            b.parse::<u32>().ok()?,
            g.parse::<u32>().ok()?
        ),
        _ => return None,
    };
    let wanted = read_params(&tail);
    let mut key = format!("{id}{route}#{lang}?");
    let read: Vec<&str> = query
        .split('&')
        .filter(|pair| wanted.contains(&pair.split('=').next().unwrap_or("")))
        .collect();
    match (round, read.as_slice()) {
        (Some(n), [one]) if is_plain_notes(one) => match round_boards(n) {
            Some(boards) => {
                key.push_str("stale=");
                for note in notes_shown(one, &boards) {
                    key.push_str(&note.to_string());
                    key.push(',');
                }
            }
            None => {
                key.push_str(one);
                key.push('&');
            }
        },
        _ => {
            for pair in read {
                // A round in digits is keyed by its number: `after=02` is the page of `after=2`.
                match pair.strip_prefix("after=").map(str::parse::<u32>) {
                    Some(Ok(n)) if pair[6..].bytes().all(|b| b.is_ascii_digit()) => {
                        key.push_str(&format!("after={n}"));
                    }
                    _ => key.push_str(pair),
                }
                key.push('&');
            }
        }
    }
    Some((id, key))
}

/// The event id of an event page's path (`/events/{id}…`), before anything else is parsed.
pub fn event_of(path: &str) -> Option<i64> {
    path.strip_prefix("/events/")?
        .split('/')
        .next()?
        .parse()
        .ok()
}

/// Whether a `stale=…` pair holds nothing percent- or plus-encoded (then it reads as written).
fn is_plain_notes(pair: &str) -> bool {
    pair.starts_with("stale=") && !pair.contains(['%', '+'])
}

/// The notes a round page shows for `stale=…`: the numbers of its boards, in the order given (as
/// `routes::rounds::show` reads them).
fn notes_shown(pair: &str, boards: &[u32]) -> Vec<u32> {
    pair["stale=".len()..]
        .split(',')
        .filter_map(|s| s.trim().parse::<u32>().ok())
        .filter(|n| boards.contains(n))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_event_pages_are_cached() {
        let id = |p: &str| key(p, "", "en", |_| None).map(|(id, _)| id);
        assert_eq!(id("/events/3"), Some(3));
        assert_eq!(id("/events/3/rounds/2"), Some(3));
        assert_eq!(id("/events/3/standings"), Some(3));
        assert_eq!(id("/events/3/export.json"), None);
        assert_eq!(id("/events/3/standings.csv"), None);
        assert_eq!(id("/events/new"), None);
        assert_eq!(id("/events/3/rounds/2/slips"), None);
        assert_eq!(id("/events/3/rounds/x"), None);
        assert_eq!(id("/events/3/rounds/2/boards/4"), Some(3));
        assert_eq!(id("/events/3/rounds/2/boards/4/games/2"), Some(3));
        assert_eq!(id("/events/3/rounds/2/boards/4/games/2/export"), None);
        assert_eq!(id("/events/3/rounds/2/boards/x"), None);
    }

    #[test]
    fn the_key_holds_the_route_the_read_parameters_and_the_language() {
        let k = |p: &str, q: &str| key(p, q, "en", |_| None).map(|(_, k)| k);
        // Parameters the page does not read are ignored: a stranger's `?q=N` is one entry.
        assert_eq!(
            k("/events/3/standings", "q=1"),
            k("/events/3/standings", "")
        );
        assert_eq!(
            k("/events/3/standings", "q=1&r=2"),
            k("/events/3/standings", "q=99")
        );
        assert_eq!(
            k("/events/3/rounds/2", "stale=4&x=1"),
            k("/events/3/rounds/2", "stale=4")
        );
        // The ones it reads count, repeats included.
        assert_ne!(
            k("/events/3/rounds/2", "stale=4"),
            k("/events/3/rounds/2", "")
        );
        assert_ne!(
            k("/events/3/rounds/2", "stale=4&stale=5"),
            k("/events/3/rounds/2", "stale=4")
        );
        assert_ne!(
            k("/events/3/rounds/2", "saved=3"),
            k("/events/3/rounds/2", "")
        );
        assert_ne!(k("/events/3", "done=x"), k("/events/3", ""));
        assert_ne!(
            k("/events/3/players", "imported=2"),
            k("/events/3/players", "")
        );
        // The standings after an earlier round are another page, one whatever its spelling.
        assert_ne!(
            k("/events/3/standings", "after=2"),
            k("/events/3/standings", "")
        );
        assert_eq!(
            k("/events/3/standings", "after=002"),
            k("/events/3/standings", "after=2")
        );
        // `stale` means nothing on the standings.
        assert_eq!(
            k("/events/3/standings", "stale=4"),
            k("/events/3/standings", "")
        );
        // Numbers as parsed; pages and events apart; languages apart.
        assert_eq!(k("/events/03/rounds/02", ""), k("/events/3/rounds/2", ""));
        assert_ne!(k("/events/3/rounds/2", ""), k("/events/3/rounds/3", ""));
        assert_ne!(k("/events/3/players", ""), k("/events/3/players/1", ""));
        assert_ne!(k("/events/3/rounds", ""), k("/events/4/rounds", ""));
        assert_ne!(
            key("/events/3/rounds", "", "en", |_| None),
            key("/events/3/rounds", "", "zh-Hant", |_| None)
        );
    }

    #[test]
    fn one_request_refreshes_while_the_others_get_the_previous_page() {
        let c = PageCache::default();
        c.put("k".into(), 1, b"old");
        assert!(matches!(c.lookup("k", 1, true), Lookup::Hit(b) if b.fill("", "") == "old"));
        assert!(
            matches!(c.lookup("k", 2, true), Lookup::Render),
            "the first asker renders"
        );
        assert!(
            matches!(c.lookup("k", 2, true), Lookup::Hit(b) if b.fill("", "") == "old"),
            "others wait on the old page"
        );
        c.put("k".into(), 2, b"new");
        assert!(matches!(c.lookup("k", 2, true), Lookup::Hit(b) if b.fill("", "") == "new"));
        assert!(matches!(c.lookup("other", 2, true), Lookup::Render));
    }

    #[test]
    fn stale_versions_miss() {
        let c = PageCache::default();
        c.put("k".into(), 5, b"x");
        assert!(matches!(c.lookup("k", 5, true), Lookup::Hit(_)));
        assert!(matches!(c.lookup("k", 6, true), Lookup::Render));
        c.put("k".into(), 4, b"older");
        assert!(
            matches!(c.lookup("k", 5, true), Lookup::Hit(b) if b.fill("", "") == "x"),
            "an older render does not replace a newer page"
        );
    }

    #[test]
    fn the_bytes_stay_within_the_bound_and_the_least_recently_used_go_first() {
        let bound = 100_000;
        let c = PageCache::new(bound);
        let page = vec![b'x'; 1_000];
        c.put("kept".into(), 1, &page);
        for i in 0..10_000 {
            // The page everyone reads stays; the strangers' pages make room for each other.
            assert!(matches!(c.lookup("kept", 1, true), Lookup::Hit(_)), "{i}");
            c.put(format!("stranger{i}"), 1, &page);
            assert!(c.bytes() <= bound, "{} bytes after {i}", c.bytes());
        }
        assert!(c.bytes() > bound / 2, "the cache is still used");
        assert!(matches!(c.lookup("stranger9999", 1, true), Lookup::Hit(_)));
        assert!(matches!(c.lookup("stranger0", 1, true), Lookup::Render));
        // Replacing a page counts its new size only.
        let before = c.bytes();
        c.put("kept".into(), 2, &page);
        assert_eq!(c.bytes(), before);
    }

    #[test]
    fn a_page_over_an_eighth_of_the_bound_is_not_kept() {
        let c = PageCache::new(8_000);
        c.put("big".into(), 1, &[b'x'; 1_200]);
        assert!(matches!(c.lookup("big", 1, true), Lookup::Render));
        assert_eq!(c.bytes(), 0);
        let off = PageCache::new(0);
        off.put("k".into(), 1, b"x");
        assert!(matches!(off.lookup("k", 1, true), Lookup::Render));
    }

    fn signed(role: Role, manage: bool, arbitrate: bool, linked: Option<u32>) -> Viewer {
        Viewer::Signed {
            role,
            access: Access { manage, arbitrate },
            linked,
        }
    }

    #[test]
    fn viewer_classes_have_keys_of_their_own() {
        let base = || {
            key("/events/3/rounds/2", "", "en", |_| None)
                .expect("cacheable")
                .1
        };
        let of = |v: Viewer| class_key(base(), &v);
        let classes = [
            Viewer::Anonymous,
            signed(Role::Player, false, false, None),
            signed(Role::Player, false, false, Some(4)),
            signed(Role::Player, false, false, Some(5)),
            signed(Role::Arbiter, false, false, None),
            signed(Role::Arbiter, false, true, None),
            signed(Role::Organizer, true, true, None),
            signed(Role::Organizer, false, false, None),
            signed(Role::Admin, true, true, None),
        ];
        let keys: std::collections::HashSet<String> = classes.iter().map(|v| of(*v)).collect();
        assert_eq!(keys.len(), classes.len(), "{keys:?}");
        // Two viewers of one class share the entry.
        assert_eq!(
            of(signed(Role::Arbiter, false, true, None)),
            of(signed(Role::Arbiter, false, true, None))
        );
    }

    #[test]
    fn the_class_comes_from_the_policy() {
        let user = |id, role| crate::store::users::User {
            id,
            name: "x".into(),
            role,
        };
        let viewer = |u, assigned, linked: Vec<u32>| EventViewer {
            user: u,
            owner_id: Some(1),
            version: 9,
            assigned_arbiter: assigned,
            linked,
        };
        assert_eq!(
            Viewer::of(&viewer(user(1, Role::Organizer), false, vec![]), 1),
            Some(signed(Role::Organizer, true, true, None))
        );
        assert_eq!(
            Viewer::of(&viewer(user(2, Role::Arbiter), true, vec![]), 1),
            Some(signed(Role::Arbiter, false, true, None))
        );
        assert_eq!(
            Viewer::of(&viewer(user(3, Role::Arbiter), false, vec![]), 1),
            Some(signed(Role::Arbiter, false, false, None))
        );
        assert_eq!(
            Viewer::of(&viewer(user(4, Role::Player), false, vec![7]), 1),
            Some(signed(Role::Player, false, false, Some(7)))
        );
        assert_eq!(
            Viewer::of(&viewer(user(4, Role::Player), false, vec![7, 8]), 1),
            None
        );
    }

    #[test]
    fn a_signed_in_page_is_filled_in_per_viewer_and_never_served_stale() {
        let c = PageCache::default();
        let m = &*MARKERS;
        let html = format!(
            "<a title=\"{0}\">({0})</a><input name=\"csrf\" value=\"{1}\"><p>end</p>",
            m.name, m.csrf
        );
        let kept = c.put("s".into(), 3, html.as_bytes());
        assert_eq!(
            kept.fill("<b>&amp;", "tok1"),
            "<a title=\"&#60;b&#62;&#38;amp;\">(&#60;b&#62;&#38;amp;)</a><input name=\"csrf\" value=\"tok1\"><p>end</p>"
        );
        let Lookup::Hit(page) = c.lookup("s", 3, false) else {
            panic!("a hit")
        };
        assert_eq!(
            page.fill("li", "tok2"),
            "<a title=\"li\">(li)</a><input name=\"csrf\" value=\"tok2\"><p>end</p>"
        );
        // A newer version: a signed-in viewer waits for its render, whoever else is rendering it.
        assert!(matches!(c.lookup("s", 4, true), Lookup::Render));
        assert!(matches!(c.lookup("s", 4, false), Lookup::Render));
        assert!(matches!(c.lookup("s", 4, true), Lookup::Hit(_)));
    }

    #[test]
    fn versions_are_trusted_until_a_write_or_the_ttl() {
        let c = PageCache::default();
        assert_eq!(c.known_version(1, 5), None);
        c.note_version(1, 40, 5);
        assert_eq!(c.known_version(1, 5), Some(40));
        assert_eq!(c.known_version(1, 6), None, "a write committed since");
        c.note_version(1, 41, 6);
        c.note_version(1, 40, 5);
        assert_eq!(
            c.known_version(1, 6),
            Some(41),
            "an older reading stays out"
        );
        // Missing events (version 0) are not kept.
        c.note_version(2, 0, 6);
        assert_eq!(c.known_version(2, 6), None);
        std::thread::sleep(VERSION_TTL + Duration::from_millis(10));
        assert_eq!(
            c.known_version(1, 6),
            None,
            "another process may have written"
        );
    }

    #[test]
    fn the_main_event_page_and_the_players_list_are_for_anonymous_visitors_only() {
        let k = |p: &str| key(p, "", "en", |_| None).expect("cacheable").1;
        assert!(!for_signed_in(&k("/events/3")));
        assert!(!for_signed_in(&k("/events/3/players")));
        for p in [
            "/events/3/players/2",
            "/events/3/rounds",
            "/events/3/rounds/1",
            "/events/3/standings",
            "/events/3/crosstable",
            "/events/3/knockout",
            "/events/3/ranking",
        ] {
            assert!(for_signed_in(&k(p)), "{p}");
        }
    }

    #[test]
    fn stale_notes_count_by_what_the_round_page_shows() {
        let boards = || Some(vec![1, 2, 3]);
        let k = |q: &str| key("/events/3/rounds/2", q, "en", |_| boards()).map(|(_, k)| k);
        // Numbers of no board show nothing: the page without notes.
        assert_eq!(k("stale=999999"), k("stale="));
        assert_eq!(k("stale=7,x,999&q=5"), k("stale="));
        assert_eq!(k("stale=2,999"), k("stale=2"));
        assert_eq!(k("stale= 2"), k("stale=2"));
        assert_ne!(k("stale=2"), k("stale="));
        assert_ne!(k("stale=2,3"), k("stale=3,2"), "shown in the order given");
        // Not normalized: the boards unknown, or the value encoded, or given twice.
        let raw = |q: &str| key("/events/3/rounds/2", q, "en", |_| None).map(|(_, k)| k);
        assert_ne!(raw("stale=999"), raw("stale="));
        assert_ne!(k("stale=%32"), k("stale=2"));
        assert_ne!(k("stale=2&stale=3"), k("stale=2"));
        assert_eq!(event_of("/events/12/rounds/3"), Some(12));
        assert_eq!(event_of("/events/x"), None);
    }
}
