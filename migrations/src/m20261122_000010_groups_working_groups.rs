//! Groups: working groups, their project tags, the goal and industry-partner-role lookups,
//! and members (the creator is the first, as admin).

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ProjectTags {
    Table,
    Id,
    Slug,
    Title,
}

#[derive(DeriveIden)]
enum GroupGoals {
    Table,
    Id,
    Slug,
    Title,
}

#[derive(DeriveIden)]
enum IndustryPartnerRoles {
    Table,
    Id,
    Slug,
    Title,
}

#[derive(DeriveIden)]
enum WorkingGroups {
    Table,
    Id,
    Slug,
    Title,
    Image,
    EmbeddedLink,
    Summary,
    AdditionalInfo,
    CreatedById,
    GoalsOfWorkingGroup,
    OtherGoalsOfWg,
    IndustryPartnerLikely,
    RoleOfIndustryPartner,
    OtherRoleOfIndustryPartner,
    MemberObligations,
    MembersCount,
    CommentsCount,
    ActiveStatus,
    ApprovedStatus,
    PendingChanges,
    SubmittedAt,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum WorkingGroupTags {
    Table,
    GroupId,
    TagId,
}

#[derive(DeriveIden)]
enum WorkingGroupMembers {
    Table,
    Id,
    GroupId,
    UserId,
    Role,
    CreatedAt,
}

/// The same subjects members pick as areas of interest, so groups can be recommended.
const PROJECT_TAGS: &[(&str, &str)] = &[
    ("cardiology", "Cardiology"),
    ("stroke", "Stroke"),
    ("neurology", "Neurology"),
    ("oncology", "Oncology"),
    ("diabetes-and-endocrinology", "Diabetes and endocrinology"),
    ("mental-health", "Mental health"),
    ("infectious-diseases", "Infectious diseases"),
    ("respiratory-medicine", "Respiratory medicine"),
    ("rare-diseases", "Rare diseases"),
    ("paediatrics", "Paediatrics"),
    ("geriatrics-and-ageing", "Geriatrics and ageing"),
    ("rehabilitation", "Rehabilitation"),
    ("public-health", "Public health"),
    ("genomics", "Genomics"),
    ("digital-health", "Digital health"),
    ("nutrition", "Nutrition"),
];

/// Spec 2 §9: the five goal options, and `other` for the free-text goal.
const GOALS: &[(&str, &str)] = &[
    ("research-discussion", "Research Discussion"),
    ("create-a-registry", "Create a Registry"),
    ("case-discussion", "Case Discussion"),
    ("literature-discussion", "Literature Discussion"),
    ("lab-group", "Lab Group"),
    ("other", "Other"),
];

const INDUSTRY_ROLES: &[(&str, &str)] = &[
    ("funding", "Funding"),
    ("data-access", "Data access"),
    ("technology-or-devices", "Technology or devices"),
    ("clinical-trial-sponsorship", "Clinical trial sponsorship"),
    ("expertise", "Expertise"),
    ("other", "Other"),
];

fn lookup_table<T: IntoIden>(table: T, id: T, slug: T, title: T) -> TableCreateStatement {
    Table::create()
        .table(table)
        .if_not_exists()
        .col(columns::id(id))
        .col(ColumnDef::new(slug).string_len(128).not_null().unique_key())
        .col(ColumnDef::new(title).string_len(128).not_null())
        .to_owned()
}

fn seed<T: IntoIden>(
    table: T,
    slug: T,
    title: T,
    rows: &[(&str, &str)],
) -> Result<InsertStatement, DbErr> {
    let mut insert = Query::insert()
        .into_table(table)
        .columns([slug, title])
        .to_owned();
    for (s, t) in rows {
        insert
            .values([(*s).into(), (*t).into()])
            .map_err(|e| DbErr::Custom(e.to_string()))?;
    }
    Ok(insert)
}

fn text_list<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name)
        .text()
        .not_null()
        .default("[]")
        .to_owned()
}

