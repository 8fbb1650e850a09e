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
}

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
    /// The page under `key` if it was rendered at `version`.
    pub fn get(&self, key: &str, version: i64) -> Option<Bytes> {
        let pages = self.pages.lock().ok()?;
        pages
            .get(key)
            .filter(|p| p.version == version)
            .map(|p| p.body.clone())
    }

    /// Stores a page.
    pub fn put(&self, key: String, version: i64, body: Bytes) {
        if let Ok(mut pages) = self.pages.lock() {
            if pages.len() >= MAX_ENTRIES {
                pages.clear();
            }
            pages.insert(key, CachedPage { version, body });
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
    fn stale_versions_miss() {
        let c = PageCache::default();
        c.put("k".into(), 5, Bytes::from_static(b"x"));
        assert!(c.get("k", 5).is_some());
        assert!(c.get("k", 6).is_none());
    }
}
