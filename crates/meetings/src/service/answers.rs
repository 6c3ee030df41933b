//! Members answer a meeting: going, maybe, not going (once each; answering again changes it).

use kernel::{AppContext, AppResult, CurrentUser};
use sea_orm::sea_query::OnConflict;
use sea_orm::{EntityTrait, Set};

use crate::entity::answer;
use crate::enums::Answer;
use crate::host::Hosts;
use crate::policy;

/// `user` answers meeting `id` with `given`.
pub async fn answer(
    ctx: &AppContext,
    hosts: &Hosts,
    user: &CurrentUser,
    id: i64,
    given: Answer,
) -> AppResult<()> {
    let (found, standing) = super::listing::seen(ctx, hosts, user, id).await?;
    let now = kernel::clock::now();
    if !policy::may_answer(standing, found.ends_at, found.cancelled_at.is_some(), now) {
        return Err(super::scheduling::over());
    }
    let row = answer::ActiveModel {
        meeting_id: Set(id),
        user_id: Set(user.id),
        answer: Set(given),
        updated_at: Set(now),
    };
    answer::Entity::insert(row)
        .on_conflict(
            OnConflict::columns([answer::Column::MeetingId, answer::Column::UserId])
                .update_columns([answer::Column::Answer, answer::Column::UpdatedAt])
                .to_owned(),
        )
        .exec_without_returning(&ctx.db)
        .await?;
    Ok(())
}