fn counter<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name)
        .integer()
        .not_null()
        .default(0)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ProjectTags as P;
        manager
            .create_table(lookup_table(P::Table, P::Id, P::Slug, P::Title))
            .await?;
        manager
            .exec_stmt(seed(P::Table, P::Slug, P::Title, PROJECT_TAGS)?)
            .await?;
        use GroupGoals as G;
        manager
            .create_table(lookup_table(G::Table, G::Id, G::Slug, G::Title))
            .await?;
        manager
            .exec_stmt(seed(G::Table, G::Slug, G::Title, GOALS)?)
            .await?;
        use IndustryPartnerRoles as R;
        manager
            .create_table(lookup_table(R::Table, R::Id, R::Slug, R::Title))
            .await?;
        manager
            .exec_stmt(seed(R::Table, R::Slug, R::Title, INDUSTRY_ROLES)?)
            .await?;

        use WorkingGroups as W;
        manager
            .create_table(
                Table::create()
                    .table(W::Table)
                    .if_not_exists()
                    .col(columns::id(W::Id))
                    .col(
                        ColumnDef::new(W::Slug)
                            .string_len(255)
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(W::Title).string_len(255).not_null())
                    .col(ColumnDef::new(W::Image).string_len(255).null())
                    .col(ColumnDef::new(W::EmbeddedLink).string_len(1024).null())
                    .col(ColumnDef::new(W::Summary).text().not_null())
                    .col(ColumnDef::new(W::AdditionalInfo).text().null())
                    .col(ColumnDef::new(W::CreatedById).big_integer().not_null())
                    .col(text_list(W::GoalsOfWorkingGroup))
                    .col(ColumnDef::new(W::OtherGoalsOfWg).text().null())
                    .col(
                        ColumnDef::new(W::IndustryPartnerLikely)
                            .string_len(8)
                            .null(),
                    )
                    .col(text_list(W::RoleOfIndustryPartner))
                    .col(ColumnDef::new(W::OtherRoleOfIndustryPartner).text().null())
                    .col(ColumnDef::new(W::MemberObligations).text().not_null())
                    .col(counter(W::MembersCount))
                    .col(counter(W::CommentsCount))
                    .col(
                        ColumnDef::new(W::ActiveStatus)
                            .string_len(16)
                            .not_null()
                            .default("active"),
                    )
                    .col(
                        ColumnDef::new(W::ApprovedStatus)
                            .string_len(32)
                            .not_null()
                            .default("waiting_for_approval"),
                    )
                    .col(ColumnDef::new(W::PendingChanges).text().null())
                    // Set when the wizard's last step is sent: only then does staff review it.
                    .col(
                        ColumnDef::new(W::SubmittedAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .col(columns::timestamp(W::CreatedAt))
                    .col(columns::timestamp(W::UpdatedAt))
                    .foreign_key(&mut columns::owned_by_user(W::Table, W::CreatedById))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_working_groups_listing")
                    .table(W::Table)
                    .col(W::ApprovedStatus)
                    .col(W::ActiveStatus)
                    .col(W::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_working_groups_creator")
                    .table(W::Table)
                    .col(W::CreatedById)
                    .to_owned(),
            )
            .await?;

        use WorkingGroupTags as T;
        manager
            .create_table(
                Table::create()
                    .table(T::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(T::GroupId).big_integer().not_null())
                    .col(ColumnDef::new(T::TagId).big_integer().not_null())
                    .primary_key(Index::create().col(T::GroupId).col(T::TagId))
                    .foreign_key(
                        ForeignKey::create()
                            .from(T::Table, T::GroupId)
                            .to(W::Table, W::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(T::Table, T::TagId)
                            .to(P::Table, P::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;

        use WorkingGroupMembers as M;
        manager
            .create_table(
                Table::create()
                    .table(M::Table)
                    .if_not_exists()
                    .col(columns::id(M::Id))
                    .col(ColumnDef::new(M::GroupId).big_integer().not_null())
                    .col(ColumnDef::new(M::UserId).big_integer().not_null())
                    .col(ColumnDef::new(M::Role).string_len(16).not_null())
                    .col(columns::timestamp(M::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(M::Table, M::GroupId)
                            .to(W::Table, W::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(&mut columns::owned_by_user(M::Table, M::UserId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_working_group_members_unique")
                    .table(M::Table)
                    .col(M::GroupId)
                    .col(M::UserId)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            WorkingGroupMembers::Table.into_iden(),
            WorkingGroupTags::Table.into_iden(),
            WorkingGroups::Table.into_iden(),
            IndustryPartnerRoles::Table.into_iden(),
            GroupGoals::Table.into_iden(),
            ProjectTags::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
