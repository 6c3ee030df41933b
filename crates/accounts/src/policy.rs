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

#[cfg(test)]
mod tests {
    use super::*;

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
