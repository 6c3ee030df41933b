//! A donor whose charge failed gives a new card within the grace period: the pledge stands
//! again with the next charge attempt (a new idempotency key, so the new card is charged
//! anew) and is charged at once. A charge the donor's bank was asked to authenticate is
//! cancelled at the processor first, so that the bank's later "yes" can never collect it
//! beside the new card's; when the bank had already collected it, that charge is the
//! pledge's and the new card is left unused.

use kernel::payments::{ProcessorKind, Setup};
use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use super::{charging, pledging};
use crate::entity::pledge;
use crate::enums::PledgeStatus;
use crate::policy;

pub const NO_UPDATE: &str = "This pledge does not need a new card.";

/// The caller's failed pledge `id` that may still take a new card.
async fn failed(ctx: &AppContext, user: &CurrentUser, id: i64) -> AppResult<pledge::Model> {
    let found = pledge::Entity::find_by_id(id)
        .filter(pledge::Column::BackerId.eq(user.id))
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?;
    if policy::may_update_card(found.status, found.grace_until, kernel::clock::now()) {
        Ok(found)
    } else {
        Err(AppError::bad_request("no_card_update", NO_UPDATE))
    }
}

/// Starts saving the new card for the caller's failed pledge `id`.
pub async fn start(
    ctx: &AppContext,
    user: &CurrentUser,
    id: i64,
) -> AppResult<(ProcessorKind, Setup)> {
    failed(ctx, user, id).await?;
    let customer = pledging::customer_of(ctx, user).await?;
    let setup = ctx
        .payments
        .start_setup(&customer)
        .await
        .map_err(pledging::processor_error)?;
    Ok((ctx.payments.kind(), setup))
}

/// Puts the card the setup saved on the caller's failed pledge `id` and charges it.
pub async fn update(
    ctx: &AppContext,
    user: &CurrentUser,
    id: i64,
    setup_id: &str,
) -> AppResult<pledge::Model> {
    let found = failed(ctx, user, id).await?;
    let customer = pledging::customer_of(ctx, user).await?;
    let card = ctx
        .payments
        .saved_method(setup_id)
        .await
        .map_err(|_| AppError::field("setup_id", pledging::NO_CARD))?
        .filter(|m| m.customer_id == customer)
        .ok_or_else(|| AppError::field("setup_id", pledging::NO_CARD))?;
    let now = kernel::clock::now();
    if let Some(waiting) = charging::awaiting_authentication(&ctx.db, &found).await? {
        let cancelled = ctx
            .payments
            .cancel_charge(&waiting)
            .await
            .map_err(pledging::processor_error)?;
        if !cancelled {
            charging::authenticated(ctx, &found, waiting, now).await?;
            return charged_now(ctx, &found, now).await;
        }
    }
    let updated = pledge::Entity::update_many()
        .col_expr(pledge::Column::Status, Expr::value(PledgeStatus::Pledged))
        .col_expr(
            pledge::Column::ChargeAttempt,
            Expr::col(pledge::Column::ChargeAttempt).add(1),
        )
        .col_expr(pledge::Column::CustomerId, Expr::value(customer))
        .col_expr(pledge::Column::MethodId, Expr::value(card.id))
        .col_expr(pledge::Column::CardBrand, Expr::value(card.brand))
        .col_expr(pledge::Column::CardLast4, Expr::value(card.last4))
        .col_expr(
            pledge::Column::FailureCode,
            Expr::value(Option::<String>::None),
        )
        .col_expr(pledge::Column::UpdatedAt, Expr::value(now))
        .filter(pledge::Column::Id.eq(found.id))
        .filter(pledge::Column::Status.eq(PledgeStatus::Failed))
        .filter(pledge::Column::ChargeAttempt.eq(found.charge_attempt))
        .exec(&ctx.db)
        .await?;
    if updated.rows_affected == 0 {
        return Err(AppError::bad_request("no_card_update", NO_UPDATE));
    }
    charged_now(ctx, &found, now).await
}

/// Runs the charging of `found`'s project (which charges or settles it) and reads the
/// pledge as it then stands.
async fn charged_now(
    ctx: &AppContext,
    found: &pledge::Model,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<pledge::Model> {
    charging::run(ctx, found.project_id, now).await?;
    pledge::Entity::find_by_id(found.id)
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)
}
