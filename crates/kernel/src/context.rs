//! The services every request handler can reach, shared as `web::Data<AppContext>`.

use std::sync::Arc;

use sea_orm::DatabaseConnection;

use crate::auth::Sessions;
use crate::captcha::Captcha;
use crate::community::{Groups, Notices, UnreadMessages};
use crate::config::Config;
use crate::events::EventBus;
use crate::file_links::FileLinks;
use crate::hot::Changes;
use crate::mail::Mailer;
use crate::rate_limit::RateLimits;
use crate::sms::Sms;
use crate::storage::Storage;
use crate::users::Users;

#[derive(Clone)]
pub struct AppContext {
    pub config: Arc<Config>,
    pub db: DatabaseConnection,
    /// Reads planned for their values every time ([`crate::db::connect_value_planned`]):
    /// full-text search.
    pub search_db: DatabaseConnection,
    pub events: EventBus,
    /// Bearer-token resolution, implemented by `accounts`.
    pub sessions: Sessions,
    /// Member summaries for other crates, implemented by `accounts`.
    pub users: Users,
    /// Group membership for other crates, implemented by `groups`.
    pub groups: Groups,
    /// Unread notification counts for other crates, implemented by `feed`.
    pub notices: Notices,
    /// Unread direct-message counts for other crates, implemented by `messages`.
    pub unread_messages: UnreadMessages,
    pub storage: Arc<dyn Storage>,
    /// Signed, expiring links to files only some may see.
    pub file_links: FileLinks,
    /// Signed one-click unsubscribe links for notification e-mails.
    pub unsubscribes: crate::unsubscribe::UnsubscribeLinks,
    pub mailer: Arc<dyn Mailer>,
    /// The e-mail outbox, implemented by `feed`.
    pub mail_queue: Arc<dyn crate::mail::MailQueue>,
    pub captcha: Arc<dyn Captcha>,
    pub rate_limits: Arc<RateLimits>,
    pub sms: Arc<dyn Sms>,
    /// Counts what may have changed, so in-memory caches drop what they kept.
    pub changes: Changes,
    /// The card processor (`COHORT_PAYMENTS`).
    pub payments: Arc<dyn crate::payments::PaymentProvider>,
}

impl AppContext {
    /// Sends a transactional message (a confirmation, a reset link, an invitation) on its way:
    /// through the outbox when a mail server is configured, so no request waits on the server
    /// and a refusing or unreachable one delays the mail instead of losing it; straight into the
    /// dev mailbox otherwise. A failure is logged, not shown: the user can ask again.
    pub async fn deliver_mail(&self, mail: crate::mail::Email) {
        let subject = mail.subject.clone();
        let handed_over = if self.mailer.is_local() {
            self.mailer.send(mail).await.map_err(|e| e.to_string())
        } else {
            self.mail_queue
                .enqueue(mail)
                .await
                .map_err(|e| e.to_string())
        };
        if let Err(error) = handed_over {
            tracing::error!(error, subject, "could not send e-mail");
        }
    }
}
