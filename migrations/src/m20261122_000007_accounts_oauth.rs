//! Accounts: single sign-on with Google and Facebook — pending authorisations (state and
//! PKCE verifier) and the provider accounts linked to users.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum OauthStates {
    Table,
    StateHash,
    Provider,
    PkceVerifier,
    RedirectTo,
    UserId,
    ExpiresAt,
}

#[derive(DeriveIden)]
enum OauthAssociations {
    Table,
    Id,
    UserId,
    Provider,
    Subject,
    Email,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(OauthStates::Table)
                    .if_not_exists()
                    .col(
                        ColumnDef::new(OauthStates::StateHash)
                            .string_len(64)
                            .not_null()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(OauthStates::Provider)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(OauthStates::PkceVerifier)
                            .string_len(128)
                            .not_null(),
                    )
                    .col(ColumnDef::new(OauthStates::RedirectTo).text().null())
                    .col(ColumnDef::new(OauthStates::UserId).big_integer().null())
                    .col(columns::timestamp(OauthStates::ExpiresAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(OauthAssociations::Table)
                    .if_not_exists()
                    .col(columns::id(OauthAssociations::Id))
                    .col(
                        ColumnDef::new(OauthAssociations::UserId)
                            .big_integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(OauthAssociations::Provider)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(OauthAssociations::Subject)
                            .string_len(255)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(OauthAssociations::Email)
                            .string_len(254)
                            .null(),
                    )
                    .col(columns::timestamp(OauthAssociations::CreatedAt))
                    .foreign_key(&mut columns::owned_by_user(
                        OauthAssociations::Table,
                        OauthAssociations::UserId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_oauth_associations_provider_subject")
                    .table(OauthAssociations::Table)
                    .col(OauthAssociations::Provider)
                    .col(OauthAssociations::Subject)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            OauthAssociations::Table.into_iden(),
            OauthStates::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
