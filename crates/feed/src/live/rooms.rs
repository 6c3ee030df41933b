//! Rooms on the live channel (issue 49 §3, live threads): a socket watches the rooms of
//! what its page shows (a discussion, say) and hears of each change there. The feed treats
//! a room's name as opaque; the crate that owns what a room holds names it and, through
//! [`RoomGate`], says who may hear of it. Whether a member may is asked when they start
//! watching and again for every change, by the socket's own task, so that someone who lost
//! access (left a private group) stops hearing at once, on whichever instance they are.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use kernel::{AppResult, CurrentUser};
use serde::Deserialize;

/// Rooms one socket watches at most (a page shows one or two discussions).
pub const ROOMS_PER_SOCKET: usize = 8;
/// A room's name is at most this long; longer asks are ignored unread.
pub const ROOM_NAME_MAX: usize = 100;

/// What a member may hear of in a room.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoomAccess {
    /// Changes to what only members read (a private topic).
    pub private: bool,
}

/// The port through which the live channel learns who may hear of a room; `app` adapts
/// the owning crate's rules to it.
#[async_trait]
pub trait RoomGate: Send + Sync {
    /// What `user` may hear of in `room`; `None` when nothing (or no such room).
    async fn access(&self, user: &CurrentUser, room: &str) -> AppResult<Option<RoomAccess>>;
}

/// The gate the socket handler asks (registered as app data).
#[derive(Clone)]
pub struct Gatekeeper(pub Arc<dyn RoomGate>);

/// Who may receive a room's frame: those with access to the room, and to what only its
/// members read when the change is private.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gate {
    pub room: String,
    pub private: bool,
}

impl Gate {
    /// Whether `access` lets its holder hear of this change.
    pub fn admits(&self, access: Option<RoomAccess>) -> bool {
        access.is_some_and(|a| a.private || !self.private)
    }
}

/// What a socket asks of the channel.
#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Ask {
    Watch(String),
    Unwatch(String),
}

impl Ask {
    /// Reads a socket's text; `None` for anything else (unknown asks are ignored).
    pub fn read(text: &str) -> Option<Self> {
        let ask: Self = serde_json::from_str(text).ok()?;
        let (Self::Watch(room) | Self::Unwatch(room)) = &ask;
        (!room.is_empty() && room.len() <= ROOM_NAME_MAX).then_some(ask)
    }
}

type Watchers<T> = HashMap<String, Vec<(u64, tokio::sync::mpsc::UnboundedSender<T>)>>;

/// The sockets of this instance by room they watch, each reached by its queue of `T`.
pub(super) struct Rooms<T>(Mutex<Watchers<T>>);

impl<T> Default for Rooms<T> {
    fn default() -> Self {
        Self(Mutex::default())
    }
}

impl<T> Rooms<T> {
    pub(super) fn watch(
        &self,
        room: &str,
        socket: u64,
        sender: tokio::sync::mpsc::UnboundedSender<T>,
    ) {
        let mut rooms = self.lock();
        let watchers = rooms.entry(room.to_owned()).or_default();
        if !watchers.iter().any(|(id, _)| *id == socket) {
            watchers.push((socket, sender));
        }
    }

    pub(super) fn unwatch(&self, room: &str, socket: u64) {
        let mut rooms = self.lock();
        if let Some(watchers) = rooms.get_mut(room) {
            watchers.retain(|(id, _)| *id != socket);
            if watchers.is_empty() {
                rooms.remove(room);
            }
        }
    }

    /// Hands `make()` to every socket watching `room`, forgetting those that are gone.
    pub(super) fn deliver(&self, room: &str, mut make: impl FnMut() -> T) {
        let mut rooms = self.lock();
        if let Some(watchers) = rooms.get_mut(room) {
            watchers.retain(|(_, sender)| sender.send(make()).is_ok());
            if watchers.is_empty() {
                rooms.remove(room);
            }
        }
    }

    /// How many sockets watch `room` here.
    pub(super) fn watching(&self, room: &str) -> usize {
        self.lock().get(room).map_or(0, Vec::len)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Watchers<T>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_socket_asks_to_watch_or_unwatch_a_named_room_only() {
        assert_eq!(
            Ask::read(r#"{"watch":"discussion:group:3"}"#),
            Some(Ask::Watch("discussion:group:3".into()))
        );
        assert_eq!(
            Ask::read(r#"{"unwatch":"x"}"#),
            Some(Ask::Unwatch("x".into()))
        );
        assert_eq!(Ask::read(r#"{"watch":""}"#), None);
        assert_eq!(
            Ask::read(&format!(r#"{{"watch":"{}"}}"#, "a".repeat(101))),
            None
        );
        assert_eq!(Ask::read(r#"{"shout":"x"}"#), None);
        assert_eq!(Ask::read("not json"), None);
    }

    #[test]
    fn a_private_change_reaches_only_those_who_read_private_posts() {
        let public = Gate {
            room: "r".into(),
            private: false,
        };
        let private = Gate {
            room: "r".into(),
            private: true,
        };
        let member = Some(RoomAccess { private: true });
        let reader = Some(RoomAccess { private: false });
        assert!(public.admits(member) && public.admits(reader));
        assert!(private.admits(member) && !private.admits(reader));
        assert!(!public.admits(None) && !private.admits(None));
    }
}
