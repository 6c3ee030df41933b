//! A charge the donor's bank wants authenticated (Stripe's `requires_action`, the test card
//! ending 3155) cannot be made off-session: the pledge fails with `authentication_required`
//! and its donor is asked to confirm the payment within the grace period. On the project
//! page or in My pledges their browser completes the bank's challenge with the charge's
//! secret (Stripe.js's `confirmCardPayment`, or the test processor's page); Cohort then asks
//! the processor whether the charge was collected and records it once, as any charge.

use kernel::payments::ProcessorKind;
use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use super::{charging, pledging};
use crate::entity::pledge;
use crate::policy;

pub const NO_AUTHENTICATION: &str = "This pledge has no payment waiting for your confirmation.";
pub const NOT_CONFIRMED: &str =
    "Your bank has not confirmed this payment. Confirm it again, or give a new card.";

/// What the donor's browser needs to complete the bank's challenge.
pub struct Challenge {
    pub processor: ProcessorKind,
    pub charge_id: String,
    pub client_secret: String,
    pub amount_cents: i64,
}

/// The caller's pledge `id` and the charge of its attempt that its bank wanted authenticated.
async fn mine(ctx: &AppContext, user: &CurrentUser, id: i64) -> AppResult<(pledge::Model, String)> {
    let found = pledge::Entity::find_by_id(id)
        .filter(pledge::Column::BackerId.eq(user.id))
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?;
    let charge_id = charging::awaiting_authentication(&ctx.db, &found)
        .await?
        .ok_or_else(refused)?;
    Ok((found, charge_id))
}

fn refused() -> AppError {
    AppError::bad_request("no_authentication", NO_AUTHENTICATION)
}

fn may_authenticate(found: &pledge::Model) -> bool {
    policy::may_authenticate(
        found.status,
        found.failure_code.as_deref(),
        found.grace_until,
        kernel::clock::now(),
    )
}

/// Starts the bank's challenge for the caller's pledge `id`, while it waits for it.
pub async fn start(ctx: &AppContext, user: &CurrentUser, id: i64) -> AppResult<Challenge> {
    let (found, charge_id) = mine(ctx, user, id).await?;
    if !may_authenticate(&found) {
        return Err(refused());
    }
    let client_secret = ctx
        .payments
        .authentication_secret(&charge_id)
        .await
        .map_err(pledging::processor_error)?
        .ok_or_else(|| AppError::bad_request("not_confirmed", NOT_CONFIRMED))?;
    Ok(Challenge {
        processor: ctx.payments.kind(),
        charge_id,
        client_secret,
        amount_cents: found.amount_cents,
    })
}

/// Records the charge of the caller's pledge `id` once their bank confirmed it: the pledge
/// as it now stands (charged, or refunded at once when the project's money stopped moving).
/// A donor who confirmed just as the pledge was let go (a refund, the grace period's end)
/// gets the money back at once. The project's charging then goes on in the background (it
/// settles once nothing waits).
pub async fn complete(ctx: &AppContext, user: &CurrentUser, id: i64) -> AppResult<pledge::Model> {
    let (found, charge_id) = mine(ctx, user, id).await?;
    if !charging::collected(ctx, &charge_id).await? {
        return Err(if may_authenticate(&found) {
            AppError::bad_request("not_confirmed", NOT_CONFIRMED)
        } else {
            refused()
        });
    }
    charging::authenticated(ctx, &found, charge_id, kernel::clock::now()).await?;
    charging::start(ctx.clone(), found.project_id);
    pledge::Entity::find_by_id(found.id)
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)
}
