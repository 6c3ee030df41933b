//! Published blog posts and expert lectures for the header's search.

use async_trait::async_trait;
use kernel::search::{Found, FullText, Hit, Index, Rows, SearchKind, Source};
use kernel::{AppResult, CurrentUser};
use sea_orm::DatabaseConnection;
use sea_orm::sea_query::{Condition, Expr, ExprTrait};

use crate::entity::{blog_post, lecture};

const POSTS: Index = Index {
    table: "blog_posts",
    vector: "search_vector",
    fts: "blog_posts_fts",
    weights: "10.0, 4.0, 1.0",
    snippet_column: ("body", 2),
    rich: true,
};

const LECTURES: Index = Index {
    table: "lectures",
    vector: "search_vector",
    fts: "lectures_fts",
    weights: "10.0, 4.0, 1.0",
    snippet_column: ("summary", 2),
    rich: true,
};

pub struct Content {
    db: DatabaseConnection,
}

impl Content {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }

    async fn posts(&self, query: &FullText, limit: u64) -> AppResult<Vec<Hit>> {
        let published = Condition::all().add(Expr::col(blog_post::Column::Published).eq(true));
        let rows: Rows<blog_post::Entity, _, _> = Rows {
            id: blog_post::Column::Id,
            id_of: |p: &blog_post::Model| p.id,
            hit: |f: &Found, post: blog_post::Model| Hit {
                kind: SearchKind::BlogPost,
                id: post.id,
                route: format!("/blog/{}", post.slug),
                title: post.title,
                place: None,
                snippet: f.snippet(&POSTS),
                score: f.score,
                at: post.date,
            },
        };
        POSTS.hits(&self.db, query, &[published], limit, rows).await
    }

    async fn lectures(&self, query: &FullText, limit: u64) -> AppResult<Vec<Hit>> {
        let rows: Rows<lecture::Entity, _, _> = Rows {
            id: lecture::Column::Id,
            id_of: |l: &lecture::Model| l.id,
            hit: |f: &Found, lecture: lecture::Model| Hit {
                kind: SearchKind::Lecture,
                id: lecture.id,
                route: format!("/lecture-series/{}", lecture.id),
                title: lecture.title,
                place: Some(lecture.author),
                snippet: f.snippet(&LECTURES),
                score: f.score,
                at: lecture.created_at,
            },
        };
        LECTURES
            .hits(&self.db, query, &[Condition::all()], limit, rows)
            .await
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
            hits.extend(self.posts(query, limit).await?);
        }
        if kinds.contains(&SearchKind::Lecture) {
            hits.extend(self.lectures(query, limit).await?);
        }
        Ok(hits)
    }
}
