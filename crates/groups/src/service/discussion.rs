//! What a group's discussion needs from the group (spec 2 §6): who may read private
//! topics, post, make topics private and moderate; and the comment count it shows.
//! `app` adapts these to the discussions crate's target trait.

use chrono::{DateTime, Utc};
use kernel::{AppResult, CurrentUser};
use sea_orm::sea_query::{Alias, Expr, ExprTrait, JoinType, Query};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, FromQueryResult, QueryFilter, QuerySelect,
};

use crate::entity::{member, working_group};
use crate::enums::{ActiveStatus, AgreementState, ApprovedStatus, MemberRole};
use crate::policy;

/// A viewer's rights in a group's discussion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiscussionRights {
    pub read_private: bool,
    pub write: bool,
    pub set_private: bool,
    pub moderate: bool,
    /// The owner made the patient-data check blocking.
    pub phi_blocking: bool,
}

/// What the rights depend on: the group's status, the viewer's role in it and the
/// data-use agreement version they hold against the group's current one.
#[derive(Debug, FromQueryResult)]
struct Standing {
    approved_status: ApprovedStatus,
    active_status: ActiveStatus,
    agreement_version: Option<i32>,
    agreement_grace_until: Option<DateTime<Utc>>,
    phi_blocking: bool,
    role: Option<MemberRole>,
    held_version: Option<i32>,
}

/// The groups' statuses with the viewer's role in each, in one statement (every page of a
/// group's discussion asks; the group's texts are not needed for it).
async fn standings<T: FromQueryResult>(
    db: &impl ConnectionTrait,
    group_ids: &[i64],
    viewer: Option<i64>,
    named: bool,
) -> AppResult<Vec<T>> {
    let groups = working_group::Entity;
    let members = member::Entity;
    let mut query = Query::select();
    query
        .column((groups, working_group::Column::ApprovedStatus))
        .column((groups, working_group::Column::ActiveStatus))
        .column((groups, working_group::Column::AgreementVersion))
        .column((groups, working_group::Column::AgreementGraceUntil))
        .column((groups, working_group::Column::PhiBlocking))
        .from(groups)
        .and_where(Expr::col((groups, working_group::Column::Id)).is_in(group_ids.iter().copied()));
    if named {
        query
            .column((groups, working_group::Column::Id))
            .column((groups, working_group::Column::Slug))
            .column((groups, working_group::Column::Title));
    }
    match viewer {
        Some(user_id) => query
            .expr_as(
                Expr::col((members, member::Column::Role)),
                Alias::new("role"),
            )
            .expr_as(
                Expr::col((members, member::Column::AgreementVersion)),
                Alias::new("held_version"),
            )
            .join(
                JoinType::LeftJoin,
                members,
                Condition::all()
                    .add(
                        Expr::col((members, member::Column::GroupId))
                            .equals((groups, working_group::Column::Id)),
                    )
                    .add(Expr::col((members, member::Column::UserId)).eq(user_id)),
            ),
        None => query
            .expr_as(Expr::cust("NULL"), Alias::new("role"))
            .expr_as(Expr::cust("NULL"), Alias::new("held_version")),
    };
    let statement = db.get_database_backend().build(&query);
    Ok(T::find_by_statement(statement).all(db).await?)
}

/// A group's rights from its standing; `None` when it is hidden from the viewer.
fn rights_of(standing: &Standing, viewer: Option<&CurrentUser>) -> Option<DiscussionRights> {
    let is_staff = viewer.is_some_and(|v| v.staff_role.is_some());
    let role = standing.role;
    if !policy::may_view(
        standing.approved_status,
        standing.active_status,
        role,
        is_staff,
    ) {
        return None;
    }
    let member = role.is_some();
    let agreement = policy::agreement_state(
        standing.agreement_version,
        standing.agreement_grace_until,
        standing.held_version,
        kernel::clock::now(),
    );
    Some(DiscussionRights {
        read_private: policy::may_read_private(role, is_staff, agreement),
        write: member,
        set_private: member,
        moderate: policy::may_curate(role) || is_staff,
        phi_blocking: standing.phi_blocking,
    })
}

/// The viewer's rights in the discussion of group `group_id`; `None` when the group does
/// not exist or is hidden from them.
pub async fn rights(
    db: &impl ConnectionTrait,
    group_id: i64,
    viewer: Option<&CurrentUser>,
) -> AppResult<Option<DiscussionRights>> {
    let found: Vec<Standing> = standings(db, &[group_id], viewer.map(|v| v.id), false).await?;
    Ok(found
        .first()
        .and_then(|standing| rights_of(standing, viewer)))
}

