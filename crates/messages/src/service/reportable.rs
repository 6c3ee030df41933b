//! Messages as members report them and staff act on them. Staff read no conversation; a
//! reported message reaches them in the queue, its words as its name, and nothing else of
//! its conversation does. Only staff review them (no working group is involved).

use std::collections::HashMap;

use async_trait::async_trait;
use kernel::moderation::{Reportable, Subject};
use kernel::{AppContext, AppResult, CurrentUser};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use super::members_of;
use crate::entity::message;

/// How much of a reported message the queue shows: enough to judge it.
const TITLE_CHARS: usize = 300;

pub struct Messages {
    ctx: AppContext,
}

impl Messages {
    pub fn new(ctx: AppContext) -> Self {
        Self { ctx }
    }
}

#[async_trait]
impl Reportable for Messages {
    async fn describe(&self, ids: &[i64]) -> AppResult<HashMap<i64, Subject>> {
        let found = message::Entity::find()
            .filter(message::Column::Id.is_in(ids.to_vec()))
            .filter(message::Column::DeletedAt.is_null())
            .all(&self.ctx.db)
            .await?;
        Ok(found
            .into_iter()
            .map(|m| {
                (
                    m.id,
                    Subject {
                        author_id: Some(m.author_id),
                        group_id: None,
                        title: kernel::rich_text::excerpt(&m.body, TITLE_CHARS),
                        // A conversation has no page staff may open.
                        route: String::new(),
                        hidden: m.hidden_at.is_some(),
                    },
                )
            })
            .collect())
    }

    async fn readable(&self, id: i64, viewer: &CurrentUser) -> AppResult<bool> {
        let Some(found) = message::Entity::find_by_id(id).one(&self.ctx.db).await? else {
            return Ok(false);
        };
        let members = members_of(&self.ctx.db, found.conversation_id).await?;
        Ok(found.deleted_at.is_none() && members.iter().any(|m| m.user_id == viewer.id))
    }

    fn removable(&self) -> bool {
        true
    }

    async fn set_hidden(&self, id: i64, reason: Option<&str>) -> AppResult<()> {
        let hidden_at = reason.map(|_| kernel::clock::now());
        message::Entity::update_many()
            .col_expr(message::Column::HiddenAt, Expr::value(hidden_at))
            .col_expr(
                message::Column::HiddenReason,
                Expr::value(reason.map(str::to_owned)),
            )
            .filter(message::Column::Id.eq(id))
            .exec(&self.ctx.db)
            .await?;
        Ok(())
    }

    async fn delete(&self, id: i64, _by: i64) -> AppResult<()> {
        message::Entity::update_many()
            .col_expr(
                message::Column::DeletedAt,
                Expr::value(Some(kernel::clock::now())),
            )
            .filter(message::Column::Id.eq(id))
            .filter(message::Column::DeletedAt.is_null())
            .exec(&self.ctx.db)
            .await?;
        Ok(())
    }
}
