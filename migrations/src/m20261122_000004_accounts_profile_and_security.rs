//! Accounts: the profile fields of registration (spec §3, document 1), sign-in lockout,
//! one-time account tokens (e-mail confirmation, password reset and set), and tags.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Role,
    PhoneNumber,
    PhoneConfirmed,
    IsProjectCreator,
    Affiliation,
    AffiliationStatus,
    UniversityAffiliateEmail,
    UniversityEmailConfirmed,
    UniversityProfilePageUrl,
    Title,
    Location,
    Website,
    Social,
    Bio,
    Address,
    Avatar,
    ProfileBackground,
    ProfileIsPrivate,
    AreaOfInterest,
    Tags,
    LookingFor,
    Race,
    Gender,
    AgeGroup,
    Ethnicity,
    CareerStage,
    Pronouns,
    FindAboutBy,
    FindAboutByOtherInfo,
    FailureCount,
    LockedUntil,
}

#[derive(DeriveIden)]
enum AccountTokens {
    Table,
    Id,
    UserId,
    Purpose,
    TokenHash,
    Payload,
    CreatedAt,
    ExpiresAt,
    UsedAt,
}

#[derive(DeriveIden)]
enum Tags {
    Table,
    Id,
    Title,
}

#[derive(DeriveIden)]
enum CaptchaUses {
    Table,
    ChallengeId,
    ExpiresAt,
}

/// The areas of interest offered at sign-up; staff can add more later.
const AREAS_OF_INTEREST: &[&str] = &[
    "Cardiology",
    "Stroke",
    "Neurology",
    "Oncology",
    "Diabetes and endocrinology",
    "Mental health",
    "Infectious diseases",
    "Respiratory medicine",
    "Rare diseases",
    "Paediatrics",
    "Geriatrics and ageing",
    "Rehabilitation",
    "Public health",
    "Genomics",
    "Digital health",
    "Nutrition",
];

/// SQLite adds one column per ALTER TABLE, so each column is its own statement.
fn columns() -> Vec<ColumnDef> {
    let text = |name: Users| ColumnDef::new(name).text().null().to_owned();
    let short = |name: Users, len: u32, default: &str| {
        ColumnDef::new(name)
            .string_len(len)
            .not_null()
            .default(default.to_owned())
            .to_owned()
    };
    let flag = |name: Users| {
        ColumnDef::new(name)
            .boolean()
            .not_null()
            .default(false)
            .to_owned()
    };
    vec![
        short(Users::Role, 64, ""),
        ColumnDef::new(Users::PhoneNumber)
            .string_len(32)
            .null()
            .to_owned(),
        flag(Users::PhoneConfirmed),
        flag(Users::IsProjectCreator),
        text(Users::Affiliation),
        short(Users::AffiliationStatus, 16, "not_approved"),
        ColumnDef::new(Users::UniversityAffiliateEmail)
            .string_len(254)
            .null()
            .to_owned(),
        flag(Users::UniversityEmailConfirmed),
        text(Users::UniversityProfilePageUrl),
        text(Users::Title),
        text(Users::Location),
        text(Users::Website),
        text(Users::Social),
        text(Users::Bio),
        text(Users::Address),
        text(Users::Avatar),
        text(Users::ProfileBackground),
        flag(Users::ProfileIsPrivate),
        short(Users::AreaOfInterest, 2048, "[]"),
        short(Users::Tags, 512, "[]"),
        short(Users::LookingFor, 512, "[]"),
        short(Users::Race, 512, "[\"prefer_not_to_disclose\"]"),
        short(Users::Gender, 32, "prefer_not_to_disclose"),
        short(Users::AgeGroup, 32, "prefer_not_to_disclose"),
        short(Users::Ethnicity, 64, "prefer_not_to_disclose"),
        short(Users::CareerStage, 32, "prefer_not_to_disclose"),
        ColumnDef::new(Users::Pronouns)
            .string_len(16)
            .null()
            .to_owned(),
        ColumnDef::new(Users::FindAboutBy)
            .string_len(32)
            .null()
            .to_owned(),
        text(Users::FindAboutByOtherInfo),
        ColumnDef::new(Users::FailureCount)
            .integer()
            .not_null()
            .default(0)
            .to_owned(),
        ColumnDef::new(Users::LockedUntil)
            .timestamp_with_time_zone()
            .null()
            .to_owned(),
    ]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for mut column in columns() {
            manager
                .alter_table(
                    Table::alter()
                        .table(Users::Table)
                        .add_column(&mut column)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(AccountTokens::Table)
                    .if_not_exists()
                    .col(columns::id(AccountTokens::Id))
                    .col(
                        ColumnDef::new(AccountTokens::UserId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AccountTokens::Purpose)
                            .string_len(32)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AccountTokens::TokenHash)
                            .string_len(64)
                            .not_null()
                            .unique_key(),
                    )
                    .col(ColumnDef::new(AccountTokens::Payload).text().null())
                    .col(columns::timestamp(AccountTokens::CreatedAt))
                    .col(columns::timestamp(AccountTokens::ExpiresAt))
                    .col(
                        ColumnDef::new(AccountTokens::UsedAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .foreign_key(&mut columns::owned_by_user(
                        AccountTokens::Table,
                        AccountTokens::UserId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Tags::Table)
                    .if_not_exists()
                    .col(columns::id(Tags::Id))
                    .col(
                        ColumnDef::new(Tags::Title)
                            .string_len(128)
                            .not_null()
                            .unique_key(),
                    )
                    .to_owned(),
            )
            .await?;
        let mut insert = Query::insert()
            .into_table(Tags::Table)
            .columns([Tags::Title])
            .to_owned();
        for title in AREAS_OF_INTEREST {
            insert
                .values([(*title).into()])
                .map_err(|e| DbErr::Custom(e.to_string()))?;
        }
        manager.exec_stmt(insert).await?;
        manager
            .create_table(
                Table::create()
                    .table(CaptchaUses::Table)
                    .if_not_exists()
                    .col(
                        ColumnDef::new(CaptchaUses::ChallengeId)
                            .string_len(64)
                            .not_null()
                            .primary_key(),
                    )
                    .col(columns::timestamp(CaptchaUses::ExpiresAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            CaptchaUses::Table.into_iden(),
            Tags::Table.into_iden(),
            AccountTokens::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        for column in columns() {
            manager
                .alter_table(
                    Table::alter()
                        .table(Users::Table)
                        .drop_column(column.get_column_name())
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
