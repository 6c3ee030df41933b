//! Outgoing e-mail: one trait, a dev mailbox that keeps mail in the database, and SMTP.

pub mod server;

use async_trait::async_trait;

use crate::AppResult;

/// An absolute link into the site, with its query values percent-encoded.
pub fn link(public_url: &str, path: &str, query: &[(&str, &str)]) -> String {
    let query: Vec<String> = query
        .iter()
        .map(|(k, v)| format!("{k}={}", encode(v)))
        .collect();
    format!("{public_url}{path}?{}", query.join("&"))
}

fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// A message to one recipient.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email {
    pub to: String,
    pub subject: String,
    /// Plain-text body; every message has one.
    pub text: String,
    /// The HTML alternative; without one, the mailer renders the text (`html::from_text`).
    pub html: Option<String>,
    /// A notification's one-click unsubscribe address (`List-Unsubscribe`, RFC 8058).
    pub unsubscribe: Option<String>,
}

/// Failure to hand a message over for delivery.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// The address is kept for the caller, not shown: errors are logged, and logs carry no
    /// personal data.
    #[error("invalid e-mail address")]
    InvalidAddress(String),
    #[error("mail transport failed: {0}")]
    Transport(String),
    #[error(transparent)]
    Database(#[from] sea_orm::DbErr),
}

/// Sends e-mail. Implementations, in the `mail` crate: `DevMailbox` and `SmtpMailer`. `Any`
/// lets the dev mailbox's page and the tests reach the mailbox behind the port.
#[async_trait]
pub trait Mailer: std::any::Any + Send + Sync {
    async fn send(&self, email: Email) -> Result<(), MailError>;

    /// Whether it keeps mail in the application's own database (the dev mailbox), where
    /// handing a message over can be neither slow nor refused: mail then goes to it at once
    /// rather than through the outbox, and is there when the request that sent it answers.
    fn is_local(&self) -> bool {
        false
    }
}

/// The durable outbox that mail waits in for its worker, which sends it with retries and
/// never twice (implemented by `feed`, which owns the outbox).
#[async_trait]
pub trait MailQueue: Send + Sync {
    async fn enqueue(&self, email: Email) -> AppResult<()>;
}
