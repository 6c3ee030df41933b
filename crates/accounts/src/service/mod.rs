pub mod password;
pub mod staff;
