//! Outgoing SMS: the port. The `sms` crate implements it (a dev outbox in the database, an
//! HTTP provider chosen by configuration).

use async_trait::async_trait;

#[derive(Debug, thiserror::Error)]
pub enum SmsError {
    #[error("sms provider failed: {0}")]
    Provider(String),
    #[error(transparent)]
    Database(#[from] sea_orm::DbErr),
}

/// `Any` lets the dev outbox's page and the tests reach the outbox behind the port.
#[async_trait]
pub trait Sms: std::any::Any + Send + Sync {
    async fn send(&self, to: &str, text: &str) -> Result<(), SmsError>;
}
