//! The senders behind the kernel's SMS port (`kernel::sms::Sms`): a dev outbox that keeps
//! messages in the database (shown beside the dev mailbox), and an HTTP provider chosen by
//! configuration.

use async_trait::async_trait;
use sea_orm::{ActiveModelTrait, DatabaseConnection, EntityTrait, QueryOrder, Set};
use serde::Serialize;
use utoipa::ToSchema;

use kernel::AppContext;
use kernel::error::AppResult;
use kernel::pagination::{Page, PageParams, paginate};
use kernel::sms::{Sms, SmsError};

mod entity {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "dev_sms")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub to_number: String,
        pub body: String,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// One SMS as the outbox shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SmsMessage {
    pub id: i64,
    pub to: String,
    pub text: String,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

/// Keeps SMS in the `dev_sms` table while no provider is configured.
#[derive(Clone)]
pub struct DevOutbox {
    db: DatabaseConnection,
}

impl DevOutbox {
    /// The dev outbox when it takes the SMS (no provider configured); `None` otherwise.
    pub fn of(ctx: &AppContext) -> Option<&DevOutbox> {
        let sms: &dyn std::any::Any = ctx.sms.as_ref();
        sms.downcast_ref()
    }

    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }

    /// Newest first.
    pub async fn list(&self, params: &PageParams) -> AppResult<Page<SmsMessage>> {
        let select = entity::Entity::find().order_by_desc(entity::Column::Id);
        Ok(paginate(&self.db, select, params, 20)
            .await?
            .map(|m| SmsMessage {
                id: m.id,
                to: m.to_number,
                text: m.body,
                created_at: m.created_at,
            }))
    }
}

#[async_trait]
impl Sms for DevOutbox {
    async fn send(&self, to: &str, text: &str) -> Result<(), SmsError> {
        // No number in the log: logs carry no personal data beyond user ids.
        tracing::info!("sms kept in the dev outbox");
        entity::ActiveModel {
            to_number: Set(to.to_owned()),
            body: Set(text.to_owned()),
            created_at: Set(kernel::clock::now()),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        Ok(())
    }
}

/// Posts `{"to", "text"}` as JSON to `COHORT_SMS_URL` with `COHORT_SMS_TOKEN` as bearer,
/// the shape most SMS gateways (or a small adapter in front of one) accept.
pub struct HttpSms {
    client: reqwest::Client,
    url: String,
    token: Option<String>,
}

impl HttpSms {
    pub fn new(url: String, token: Option<String>) -> Self {
        Self {
            client: reqwest::Client::new(),
            url,
            token,
        }
    }
}

#[async_trait]
impl Sms for HttpSms {
    async fn send(&self, to: &str, text: &str) -> Result<(), SmsError> {
        let mut request = self
            .client
            .post(&self.url)
            .json(&serde_json::json!({"to": to, "text": text}));
        if let Some(token) = &self.token {
            request = request.bearer_auth(token);
        }
        let response = request
            .send()
            .await
            .map_err(|e| SmsError::Provider(e.without_url().to_string()))?;
        if !response.status().is_success() {
            return Err(SmsError::Provider(format!("status {}", response.status())));
        }
        Ok(())
    }
}
