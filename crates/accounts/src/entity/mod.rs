pub(crate) mod account_token;
pub(crate) mod session;
pub(crate) mod sms_confirmation;
pub(crate) mod tag;
pub(crate) mod totp_device;
pub(crate) mod user;
