//! The live channel's fan-out (spec 1 §4 Notifications): each instance keeps the sockets
//! of its own members; a notification reaches them directly, or, with Redis configured,
//! through a pub/sub channel every instance listens on, so a member connected to one
//! instance hears of what happened on another. The same channel carries signals between
//! instances (a change that makes cached public pages stale, say): every instance's
//! handlers for the signal run, this one's included. A socket may also watch rooms
//! ([`rooms`]): what changes there reaches the sockets watching it, each of which asks
//! the room's gate before it writes.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

mod rooms;

pub use rooms::{Ask, Gate, Gatekeeper, ROOM_NAME_MAX, ROOMS_PER_SOCKET, RoomAccess, RoomGate};

const CHANNEL: &str = "cohort:notifications";

#[derive(Clone, Serialize, Deserialize)]
struct Envelope {
    user_id: i64,
    payload: String,
}

/// What travels on the channel: notifications for members (a fan-out's in a few messages,
/// not one per member), a change for a room's watchers, or a signal for every instance.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum Message {
    Notices { notices: Vec<Envelope> },
    Room(RoomChange),
    Signal { signal: String },
}

#[derive(Clone, Serialize, Deserialize)]
struct RoomChange {
    room: String,
    private: bool,
    payload: String,
}

/// Notifications one message on the channel carries at most: a fan-out to ten thousand
/// members is ten messages of about 4 MB, not ten thousand round trips.
const NOTICES_PER_MESSAGE: usize = 1_000;

type Sockets = HashMap<i64, Vec<(u64, mpsc::UnboundedSender<Frame>)>>;
type SignalHandler = Box<dyn Fn() + Send + Sync>;

#[derive(Default)]
struct Inner {
    sockets: Mutex<Sockets>,
    next: Mutex<u64>,
    /// True while this instance listens on the Redis channel; until then (and while Redis
    /// is away) what it publishes is also delivered to its own sockets directly.
    listening: AtomicBool,
    /// Flips to true when the server shuts down: every socket says goodbye at once.
    closing: tokio::sync::watch::Sender<bool>,
    /// What to run when a signal arrives, by signal name.
    handlers: Mutex<HashMap<String, Vec<SignalHandler>>>,
    rooms: rooms::Rooms<Frame>,
}

/// Waits between reconnection attempts: from the first to the longest, doubling.
const FIRST_RETRY: Duration = Duration::from_millis(100);
const LONGEST_RETRY: Duration = Duration::from_secs(5);

/// Connected members and how to reach them.
#[derive(Clone)]
pub struct Hub {
    inner: Arc<Inner>,
    redis: Option<Redis>,
}

/// The shared connection this instance publishes on (it reconnects by itself after Redis
/// restarts); the listener subscribes on its own.
#[derive(Clone)]
struct Redis {
    publisher: redis::aio::ConnectionManager,
}

/// A member's open socket; dropping it (via [`Hub::leave`]) stops deliveries to it.
pub struct Subscription {
    pub user_id: i64,
    pub id: u64,
    pub messages: mpsc::UnboundedReceiver<Frame>,
}

/// One notification handed to a socket: its text, and its share of the publish's
/// [`Writes`], given back when the frame is dropped — once the socket has written it, or
/// with the socket's queue when the socket is gone.
pub struct Frame {
    pub text: String,
    /// A room's change: written only where the gate admits the socket's member.
    pub gate: Option<Gate>,
    _share: Share,
}

impl std::ops::Deref for Frame {
    type Target = str;

    fn deref(&self) -> &str {
        &self.text
    }
}

/// The frames one publish handed to this instance's sockets that are not written yet.
/// Work that can wait (a fan-out's e-mails) waits for them, so that it does not take the
/// cores the sockets are writing on.
#[derive(Clone, Default)]
pub struct Writes(Arc<Pending>);

#[derive(Default)]
struct Pending {
    left: AtomicUsize,
    done: tokio::sync::Notify,
}

struct Share(Arc<Pending>);

impl Drop for Share {
    fn drop(&mut self) {
        if self.0.left.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.0.done.notify_waiters();
        }
    }
}

impl Writes {
    fn share(&self) -> Share {
        self.0.left.fetch_add(1, Ordering::AcqRel);
        Share(Arc::clone(&self.0))
    }

