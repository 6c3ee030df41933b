//! In-process event bus: domain crates publish facts, other crates react to them,
//! and neither needs to know the other (DESIGN.md §2).

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, RwLock};

use futures_util::future::BoxFuture;

/// Marker for values that can travel on the bus.
pub trait Event: Any + Send + Sync {}

type Handler = Arc<dyn Fn(Arc<dyn Any + Send + Sync>) -> BoxFuture<'static, ()> + Send + Sync>;
type Watcher = Arc<dyn Fn() -> BoxFuture<'static, ()> + Send + Sync>;

/// Routes each published event to the handlers subscribed to its type.
#[derive(Default, Clone)]
pub struct EventBus {
    handlers: Arc<RwLock<HashMap<TypeId, Vec<Handler>>>>,
    /// Told of every event, whatever its type (something changed).
    watchers: Arc<RwLock<Vec<Watcher>>>,
}

impl EventBus {
    pub fn new() -> Self {
        Self::default()
    }

    /// Calls `handler` for every event of type `E` published from now on.
    pub fn subscribe<E, F, Fut>(&self, handler: F)
    where
        E: Event,
        F: Fn(Arc<E>) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = ()> + Send + 'static,
    {
        let handler = Arc::new(handler);
        let erased: Handler = Arc::new(move |event: Arc<dyn Any + Send + Sync>| {
            let handler = Arc::clone(&handler);
            Box::pin(async move {
                if let Ok(event) = event.downcast::<E>() {
                    handler(event).await;
                }
            })
        });
        let mut map = self
            .handlers
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        map.entry(TypeId::of::<E>()).or_default().push(erased);
    }

    /// Calls `watcher` after every event published from now on, whatever its type.
    pub fn watch_all<F, Fut>(&self, watcher: F)
    where
        F: Fn() -> Fut + Send + Sync + 'static,
        Fut: Future<Output = ()> + Send + 'static,
    {
        let erased: Watcher = Arc::new(move || Box::pin(watcher()));
        self.watchers
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .push(erased);
    }

    /// Delivers `event` to its subscribers, one after another, then tells the watchers,
    /// and returns when all are done, so a request's effects are visible by the time its
    /// response is sent. Handlers own their failures (they log them); publishing never
    /// fails.
    pub async fn publish<E: Event>(&self, event: E) {
        self.deliver(event).await;
        let watchers: Vec<Watcher> = self
            .watchers
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone();
        for watcher in watchers {
            watcher().await;
        }
    }

    async fn deliver<E: Event>(&self, event: E) {
        let handlers: Vec<Handler> = {
            let map = self
                .handlers
                .read()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            map.get(&TypeId::of::<E>()).cloned().unwrap_or_default()
        };
        if handlers.is_empty() {
            return;
        }
        let event: Arc<dyn Any + Send + Sync> = Arc::new(event);
        for handler in handlers {
            handler(Arc::clone(&event)).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    struct Joined(&'static str);
    impl Event for Joined {}
    struct Left;
    impl Event for Left {}

    #[tokio::test]
    async fn delivers_to_subscribers_of_the_type_only() {
        let bus = EventBus::new();
        let seen = Arc::new(Mutex::new(Vec::new()));
        for tag in ["first", "second"] {
            let seen = Arc::clone(&seen);
            bus.subscribe(move |e: Arc<Joined>| {
                let seen = Arc::clone(&seen);
                async move { seen.lock().unwrap().push(format!("{tag}:{}", e.0)) }
            });
        }
        bus.publish(Joined("ada")).await;
        bus.publish(Left).await;
        assert_eq!(*seen.lock().unwrap(), vec!["first:ada", "second:ada"]);
    }

    #[tokio::test]
    async fn watchers_hear_every_event() {
        let bus = EventBus::new();
        let heard = Arc::new(Mutex::new(0));
        let count = Arc::clone(&heard);
        bus.watch_all(move || {
            let count = Arc::clone(&count);
            async move { *count.lock().unwrap() += 1 }
        });
        bus.publish(Joined("ada")).await;
        bus.publish(Left).await;
        assert_eq!(*heard.lock().unwrap(), 2);
    }
}
