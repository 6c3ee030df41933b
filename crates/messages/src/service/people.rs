//! Who stands where with whom: blocks between a writer and the others of a conversation,
//! and what each of them said about who may start one with them.

use std::collections::{HashMap, HashSet};

use kernel::users::UserSummary;
use kernel::{AppContext, AppResult};
use sea_orm::sea_query::Query;
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QuerySelect};

use crate::entity::{block, member, setting};
use crate::enums::WhoMayMessage;
use crate::policy::{self, Refusal};

/// The blocks between `me` and any of `others`, read in one statement.
pub struct Blocks {
    blocked_me: HashSet<i64>,
    i_blocked: HashSet<i64>,
}

impl Blocks {
    pub async fn between(ctx: &AppContext, me: i64, others: &[i64]) -> AppResult<Self> {
        let rows = block::Entity::find()
            .filter(
                Condition::any()
                    .add(
                        Condition::all()
                            .add(block::Column::BlockerId.eq(me))
                            .add(block::Column::BlockedId.is_in(others.to_vec())),
                    )
                    .add(
                        Condition::all()
                            .add(block::Column::BlockedId.eq(me))
                            .add(block::Column::BlockerId.is_in(others.to_vec())),
                    ),
            )
            .all(&ctx.db)
            .await?;
        let (mine, theirs): (Vec<_>, Vec<_>) = rows.into_iter().partition(|b| b.blocker_id == me);
        Ok(Self {
            i_blocked: mine.into_iter().map(|b| b.blocked_id).collect(),
            blocked_me: theirs.into_iter().map(|b| b.blocker_id).collect(),
        })
    }

    /// The first block that keeps `me` from writing to `others` (`one_to_one`: `others` is
    /// the only one), named.
    pub async fn refusal(
        &self,
        ctx: &AppContext,
        others: &[i64],
        one_to_one: bool,
    ) -> AppResult<Option<Refusal>> {
        let involved: Vec<i64> = others
            .iter()
            .copied()
            .filter(|o| self.blocked_me.contains(o) || self.i_blocked.contains(o))
            .collect();
        if involved.is_empty() {
            return Ok(None);
        }
        let names = ctx.users.summaries(&involved).await?;
        Ok(involved.iter().find_map(|other| {
            let name = names.get(other).map_or("This member", |u| u.name.as_str());
            policy::block_between(
                name,
                self.blocked_me.contains(other),
                self.i_blocked.contains(other),
                one_to_one,
            )
        }))
    }
}

/// What each of `ids` chose about who may start a conversation with them (no row:
/// everyone), in one statement.
pub async fn settings_of(ctx: &AppContext, ids: &[i64]) -> AppResult<HashMap<i64, WhoMayMessage>> {
    let rows = setting::Entity::find()
        .filter(setting::Column::UserId.is_in(ids.to_vec()))
        .all(&ctx.db)
        .await?;
    let mut chosen: HashMap<i64, WhoMayMessage> = rows
        .into_iter()
        .map(|s| (s.user_id, s.who_may_message))
        .collect();
    for id in ids {
        chosen.entry(*id).or_insert(WhoMayMessage::Everyone);
    }
    Ok(chosen)
}

/// Why `me` may not start a conversation with `others` (named as `names` has them), if
/// something stands in the way: a block either way, or a member's setting.
pub async fn start_refused(
    ctx: &AppContext,
    me: i64,
    others: &[i64],
    names: &HashMap<i64, String>,
) -> AppResult<Option<Refusal>> {
    // A writer who blocked someone does not start anything with them.
    if let Some(refusal) = Blocks::between(ctx, me, others)
        .await?
        .refusal(ctx, others, true)
        .await?
    {
        return Ok(Some(refusal));
    }
    let settings = settings_of(ctx, others).await?;
    let my_groups: HashSet<i64> = if settings.values().any(|w| *w == WhoMayMessage::MyGroups) {
        ctx.groups.co_members(me).await?.into_iter().collect()
    } else {
        HashSet::new()
    };
    for other in others {
        let name = names.get(other).cloned().unwrap_or_default();
        let shares_a_group = my_groups.contains(other);
        if !policy::takes_conversation(settings[other], shares_a_group) {
            return Ok(Some(match settings[other] {
                WhoMayMessage::Nobody => Refusal::TakesNone(name),
                _ => Refusal::GroupsOnly(name),
            }));
        }
    }
    Ok(None)
}

/// Up to [`SUGGESTED`] members whose name contains `text` among those `me` shares a working
/// group or a conversation with: whom the new-message form suggests (anyone else is written
/// to from their profile). Three statements.
pub async fn suggestions(ctx: &AppContext, me: i64, text: &str) -> AppResult<Vec<UserSummary>> {
    let mut known = ctx.groups.co_members(me).await?;
    let mine = Query::select()
        .column(member::Column::ConversationId)
        .from(member::Entity)
        .and_where(member::Column::UserId.eq(me))
        .to_owned();
    let partners: Vec<i64> = member::Entity::find()
        .select_only()
        .column(member::Column::UserId)
        .distinct()
        .filter(member::Column::ConversationId.in_subquery(mine))
        .into_tuple()
        .all(&ctx.db)
        .await?;
    known.extend(partners);
    known.sort_unstable();
    known.dedup();
    known.retain(|id| *id != me);
    ctx.users.named_among(&known, text.trim(), SUGGESTED).await
}

/// How many members the new-message form suggests at once.
pub const SUGGESTED: u64 = 8;
