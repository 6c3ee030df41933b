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

/// Routes each published event to the handlers subscribed to its type.
#[derive(Default, Clone)]
pub struct EventBus {
    handlers: Arc<RwLock<HashMap<TypeId, Vec<Handler>>>>,
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

    /// Delivers `event` to its subscribers, one after another, and returns when all are
    /// done, so a request's effects are visible by the time its response is sent.
    /// Handlers own their failures (they log them); publishing never fails.
    pub async fn publish<E: Event>(&self, event: E) {
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
}
