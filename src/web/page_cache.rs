//! A cache of the public event pages as anonymous visitors see them (pairings, standings, crosstable,
//! player cards…), so a live display or a crowd of phones costs one render per change. An entry is
//! valid while the event's change counter (`store::events::version`) is unchanged.
//!
//! Strangers cannot fill it: the key is the route and the query parameters that page reads (any
//! other parameter is ignored, so `?q=1`, `?q=2`… are one entry), and the cache is bounded by the
//! bytes it holds (`--page-cache-mb`); past the bound the least recently used pages go first.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use actix_web::web::Bytes;

/// The default bound of the cache.
pub const DEFAULT_BYTES: usize = 64 * 1024 * 1024;

/// What an entry costs besides its key and page: the map slot, the entry and the allocator's share.
const ENTRY_OVERHEAD: usize = 160;

/// One cached page.
#[derive(Clone)]
struct CachedPage {
    /// The event version it was rendered at.
    version: i64,
    /// The HTML.
    body: Bytes,
    /// When a request started rendering a newer version (others meanwhile get this page).
    refreshing_since: Option<Instant>,
    /// The cache's clock when the page was last served or stored (least recently used goes first).
    last_used: u64,
}

/// What the cache says about a request.
pub enum Lookup {
    /// Serve this page.
    Hit(Bytes),
    /// Render the page (and `put` it).
    Render,
}

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

/// The cache (shared by all workers).
pub struct PageCache {
    pages: Mutex<Pages>,
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
            bound,
        }
    }

    /// What the entries cost now (at most the bound).
    pub fn bytes(&self) -> usize {
        self.pages.lock().map(|p| p.bytes).unwrap_or(0)
    }

    /// Looks a page up for `version`. When only an older version is cached, the first request renders
    /// the new one while the others keep getting the older page for that short while, so a change
    /// under load costs one render instead of one per waiting visitor.
    pub fn lookup(&self, key: &str, version: i64) -> Lookup {
        let Ok(mut pages) = self.pages.lock() else {
            return Lookup::Render;
        };
        pages.clock += 1;
        let now = pages.clock;
        match pages.map.get_mut(key) {
            Some(p) if p.version == version => {
                p.last_used = now;
                Lookup::Hit(p.body.clone())
            }
            Some(p) if p.version < version => match p.refreshing_since {
                Some(t) if t.elapsed() < REFRESH_GRACE => Lookup::Hit(p.body.clone()),
                _ => {
                    p.refreshing_since = Some(Instant::now());
                    Lookup::Render
                }
            },
            _ => Lookup::Render,
        }
    }

    /// Stores a page (unless a newer version is there, or the page alone is over an eighth of the
    /// bound), evicting the least recently used pages past the bound.
    pub fn put(&self, key: String, version: i64, body: Bytes) {
        // A rendered page's buffer has grown by doubling: keep an exact copy, not up to twice its size.
        let body = Bytes::copy_from_slice(&body);
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
        ["rounds", _] => &["stale"],
        _ => &[],
    }
}

