//! Who may do what with content. Plain functions, tested here.

/// Published posts are for everyone; drafts for staff.
pub fn may_read_post(published: bool, is_staff: bool) -> bool {
    published || is_staff
}

/// A post's discussion: (may write, may moderate). Signed-in readers write when the post
/// allows discussion; staff moderate.
pub fn blog_discussion(
    can_create_discussion: bool,
    signed_in: bool,
    is_staff: bool,
) -> (bool, bool) {
    (signed_in && can_create_discussion, is_staff)
}

/// Watching a lecture's video needs an account (the terms; spec 2 §8: visitors see the
/// lecture list, its posters and texts).
pub fn may_watch_lecture(signed_in: bool) -> bool {
    signed_in
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lectures_are_watched_signed_in() {
        assert!(may_watch_lecture(true));
        assert!(!may_watch_lecture(false));
    }

    #[test]
    fn drafts_are_for_staff() {
        assert!(may_read_post(true, false));
        assert!(!may_read_post(false, false));
        assert!(may_read_post(false, true));
    }

    #[test]
    fn blog_discussions_follow_the_post_flag() {
        assert_eq!(blog_discussion(true, true, false), (true, false));
        assert_eq!(blog_discussion(false, true, false), (false, false));
        assert_eq!(blog_discussion(true, false, false), (false, false));
        assert_eq!(blog_discussion(false, true, true), (false, true));
    }
}
