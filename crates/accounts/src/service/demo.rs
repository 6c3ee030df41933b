//! Demo members for the demo content (`cohort seed`): confirmed, active accounts with a
//! public profile, so a new site has people behind its groups and posts.

use kernel::AppResult;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

#[cfg(doc)]
use super::password;
use crate::entity::user;
use crate::enums::{AffiliationStatus, AgeGroup, CareerStage, Gender};

/// Who a demo member is.
pub struct DemoMember<'a> {
    pub email: &'a str,
    pub name: &'a str,
    /// The PHC string of the member's password ([`password::hash`]): the demo members
    /// share one password, hashed once (each hash costs 19 MiB and tens of milliseconds of
    /// a first start).
    pub password_hash: &'a str,
    pub title: &'a str,
    pub affiliation: &'a str,
    pub location: &'a str,
    pub bio: &'a str,
    /// A researcher who may submit projects: the equity fields given and a university
    /// affiliation approved (at `university_email`).
    pub creator: Option<Creator<'a>>,
}

/// What makes a demo member a project creator.
pub struct Creator<'a> {
    pub university_email: &'a str,
    pub gender: Gender,
    pub age_group: AgeGroup,
    pub career_stage: CareerStage,
}

/// The member's id, creating the account when it does not exist yet.
pub async fn demo_member(db: &impl ConnectionTrait, member: DemoMember<'_>) -> AppResult<i64> {
    let email = member.email.trim().to_lowercase();
    if let Some(found) = user::Entity::find()
        .filter(user::Column::Email.eq(&email))
        .one(db)
        .await?
    {
        return Ok(found.id);
    }
    let mut created = user::ActiveModel {
        email: Set(email),
        name: Set(member.name.to_owned()),
        password_hash: Set(Some(member.password_hash.to_owned())),
        is_active: Set(true),
        email_confirmed: Set(true),
        title: Set(Some(member.title.to_owned())),
        affiliation: Set(Some(member.affiliation.to_owned())),
        location: Set(Some(member.location.to_owned())),
        bio: Set(Some(member.bio.to_owned())),
        date_joined: Set(kernel::clock::now()),
        ..Default::default()
    };
    if let Some(creator) = member.creator {
        created.is_project_creator = Set(true);
        created.university_affiliate_email = Set(Some(creator.university_email.to_owned()));
        created.university_email_confirmed = Set(true);
        created.affiliation_status = Set(AffiliationStatus::Approved);
        created.gender = Set(creator.gender);
        created.age_group = Set(creator.age_group);
        created.career_stage = Set(creator.career_stage);
    }
    Ok(created.insert(db).await?.id)
}
