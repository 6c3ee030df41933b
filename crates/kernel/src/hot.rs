//! Small, hot lookups kept in memory: a session's member, a member's name and picture.
//! Every signed-in request and every list needs them, and each costs a round trip to the
//! database (on SQLite, a hop to its thread and back) that would otherwise dominate a
//! request.
//!
//! Kept safely, not for a while: [`Changes`] counts the changes that may have made a kept
//! value wrong — any write through the API, any domain event, on this instance or another
//! (the app bumps it when the live channel says so) — and a value kept before the last
//! change is never given out. A value read before a change that lands meanwhile is not
//! kept at all.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

/// The number of changes so far; shared by every cache of the instance.
#[derive(Clone, Default)]
pub struct Changes(Arc<AtomicU64>);

impl Changes {
    /// The current count: take it before reading what a cache will keep.
    pub fn now(&self) -> u64 {
        self.0.load(Ordering::SeqCst)
    }

    /// Something may have changed: every kept value is stale.
    pub fn bump(&self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

struct Kept<K, V> {
    /// The count of changes the values were read at.
    at: u64,
    values: HashMap<K, (Instant, V)>,
}

/// Values by key, given out only while no change happened since they were read and no
/// older than a lifetime (which bounds a change made outside the app, as by a CLI).
pub struct HotCache<K, V> {
    changes: Changes,
    lifetime: Duration,
    max_entries: usize,
    kept: RwLock<Kept<K, V>>,
}

impl<K: Eq + Hash + Clone, V: Clone> HotCache<K, V> {
    pub fn new(changes: Changes, lifetime: Duration, max_entries: usize) -> Self {
        Self {
            changes,
            lifetime,
            max_entries,
            kept: RwLock::new(Kept {
                at: 0,
                values: HashMap::new(),
            }),
        }
    }

    /// The changes count to read values at (pass it to [`HotCache::keep`]).
    pub fn now(&self) -> u64 {
        self.changes.now()
    }

    pub fn get(&self, key: &K) -> Option<V> {
        let kept = self.kept.read().unwrap_or_else(|p| p.into_inner());
        if kept.at != self.changes.now() {
            return None;
        }
        kept.values
            .get(key)
            .filter(|(when, _)| when.elapsed() < self.lifetime)
            .map(|(_, value)| value.clone())
    }

    /// Keeps `value`, read when the count of changes was `read_at`.
    pub fn keep(&self, key: K, value: V, read_at: u64) {
        if read_at != self.changes.now() {
            return;
        }
        let mut kept = self.kept.write().unwrap_or_else(|p| p.into_inner());
        if kept.at != read_at {
            kept.at = read_at;
            kept.values.clear();
        }
        if kept.values.len() >= self.max_entries {
            kept.values.clear();
        }
        kept.values.insert(key, (Instant::now(), value));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cache(changes: &Changes) -> HotCache<i64, &'static str> {
        HotCache::new(changes.clone(), Duration::from_secs(60), 2)
    }

    #[test]
    fn a_change_makes_every_value_stale() {
        let changes = Changes::default();
        let cache = cache(&changes);
        cache.keep(1, "Ada", cache.now());
        assert_eq!(cache.get(&1), Some("Ada"));
        changes.bump();
        assert_eq!(cache.get(&1), None);
    }

    #[test]
    fn a_value_read_before_a_change_is_not_kept() {
        let changes = Changes::default();
        let cache = cache(&changes);
        let read_at = cache.now();
        changes.bump();
        cache.keep(1, "old Ada", read_at);
        assert_eq!(cache.get(&1), None);
    }

    #[test]
    fn old_values_and_a_full_cache_make_room() {
        let changes = Changes::default();
        let short = HotCache::new(changes.clone(), Duration::ZERO, 10);
        short.keep(1, "Ada", short.now());
        assert_eq!(short.get(&1), None);
        let cache = cache(&changes);
        for id in 0..3 {
            cache.keep(id, "someone", cache.now());
        }
        assert_eq!(cache.get(&2), Some("someone"));
    }
}
