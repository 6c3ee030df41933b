//! The mailers behind the kernel's mail port (`kernel::mail::Mailer`): SMTP through lettre
//! when `COHORT_SMTP_URL` names a server, the dev mailbox (kept in the database, read in the
//! browser) otherwise; both send the plain text with an HTML version of it.

pub mod dev_mailbox;
pub mod html;
pub mod smtp;
