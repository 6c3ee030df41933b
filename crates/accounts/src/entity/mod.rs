pub(crate) mod account_token;
pub(crate) mod oauth_association;
pub(crate) mod oauth_state;
pub(crate) mod session;
pub(crate) mod sms_confirmation;
pub(crate) mod tag;
pub(crate) mod totp_device;
pub(crate) mod user;
