//! Demo working groups for a fresh site: made through the wizard by a demo member and
//! approved by the demo admin, exactly as a real group would be (audited).

use kernel::{AppContext, AppResult, CurrentUser, Staff};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use crate::entity::working_group;
use crate::enums::YesNo;
use crate::service::content::{General, Specifics};
use crate::service::moderation::{self, Action};
use crate::service::{lookups, membership, wizard};

/// (title, summary, topic slugs, goal slugs).
type DemoGroup = (
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);

const GROUPS: &[DemoGroup] = &[
    (
        "Stroke rehabilitation research circle",
        "<p>Clinicians, researchers and stroke survivors compare what helps recovery in the first year, and shape the next studies of early mobilisation and task-specific training.</p>",
        &["stroke", "rehabilitation"],
        &["research-discussion", "case-discussion"],
    ),
    (
        "Rare disease registry builders",
        "<p>People starting or running registries for rare conditions share consent forms, minimal datasets and governance models, so each registry outlives its first grant.</p>",
        &["rare-diseases", "genomics"],
        &["create-a-registry"],
    ),
    (
        "Digital health journal club",
        "<p>A monthly read of one paper on wearables, apps or remote monitoring, with a patient partner leading each discussion.</p>",
        &["digital-health"],
        &["literature-discussion"],
    ),
    (
        "Healthy ageing lab group",
        "<p>A lab group on falls, frailty and staying active after seventy: protocols, pilot data and funding ideas.</p>",
        &["geriatrics-and-ageing", "public-health"],
        &["lab-group", "research-discussion"],
    ),
];

const OBLIGATIONS: &str = "<ul><li>Contribute to scientific discussions</li><li>Post at least one comment per month</li><li>Have fun</li></ul>";

fn ids(entries: &[lookups::Entry], slugs: &[&str]) -> Vec<i64> {
    entries
        .iter()
        .filter(|e| slugs.contains(&e.slug.as_str()))
        .map(|e| e.id)
        .collect()
}

/// Creates the demo groups that do not exist yet: `owner_id` starts them, `admin_id`
/// approves them, and `member_ids` are members of each (so their discussions have more
/// than one voice). Returns the demo groups' ids, in the order of [`GROUPS`].
pub async fn demo(
    ctx: &AppContext,
    owner_id: i64,
    admin_id: i64,
    member_ids: &[i64],
) -> AppResult<Vec<i64>> {
    let owner = CurrentUser {
        id: owner_id,
        staff_role: None,
        content_expert: false,
        password_change_required: false,
    };
    let staff = Staff(CurrentUser {
        id: admin_id,
        staff_role: Some(kernel::StaffRole::Admin),
        content_expert: false,
        password_change_required: false,
    });
    let mut ids_made = Vec::with_capacity(GROUPS.len());
    for (index, group) in GROUPS.iter().enumerate() {
        let existing = working_group::Entity::find()
            .filter(working_group::Column::Title.eq(group.0))
            .one(&ctx.db)
            .await?;
        let group_id = match existing {
            Some(group) => group.id,
            None => create(ctx, &owner, &staff, index, group).await?,
        };
        for member_id in member_ids.iter().filter(|id| **id != owner_id) {
            membership::admit(&ctx.db, group_id, *member_id).await?;
        }
        ids_made.push(group_id);
    }
    Ok(ids_made)
}

/// Makes one demo group through the wizard and approves it; its id.
async fn create(
    ctx: &AppContext,
    owner: &CurrentUser,
    staff: &Staff,
    index: usize,
    (title, summary, topics, group_goals): &DemoGroup,
) -> AppResult<i64> {
    let tags = lookups::tags(&ctx.db).await?;
    let goals = lookups::goals(&ctx.db).await?;
    let group = wizard::create(
        ctx,
        owner,
        General {
            title: Some((*title).to_owned()),
            summary: Some((*summary).to_owned()),
            tags: Some(ids(&tags, topics)),
            ..Default::default()
        },
        // The demo's own texts pass the patient-data guardrail without a declaration.
        false,
    )
    .await?;
    let seed = u32::try_from(index).unwrap_or(0) + 1;
    let picture = media::artwork::demo(
        ctx.storage.as_ref(),
        &wizard::image_folder(group.id),
        1200,
        630,
        seed,
    )
    .await?;
    wizard::set_stored_image(ctx, owner, group.id, picture).await?;
    wizard::update(
        ctx,
        owner,
        group.id,
        General::default(),
        Some(Specifics {
            goals_of_working_group: ids(&goals, group_goals),
            industry_partner_likely: Some(YesNo::No),
            member_obligations: Some(OBLIGATIONS.to_owned()),
            ..Default::default()
        }),
        false,
    )
    .await?;
    moderation::act(
        ctx,
        staff,
        group.id,
        Action::Approve,
        Some("Demo content".into()),
    )
    .await?;
    Ok(group.id)
}
