pub mod commenter;
pub mod favorite;
pub mod need;
pub mod project;
pub mod review;
pub mod tag_link;
pub mod team_member;
pub mod update;
