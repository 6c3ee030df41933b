pub(crate) mod session;
pub(crate) mod user;
