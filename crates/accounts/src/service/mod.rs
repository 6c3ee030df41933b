pub mod login;
pub mod me;
pub mod password;
pub mod session;
pub mod staff;