/// The cache key and event id of a cacheable public page: `/events/{id}` and its public sub-pages
/// (not exports, forms or JSON), or `None` for anything else. The key is the route with the numbers
/// as parsed (`/events/007` is `/events/7`), the parameters that page reads in the order given
/// (repeats kept: they make a different answer) and the language.
pub fn key(path: &str, query: &str, lang: &str) -> Option<(i64, String)> {
    let rest = path.strip_prefix("/events/")?;
    let mut parts = rest.split('/');
    let id: i64 = parts.next()?.parse().ok()?;
    let tail: Vec<&str> = parts.collect();
    let route = match tail.as_slice() {
        [] => String::new(),
        [page @ ("rounds" | "standings" | "crosstable" | "players" | "knockout" | "ranking")] => {
            format!("/{page}")
        }
        [page @ ("rounds" | "players"), n] => format!("/{page}/{}", n.parse::<u32>().ok()?),
        _ => return None,
    };
    let wanted = read_params(&tail);
    let mut key = format!("{id}{route}#{lang}?");
    for pair in query.split('&') {
        let name = pair.split('=').next().unwrap_or("");
        if wanted.contains(&name) {
            key.push_str(pair);
            key.push('&');
        }
    }
    Some((id, key))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_event_pages_are_cached() {
        let id = |p: &str| key(p, "", "en").map(|(id, _)| id);
        assert_eq!(id("/events/3"), Some(3));
        assert_eq!(id("/events/3/rounds/2"), Some(3));
        assert_eq!(id("/events/3/standings"), Some(3));
        assert_eq!(id("/events/3/export.json"), None);
        assert_eq!(id("/events/3/standings.csv"), None);
        assert_eq!(id("/events/new"), None);
        assert_eq!(id("/events/3/rounds/2/slips"), None);
        assert_eq!(id("/events/3/rounds/x"), None);
    }

    #[test]
    fn the_key_holds_the_route_the_read_parameters_and_the_language() {
        let k = |p: &str, q: &str| key(p, q, "en").map(|(_, k)| k);
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
        assert_ne!(k("/events/3", "done=x"), k("/events/3", ""));
        assert_ne!(
            k("/events/3/players", "imported=2"),
            k("/events/3/players", "")
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
            key("/events/3/rounds", "", "en"),
            key("/events/3/rounds", "", "zh-Hant")
        );
    }

    #[test]
    fn one_request_refreshes_while_the_others_get_the_previous_page() {
        let c = PageCache::default();
        c.put("k".into(), 1, Bytes::from_static(b"old"));
        assert!(matches!(c.lookup("k", 1), Lookup::Hit(b) if b == "old"));
        assert!(
            matches!(c.lookup("k", 2), Lookup::Render),
            "the first asker renders"
        );
        assert!(
            matches!(c.lookup("k", 2), Lookup::Hit(b) if b == "old"),
            "others wait on the old page"
        );
        c.put("k".into(), 2, Bytes::from_static(b"new"));
        assert!(matches!(c.lookup("k", 2), Lookup::Hit(b) if b == "new"));
        assert!(matches!(c.lookup("other", 2), Lookup::Render));
    }

    #[test]
    fn stale_versions_miss() {
        let c = PageCache::default();
        c.put("k".into(), 5, Bytes::from_static(b"x"));
        assert!(matches!(c.lookup("k", 5), Lookup::Hit(_)));
        assert!(matches!(c.lookup("k", 6), Lookup::Render));
        c.put("k".into(), 4, Bytes::from_static(b"older"));
        assert!(
            matches!(c.lookup("k", 5), Lookup::Hit(b) if b == "x"),
            "an older render does not replace a newer page"
        );
    }

    #[test]
    fn the_bytes_stay_within_the_bound_and_the_least_recently_used_go_first() {
        let bound = 100_000;
        let c = PageCache::new(bound);
        let page = Bytes::from(vec![b'x'; 1_000]);
        c.put("kept".into(), 1, page.clone());
        for i in 0..10_000 {
            // The page everyone reads stays; the strangers' pages make room for each other.
            assert!(matches!(c.lookup("kept", 1), Lookup::Hit(_)), "{i}");
            c.put(format!("stranger{i}"), 1, page.clone());
            assert!(c.bytes() <= bound, "{} bytes after {i}", c.bytes());
        }
        assert!(c.bytes() > bound / 2, "the cache is still used");
        assert!(matches!(c.lookup("stranger9999", 1), Lookup::Hit(_)));
        assert!(matches!(c.lookup("stranger0", 1), Lookup::Render));
        // Replacing a page counts its new size only.
        let before = c.bytes();
        c.put("kept".into(), 2, page.clone());
        assert_eq!(c.bytes(), before);
    }

    #[test]
    fn a_page_over_an_eighth_of_the_bound_is_not_kept() {
        let c = PageCache::new(8_000);
        c.put("big".into(), 1, Bytes::from(vec![b'x'; 1_200]));
        assert!(matches!(c.lookup("big", 1), Lookup::Render));
        assert_eq!(c.bytes(), 0);
        let off = PageCache::new(0);
        off.put("k".into(), 1, Bytes::from_static(b"x"));
        assert!(matches!(off.lookup("k", 1), Lookup::Render));
    }
}
