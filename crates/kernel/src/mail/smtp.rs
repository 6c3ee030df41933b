//! Real delivery over SMTP with lettre.

use async_trait::async_trait;
use lettre::message::header::{Header, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use super::{Email, MailError, Mailer};

type HeaderError = Box<dyn std::error::Error + Send + Sync>;

/// `List-Unsubscribe: <https://…>`: where a mail client's unsubscribe button goes.
#[derive(Clone)]
struct ListUnsubscribe(String);

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }

    fn parse(s: &str) -> Result<Self, HeaderError> {
        Ok(Self(s.trim().trim_matches(['<', '>']).to_owned()))
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), format!("<{}>", self.0))
    }
}

/// `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058): the button unsubscribes
/// with one POST, no page to fill in.
#[derive(Clone)]
struct OneClick;

const ONE_CLICK: &str = "List-Unsubscribe=One-Click";

impl Header for OneClick {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }

    fn parse(_: &str) -> Result<Self, HeaderError> {
        Ok(Self)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), ONE_CLICK.to_owned())
    }
}

/// Sends through the server named by `COHORT_SMTP_URL`.
#[derive(Clone)]
pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    /// The site's address, which the HTML version links home to.
    public_url: String,
}

impl SmtpMailer {
    /// Checks an `smtp://` / `smtps://` URL without connecting.
    pub fn check_url(url: &str) -> Result<(), String> {
        AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map(|_| ())
            .map_err(|e| format!("is not a valid smtp:// or smtps:// URL ({e})"))
    }

    pub fn new(url: &str, from: &str, public_url: &str) -> Result<Self, MailError> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| MailError::Transport(e.to_string()))?
            .build();
        let from = from
            .parse()
            .map_err(|_| MailError::InvalidAddress(from.to_owned()))?;
        Ok(Self {
            transport,
            from,
            public_url: public_url.to_owned(),
        })
    }
}

#[async_trait]
impl Mailer for SmtpMailer {
    async fn send(&self, email: Email) -> Result<(), MailError> {
        let to: Mailbox = email
            .to
            .parse()
            .map_err(|_| MailError::InvalidAddress(email.to.clone()))?;
        // Every message is multipart: its plain text, and an HTML version of it.
        let html = email.html.unwrap_or_else(|| {
            super::html::from_text(&self.public_url, &email.subject, &email.text)
        });
        let mut builder = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(email.subject);
        if let Some(address) = email.unsubscribe {
            builder = builder.header(ListUnsubscribe(address)).header(OneClick);
        }
        let message = builder
            .multipart(MultiPart::alternative_plain_html(email.text, html))
            .map_err(|e| MailError::Transport(e.to_string()))?;
        self.transport
            .send(message)
            .await
            .map_err(|e| MailError::Transport(e.to_string()))?;
        Ok(())
    }
}
