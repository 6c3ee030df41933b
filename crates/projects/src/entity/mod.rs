pub mod favorite;
pub mod project;
pub mod review;