/// A group named for a member's lists, with whether they read its private topics.
#[derive(Debug, Clone)]
pub struct NamedGroup {
    pub group: crate::events::GroupRef,
    pub read_private: bool,
}

#[derive(Debug, FromQueryResult)]
struct NamedStanding {
    id: i64,
    slug: String,
    title: String,
    #[sea_orm(nested)]
    standing: Standing,
}

/// The groups among `group_ids` that `viewer` may see, named, in one statement.
pub async fn named(
    db: &impl ConnectionTrait,
    group_ids: &[i64],
    viewer: Option<&CurrentUser>,
) -> AppResult<Vec<NamedGroup>> {
    if group_ids.is_empty() {
        return Ok(Vec::new());
    }
    let found: Vec<NamedStanding> = standings(db, group_ids, viewer.map(|v| v.id), true).await?;
    Ok(found
        .into_iter()
        .filter_map(|row| {
            let rights = rights_of(&row.standing, viewer)?;
            Some(NamedGroup {
                group: crate::events::GroupRef {
                    id: row.id,
                    slug: row.slug,
                    title: row.title,
                },
                read_private: rights.read_private,
            })
        })
        .collect())
}

/// The groups whose private topics `user_id` reads as a member, whatever their role: all
/// they belong to but those whose data-use agreement lapsed for them.
pub async fn member_of(db: &impl ConnectionTrait, user_id: i64) -> AppResult<Vec<i64>> {
    let rows = agreements(db, member::Column::UserId.eq(user_id)).await?;
    Ok(reading(rows).map(|(group_id, _)| group_id).collect())
}

/// Every member of group `group_id` (whom an @mention in its discussion may name), in one
/// statement.
pub async fn members(db: &impl ConnectionTrait, group_id: i64) -> AppResult<Vec<i64>> {
    Ok(member::Entity::find()
        .select_only()
        .column(member::Column::UserId)
        .filter(member::Column::GroupId.eq(group_id))
        .into_tuple::<i64>()
        .all(db)
        .await?)
}

/// The members of group `group_id` who read its private topics: all but those whose
/// data-use agreement lapsed.
pub async fn private_readers_of(db: &impl ConnectionTrait, group_id: i64) -> AppResult<Vec<i64>> {
    let rows = agreements(db, member::Column::GroupId.eq(group_id)).await?;
    Ok(reading(rows).map(|(_, user_id)| user_id).collect())
}

/// A membership with what decides its agreement's state: group, member, the version they
/// hold, the group's current version and the end of its grace period.
type Agreement = (i64, i64, Option<i32>, Option<i32>, Option<DateTime<Utc>>);

/// The memberships `which` selects, with their agreements.
async fn agreements(
    db: &impl ConnectionTrait,
    which: sea_orm::sea_query::SimpleExpr,
) -> AppResult<Vec<Agreement>> {
    Ok(member::Entity::find()
        .select_only()
        .column(member::Column::GroupId)
        .column(member::Column::UserId)
        .column(member::Column::AgreementVersion)
        .column_as(
            Expr::col((
                working_group::Entity,
                working_group::Column::AgreementVersion,
            )),
            "current_version",
        )
        .column(working_group::Column::AgreementGraceUntil)
        .join(
            JoinType::InnerJoin,
            member::Entity::belongs_to(working_group::Entity)
                .from(member::Column::GroupId)
                .to(working_group::Column::Id)
                .into(),
        )
        .filter(which)
        .into_tuple()
        .all(db)
        .await?)
}

/// The (group, member) pairs of `rows` whose agreement has not lapsed.
fn reading(rows: Vec<Agreement>) -> impl Iterator<Item = (i64, i64)> {
    let now = kernel::clock::now();
    rows.into_iter()
        .filter(move |&(_, _, held, current, grace_until)| {
            policy::agreement_state(current, grace_until, held, now) != AgreementState::Lapsed
        })
        .map(|(group_id, user_id, ..)| (group_id, user_id))
}

/// Moves the group's comment counts (all posts, and those in public topics) in the
/// database itself, so concurrent posts all count.
pub async fn count_comments(
    db: &impl ConnectionTrait,
    group_id: i64,
    all: i32,
    public: i32,
) -> AppResult<()> {
    working_group::Entity::update_many()
        .col_expr(
            working_group::Column::CommentsCount,
            Expr::col(working_group::Column::CommentsCount).add(all),
        )
        .col_expr(
            working_group::Column::PublicCommentsCount,
            Expr::col(working_group::Column::PublicCommentsCount).add(public),
        )
        .filter(working_group::Column::Id.eq(group_id))
        .exec(db)
        .await?;
    Ok(())
}
