//! The targets discussions hang on, adapted from the crates that own them: a working
//! group's rules come from `groups`, a blog post's from `content`, a project's from
//! `projects`.

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;
use discussions::enums::TopicType;
use discussions::{Access, CommentsDelta, PlaceName, Target, Targets};
use kernel::{AppContext, AppResult, CurrentUser};
use sea_orm::DatabaseConnection;

/// Working groups: members post and read private topics; the owner and moderators
/// moderate; the group shows its comment count.
struct GroupDiscussions {
    db: DatabaseConnection,
}

#[async_trait]
impl Target for GroupDiscussions {
    async fn access(&self, id: i64, viewer: Option<&CurrentUser>) -> AppResult<Option<Access>> {
        let rights = groups::service::discussion::rights(&self.db, id, viewer).await?;
        Ok(rights.map(|r| Access {
            read_private: r.read_private,
            write: r.write,
            set_private: r.set_private,
            moderate: r.moderate,
            phi_blocking: r.phi_blocking,
        }))
    }

    async fn comments_changed(&self, id: i64, delta: CommentsDelta) -> AppResult<()> {
        groups::service::discussion::count_comments(&self.db, id, delta.all, delta.public).await
    }

    async fn names(
        &self,
        ids: &[i64],
        viewer: Option<&CurrentUser>,
    ) -> AppResult<HashMap<i64, PlaceName>> {
        let found = groups::service::discussion::named(&self.db, ids, viewer).await?;
        Ok(found
            .into_iter()
            .map(|g| {
                let name = PlaceName {
                    route: format!("/working-groups/{}", g.group.slug),
                    title: g.group.title,
                    read_private: g.read_private,
                };
                (g.group.id, name)
            })
            .collect())
    }

    async fn member_of(&self, viewer: &CurrentUser) -> AppResult<Vec<i64>> {
        groups::service::discussion::member_of(&self.db, viewer.id).await
    }

    async fn people(&self, id: i64) -> AppResult<Vec<i64>> {
        groups::service::discussion::members(&self.db, id).await
    }
}

/// Blog posts: signed-in readers post where the post allows discussion; staff moderate;
/// nothing is private.
struct BlogDiscussions {
    db: DatabaseConnection,
}

#[async_trait]
impl Target for BlogDiscussions {
    async fn access(&self, id: i64, viewer: Option<&CurrentUser>) -> AppResult<Option<Access>> {
        let rights = content::service::blog::discussion_rights(&self.db, id, viewer).await?;
        Ok(rights.map(|(write, moderate)| Access {
            read_private: false,
            write,
            set_private: false,
            moderate,
            phi_blocking: false,
        }))
    }

    async fn comments_changed(&self, _id: i64, _delta: CommentsDelta) -> AppResult<()> {
        // Posts show no comment count.
        Ok(())
    }

    async fn names(
        &self,
        ids: &[i64],
        viewer: Option<&CurrentUser>,
    ) -> AppResult<HashMap<i64, PlaceName>> {
        let found = content::service::blog::named(&self.db, ids, viewer).await?;
        Ok(public_names(found, "/blog"))
    }

    async fn member_of(&self, _viewer: &CurrentUser) -> AppResult<Vec<i64>> {
        // Nothing is private under a blog post.
        Ok(Vec::new())
    }

    async fn people(&self, _id: i64) -> AppResult<Vec<i64>> {
        // A post has readers, not members: those who take part in its discussion.
        Ok(Vec::new())
    }
}

/// Projects: signed-in members discuss a live project; staff moderate; nothing is private.
struct ProjectDiscussions {
    db: DatabaseConnection,
}

#[async_trait]
impl Target for ProjectDiscussions {
    async fn access(&self, id: i64, viewer: Option<&CurrentUser>) -> AppResult<Option<Access>> {
        let rights = projects::service::discussion::rights(&self.db, id, viewer).await?;
        Ok(rights.map(|(write, moderate)| Access {
            read_private: false,
            write,
            set_private: false,
            moderate,
            phi_blocking: false,
        }))
    }

    async fn comments_changed(&self, _id: i64, _delta: CommentsDelta) -> AppResult<()> {
        // A project page shows no comment count.
        Ok(())
    }

    async fn names(
        &self,
        ids: &[i64],
        _viewer: Option<&CurrentUser>,
    ) -> AppResult<HashMap<i64, PlaceName>> {
        let found = projects::service::discussion::named(&self.db, ids).await?;
        Ok(public_names(found, "/project"))
    }

    async fn member_of(&self, _viewer: &CurrentUser) -> AppResult<Vec<i64>> {
        // Nothing is private under a project.
        Ok(Vec::new())
    }

    async fn people(&self, id: i64) -> AppResult<Vec<i64>> {
        projects::service::discussion::people(&self.db, id).await
    }
}

/// Names of places with nothing private, their pages under `base`.
fn public_names(found: Vec<(i64, String, String)>, base: &str) -> HashMap<i64, PlaceName> {
    found
        .into_iter()
        .map(|(id, slug, title)| {
            let name = PlaceName {
                title,
                route: format!("{base}/{slug}"),
                read_private: false,
            };
            (id, name)
        })
        .collect()
}

/// Every registered target.
pub fn targets(context: &AppContext) -> Targets {
    Targets::new()
        .with(
            TopicType::Groups,
            Arc::new(GroupDiscussions {
                db: context.db.clone(),
            }),
        )
        .with(
            TopicType::Blog,
            Arc::new(BlogDiscussions {
                db: context.db.clone(),
            }),
        )
        .with(
            TopicType::Projects,
            Arc::new(ProjectDiscussions {
                db: context.db.clone(),
            }),
        )
}
