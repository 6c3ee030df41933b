//! A value worth keeping for a few seconds: the platform-wide totals every member's
//! dashboard shows are the same for everyone, so they are counted once per period, not
//! once per dashboard.

use std::future::Future;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct Memo<T> {
    lifetime: Duration,
    kept: Mutex<Option<(Instant, T)>>,
}

impl<T: Clone> Memo<T> {
    pub fn new(lifetime: Duration) -> Self {
        Self {
            lifetime,
            kept: Mutex::new(None),
        }
    }

    /// The kept value while it is young enough; otherwise `load`'s, kept from now.
    pub async fn get_or_load<E, F, Fut>(&self, load: F) -> Result<T, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<T, E>>,
    {
        if let Some((at, value)) = self.kept.lock().unwrap_or_else(|p| p.into_inner()).as_ref()
            && at.elapsed() < self.lifetime
        {
            return Ok(value.clone());
        }
        let value = load().await?;
        *self.kept.lock().unwrap_or_else(|p| p.into_inner()) =
            Some((Instant::now(), value.clone()));
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn keeps_a_value_for_its_lifetime_only() {
        let memo = Memo::new(Duration::from_millis(50));
        let first: Result<i32, ()> = memo.get_or_load(|| async { Ok(1) }).await;
        let kept: Result<i32, ()> = memo.get_or_load(|| async { Ok(2) }).await;
        assert_eq!((first, kept), (Ok(1), Ok(1)));
        tokio::time::sleep(Duration::from_millis(60)).await;
        let fresh: Result<i32, ()> = memo.get_or_load(|| async { Ok(3) }).await;
        assert_eq!(fresh, Ok(3));
    }

    #[tokio::test]
    async fn a_failure_is_not_kept() {
        let memo = Memo::new(Duration::from_secs(60));
        let failed: Result<i32, &str> = memo.get_or_load(|| async { Err("down") }).await;
        assert!(failed.is_err());
        let loaded: Result<i32, &str> = memo.get_or_load(|| async { Ok(4) }).await;
        assert_eq!(loaded, Ok(4));
    }
}
