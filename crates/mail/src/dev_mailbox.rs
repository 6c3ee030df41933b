//! The dev mailbox: mail is stored in the database instead of sent, and shown at
//! `/dev/mailbox`, so sign-up and reset links work on a machine with no SMTP server.

use async_trait::async_trait;
use sea_orm::{ActiveModelTrait, DatabaseConnection, EntityTrait, QueryOrder, Set};
use serde::Serialize;
use utoipa::ToSchema;

use kernel::AppContext;
use kernel::error::AppResult;
use kernel::mail::{Email, MailError, Mailer};
use kernel::pagination::{Page, PageParams, paginate};

mod entity {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "dev_mail")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub to_address: String,
        pub subject: String,
        pub text_body: String,
        pub html_body: Option<String>,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// One message as the mailbox shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MailMessage {
    pub id: i64,
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: Option<String>,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

impl MailMessage {
    fn from_entity(m: entity::Model) -> Self {
        Self {
            id: m.id,
            to: m.to_address,
            subject: m.subject,
            text: m.text_body,
            html: m.html_body,
            created_at: m.created_at,
        }
    }
}

/// Page size of the mailbox listing.
const PER_PAGE: u64 = 20;

/// Stores mail in the `dev_mail` table.
#[derive(Clone)]
pub struct DevMailbox {
    db: DatabaseConnection,
}

impl DevMailbox {
    /// The dev mailbox when it is the mailer (no mail server configured); `None` otherwise.
    pub fn of(ctx: &AppContext) -> Option<&DevMailbox> {
        let mailer: &dyn std::any::Any = ctx.mailer.as_ref();
        mailer.downcast_ref()
    }

    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }

    /// Newest first.
    pub async fn list(&self, params: &PageParams) -> AppResult<Page<MailMessage>> {
        let select = entity::Entity::find().order_by_desc(entity::Column::Id);
        Ok(paginate(&self.db, select, params, PER_PAGE)
            .await?
            .map(MailMessage::from_entity))
    }
}

#[async_trait]
impl Mailer for DevMailbox {
    async fn send(&self, email: Email) -> Result<(), MailError> {
        // No address in the log: logs carry no personal data beyond user ids.
        tracing::info!(subject = %email.subject, "mail kept in the dev mailbox");
        entity::ActiveModel {
            to_address: Set(email.to),
            subject: Set(email.subject),
            text_body: Set(email.text),
            html_body: Set(email.html),
            created_at: Set(kernel::clock::now()),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        Ok(())
    }

    fn is_local(&self) -> bool {
        true
    }
}
