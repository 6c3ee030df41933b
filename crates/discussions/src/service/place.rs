//! Where a discussion happens and what the viewer may do there.

use std::sync::Arc;

use kernel::{AppError, AppResult, CurrentUser};

use crate::enums::TopicType;
use crate::target::{Access, CommentsDelta, Target, Targets};

/// A target's discussion as one viewer meets it.
#[derive(Clone)]
pub struct Place {
    pub topic_type: TopicType,
    pub target_id: i64,
    pub access: Access,
    target: Arc<dyn Target>,
}

impl Place {
    /// The discussion of `target_id`; 404 when no such target exists for the viewer.
    pub async fn of(
        targets: &Targets,
        topic_type: TopicType,
        target_id: i64,
        viewer: Option<&CurrentUser>,
    ) -> AppResult<Self> {
        let target = targets
            .get(topic_type)
            .cloned()
            .ok_or_else(AppError::not_found)?;
        let access = target
            .access(target_id, viewer)
            .await?
            .ok_or_else(AppError::not_found)?;
        Ok(Self {
            topic_type,
            target_id,
            access,
            target,
        })
    }

    /// The discussion of `target_id` as the moderation of reports meets it: who may act
    /// was decided there, so it carries no viewer's access and serves only to count.
    pub fn for_moderation(
        targets: &Targets,
        topic_type: TopicType,
        target_id: i64,
    ) -> AppResult<Self> {
        let target = targets
            .get(topic_type)
            .cloned()
            .ok_or_else(AppError::not_found)?;
        Ok(Self {
            topic_type,
            target_id,
            access: Access::default(),
            target,
        })
    }

    /// Refuses anyone who may not post here.
    pub fn require_write(&self) -> AppResult<()> {
        if self.access.write {
            Ok(())
        } else {
            Err(AppError::forbidden())
        }
    }

    /// Whether member `user_id` may read a topic here that is public or not (whom an
    /// @mention reaches). They are asked about as a member, not as staff.
    pub async fn readable_by(&self, user_id: i64, is_public: bool) -> AppResult<bool> {
        let reader = CurrentUser {
            id: user_id,
            staff_role: None,
            content_expert: false,
            password_change_required: false,
        };
        let access = self.target.access(self.target_id, Some(&reader)).await?;
        Ok(access.is_some_and(|a| is_public || a.read_private))
    }

    /// The target's own people (a group's members, a project's team).
    pub async fn people(&self) -> AppResult<Vec<i64>> {
        self.target.people(self.target_id).await
    }

    /// Tells the target its discussion gained (+1) or lost (-1) a live post, in a public
    /// topic or not.
    pub async fn counted(&self, delta: i32, is_public: bool) -> AppResult<()> {
        let public = if is_public { delta } else { 0 };
        self.target
            .comments_changed(self.target_id, CommentsDelta { all: delta, public })
            .await
    }

    /// Tells the target that `posts` live posts became public (or, negative, private).
    pub async fn made_public(&self, posts: i32) -> AppResult<()> {
        self.target
            .comments_changed(
                self.target_id,
                CommentsDelta {
                    all: 0,
                    public: posts,
                },
            )
            .await
    }
}
