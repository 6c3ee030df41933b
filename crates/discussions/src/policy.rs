//! Who may do what in a discussion (spec 2 §4 Voting, Delete and edit; §6). Plain functions
//! of (viewer, post, the target's [`Access`]), tested here.

use crate::target::Access;

/// A private topic (and its replies) is for those who may read private topics.
pub fn may_read(is_public: bool, access: Access) -> bool {
    is_public || access.read_private
}

/// Only a live post's author edits it, while they may still write there (a member who
/// left a group keeps reading what its visibility allows, and no longer edits).
pub fn may_edit(is_author: bool, is_deleted: bool, access: Access) -> bool {
    is_author && !is_deleted && access.write
}

/// The author deletes their post; the target's moderators delete anyone's.
pub fn may_delete(is_author: bool, is_deleted: bool, access: Access) -> bool {
    !is_deleted && (is_author || access.moderate)
}

/// Why a vote is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VoteRefusal {
    OwnPost,
    Deleted,
    /// Reading is open to more people than taking part: a working group's non-members read
    /// its public topics, only its members vote.
    NotMember,
}

/// Those who take part in the discussion (who may write there: a working group's members)
/// vote on other people's live posts (sign-in is the extractor's job).
pub fn may_vote(is_author: bool, is_deleted: bool, access: Access) -> Result<(), VoteRefusal> {
    if is_deleted {
        Err(VoteRefusal::Deleted)
    } else if is_author {
        Err(VoteRefusal::OwnPost)
    } else if !access.write {
        Err(VoteRefusal::NotMember)
    } else {
        Ok(())
    }
}

/// Those who take part in the discussion react to live posts, their own included.
pub fn may_react(is_deleted: bool, is_hidden: bool, access: Access) -> bool {
    access.write && !is_deleted && !is_hidden
}

#[cfg(test)]
mod tests {
    use super::*;

    const MEMBER: Access = Access {
        read_private: true,
        write: true,
        set_private: true,
        moderate: false,
        phi_blocking: false,
    };
    const MODERATOR: Access = Access {
        moderate: true,
        ..MEMBER
    };
    const VISITOR: Access = Access {
        read_private: false,
        write: false,
        set_private: false,
        moderate: false,
        phi_blocking: false,
    };

    #[test]
    fn private_topics_are_for_members() {
        assert!(may_read(true, VISITOR));
        assert!(!may_read(false, VISITOR));
        assert!(may_read(false, MEMBER));
    }

    #[test]
    fn authors_edit_their_live_posts_only() {
        assert!(may_edit(true, false, MEMBER));
        assert!(!may_edit(false, false, MEMBER));
        assert!(!may_edit(true, true, MEMBER));
    }

    #[test]
    fn authors_who_may_no_longer_write_no_longer_edit() {
        let former_member = Access {
            write: false,
            ..MEMBER
        };
        assert!(!may_edit(true, false, former_member));
        assert!(!may_edit(true, false, VISITOR));
    }

    #[test]
    fn authors_and_moderators_delete() {
        assert!(may_delete(true, false, MEMBER));
        assert!(!may_delete(false, false, MEMBER));
        assert!(may_delete(false, false, MODERATOR));
        assert!(!may_delete(true, true, MODERATOR));
    }

    #[test]
    fn nobody_votes_on_their_own_or_deleted_posts() {
        assert_eq!(may_vote(false, false, MEMBER), Ok(()));
        assert_eq!(may_vote(true, false, MEMBER), Err(VoteRefusal::OwnPost));
        assert_eq!(may_vote(false, true, MEMBER), Err(VoteRefusal::Deleted));
        assert_eq!(
            may_vote(false, false, VISITOR),
            Err(VoteRefusal::NotMember),
            "a non-member reads, and does not vote"
        );
    }
}
