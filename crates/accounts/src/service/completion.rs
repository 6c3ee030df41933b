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

fn non_empty_list(json: &str) -> bool {
    serde_json::from_str::<Vec<serde_json::Value>>(json).is_ok_and(|items| !items.is_empty())
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
        non_empty_list(&user.area_of_interest),
        non_empty_list(&user.tags),
        non_empty_list(&user.looking_for),
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
            date_joined: chrono::Utc::now(),
            role: String::new(),
            phone_number: None,
            phone_confirmed: false,
            is_project_creator: false,
            affiliation: None,
            affiliation_status: "not_approved".into(),
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
            area_of_interest: "[]".into(),
            tags: "[]".into(),
            looking_for: "[]".into(),
            race: "[]".into(),
            gender: "prefer_not_to_disclose".into(),
            age_group: "prefer_not_to_disclose".into(),
            ethnicity: "prefer_not_to_disclose".into(),
            career_stage: "prefer_not_to_disclose".into(),
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
        user.tags = r#"["CAREGIVER"]"#.into();
        assert!(!missing(&user).contains(&"social_or_website"));
        assert!(!missing(&user).contains(&"tags"));
        assert_eq!(missing(&user).len(), 6);
    }
}
