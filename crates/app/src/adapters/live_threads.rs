//! Live threads (issue 49 §3): discussions' events reach the sockets watching their
//! discussion's room, and the live channel asks discussions who may watch one. Direct
//! messages (§6) reach their conversation's members.

use std::sync::Arc;

use async_trait::async_trait;
use discussions::Targets;
use discussions::events::{DiscussionChanged, DiscussionPosted, DiscussionVoted};
use discussions::live::Broadcast;
use feed::live::{Gatekeeper, Hub, RoomAccess, RoomGate};
use kernel::events::Event;
use kernel::{AppContext, AppResult, CurrentUser};
use messages::events::MessageSent;

/// Sends each new topic or reply, edit and vote to its discussion's room.
pub fn wire(ctx: &AppContext, hub: &Hub) {
    relay::<DiscussionPosted>(ctx, hub, DiscussionPosted::broadcast);
    relay::<DiscussionChanged>(ctx, hub, DiscussionChanged::broadcast);
    relay::<DiscussionVoted>(ctx, hub, DiscussionVoted::broadcast);
    let hub = hub.clone();
    // A message goes to its conversation's members alone, as they were when it was sent.
    ctx.events.subscribe(move |sent: Arc<MessageSent>| {
        let hub = hub.clone();
        async move {
            hub.publish_all(sent.frames()).await;
        }
    });
}

fn relay<E: Event>(ctx: &AppContext, hub: &Hub, broadcast: fn(&E) -> Broadcast) {
    let hub = hub.clone();
    ctx.events.subscribe(move |event: Arc<E>| {
        let hub = hub.clone();
        async move {
            let Broadcast {
                room,
                private,
                payload,
            } = broadcast(&event);
            hub.publish_room(&room, private, payload).await;
        }
    });
}

/// Who may watch a discussion's room: whoever may read the discussion; its private
/// topics' changes, only those who read them.
struct DiscussionRooms(Targets);

#[async_trait]
impl RoomGate for DiscussionRooms {
    async fn access(&self, user: &CurrentUser, room: &str) -> AppResult<Option<RoomAccess>> {
        let access = discussions::live::access(&self.0, user, room).await?;
        Ok(access.map(|private| RoomAccess { private }))
    }
}

/// The live channel's gate for the discussions of `targets`.
pub fn gatekeeper(targets: Targets) -> Gatekeeper {
    Gatekeeper(Arc::new(DiscussionRooms(targets)))
}
