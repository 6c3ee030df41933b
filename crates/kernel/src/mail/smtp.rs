//! Real delivery over SMTP with lettre.

use async_trait::async_trait;
use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use super::{Email, MailError, Mailer};

/// Sends through the server named by `COHORT_SMTP_URL`.
#[derive(Clone)]
pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl SmtpMailer {
    /// Checks an `smtp://` / `smtps://` URL without connecting.
    pub fn check_url(url: &str) -> Result<(), String> {
        AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map(|_| ())
            .map_err(|e| format!("is not a valid smtp:// or smtps:// URL ({e})"))
    }

    pub fn new(url: &str, from: &str) -> Result<Self, MailError> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| MailError::Transport(e.to_string()))?
            .build();
        let from = from
            .parse()
            .map_err(|_| MailError::InvalidAddress(from.to_owned()))?;
        Ok(Self { transport, from })
    }
}

#[async_trait]
impl Mailer for SmtpMailer {
    async fn send(&self, email: Email) -> Result<(), MailError> {
        let to: Mailbox = email
            .to
            .parse()
            .map_err(|_| MailError::InvalidAddress(email.to.clone()))?;
        let builder = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(email.subject);
        let message = match email.html {
            Some(html) => builder.multipart(MultiPart::alternative_plain_html(email.text, html)),
            None => builder.body(email.text),
        }
        .map_err(|e| MailError::Transport(e.to_string()))?;
        self.transport
            .send(message)
            .await
            .map_err(|e| MailError::Transport(e.to_string()))?;
        Ok(())
    }
}
