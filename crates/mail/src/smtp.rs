//! Real delivery over SMTP with lettre.

use std::path::Path;
use std::time::Duration;

use async_trait::async_trait;
use lettre::message::header::{Header, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart};
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use kernel::mail::server::ca_certificate;
use kernel::mail::{Email, MailError, Mailer};

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

/// The mail server and how to reach it.
pub struct SmtpServer<'a> {
    /// `smtp://` (plain, or STARTTLS with `?tls=required`) or `smtps://` (TLS from the start),
    /// with the account in its user and password.
    pub url: &'a str,
    /// Certificates of a private authority to trust besides the system's.
    pub ca_file: Option<&'a Path>,
    /// How long one message's delivery may take, from connecting to the server's answer.
    pub timeout: Duration,
}

/// Sends through the server named by `COHORT_SMTP_URL`.
#[derive(Clone)]
pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    /// lettre bounds only the connecting; this bounds the whole delivery, so a server that
    /// stops answering mid-conversation holds the outbox's worker no longer than this.
    timeout: Duration,
    from: Mailbox,
    /// The site's address, which the HTML version links home to.
    public_url: String,
}

impl SmtpMailer {
    /// A mailer for the server at `url`; `ca_file` adds the certificates of a private
    /// authority to the ones its TLS is checked against.
    pub fn new(server: &SmtpServer<'_>, from: &str, public_url: &str) -> Result<Self, MailError> {
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::from_url(server.url)
            .map_err(|e| MailError::Transport(e.to_string()))?
            .timeout(Some(server.timeout));
        if let Some(path) = server.ca_file {
            builder = builder.tls(tls_mode(server.url, path)?);
        }
        let transport = builder.build();
        let from = from
            .parse()
            .map_err(|_| MailError::InvalidAddress(from.to_owned()))?;
        Ok(Self {
            transport,
            timeout: server.timeout,
            from,
            public_url: public_url.to_owned(),
        })
    }
}

impl SmtpMailer {
    /// Whether the server can be reached, greets, and accepts the configured TLS and
    /// account (it sends `NOOP`, no mail).
    pub async fn answers(&self) -> Result<(), MailError> {
        match tokio::time::timeout(self.timeout, self.transport.test_connection()).await {
            Ok(Ok(true)) => Ok(()),
            Ok(Ok(false)) => Err(MailError::Transport(
                "the server did not answer NOOP".into(),
            )),
            Ok(Err(e)) => Err(MailError::Transport(e.to_string())),
            Err(_) => Err(MailError::Transport(format!(
                "the mail server did not answer within {} s",
                self.timeout.as_secs()
            ))),
        }
    }
}

/// The TLS `url` asks for (the way lettre reads it: `smtps://` is TLS from the start,
/// `?tls=required` / `?tls=opportunistic` STARTTLS), trusting the authority in `ca_file` too.
fn tls_mode(url: &str, ca_file: &Path) -> Result<Tls, MailError> {
    let parsed = url::Url::parse(url).map_err(|e| MailError::Transport(e.to_string()))?;
    let host = parsed.host_str().unwrap_or_default().to_owned();
    let certificate = ca_certificate(ca_file)
        .map_err(|problem| MailError::Transport(format!("{}: {problem}", ca_file.display())))?;
    let parameters = TlsParameters::builder(host)
        .add_root_certificate(certificate)
        .build()
        .map_err(|e| MailError::Transport(e.to_string()))?;
    let starttls = parsed
        .query_pairs()
        .find(|(key, _)| key == "tls")
        .map(|(_, value)| value.into_owned());
    Ok(match (parsed.scheme(), starttls.as_deref()) {
        ("smtps", _) => Tls::Wrapper(parameters),
        (_, Some("required")) => Tls::Required(parameters),
        (_, Some("opportunistic")) => Tls::Opportunistic(parameters),
        _ => Tls::None,
    })
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
            crate::html::from_text(&self.public_url, &email.subject, &email.text)
        });
        // Our own id, under the sender's domain: relays that add one use their own host's
        // name, and spam filters mark a message without one.
        let id = format!(
            "<{}@{}>",
            kernel::storage::unique_name(),
            self.from.email.domain()
        );
        let mut builder = Message::builder()
            .message_id(Some(id))
            .from(self.from.clone())
            .to(to)
            .subject(email.subject);
        if let Some(address) = email.unsubscribe {
            builder = builder.header(ListUnsubscribe(address)).header(OneClick);
        }
        let message = builder
            .multipart(MultiPart::alternative_plain_html(email.text, html))
            .map_err(|e| MailError::Transport(e.to_string()))?;
        match tokio::time::timeout(self.timeout, self.transport.send(message)).await {
            Ok(sent) => sent
                .map(|_| ())
                .map_err(|e| MailError::Transport(e.to_string())),
            Err(_) => Err(MailError::Transport(format!(
                "the mail server did not answer within {} s",
                self.timeout.as_secs()
            ))),
        }
    }
}
