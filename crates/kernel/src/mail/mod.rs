//! Outgoing e-mail: one trait, a dev mailbox that keeps mail in the database, and SMTP.

pub mod dev_mailbox;
pub mod html;
pub mod smtp;

use async_trait::async_trait;

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

/// Sends `mail`; a failed delivery is logged, not shown, since the user can ask again.
pub async fn deliver(mailer: &dyn Mailer, mail: Email) {
    let subject = mail.subject.clone();
    if let Err(err) = mailer.send(mail).await {
        tracing::error!(error = %err, subject, "could not send e-mail");
    }
}
