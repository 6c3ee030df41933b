//! Working groups for `cohort seed --scale large`: approved, active groups with members
//! and tags, made in a few statements, the same on every run.

use std::collections::HashMap;

use chrono::Duration;
use kernel::AppResult;
use sea_orm::sea_query::{CaseStatement, Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

use super::lookups;
use crate::entity::{member, working_group, working_group_tag};
use crate::enums::{ActiveStatus, ApprovedStatus, MemberRole};

const SUBJECTS: [&str; 8] = [
    "stroke recovery",
    "sleep and memory",
    "type 1 diabetes",
    "long COVID",
    "childhood asthma",
    "heart failure",
    "rare kidney disease",
    "healthy ageing",
];

/// Members each group has besides its owner.
const MEMBERS_PER_GROUP: usize = 5;

/// Makes the scale groups up to `count` (those already there stay), owned in turn by
/// `people`, each with the next five of them as members and two tags; returns the first
/// `count` ids in order.
pub async fn groups(
    db: &impl ConnectionTrait,
    people: &[i64],
    count: usize,
) -> AppResult<Vec<i64>> {
    let existing = ids(db).await?;
    if people.len() <= MEMBERS_PER_GROUP {
        return Ok(existing);
    }
    let rows: Vec<working_group::ActiveModel> = (existing.len() + 1..=count)
        .map(|n| {
            let subject = SUBJECTS[n % SUBJECTS.len()];
            working_group::ActiveModel {
                slug: Set(format!("scale-group-{n}")),
                title: Set(format!("Working group {n} on {subject}")),
                summary: Set(format!(
                    "<p>Researchers, clinicians and patients working on {subject} together, group {n}.</p>"
                )),
                created_by_id: Set(people[n % people.len()]),
                member_obligations: Set("<p>Be kind and share what you learn.</p>".into()),
                members_count: Set(1 + MEMBERS_PER_GROUP as i32),
                comments_count: Set(0),
                public_comments_count: Set(0),
                active_status: Set(ActiveStatus::Active),
                approved_status: Set(ApprovedStatus::Approved),
                submitted_at: Set(Some(kernel::stats::spread(n, count))),
                created_at: Set(kernel::stats::spread(n, count)),
                updated_at: Set(kernel::stats::spread(n, count)),
                ..Default::default()
            }
        })
        .collect();
    kernel::db::insert_batched(db, rows).await?;
    let all = ids(db).await?;
    let groups = &all[existing.len().min(all.len())..];
    let tags: Vec<i64> = lookups::tags(db).await?.into_iter().map(|t| t.id).collect();
    let now = kernel::clock::now();
    let mut members = Vec::new();
    let mut links = Vec::new();
    for (i, &group) in groups.iter().enumerate() {
        let i = i + existing.len();
        let owner = (i + 1) % people.len();
        let created = kernel::stats::spread(i + 1, count);
        for k in 0..=MEMBERS_PER_GROUP {
            members.push(member::ActiveModel {
                group_id: Set(group),
                user_id: Set(people[(owner + k) % people.len()]),
                role: Set(if k == 0 {
                    MemberRole::Admin
                } else {
                    MemberRole::Member
                }),
                // The owner on the first day, the others joining a day apart.
                created_at: Set(std::cmp::min(created + Duration::days(k as i64), now)),
                ..Default::default()
            });
        }
        if !tags.is_empty() {
            let mut picked = vec![tags[i % tags.len()], tags[(i + 3) % tags.len()]];
            picked.dedup();
            links.extend(
                picked
                    .into_iter()
                    .map(|tag| working_group_tag::ActiveModel {
                        group_id: Set(group),
                        tag_id: Set(tag),
                    }),
            );
        }
    }
    kernel::db::insert_batched(db, members).await?;
    kernel::db::insert_batched(db, links).await?;
    Ok(all.into_iter().take(count).collect())
}

/// Adds the posts their discussions gained (all, and those in public topics) to the
/// groups' comment counts.
pub async fn add_comments(
    db: &impl ConnectionTrait,
    counts: &HashMap<i64, (i32, i32)>,
) -> AppResult<()> {
    let entries: Vec<(&i64, &(i32, i32))> = counts.iter().collect();
    for batch in entries.chunks(500) {
        let (mut all, mut public) = (CaseStatement::new(), CaseStatement::new());
        for (id, (gained, gained_public)) in batch {
            all = all.case(working_group::Column::Id.eq(**id), Expr::val(*gained));
            public = public.case(
                working_group::Column::Id.eq(**id),
                Expr::val(*gained_public),
            );
        }
        working_group::Entity::update_many()
            .col_expr(
                working_group::Column::CommentsCount,
                Expr::col(working_group::Column::CommentsCount).add(Into::<Expr>::into(all)),
            )
            .col_expr(
                working_group::Column::PublicCommentsCount,
                Expr::col(working_group::Column::PublicCommentsCount)
                    .add(Into::<Expr>::into(public)),
            )
            .filter(working_group::Column::Id.is_in(batch.iter().map(|(id, _)| **id)))
            .exec(db)
            .await?;
    }
    Ok(())
}

async fn ids(db: &impl ConnectionTrait) -> AppResult<Vec<i64>> {
    Ok(working_group::Entity::find()
        .select_only()
        .column(working_group::Column::Id)
        .filter(working_group::Column::Slug.starts_with("scale-group-"))
        .order_by_asc(working_group::Column::Id)
        .into_tuple()
        .all(db)
        .await?)
}
