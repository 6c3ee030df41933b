//! Who may start a conversation with a member.

use kernel::{AppContext, AppResult};
use sea_orm::EntityTrait;
use sea_orm::Set;
use sea_orm::sea_query::OnConflict;

use crate::entity::setting;
use crate::enums::WhoMayMessage;

/// What `user_id` chose (everyone, until they choose).
pub async fn of(ctx: &AppContext, user_id: i64) -> AppResult<WhoMayMessage> {
    Ok(setting::Entity::find_by_id(user_id)
        .one(&ctx.db)
        .await?
        .map_or(WhoMayMessage::Everyone, |s| s.who_may_message))
}

/// Keeps `who` as `user_id`'s choice.
pub async fn set(ctx: &AppContext, user_id: i64, who: WhoMayMessage) -> AppResult<()> {
    let row = setting::ActiveModel {
        user_id: Set(user_id),
        who_may_message: Set(who),
        updated_at: Set(kernel::clock::now()),
    };
    setting::Entity::insert(row)
        .on_conflict(
            OnConflict::column(setting::Column::UserId)
                .update_columns([setting::Column::WhoMayMessage, setting::Column::UpdatedAt])
                .to_owned(),
        )
        .exec_without_returning(&ctx.db)
        .await?;
    Ok(())
}