    /// Returns once every frame is written (or dropped with its socket), or at `deadline`.
    pub async fn done_by(&self, deadline: tokio::time::Instant) {
        loop {
            let woken = self.0.done.notified();
            tokio::pin!(woken);
            // Registered before the count is read, so a wake-up in between is not lost.
            woken.as_mut().enable();
            if self.0.left.load(Ordering::Acquire) == 0
                || tokio::time::timeout_at(deadline, woken).await.is_err()
            {
                return;
            }
        }
    }
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
    /// arrives on it to this instance's sockets. Only a `REDIS_URL` that cannot be read stops
    /// start-up: with Redis away the instance starts (each member hears of what happens on
    /// the instance they are connected to), and the listener subscribes once it is back,
    /// reconnecting with backoff after every Redis restart.
    pub async fn with_redis(url: &str) -> anyhow::Result<Self> {
        let client = redis::Client::open(url)?;
        // One attempt per publish while Redis is away, bounded in time: a fan-out falls back
        // to this instance's sockets at once instead of waiting out a backoff. Connected on
        // first use, and again after a failure.
        let publishing = redis::aio::ConnectionManagerConfig::new()
            .set_number_of_retries(0)
            .set_connection_timeout(Some(Duration::from_secs(1)))
            .set_response_timeout(Some(Duration::from_secs(2)));
        let publisher =
            redis::aio::ConnectionManager::new_lazy_with_config(client.clone(), publishing)?;
        let hub = Self {
            inner: Arc::default(),
            redis: Some(Redis { publisher }),
        };
        let first = match subscribe(&client).await {
            Ok(pubsub) => {
                hub.inner.listening.store(true, Ordering::SeqCst);
                Some(pubsub)
            }
            Err(err) => {
                tracing::warn!(
                    error = %err,
                    "Redis does not answer: starting without it (this instance's members still \
                     hear of what happens here); subscribing once it is back"
                );
                None
            }
        };
        tokio::spawn(hub.clone().listen(client, first));
        Ok(hub)
    }

    /// Delivers what arrives on the channel, for as long as the process lives.
    async fn listen(self, client: redis::Client, first: Option<redis::aio::PubSub>) {
        let mut pubsub = first;
        let mut retry = FIRST_RETRY;
        loop {
            let Some(connected) = pubsub.take() else {
                tokio::time::sleep(retry).await;
                match subscribe(&client).await {
                    Ok(again) => {
                        tracing::info!("the Redis notification channel is back");
                        retry = FIRST_RETRY;
                        self.inner.listening.store(true, Ordering::SeqCst);
                        pubsub = Some(again);
                    }
                    Err(err) => {
                        tracing::debug!(error = %err, "Redis still away");
                        retry = (retry * 2).min(LONGEST_RETRY);
                    }
                }
                continue;
            };
            let mut stream = connected.into_on_message();
            while let Some(message) = stream.next().await {
                let Ok(text) = message.get_payload::<String>() else {
                    continue;
                };
                match serde_json::from_str::<Message>(&text) {
                    Ok(Message::Notices { notices }) => {
                        self.deliver_here(&notices, &Writes::default());
                    }
                    Ok(Message::Room(change)) => {
                        self.deliver_room_here(&change, &Writes::default());
                    }
                    Ok(Message::Signal { signal }) => self.run_handlers(&signal),
                    Err(_) => {}
                }
            }
            self.inner.listening.store(false, Ordering::SeqCst);
            tracing::warn!(
                "the Redis notification channel closed; reconnecting (this instance's members \
                 still hear of what happens here)"
            );
        }
    }

    /// True while this instance hears the other instances (always, without Redis).
    pub fn is_listening(&self) -> bool {
        self.redis.is_none() || self.inner.listening.load(Ordering::SeqCst)
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

    /// Lets socket `id` of `user_id` hear of `room`'s changes (whether it may is the
    /// caller's to decide first; each change asks again).
    pub fn watch(&self, user_id: i64, id: u64, room: &str) {
        let sender = self
            .inner
            .sockets
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&user_id)
            .and_then(|list| list.iter().find(|(sid, _)| *sid == id))
            .map(|(_, sender)| sender.clone());
        if let Some(sender) = sender {
            self.inner.rooms.watch(room, id, sender);
        }
    }

    /// Stops socket `id` hearing of `room`.
    pub fn unwatch(&self, id: u64, room: &str) {
        self.inner.rooms.unwatch(room, id);
    }

    /// How many sockets of this instance watch `room`.
    pub fn watching(&self, room: &str) -> usize {
        self.inner.rooms.watching(room)
    }

    /// Tells every socket of this instance to close (the server is going away).
    pub fn close_all(&self) {
        self.inner.closing.send_replace(true);
    }

    /// Resolves once [`Hub::close_all`] was called (at once if it already was).
    pub fn closing(&self) -> impl Future<Output = ()> + use<> {
        let mut closing = self.inner.closing.subscribe();
        async move {
            let _ = closing.wait_for(|closing| *closing).await;
        }
    }

