//! Turns rows into the API's topics and replies, loading what they show (authors, files,
//! the viewer's votes, quoted parents, how they follow each topic) once for the whole batch.

use std::collections::HashMap;

use kernel::users::UserSummary;
use kernel::{AppContext, AppResult, CurrentUser};
use media::images;

use super::rows;
use super::views::{Attachment, Author, Comment, Quote, ReactionCount, Topic, Votes};
use crate::entity::{attachment, post};
use crate::enums::{AttachmentType, Level, Reaction};
use crate::policy;
use crate::service::votes;
use crate::target::Access;

/// What a batch of posts shows beside its own rows, read in a fixed number of statements.
pub struct Batch<'a> {
    ctx: &'a AppContext,
    viewer: Option<i64>,
    access: Access,
    authors: HashMap<i64, UserSummary>,
    files: HashMap<i64, Vec<attachment::Model>>,
    reactions: HashMap<i64, Reaction>,
    /// Each post's reactions (emoji), counted.
    emoji: HashMap<i64, Vec<ReactionCount>>,
    parents: HashMap<i64, post::Model>,
    /// How the viewer hears of each topic.
    levels: HashMap<i64, Level>,
}

impl<'a> Batch<'a> {
    /// Loads what `posts` (topics and replies) need to be shown to `viewer`.
    pub async fn load(
        ctx: &'a AppContext,
        viewer: Option<&CurrentUser>,
        access: Access,
        posts: &[&post::Model],
    ) -> AppResult<Self> {
        let ids: Vec<i64> = posts.iter().map(|p| p.id).collect();
        let missing_parents: Vec<i64> = posts
            .iter()
            .filter_map(|p| p.parent_id)
            .filter(|id| !ids.contains(id))
            .collect();
        let mut parents: HashMap<i64, post::Model> = post::by_ids(&ctx.db, missing_parents)
            .await?
            .into_iter()
            .map(|p| (p.id, p))
            .collect();
        for post in posts {
            if posts.iter().any(|p| p.parent_id == Some(post.id)) {
                parents.insert(post.id, (*post).clone());
            }
        }
        let mut people: Vec<i64> = posts.iter().map(|p| p.created_by_id).collect();
        people.extend(parents.values().map(|p| p.created_by_id));
        people.sort_unstable();
        people.dedup();
        let topics: Vec<i64> = posts
            .iter()
            .filter(|p| p.topic_id.is_none())
            .map(|p| p.id)
            .collect();
        let (reactions, levels) = match viewer {
            Some(user) => (
                rows::reactions_of(&ctx.db, user.id, &ids).await?,
                rows::levels_on(&ctx.db, user.id, &topics).await?,
            ),
            None => (HashMap::new(), HashMap::new()),
        };
        Ok(Self {
            ctx,
            viewer: viewer.map(|v| v.id),
            access,
            authors: ctx.users.summaries(&people).await?,
            files: rows::files_of(&ctx.db, &ids).await?,
            emoji: rows::emoji_of(&ctx.db, viewer.map(|v| v.id), &ids).await?,
            reactions,
            parents,
            levels,
        })
    }

    fn author(&self, id: i64) -> Option<Author> {
        self.authors.get(&id).map(|u| Author {
            id: u.id,
            name: u.name.clone(),
            avatar: u.avatar_thumbnail.clone(),
        })
    }

    /// Whether the viewer reads the post's content: it is live, and not hidden, or hidden
    /// and they wrote it or moderate here.
    fn shows(&self, post: &post::Model) -> bool {
        post.deleted_at.is_none()
            && (post.hidden_at.is_none() || self.is_owner(post) || self.access.moderate)
    }

    /// Why the post is hidden, for its author and the moderators.
    fn hidden_reason(&self, post: &post::Model) -> Option<String> {
        if self.is_owner(post) || self.access.moderate {
            post.hidden_reason.clone()
        } else {
            None
        }
    }

