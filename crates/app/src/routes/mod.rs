//! The endpoints `app` answers itself, because they read more than one crate or none: the
//! audit trail, the captcha, the staff console's overview, the development mailbox, a
//! group's activity, the guardrail, health and the test payment processor.

pub(crate) mod audit_trail;
pub(crate) mod captcha;
pub(crate) mod console;
pub(crate) mod dev_mailbox;
pub(crate) mod group_activity;
pub(crate) mod guardrail;
pub(crate) mod health;
pub(crate) mod test_processor;
