//! Accounts: what a linked provider's record says of its person (ORCID: name, current
//! employer and role), kept so a researcher can import it into their profile.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone)]
enum OauthAssociations {
    Table,
    RecordName,
    RecordAffiliation,
    RecordTitle,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use OauthAssociations as O;
        columns::add_columns(
            manager,
            O::Table,
            vec![
                ColumnDef::new(O::RecordName)
                    .string_len(255)
                    .null()
                    .to_owned(),
                ColumnDef::new(O::RecordAffiliation)
                    .string_len(255)
                    .null()
                    .to_owned(),
                ColumnDef::new(O::RecordTitle)
                    .string_len(255)
                    .null()
                    .to_owned(),
            ],
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use OauthAssociations as O;
        columns::drop_columns(
            manager,
            O::Table,
            vec![
                O::RecordName.into_iden(),
                O::RecordAffiliation.into_iden(),
                O::RecordTitle.into_iden(),
            ],
        )
        .await
    }
}
