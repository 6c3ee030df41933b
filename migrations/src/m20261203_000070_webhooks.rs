//! Webhooks (issue 47, item 2): staff subscribe a URL to the platform's events, a working
//! group's owner to their group's. Each delivery is a row of an outbox: sent by a worker,
//! retried with backoff, kept with the receiver's answer as the delivery log.

use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Webhooks {
    Table,
    Id,
    CreatedBy,
    /// The working group whose events it receives; `NULL` for the platform's (staff).
    GroupId,
    Url,
    /// The signing secret (`whsec_…`), shown to its owners once.
    Secret,
    /// Space-separated event kinds (`project.approved pledge.made`).
    Events,
    Active,
    /// Failed attempts in a row; any success sets it back to 0.
    ConsecutiveFailures,
    DisabledAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum WebhookDeliveries {
    Table,
    Id,
    WebhookId,
    /// The event's id (`evt_…`): a redelivery sends the same one, so receivers deduplicate.
    EventId,
    EventKind,
    /// The JSON body, exactly as signed and sent.
    Payload,
    /// `pending`, `delivered` or `failed`.
    Status,
    Attempts,
    NextAttemptAt,
    LockedUntil,
    ResponseStatus,
    /// The start of the receiver's answer.
    ResponseBody,
    /// Why the last attempt failed, when no answer came (a timeout, a refused address).
    Error,
    CreatedAt,
    DeliveredAt,
}

#[derive(DeriveIden)]
enum WorkingGroups {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use WebhookDeliveries as D;
        use Webhooks as W;
        manager
            .create_table(
                Table::create()
                    .table(W::Table)
                    .if_not_exists()
                    .col(columns::id(W::Id))
                    .col(ColumnDef::new(W::CreatedBy).big_integer().not_null())
                    .col(ColumnDef::new(W::GroupId).big_integer().null())
                    .col(ColumnDef::new(W::Url).string_len(2000).not_null())
                    .col(ColumnDef::new(W::Secret).string_len(64).not_null())
                    .col(ColumnDef::new(W::Events).text().not_null())
                    .col(ColumnDef::new(W::Active).boolean().not_null().default(true))
                    .col(
                        ColumnDef::new(W::ConsecutiveFailures)
                            .integer()
                            .not_null()
                            .default(0)
                            .check(Expr::col(W::ConsecutiveFailures).gte(0)),
                    )
                    .col(
                        ColumnDef::new(W::DisabledAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .col(columns::timestamp(W::CreatedAt))
                    .foreign_key(&mut columns::owned_by_user(W::Table, W::CreatedBy))
                    .foreign_key(
                        ForeignKey::create()
                            .from(W::Table, W::GroupId)
                            .to(WorkingGroups::Table, WorkingGroups::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_webhooks_group")
                    .table(W::Table)
                    .col(W::GroupId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(D::Table)
                    .if_not_exists()
                    .col(columns::id(D::Id))
                    .col(ColumnDef::new(D::WebhookId).big_integer().not_null())
                    .col(ColumnDef::new(D::EventId).string_len(40).not_null())
                    .col(ColumnDef::new(D::EventKind).string_len(40).not_null())
                    .col(ColumnDef::new(D::Payload).text().not_null())
                    .col(
                        ColumnDef::new(D::Status)
                            .string_len(16)
                            .not_null()
                            .check(Expr::col(D::Status).is_in(["pending", "delivered", "failed"])),
                    )
                    .col(
                        ColumnDef::new(D::Attempts)
                            .integer()
                            .not_null()
                            .default(0)
                            .check(Expr::col(D::Attempts).gte(0)),
                    )
                    .col(columns::timestamp(D::NextAttemptAt))
                    .col(
                        ColumnDef::new(D::LockedUntil)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .col(ColumnDef::new(D::ResponseStatus).integer().null())
                    .col(ColumnDef::new(D::ResponseBody).text().null())
                    .col(ColumnDef::new(D::Error).text().null())
                    .col(columns::timestamp(D::CreatedAt))
                    .col(
                        ColumnDef::new(D::DeliveredAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(D::Table, D::WebhookId)
                            .to(W::Table, W::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // The worker's question: what is due.
        manager
            .create_index(
                Index::create()
                    .name("idx_webhook_deliveries_due")
                    .table(D::Table)
                    .col(D::Status)
                    .col(D::NextAttemptAt)
                    .to_owned(),
            )
            .await?;
        // The delivery log, newest first per webhook.
        manager
            .create_index(
                Index::create()
                    .name("idx_webhook_deliveries_webhook")
                    .table(D::Table)
                    .col(D::WebhookId)
                    .col(D::Id)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(WebhookDeliveries::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(Webhooks::Table).to_owned())
            .await
    }
}
