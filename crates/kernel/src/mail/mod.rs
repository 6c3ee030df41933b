//! Outgoing e-mail: one trait, a dev mailbox that keeps mail in the database, and SMTP.

pub mod dev_mailbox;
pub mod smtp;

use async_trait::async_trait;

/// A message to one recipient.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email {
    pub to: String,
    pub subject: String,
    /// Plain-text body; every message has one.
    pub text: String,
    /// Optional HTML alternative.
    pub html: Option<String>,
}

/// Failure to hand a message over for delivery.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("invalid address {0:?}")]
    InvalidAddress(String),
    #[error("mail transport failed: {0}")]
    Transport(String),
    #[error(transparent)]
    Database(#[from] sea_orm::DbErr),
}

/// Sends e-mail. Implementations: [`dev_mailbox::DevMailbox`], [`smtp::SmtpMailer`].
#[async_trait]
pub trait Mailer: Send + Sync {
    async fn send(&self, email: Email) -> Result<(), MailError>;
}
