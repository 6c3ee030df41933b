//! Projects: the team (people by name or e-mail, with their role) and what the project
//! needs from the community (participants, co-investigators, mentors, helpers, data,
//! equipment), both written by the wizard's "Team and needs" step.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ProjectTeamMembers {
    Table,
    Id,
    ProjectId,
    Position,
    Name,
    Email,
    Role,
    UserId,
}

#[derive(DeriveIden)]
enum ProjectNeeds {
    Table,
    Id,
    ProjectId,
    Position,
    Kind,
    Description,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Projects {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

fn of_project<T: IntoIden, C: IntoIden>(table: T, column: C) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(Projects::Table, Projects::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ProjectNeeds as N;
        use ProjectTeamMembers as T;
        manager
            .create_table(
                Table::create()
                    .table(T::Table)
                    .if_not_exists()
                    .col(columns::id(T::Id))
                    .col(ColumnDef::new(T::ProjectId).big_integer().not_null())
                    .col(ColumnDef::new(T::Position).integer().not_null())
                    .col(ColumnDef::new(T::Name).string_len(255).not_null())
                    .col(ColumnDef::new(T::Email).string_len(255).null())
                    .col(ColumnDef::new(T::Role).string_len(255).not_null())
                    // The member behind the e-mail, when one has an account: the page links
                    // to their public profile.
                    .col(ColumnDef::new(T::UserId).big_integer().null())
                    .foreign_key(&mut of_project(T::Table, T::ProjectId))
                    .foreign_key(
                        ForeignKey::create()
                            .from(T::Table, T::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_project_team_members_project")
                    .table(T::Table)
                    .col(T::ProjectId)
                    .col(T::Position)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(N::Table)
                    .if_not_exists()
                    .col(columns::id(N::Id))
                    .col(ColumnDef::new(N::ProjectId).big_integer().not_null())
                    .col(ColumnDef::new(N::Position).integer().not_null())
                    .col(ColumnDef::new(N::Kind).string_len(32).not_null())
                    .col(ColumnDef::new(N::Description).string_len(500).not_null())
                    .col(columns::timestamp(N::CreatedAt))
                    .foreign_key(&mut of_project(N::Table, N::ProjectId))
                    .to_owned(),
            )
            .await?;
        // A project's needs in order, and /needs by kind.
        manager
            .create_index(
                Index::create()
                    .name("idx_project_needs_project")
                    .table(N::Table)
                    .col(N::ProjectId)
                    .col(N::Position)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_project_needs_kind")
                    .table(N::Table)
                    .col(N::Kind)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(ProjectNeeds::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(ProjectTeamMembers::Table).to_owned())
            .await
    }
}
