//! Published blog posts and expert lectures for the header's search.

use async_trait::async_trait;
use fulltext::{FullText, Hit, Index, Listed, SearchKind, Searchable, Source, find};
use kernel::{AppResult, CurrentUser};
use sea_orm::DatabaseConnection;
use sea_orm::sea_query::{Condition, Expr, ExprTrait};

use crate::entity::{blog_post, lecture};

/// Published blog posts, by title, summary and body.
pub struct PublishedPosts;

impl Searchable for PublishedPosts {
    type Entity = blog_post::Entity;
    const KIND: SearchKind = SearchKind::BlogPost;
    const INDEX: Index = Index {
        table: "blog_posts",
        vector: "search_vector",
        fts: "blog_posts_fts",
        weights: "10.0, 4.0, 1.0",
        snippet_column: ("body", 2),
        rich: true,
    };

    fn id_column() -> blog_post::Column {
        blog_post::Column::Id
    }

    fn id_of(post: &blog_post::Model) -> i64 {
        post.id
    }

    fn visible() -> Condition {
        Condition::all().add(Expr::col(blog_post::Column::Published).eq(true))
    }

    fn listed(post: blog_post::Model) -> Listed {
        Listed {
            id: post.id,
            route: format!("/blog/{}", post.slug),
            title: post.title,
            place: None,
            at: post.date,
        }
    }
}

/// Every lecture, by title, speaker and summary.
pub struct Lectures;

impl Searchable for Lectures {
    type Entity = lecture::Entity;
    const KIND: SearchKind = SearchKind::Lecture;
    const INDEX: Index = Index {
        table: "lectures",
        vector: "search_vector",
        fts: "lectures_fts",
        weights: "10.0, 4.0, 1.0",
        snippet_column: ("summary", 2),
        rich: true,
    };

    fn id_column() -> lecture::Column {
        lecture::Column::Id
    }

    fn id_of(lecture: &lecture::Model) -> i64 {
        lecture.id
    }

    fn visible() -> Condition {
        Condition::all()
    }

    fn listed(lecture: lecture::Model) -> Listed {
        Listed {
            id: lecture.id,
            route: format!("/lecture-series/{}", lecture.id),
            title: lecture.title,
            place: Some(lecture.author),
            at: lecture.created_at,
        }
    }
}

/// The content crate's source: its two kinds, each asked only when wanted.
pub struct Content {
    db: DatabaseConnection,
}

impl Content {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

#[async_trait]
impl Source for Content {
    fn kinds(&self) -> &'static [SearchKind] {
        &[SearchKind::BlogPost, SearchKind::Lecture]
    }

    async fn search(
        &self,
        query: &FullText,
        kinds: &[SearchKind],
        _viewer: Option<&CurrentUser>,
        limit: u64,
    ) -> AppResult<Vec<Hit>> {
        let mut hits = Vec::new();
        if kinds.contains(&SearchKind::BlogPost) {
            hits.extend(find::<PublishedPosts>(&self.db, query, limit).await?);
        }
        if kinds.contains(&SearchKind::Lecture) {
            hits.extend(find::<Lectures>(&self.db, query, limit).await?);
        }
        Ok(hits)
    }
}
