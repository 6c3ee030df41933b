//! A donor's receipt for a charged pledge: a one-page PDF only they can download, naming
//! the project, the amount, the card and the processor's reference.

use kernel::{AppContext, AppError, AppResult, CurrentUser};
use media::pdf::{A4, Font, Page};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use super::ledger::PLATFORM_FEE_PERCENT;
use crate::entity::{ledger, pledge, project};
use crate::enums::{LedgerKind, PledgeStatus};

pub const NO_RECEIPT: &str = "This pledge has no receipt: it was not charged.";

/// A receipt's file: its name and its bytes.
pub struct Receipt {
    pub filename: String,
    pub pdf: Vec<u8>,
}

/// The receipt of the caller's charged pledge `id`.
pub async fn of(ctx: &AppContext, user: &CurrentUser, id: i64) -> AppResult<Receipt> {
    let (found, project) = pledge::Entity::find_by_id(id)
        .filter(pledge::Column::BackerId.eq(user.id))
        .find_also_related(project::Entity)
        .one(&ctx.db)
        .await?
        .and_then(|(p, project)| project.map(|project| (p, project)))
        .ok_or_else(AppError::not_found)?;
    let Some(charge_id) = found.charge_id.clone() else {
        return Err(AppError::bad_request("no_receipt", NO_RECEIPT));
    };
    let entries = ledger::Entity::find()
        .filter(ledger::Column::PledgeId.eq(found.id))
        .filter(ledger::Column::Kind.is_in([LedgerKind::Charged, LedgerKind::Refunded]))
        .all(&ctx.db)
        .await?;
    let when = |kind| {
        entries
            .iter()
            .find(|e| e.kind == kind)
            .map(|e| e.created_at)
    };
    let charged_at = when(LedgerKind::Charged).unwrap_or(found.updated_at);
    let name = ctx
        .users
        .summaries(&[user.id])
        .await?
        .remove(&user.id)
        .map(|u| u.name)
        .unwrap_or_default();
    let number = format!("R-{:06}", found.id);
    let mut page = Page::new(A4)?;
    page.colour([0.04, 0.36, 0.42])
        .frame(30, 3)
        .centred(Font::Bold, 16, 770, "COHORT")
        .centred(Font::Bold, 28, 720, "Receipt")
        .colour([0.1, 0.1, 0.1]);
    let rows = [
        ("Receipt number", number.clone()),
        ("Date charged", charged_at.format("%B %-d, %Y").to_string()),
        ("Received from", name),
        ("For the research project", project.title.clone()),
        ("Amount", kernel::money::cad(found.amount_cents)),
        (
            "Card",
            format!(
                "{} ending {}",
                found.card_brand.as_deref().unwrap_or("card"),
                found.card_last4.as_deref().unwrap_or("----")
            ),
        ),
        ("Processor reference", charge_id),
    ];
    let mut y = 640;
    for (label, value) in rows {
        page.text(Font::Bold, 12, 70, y, label)
            .text(Font::Regular, 12, 250, y, &value);
        y -= 28;
    }
    if found.status == PledgeStatus::Refunded {
        let refunded = when(LedgerKind::Refunded).unwrap_or(found.updated_at);
        page.text(
            Font::Bold,
            12,
            70,
            y - 10,
            &format!("Refunded in full on {}.", refunded.format("%B %-d, %Y")),
        );
    }
    // The footer wraps within the frame (one line ran past its border).
    page.paragraph(
        Font::Regular,
        9,
        (70, 120),
        A4.0 - 140,
        13,
        &format!(
            "All or nothing: charged because the project reached its goal and a Content Expert \
             approved it. Cohort keeps {PLATFORM_FEE_PERCENT}%; the rest goes to the research \
             team's institution. This is not an official receipt for income tax purposes."
        ),
    );
    Ok(Receipt {
        filename: format!("cohort-receipt-{number}.pdf"),
        pdf: page.finish(&format!("Cohort receipt {number}"))?,
    })
}