    /// Whether the Redis the instances share answers; `None` without Redis.
    pub async fn redis_answers(&self) -> Option<bool> {
        match &self.redis {
            Some(redis) => Some(redis.ping().await),
            None => None,
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
        self.publish_all(vec![(user_id, payload)]).await;
    }

    /// Sends each `(user_id, payload)` to every socket of its member, on whichever instance
    /// it is: this instance's sockets under one lock, the others' in a few messages. The
    /// answer follows the frames handed to this instance's sockets directly (those that
    /// come back through Redis are not followed).
    pub async fn publish_all(&self, notes: Vec<(i64, String)>) -> Writes {
        let writes = Writes::default();
        let notices: Vec<Envelope> = notes
            .into_iter()
            .map(|(user_id, payload)| Envelope { user_id, payload })
            .collect();
        let Some(redis) = &self.redis else {
            self.deliver_here(&notices, &writes);
            return writes;
        };
        for batch in notices.chunks(NOTICES_PER_MESSAGE) {
            let sent = match serde_json::to_string(&Message::Notices {
                notices: batch.to_vec(),
            }) {
                Ok(text) => redis.send(&text).await,
                Err(err) => {
                    tracing::warn!(error = %err, "could not encode live notifications");
                    continue;
                }
            };
            match sent {
                // Not listening, this instance would not hear its own message back.
                Ok(_) if !self.is_listening() => self.deliver_here(batch, &writes),
                Ok(_) => {}
                Err(err) => {
                    // Other instances miss them; the notifications are stored and members
                    // see them when they next open the bell.
                    tracing::warn!(error = %err, "could not publish live notifications; delivering locally");
                    self.deliver_here(batch, &writes);
                }
            }
        }
        writes
    }

    /// Sends `payload` to every socket watching `room`, on whichever instance it is; each
    /// writes it only if its member may hear of the change (`private`: only those who read
    /// what the room's members do).
    pub async fn publish_room(&self, room: &str, private: bool, payload: String) {
        let change = RoomChange {
            room: room.to_owned(),
            private,
            payload,
        };
        let Some(redis) = &self.redis else {
            self.deliver_room_here(&change, &Writes::default());
            return;
        };
        let sent = match serde_json::to_string(&Message::Room(change.clone())) {
            Ok(text) => redis.send(&text).await,
            Err(err) => {
                tracing::warn!(error = %err, "could not encode a room's change");
                return;
            }
        };
        match sent {
            Ok(_) if !self.is_listening() => self.deliver_room_here(&change, &Writes::default()),
            Ok(_) => {}
            Err(err) => {
                tracing::warn!(error = %err, "could not publish a room's change; delivering locally");
                self.deliver_room_here(&change, &Writes::default());
            }
        }
    }

    /// Runs `handler` whenever `signal` is raised, on this instance or another.
    pub fn on_signal(&self, signal: &str, handler: impl Fn() + Send + Sync + 'static) {
        self.inner
            .handlers
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(signal.to_owned())
            .or_default()
            .push(Box::new(handler));
    }

    /// Raises `signal` here at once and, with Redis, on every other instance.
    pub async fn signal(&self, signal: &str) {
        self.run_handlers(signal);
        let Some(redis) = &self.redis else {
            return;
        };
        let text = serde_json::json!({ "signal": signal }).to_string();
        if let Err(err) = redis.send(&text).await {
            tracing::warn!(error = %err, signal, "could not tell the other instances");
        }
    }

    fn run_handlers(&self, signal: &str) {
        let handlers = self
            .inner
            .handlers
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        for handler in handlers.get(signal).into_iter().flatten() {
            handler();
        }
    }

    fn deliver_here(&self, notices: &[Envelope], writes: &Writes) {
        let mut sockets = self.inner.sockets.lock().unwrap_or_else(|p| p.into_inner());
        for notice in notices {
            if let Some(list) = sockets.get_mut(&notice.user_id) {
                list.retain(|(_, sender)| {
                    let frame = Frame {
                        text: notice.payload.clone(),
                        gate: None,
                        _share: writes.share(),
                    };
                    sender.send(frame).is_ok()
                });
            }
        }
    }
}

impl Hub {
    fn deliver_room_here(&self, change: &RoomChange, writes: &Writes) {
        self.inner.rooms.deliver(&change.room, || Frame {
            text: change.payload.clone(),
            gate: Some(Gate {
                room: change.room.clone(),
                private: change.private,
            }),
            _share: writes.share(),
        });
    }
}

impl Redis {
    /// Whether Redis answers a `PING`.
    async fn ping(&self) -> bool {
        let mut connection = self.publisher.clone();
        redis::cmd("PING")
            .query_async::<String>(&mut connection)
            .await
            .is_ok()
    }

