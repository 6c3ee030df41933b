//! A project's team and needs as stored: who works on the project (by name, and by e-mail
//! when they have one, with their role) and what it asks the community for, each list in
//! the owner's order; the wizard's step that writes them is `team_step`.

use std::collections::HashMap;

use kernel::AppResult;
use kernel::input::{Long, Text};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::content::{NeedRow, TeamRow};
use crate::entity::{need, team_member};
use crate::enums::NeedKind;

/// A name or a role: required, at most 255 characters.
pub type Label = Text<255, Long>;
/// What a need asks for: required, at most 500 characters.
pub type NeedText = Text<500, Long>;

/// The most people and needs one project lists.
pub const MAX_TEAM: usize = 20;
pub const MAX_NEEDS: usize = 12;

#[derive(Debug, Clone)]
pub struct Person {
    pub name: Label,
    /// Lower-cased; links the person to their account when they have one.
    pub email: Option<String>,
    pub role: Label,
}

#[derive(Debug, Clone)]
pub struct Need {
    pub kind: NeedKind,
    pub description: NeedText,
}

/// A project's team and needs, each in the order the owner gave.
#[derive(Debug, Clone, Default)]
pub struct TeamAndNeeds {
    pub team: Vec<team_member::Model>,
    pub needs: Vec<need::Model>,
}

impl TeamAndNeeds {
    /// Both lists as the rows a project's content holds.
    pub fn rows(self) -> (Vec<TeamRow>, Vec<NeedRow>) {
        (
            self.team.into_iter().map(TeamRow::from).collect(),
            self.needs.into_iter().map(NeedRow::from).collect(),
        )
    }
}

/// The team and needs of project `id`, in two statements.
pub async fn of(db: &impl ConnectionTrait, project_id: i64) -> AppResult<TeamAndNeeds> {
    Ok(of_each(db, &[project_id])
        .await?
        .remove(&project_id)
        .unwrap_or_default())
}

/// The team and needs of each of `project_ids` (none for a project without), in two
/// statements whatever their number.
pub async fn of_each(
    db: &impl ConnectionTrait,
    project_ids: &[i64],
) -> AppResult<HashMap<i64, TeamAndNeeds>> {
    let team = team_member::Entity::find()
        .filter(team_member::Column::ProjectId.is_in(project_ids.iter().copied()))
        .order_by_asc(team_member::Column::Position)
        .all(db)
        .await?;
    let needs = need::Entity::find()
        .filter(need::Column::ProjectId.is_in(project_ids.iter().copied()))
        .order_by_asc(need::Column::Position)
        .all(db)
        .await?;
    let mut each: HashMap<i64, TeamAndNeeds> = HashMap::new();
    for person in team {
        each.entry(person.project_id).or_default().team.push(person);
    }
    for need in needs {
        each.entry(need.project_id).or_default().needs.push(need);
    }
    Ok(each)
}

/// Replaces project `project_id`'s team and needs with these rows, in their order.
pub async fn replace(
    db: &impl ConnectionTrait,
    project_id: i64,
    team: &[TeamRow],
    needs: &[NeedRow],
) -> AppResult<()> {
    team_member::Entity::delete_many()
        .filter(team_member::Column::ProjectId.eq(project_id))
        .exec(db)
        .await?;
    need::Entity::delete_many()
        .filter(need::Column::ProjectId.eq(project_id))
        .exec(db)
        .await?;
    if !team.is_empty() {
        team_member::Entity::insert_many(team.iter().zip(0..).map(|(person, position)| {
            team_member::ActiveModel {
                project_id: Set(project_id),
                position: Set(position),
                name: Set(person.name.clone()),
                email: Set(person.email.clone()),
                role: Set(person.role.clone()),
                user_id: Set(person.user_id),
                ..Default::default()
            }
        }))
        .exec(db)
        .await?;
    }
    if !needs.is_empty() {
        let now = kernel::clock::now();
        need::Entity::insert_many(
            needs
                .iter()
                .zip(0..)
                .map(|(n, position)| need::ActiveModel {
                    project_id: Set(project_id),
                    position: Set(position),
                    kind: Set(n.kind),
                    description: Set(n.description.clone()),
                    created_at: Set(now),
                    ..Default::default()
                }),
        )
        .exec(db)
        .await?;
    }
    Ok(())
}
