//! Profile completion (spec §5, document 1): nine items, computed here once; the client
//! shows the meter and what is missing.

use crate::entity::user;

/// The nine items, in the order the header popover lists them.
pub const ITEMS: [&str; 9] = [
    "name",
    "affiliation",
    "avatar",
    "social_or_website",
    "location",
    "bio",
    "area_of_interest",
    "tags",
    "looking_for",
];

fn filled(value: &Option<String>) -> bool {
    value.as_deref().is_some_and(|v| !v.trim().is_empty())
}

/// The items still missing from `user`'s profile.
pub fn missing(user: &user::Model) -> Vec<&'static str> {
    let done = [
        !user.name.trim().is_empty(),
        filled(&user.affiliation),
        filled(&user.avatar),
        filled(&user.social) || filled(&user.website),
        filled(&user.location),
        filled(&user.bio),
        !user.area_of_interest.is_empty(),
        !user.tags.is_empty(),
        !user.looking_for.is_empty(),
    ];
    ITEMS
        .iter()
        .zip(done)
        .filter(|(_, ok)| !ok)
        .map(|(item, _)| *item)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_the_nine_items() {
        let mut user = user::Model {
            id: 1,
            email: "a@b.c".into(),
            name: "Ada".into(),
            password_hash: None,
            is_active: true,
            email_confirmed: true,
            staff_role: None,
            content_expert: false,
            date_joined: kernel::clock::now(),
            role: String::new(),
            phone_number: None,
            phone_confirmed: false,
            is_project_creator: false,
            affiliation: None,
            affiliation_status: crate::enums::AffiliationStatus::NotApproved,
            university_affiliate_email: None,
            university_email_confirmed: false,
            university_profile_page_url: None,
            title: None,
            location: None,
            website: None,
            social: None,
            bio: None,
            address: None,
            avatar: None,
            profile_background: None,
            profile_is_private: false,
            time_zone: None,
            area_of_interest: Default::default(),
            tags: Default::default(),
            looking_for: Default::default(),
            race: Default::default(),
            gender: crate::enums::Gender::PreferNotToDisclose,
            age_group: crate::enums::AgeGroup::PreferNotToDisclose,
            ethnicity: "prefer_not_to_disclose".into(),
            career_stage: crate::enums::CareerStage::PreferNotToDisclose,
            pronouns: None,
            find_about_by: None,
            find_about_by_other_info: None,
            failure_count: 0,
            locked_until: None,
            deactivated_at: None,
            affiliation_rejected_at: None,
            password_change_required: false,
        };
        assert_eq!(missing(&user).len(), 8, "only the name is there");
        user.website = Some("https://ada.example".into());
        user.tags = vec![crate::enums::ProfileTag::Caregiver].into();
        assert!(!missing(&user).contains(&"social_or_website"));
        assert!(!missing(&user).contains(&"tags"));
        assert_eq!(missing(&user).len(), 6);
    }
}
