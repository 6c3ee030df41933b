//! Who may do what with accounts. Plain functions of (viewer, resource), tested here.

/// A user may remove only their own provider links.
pub fn may_disconnect(viewer_id: i64, association_owner_id: i64) -> bool {
    viewer_id == association_owner_id
}

/// The last way to sign in cannot be removed: an account with no password needs at
/// least one provider link.
pub fn may_remove_sign_in_method(has_password: bool, links_left_after: usize) -> bool {
    has_password || links_left_after > 0
}

/// Spec §5/§6: a project creator must give gender, age group and career stage. Returns
/// the fields still missing (none for other users).
pub fn missing_equity_fields(
    is_project_creator: bool,
    gender_given: bool,
    age_group_given: bool,
    career_stage_given: bool,
) -> Vec<&'static str> {
    if !is_project_creator {
        return Vec::new();
    }
    [
        ("gender", gender_given),
        ("age_group", age_group_given),
        ("career_stage", career_stage_given),
    ]
    .into_iter()
    .filter(|(_, given)| !given)
    .map(|(field, _)| field)
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn project_creators_owe_the_equity_fields() {
        assert!(missing_equity_fields(false, false, false, false).is_empty());
        assert_eq!(
            missing_equity_fields(true, true, false, false),
            vec!["age_group", "career_stage"]
        );
        assert!(missing_equity_fields(true, true, true, true).is_empty());
    }

    #[test]
    fn only_the_owner_disconnects() {
        assert!(may_disconnect(7, 7));
        assert!(!may_disconnect(7, 8));
    }

    #[test]
    fn the_last_sign_in_method_stays() {
        assert!(may_remove_sign_in_method(true, 0));
        assert!(may_remove_sign_in_method(false, 1));
        assert!(!may_remove_sign_in_method(false, 0));
    }
}
