//! An owner's payout account: where a funded project's money goes. The owner registers it
//! with the processor (its onboarding takes their institution's details; Cohort keeps only
//! the account's id and whether the processor verified it), and a Content Expert can only
//! approve funding once it is verified.

use kernel::{AppContext, AppResult, CurrentUser};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use super::pledging::processor_error;
use crate::entity::payout_account;

/// Final approval waits for the owner's verified payout account.
pub const NO_PAYOUT_ACCOUNT: &str =
    "The owner has no verified payout account yet: approval waits until they register one.";

/// The owner's payout account as the processor sees it now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayoutStatus {
    pub account_id: Option<String>,
    pub verified: bool,
}

async fn stored(ctx: &AppContext, user_id: i64) -> AppResult<Option<payout_account::Model>> {
    Ok(payout_account::Entity::find()
        .filter(payout_account::Column::UserId.eq(user_id))
        .filter(payout_account::Column::Processor.eq(ctx.payments.kind().as_str()))
        .one(&ctx.db)
        .await?)
}

/// Owner `user_id`'s account, its verification refreshed from the processor (and kept).
pub async fn status(ctx: &AppContext, user_id: i64) -> AppResult<PayoutStatus> {
    let Some(found) = stored(ctx, user_id).await? else {
        return Ok(PayoutStatus {
            account_id: None,
            verified: false,
        });
    };
    let verified = if found.verified {
        true
    } else {
        let now = ctx
            .payments
            .payout_account(&found.account_id)
            .await
            .map_err(processor_error)?
            .is_some_and(|a| a.verified);
        if now {
            let mut active: payout_account::ActiveModel = found.clone().into();
            active.verified = Set(true);
            active.update(&ctx.db).await?;
        }
        now
    };
    Ok(PayoutStatus {
        account_id: Some(found.account_id),
        verified,
    })
}

/// Where the member completes their payout account's onboarding: the account is created
/// at the processor on first use.
pub async fn onboarding(
    ctx: &AppContext,
    user: &CurrentUser,
    return_url: &str,
) -> AppResult<String> {
    let account_id = match stored(ctx, user.id).await? {
        Some(found) => found.account_id,
        None => {
            let made = ctx
                .payments
                .create_payout_account(&format!("member-{}", user.id))
                .await
                .map_err(processor_error)?;
            let row = payout_account::ActiveModel {
                user_id: Set(user.id),
                processor: Set(ctx.payments.kind().as_str().to_owned()),
                account_id: Set(made),
                verified: Set(false),
                created_at: Set(kernel::clock::now()),
                ..Default::default()
            };
            // Two first requests at once: the unique index keeps one account.
            let _ = payout_account::Entity::insert(row)
                .on_conflict_do_nothing_on([
                    payout_account::Column::UserId,
                    payout_account::Column::Processor,
                ])
                .exec(&ctx.db)
                .await?;
            stored(ctx, user.id)
                .await?
                .map(|a| a.account_id)
                .ok_or_else(kernel::AppError::not_found)?
        }
    };
    ctx.payments
        .onboarding_url(&account_id, return_url)
        .await
        .map_err(processor_error)
}
