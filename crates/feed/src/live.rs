//! The live channel's fan-out (spec 1 §4 Notifications): each instance keeps the sockets
//! of its own members; a notification reaches them directly, or, with Redis configured,
//! through a pub/sub channel every instance listens on, so a member connected to one
//! instance hears of what happened on another.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

const CHANNEL: &str = "cohort:notifications";

#[derive(Serialize, Deserialize)]
struct Envelope {
    user_id: i64,
    payload: String,
}

type Sockets = HashMap<i64, Vec<(u64, mpsc::UnboundedSender<String>)>>;

#[derive(Default)]
struct Inner {
    sockets: Mutex<Sockets>,
    next: Mutex<u64>,
}

/// Connected members and how to reach them.
#[derive(Clone)]
pub struct Hub {
    inner: Arc<Inner>,
    redis: Option<redis::Client>,
}

/// A member's open socket; dropping it (via [`Hub::leave`]) stops deliveries to it.
pub struct Subscription {
    pub user_id: i64,
    pub id: u64,
    pub messages: mpsc::UnboundedReceiver<String>,
}

impl Hub {
    /// Fan-out inside this process only.
    pub fn in_process() -> Self {
        Self {
            inner: Arc::default(),
            redis: None,
        }
    }

    /// Fan-out through Redis: publishes go to the channel, and a listener delivers what
    /// arrives on it to this instance's sockets.
    pub async fn with_redis(url: &str) -> anyhow::Result<Self> {
        let client = redis::Client::open(url)?;
        let mut pubsub = client.get_async_pubsub().await?;
        pubsub.subscribe(CHANNEL).await?;
        let hub = Self {
            inner: Arc::default(),
            redis: Some(client),
        };
        let listener = hub.clone();
        tokio::spawn(async move {
            let mut stream = pubsub.into_on_message();
            while let Some(message) = stream.next().await {
                let Ok(text) = message.get_payload::<String>() else {
                    continue;
                };
                if let Ok(envelope) = serde_json::from_str::<Envelope>(&text) {
                    listener.deliver_here(envelope.user_id, &envelope.payload);
                }
            }
            tracing::error!("the Redis notification channel closed; live notifications stop");
        });
        Ok(hub)
    }

    /// Registers a socket for `user_id`.
    pub fn join(&self, user_id: i64) -> Subscription {
        let (sender, messages) = mpsc::unbounded_channel();
        let id = {
            let mut next = self.inner.next.lock().unwrap_or_else(|p| p.into_inner());
            *next += 1;
            *next
        };
        self.inner
            .sockets
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(user_id)
            .or_default()
            .push((id, sender));
        Subscription {
            user_id,
            id,
            messages,
        }
    }

    /// Forgets a socket.
    pub fn leave(&self, user_id: i64, id: u64) {
        let mut sockets = self.inner.sockets.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(list) = sockets.get_mut(&user_id) {
            list.retain(|(sid, _)| *sid != id);
            if list.is_empty() {
                sockets.remove(&user_id);
            }
        }
    }

    /// How many sockets this instance holds.
    pub fn connections(&self) -> usize {
        self.inner
            .sockets
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .values()
            .map(Vec::len)
            .sum()
    }

    /// Sends `payload` to every socket of `user_id`, on whichever instance it is.
    pub async fn publish(&self, user_id: i64, payload: String) {
        let Some(client) = &self.redis else {
            self.deliver_here(user_id, &payload);
            return;
        };
        let text = match serde_json::to_string(&Envelope {
            user_id,
            payload: payload.clone(),
        }) {
            Ok(text) => text,
            Err(err) => {
                tracing::warn!(error = %err, "could not encode a live notification");
                return;
            }
        };
        let sent: redis::RedisResult<i64> = async {
            let mut connection = client.get_multiplexed_async_connection().await?;
            redis::cmd("PUBLISH")
                .arg(CHANNEL)
                .arg(&text)
                .query_async(&mut connection)
                .await
        }
        .await;
        if let Err(err) = sent {
            // The notification is stored; the member sees it when they next open the bell.
            tracing::warn!(error = %err, "could not publish a live notification; delivering locally");
            self.deliver_here(user_id, &payload);
        }
    }

    fn deliver_here(&self, user_id: i64, payload: &str) {
        let mut sockets = self.inner.sockets.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(list) = sockets.get_mut(&user_id) {
            list.retain(|(_, sender)| sender.send(payload.to_owned()).is_ok());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn delivers_to_every_socket_of_the_member_only() {
        let hub = Hub::in_process();
        let mut a1 = hub.join(1);
        let mut a2 = hub.join(1);
        let mut b = hub.join(2);
        hub.publish(1, "hello".into()).await;
        assert_eq!(a1.messages.recv().await.as_deref(), Some("hello"));
        assert_eq!(a2.messages.recv().await.as_deref(), Some("hello"));
        assert!(b.messages.try_recv().is_err());
        hub.leave(1, a1.id);
        assert_eq!(hub.connections(), 2);
    }
}