    /// Publishes `text` on the channel.
    async fn send(&self, text: &str) -> redis::RedisResult<i64> {
        let mut connection = self.publisher.clone();
        redis::cmd("PUBLISH")
            .arg(CHANNEL)
            .arg(text)
            .query_async(&mut connection)
            .await
    }
}

/// A pub/sub connection listening on the notification channel.
async fn subscribe(client: &redis::Client) -> redis::RedisResult<redis::aio::PubSub> {
    let mut pubsub = client.get_async_pubsub().await?;
    pubsub.subscribe(CHANNEL).await?;
    Ok(pubsub)
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

    #[tokio::test]
    async fn a_fan_out_reaches_each_member_once() {
        let hub = Hub::in_process();
        let mut members: Vec<Subscription> = (1..=3).map(|id| hub.join(id)).collect();
        let notes = (1..=3).map(|id| (id, format!("for {id}"))).collect();
        hub.publish_all(notes).await;
        for member in &mut members {
            let expected = format!("for {}", member.user_id);
            assert_eq!(member.messages.recv().await.map(|f| f.text), Some(expected));
            assert!(member.messages.try_recv().is_err());
        }
    }

    #[tokio::test]
    async fn a_publish_is_done_once_its_frames_are_written_or_left_behind() {
        let hub = Hub::in_process();
        let mut reader = hub.join(1);
        let gone = hub.join(2);
        let _elsewhere = hub.join(3);
        hub.publish(3, "another publish's".into()).await;
        let writes = hub
            .publish_all(vec![(1, "a".into()), (2, "b".into()), (2, "c".into())])
            .await;
        let soon = || tokio::time::Instant::now() + Duration::from_millis(50);
        let long = tokio::time::Instant::now() + Duration::from_secs(5);
        let started = tokio::time::Instant::now();
        writes.done_by(soon()).await;
        assert!(
            started.elapsed() >= Duration::from_millis(50),
            "done with frames unwritten"
        );
        // Written: the socket's task drops the frame after writing its text.
        drop(reader.messages.recv().await);
        hub.leave(gone.user_id, gone.id);
        drop(gone);
        let started = tokio::time::Instant::now();
        writes.done_by(long).await;
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "another publish's frame counted"
        );
    }

    #[tokio::test]
    async fn signals_run_their_handlers_only() {
        let hub = Hub::in_process();
        let heard = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let count = heard.clone();
        hub.on_signal("stale", move || {
            count.fetch_add(1, Ordering::SeqCst);
        });
        hub.signal("stale").await;
        hub.signal("other").await;
        assert_eq!(heard.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn a_room_change_reaches_its_watchers_with_its_gate() {
        let hub = Hub::in_process();
        let mut watching = hub.join(1);
        let mut elsewhere = hub.join(2);
        hub.watch(1, watching.id, "room:a");
        hub.watch(2, elsewhere.id, "room:b");
        hub.watch(3, 99, "room:a"); // no such socket: nothing is registered
        assert_eq!(hub.watching("room:a"), 1);
        hub.publish_room("room:a", true, "changed".into()).await;
        let frame = watching.messages.recv().await.unwrap();
        assert_eq!(frame.text, "changed");
        assert_eq!(
            frame.gate,
            Some(Gate {
                room: "room:a".into(),
                private: true
            })
        );
        assert!(elsewhere.messages.try_recv().is_err());
        hub.unwatch(watching.id, "room:a");
        hub.publish_room("room:a", false, "again".into()).await;
        assert!(watching.messages.try_recv().is_err());
        assert_eq!(hub.watching("room:a"), 0);
    }

    #[test]
    fn notices_and_signals_read_apart() {
        let notices = serde_json::to_string(&Message::Notices {
            notices: vec![Envelope {
                user_id: 7,
                payload: "{}".into(),
            }],
        })
        .unwrap();
        assert!(matches!(
            serde_json::from_str::<Message>(&notices).unwrap(),
            Message::Notices { notices } if notices[0].user_id == 7
        ));
        assert!(matches!(
            serde_json::from_str::<Message>(r#"{"signal":"stale"}"#).unwrap(),
            Message::Signal { signal } if signal == "stale"
        ));
        assert!(matches!(
            serde_json::from_str::<Message>(r#"{"room":"r","private":false,"payload":"{}"}"#).unwrap(),
            Message::Room(RoomChange { room, .. }) if room == "r"
        ));
    }
}
