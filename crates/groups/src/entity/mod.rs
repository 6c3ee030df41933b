//! The groups crate's tables; they never leave the crate.

pub mod agreement;
pub mod agreement_acceptance;
pub mod group_goal;
pub mod group_update;
pub mod industry_partner_role;
pub mod invitation;
pub mod join_request;
pub mod material;
pub mod member;
pub mod project_tag;
pub mod update_view;
pub mod working_group;
pub mod working_group_goal;
pub mod working_group_role;
pub mod working_group_tag;
