//! A cache of the public event pages as anonymous visitors see them (pairings, standings, crosstable,
//! player cards…), so a live display or a crowd of phones costs one render per change. An entry is
//! valid while the event's change counter (`store::events::version`) is unchanged.

use std::collections::HashMap;
use std::sync::Mutex;

use actix_web::web::Bytes;

/// Entries kept before the cache starts over (a few hundred events' pages in three languages).
const MAX_ENTRIES: usize = 4096;

/// One cached page.
#[derive(Clone)]
pub struct CachedPage {
    /// The event version it was rendered at.
    pub version: i64,
    /// The HTML.
    pub body: Bytes,
    /// When a request started rendering a newer version (others meanwhile get this page).
    pub refreshing_since: Option<std::time::Instant>,
}

/// What the cache says about a request.
pub enum Lookup {
    /// Serve this page.
    Hit(Bytes),
    /// Render the page (and `put` it).
    Render,
}

/// How long one request may take to render a newer version before another one tries.
const REFRESH_GRACE: std::time::Duration = std::time::Duration::from_secs(5);

/// The cache (shared by all workers).
#[derive(Default)]
pub struct PageCache {
    pages: Mutex<HashMap<String, CachedPage>>,
}

impl std::fmt::Debug for PageCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PageCache")
    }
}

impl PageCache {
    /// Looks a page up for `version`. When only an older version is cached, the first request renders
    /// the new one while the others keep getting the older page for that short while, so a change
    /// under load costs one render instead of one per waiting visitor.
    pub fn lookup(&self, key: &str, version: i64) -> Lookup {
        let Ok(mut pages) = self.pages.lock() else {
            return Lookup::Render;
        };
        match pages.get_mut(key) {
            Some(p) if p.version == version => Lookup::Hit(p.body.clone()),
            Some(p) if p.version < version => match p.refreshing_since {
                Some(t) if t.elapsed() < REFRESH_GRACE => Lookup::Hit(p.body.clone()),
                _ => {
                    p.refreshing_since = Some(std::time::Instant::now());
                    Lookup::Render
                }
            },
            _ => Lookup::Render,
        }
    }

    /// Stores a page.
    pub fn put(&self, key: String, version: i64, body: Bytes) {
        if let Ok(mut pages) = self.pages.lock() {
            if pages.len() >= MAX_ENTRIES {
                pages.clear();
            }
            let newer = pages.get(&key).is_some_and(|p| p.version > version);
            if !newer {
                pages.insert(
                    key,
                    CachedPage {
                        version,
                        body,
                        refreshing_since: None,
                    },
                );
            }
        }
    }
}

/// The event id of a cacheable public page path, or `None` for anything else: `/events/{id}` and its
/// public sub-pages (not exports, forms or JSON).
pub fn cacheable_event(path: &str) -> Option<i64> {
    let rest = path.strip_prefix("/events/")?;
    let mut parts = rest.split('/');
    let id: i64 = parts.next()?.parse().ok()?;
    let tail: Vec<&str> = parts.collect();
    let ok = match tail.as_slice() {
        [] => true,
        ["rounds"] | ["standings"] | ["crosstable"] | ["players"] | ["knockout"] | ["ranking"] => {
            true
        }
        ["rounds", n] | ["players", n] => n.parse::<u32>().is_ok(),
        _ => false,
    };
    ok.then_some(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_event_pages_are_cached() {
        assert_eq!(cacheable_event("/events/3"), Some(3));
        assert_eq!(cacheable_event("/events/3/rounds/2"), Some(3));
        assert_eq!(cacheable_event("/events/3/standings"), Some(3));
        assert_eq!(cacheable_event("/events/3/export.json"), None);
        assert_eq!(cacheable_event("/events/3/standings.csv"), None);
        assert_eq!(cacheable_event("/events/new"), None);
        assert_eq!(cacheable_event("/events/3/rounds/2/slips"), None);
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
    }
}
