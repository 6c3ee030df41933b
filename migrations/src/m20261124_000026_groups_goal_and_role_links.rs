//! A working group's goals and industry-partner roles become link tables, like its tags
//! (issue 18: lists of ids kept as JSON text could name entries that no longer exist and
//! could not be counted or joined). Every group keeps its choices: the lists are copied into
//! the links (ids of entries that no longer exist are dropped, as the API already ignored
//! them), then the JSON columns go.

use std::collections::{BTreeSet, HashSet};

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, FromQueryResult};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum WorkingGroups {
    Table,
    Id,
    GoalsOfWorkingGroup,
    RoleOfIndustryPartner,
}

#[derive(DeriveIden, Clone, Copy)]
enum GroupGoals {
    Table,
    Id,
}

#[derive(DeriveIden, Clone, Copy)]
enum IndustryPartnerRoles {
    Table,
    Id,
}

#[derive(DeriveIden, Clone, Copy)]
enum WorkingGroupGoals {
    Table,
    GroupId,
    GoalId,
}

#[derive(DeriveIden, Clone, Copy)]
enum WorkingGroupRoles {
    Table,
    GroupId,
    RoleId,
}

/// One link table: (group, entry), both keys, the group's links going with it.
fn link_table(
    table: impl IntoIden + Copy,
    group: impl IntoIden + Copy,
    entry: impl IntoIden + Copy,
    entries: impl IntoIden + Copy,
    entries_id: impl IntoIden + Copy,
) -> TableCreateStatement {
    Table::create()
        .table(table)
        .if_not_exists()
        .col(ColumnDef::new(group).big_integer().not_null())
        .col(ColumnDef::new(entry).big_integer().not_null())
        .primary_key(Index::create().col(group).col(entry))
        .foreign_key(
            ForeignKey::create()
                .from(table, group)
                .to(WorkingGroups::Table, WorkingGroups::Id)
                .on_delete(ForeignKeyAction::Cascade),
        )
        .foreign_key(
            ForeignKey::create()
                .from(table, entry)
                .to(entries, entries_id),
        )
        .to_owned()
}

#[derive(FromQueryResult)]
struct Lists {
    id: i64,
    goals_of_working_group: String,
    role_of_industry_partner: String,
}

#[derive(FromQueryResult)]
struct Id {
    id: i64,
}

async fn ids_of(manager: &SchemaManager<'_>, table: impl IntoIden) -> Result<HashSet<i64>, DbErr> {
    let db = manager.get_connection();
    let query = Query::select()
        .column(Alias::new("id"))
        .from(table)
        .to_owned();
    let rows = Id::find_by_statement(db.get_database_backend().build(&query))
        .all(db)
        .await?;
    Ok(rows.into_iter().map(|r| r.id).collect())
}

/// The ids a stored list names that still exist, each once.
fn kept(list: &str, existing: &HashSet<i64>) -> BTreeSet<i64> {
    serde_json::from_str::<Vec<i64>>(list)
        .unwrap_or_default()
        .into_iter()
        .filter(|id| existing.contains(id))
        .collect()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(link_table(
                WorkingGroupGoals::Table,
                WorkingGroupGoals::GroupId,
                WorkingGroupGoals::GoalId,
                GroupGoals::Table,
                GroupGoals::Id,
            ))
            .await?;
        manager
            .create_table(link_table(
                WorkingGroupRoles::Table,
                WorkingGroupRoles::GroupId,
                WorkingGroupRoles::RoleId,
                IndustryPartnerRoles::Table,
                IndustryPartnerRoles::Id,
            ))
            .await?;

        let db = manager.get_connection();
        let backend = db.get_database_backend();
        let goals = ids_of(manager, GroupGoals::Table).await?;
        let roles = ids_of(manager, IndustryPartnerRoles::Table).await?;
        let select = Query::select()
            .columns([
                WorkingGroups::Id,
                WorkingGroups::GoalsOfWorkingGroup,
                WorkingGroups::RoleOfIndustryPartner,
            ])
            .from(WorkingGroups::Table)
            .to_owned();
        let groups = Lists::find_by_statement(backend.build(&select))
            .all(db)
            .await?;
        for group in groups {
            for goal in kept(&group.goals_of_working_group, &goals) {
                let insert = Query::insert()
                    .into_table(WorkingGroupGoals::Table)
                    .columns([WorkingGroupGoals::GroupId, WorkingGroupGoals::GoalId])
                    .values_panic([group.id.into(), goal.into()])
                    .to_owned();
                db.execute(&insert).await?;
            }
            for role in kept(&group.role_of_industry_partner, &roles) {
                let insert = Query::insert()
                    .into_table(WorkingGroupRoles::Table)
                    .columns([WorkingGroupRoles::GroupId, WorkingGroupRoles::RoleId])
                    .values_panic([group.id.into(), role.into()])
                    .to_owned();
                db.execute(&insert).await?;
            }
        }

        for column in [
            WorkingGroups::GoalsOfWorkingGroup,
            WorkingGroups::RoleOfIndustryPartner,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(WorkingGroups::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [
            WorkingGroups::GoalsOfWorkingGroup,
            WorkingGroups::RoleOfIndustryPartner,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(WorkingGroups::Table)
                        .add_column(ColumnDef::new(column).text().not_null().default("[]"))
                        .to_owned(),
                )
                .await?;
        }
        let db = manager.get_connection();
        for (table, group, entry, column) in [
            (
                "working_group_goals",
                "group_id",
                "goal_id",
                "goals_of_working_group",
            ),
            (
                "working_group_roles",
                "group_id",
                "role_id",
                "role_of_industry_partner",
            ),
        ] {
            let select = Query::select()
                .columns([Alias::new(group), Alias::new(entry)])
                .from(Alias::new(table))
                .to_owned();
            let links = db.query_all(&select).await?;
            let mut lists: std::collections::BTreeMap<i64, Vec<i64>> = Default::default();
            for link in links {
                let group_id: i64 = link.try_get("", group)?;
                let entry_id: i64 = link.try_get("", entry)?;
                lists.entry(group_id).or_default().push(entry_id);
            }
            for (group_id, ids) in lists {
                let json = serde_json::to_string(&ids).unwrap_or_else(|_| "[]".into());
                let update = Query::update()
                    .table(WorkingGroups::Table)
                    .value(Alias::new(column), json)
                    .and_where(Expr::col(WorkingGroups::Id).eq(group_id))
                    .to_owned();
                db.execute(&update).await?;
            }
        }
        manager
            .drop_table(Table::drop().table(WorkingGroupGoals::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(WorkingGroupRoles::Table).to_owned())
            .await
    }
}