    fn attachments(&self, post: &post::Model) -> Vec<Attachment> {
        if !self.shows(post) {
            return Vec::new();
        }
        let links = &self.ctx.file_links;
        self.files
            .get(&post.id)
            .map(|files| {
                files
                    .iter()
                    .map(|f| {
                        let kind = f.kind;
                        // Re-encoded pictures have a thumbnail; GIFs and PDFs are their own.
                        let has_thumbnail =
                            kind == AttachmentType::Image && !f.file_key.ends_with(".gif");
                        let thumbnail = if has_thumbnail {
                            images::thumbnail_key(&f.file_key)
                        } else {
                            f.file_key.clone()
                        };
                        Attachment {
                            id: f.id,
                            image: links.url(&f.file_key),
                            image_thumbnail: links.url(&thumbnail),
                            attachment_type: kind,
                            filename: f.filename.clone(),
                        }
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    fn text(&self, post: &post::Model) -> String {
        if self.shows(post) {
            post.text.clone()
        } else {
            String::new()
        }
    }

    fn is_owner(&self, post: &post::Model) -> bool {
        self.viewer == Some(post.created_by_id)
    }

    /// A deleted or hidden post keeps its place, not its reactions.
    fn emoji_on(&self, post: &post::Model) -> Vec<ReactionCount> {
        if post.deleted_at.is_some() || post.hidden_at.is_some() {
            return Vec::new();
        }
        self.emoji.get(&post.id).cloned().unwrap_or_default()
    }

    fn can_react(&self, post: &post::Model) -> bool {
        self.viewer.is_some()
            && policy::may_react(
                post.deleted_at.is_some(),
                post.hidden_at.is_some(),
                self.access,
            )
    }

    fn can_edit(&self, post: &post::Model) -> bool {
        policy::may_edit(self.is_owner(post), post.deleted_at.is_some(), self.access)
    }

    fn can_delete(&self, post: &post::Model) -> bool {
        self.viewer.is_some()
            && policy::may_delete(self.is_owner(post), post.deleted_at.is_some(), self.access)
    }

    fn quote(&self, post: &post::Model) -> Option<Quote> {
        let parent = self.parents.get(&post.parent_id?)?;
        if parent.deleted_at.is_some() || parent.hidden_at.is_some() {
            return None;
        }
        Some(Quote {
            created_by: self.author(parent.created_by_id),
            text: kernel::rich_text::plain_text(&parent.text),
        })
    }

    pub fn comment(&self, post: post::Model) -> Comment {
        Comment {
            id: post.id,
            discussion: post.topic_id.unwrap_or(post.id),
            text: self.text(&post),
            parent: post.parent_id,
            quotes: self.quote(&post),
            images: self.attachments(&post),
            votes: Votes {
                up: post.votes_up,
                down: post.votes_down,
            },
            user_reaction: self.reactions.get(&post.id).copied(),
            reactions: self.emoji_on(&post),
            can_react: self.can_react(&post),
            created_by: self.author(post.created_by_id),
            is_owner: self.is_owner(&post),
            can_edit: self.can_edit(&post),
            can_delete: self.can_delete(&post),
            cannot_vote: votes::refusal(self.viewer, &post, self.access).map(str::to_owned),
            created_at: post.created_at,
            updated_at: post.updated_at,
            edited_at: post.edited_at,
            deleted_at: post.deleted_at,
            hidden_at: post.hidden_at,
            hidden_reason: self.hidden_reason(&post),
            unreached_mentions: Vec::new(),
        }
    }

    pub fn topic(&self, post: post::Model, replies: Vec<post::Model>) -> Topic {
        Topic {
            id: post.id,
            text: self.text(&post),
            is_public: post.is_public,
            images: self.attachments(&post),
            votes: Votes {
                up: post.votes_up,
                down: post.votes_down,
            },
            user_reaction: self.reactions.get(&post.id).copied(),
            reactions: self.emoji_on(&post),
            can_react: self.can_react(&post),
            created_by: self.author(post.created_by_id),
            is_owner: self.is_owner(&post),
            can_edit: self.can_edit(&post),
            can_delete: self.can_delete(&post),
            cannot_vote: votes::refusal(self.viewer, &post, self.access).map(str::to_owned),
            created_at: post.created_at,
            updated_at: post.updated_at,
            edited_at: post.edited_at,
            deleted_at: post.deleted_at,
            hidden_at: post.hidden_at,
            hidden_reason: self.hidden_reason(&post),
            unreached_mentions: Vec::new(),
            num_replies: post.num_replies - post.num_deleted_replies,
            thread_size: post.num_replies,
            subscription: self.levels.get(&post.id).copied().unwrap_or(Level::Normal),
            replies: replies.into_iter().map(|r| self.comment(r)).collect(),
        }
    }
}
