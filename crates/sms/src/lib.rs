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

#[cfg(test)]
mod tests {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    use super::*;

    /// A gateway on a free loopback port that answers one request with `status` and hands
    /// back the request it read (head and body).
    async fn gateway(status: &'static str) -> (String, tokio::task::JoinHandle<String>) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/send", listener.local_addr().unwrap());
        let served = tokio::spawn(async move {
            let (mut socket, _) = listener.accept().await.unwrap();
            let mut request = Vec::new();
            let mut chunk = [0u8; 4096];
            while !whole(&request) {
                let read = socket.read(&mut chunk).await.unwrap();
                assert!(read > 0, "the request ended early");
                request.extend_from_slice(&chunk[..read]);
            }
            let answer =
                format!("HTTP/1.1 {status}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
            socket.write_all(answer.as_bytes()).await.unwrap();
            String::from_utf8(request).unwrap()
        });
        (url, served)
    }

    /// Whether `request` holds its head and as much body as its head announces.
    fn whole(request: &[u8]) -> bool {
        let text = String::from_utf8_lossy(request);
        let Some(end) = text.find("\r\n\r\n") else {
            return false;
        };
        let length = text[..end]
            .lines()
            .find_map(|line| {
                let (name, value) = line.split_once(':')?;
                name.eq_ignore_ascii_case("content-length")
                    .then(|| value.trim().parse::<usize>().unwrap())
            })
            .unwrap_or(0);
        request.len() >= end + 4 + length
    }

    #[tokio::test]
    async fn posts_the_number_and_text_as_json_with_the_token() {
        let (url, served) = gateway("200 OK").await;
        let sms = HttpSms::new(url, Some("gateway-token".into()));
        sms.send("+15550100", "Your code is 123456").await.unwrap();
        let request = served.await.unwrap();
        let (head, body) = request.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("POST /send HTTP/1.1"), "{head}");
        assert!(
            head.lines()
                .any(|l| l.eq_ignore_ascii_case("authorization: Bearer gateway-token")),
            "{head}"
        );
        let sent: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(
            sent,
            serde_json::json!({"to": "+15550100", "text": "Your code is 123456"})
        );
    }

    #[tokio::test]
    async fn a_refusing_gateway_is_an_error_that_names_its_status() {
        let (url, served) = gateway("503 Service Unavailable").await;
        let refused = HttpSms::new(url, None).send("+15550100", "hello").await;
        served.await.unwrap();
        let Err(SmsError::Provider(problem)) = refused else {
            panic!("expected a provider error, got {refused:?}");
        };
        assert!(problem.contains("503"), "{problem}");
    }
}
