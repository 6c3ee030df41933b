pub mod favorite;
pub mod project;
