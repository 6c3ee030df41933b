pub(crate) mod user;
