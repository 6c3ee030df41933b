//! Joining, invitations, roles and removals: the member concerned hears of it, unless
//! they did it themselves.

use kernel::notification_kinds::NotificationKind;

use super::effects::Effects;
use super::wording::{about_group, group_route};
use crate::facts::Group;
use crate::policy;

/// The group's curators hear who asked to join.
pub fn join_requested(group: &Group, asker: &str, asker_id: i64, curators: &[i64]) -> Effects {
    Effects::notices(
        curators
            .iter()
            .copied()
            .filter(|c| policy::notify(*c, asker_id))
            .map(|curator| {
                about_group(
                    curator,
                    NotificationKind::JoinRequestReceived,
                    group,
                    "New join request",
                    format!("{asker} asked to join {}.", group.title),
                )
            }),
    )
}

pub fn join_answered(group: &Group, actor_id: i64, member_id: i64, accepted: bool) -> Effects {
    if !policy::notify(member_id, actor_id) {
        return Effects::default();
    }
    let (title, message) = if accepted {
        (
            "Join request accepted",
            format!("You are now a member of {}.", group.title),
        )
    } else {
        (
            "Join request declined",
            format!("Your request to join {} was declined.", group.title),
        )
    };
    Effects::notices([about_group(
        member_id,
        NotificationKind::JoinRequestAnswered,
        group,
        title,
        message,
    )])
}

/// In-app only: the invitation's own e-mail carries the link.
pub fn invited(
    group: &Group,
    inviter: &str,
    actor_id: i64,
    member_id: i64,
    invite_token: String,
) -> Effects {
    if !policy::notify(member_id, actor_id) {
        return Effects::default();
    }
    let mut notice = about_group(
        member_id,
        NotificationKind::InvitationReceived,
        group,
        format!("Invitation to {}", group.title),
        format!("{inviter} invited you to join {}.", group.title),
    );
    notice.in_app_route = Some(format!(
        "{}?invite_token={invite_token}",
        group_route(group)
    ));
    notice.invite_token = Some(invite_token);
    notice.mailed_by_source = true;
    Effects::notices([notice])
}

pub fn role_changed(group: &Group, actor_id: i64, member_id: i64, role: &str) -> Effects {
    if !policy::notify(member_id, actor_id) {
        return Effects::default();
    }
    Effects::notices([about_group(
        member_id,
        NotificationKind::RoleChanged,
        group,
        "Your role changed",
        format!("You are now a {role} of {}.", group.title),
    )])
}

pub fn removed(group: &Group, actor_id: i64, member_id: i64) -> Effects {
    if !policy::notify(member_id, actor_id) {
        return Effects::default();
    }
    Effects::notices([about_group(
        member_id,
        NotificationKind::RoleChanged,
        group,
        "Removed from a working group",
        format!("You were removed from {}.", group.title),
    )])
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    pub fn group() -> Group {
        Group {
            id: 7,
            slug: "registries".into(),
            title: "Registries".into(),
        }
    }

    #[test]
    fn curators_other_than_the_asker_hear_of_a_join_request() {
        let effects = join_requested(&group(), "Ada", 1, &[1, 2, 3]);
        let told: Vec<i64> = effects.notices.iter().map(|n| n.user_id).collect();
        assert_eq!(told, [2, 3]);
        let notice = &effects.notices[0];
        assert_eq!(notice.kind, NotificationKind::JoinRequestReceived);
        assert_eq!(notice.title, "New join request");
        assert_eq!(notice.message, "Ada asked to join Registries.");
        assert_eq!(
            notice.in_app_route.as_deref(),
            Some("/working-groups/registries")
        );
        assert!(effects.items.is_empty());
    }

    #[test]
    fn an_answer_tells_the_member_in_words_that_match_it() {
        let yes = join_answered(&group(), 1, 2, true);
        assert_eq!(yes.notices[0].title, "Join request accepted");
        assert_eq!(
            yes.notices[0].message,
            "You are now a member of Registries."
        );
        let no = join_answered(&group(), 1, 2, false);
        assert_eq!(no.notices[0].title, "Join request declined");
        assert_eq!(
            no.notices[0].message,
            "Your request to join Registries was declined."
        );
        assert!(join_answered(&group(), 2, 2, true).notices.is_empty());
    }

    #[test]
    fn an_invitation_is_in_app_only_and_links_its_token() {
        let effects = invited(&group(), "Grace", 1, 2, "tok".into());
        let notice = &effects.notices[0];
        assert_eq!(notice.title, "Invitation to Registries");
        assert_eq!(notice.message, "Grace invited you to join Registries.");
        assert_eq!(
            notice.in_app_route.as_deref(),
            Some("/working-groups/registries?invite_token=tok")
        );
        assert!(notice.mailed_by_source);
        assert!(
            invited(&group(), "Grace", 2, 2, "tok".into())
                .notices
                .is_empty()
        );
    }

    #[test]
    fn role_changes_and_removals_tell_the_member_only() {
        let changed = role_changed(&group(), 1, 2, "moderator");
        assert_eq!(
            changed.notices[0].message,
            "You are now a moderator of Registries."
        );
        let gone = removed(&group(), 1, 2);
        assert_eq!(gone.notices[0].title, "Removed from a working group");
        assert_eq!(gone.notices[0].message, "You were removed from Registries.");
        assert!(removed(&group(), 2, 2).notices.is_empty());
        assert!(role_changed(&group(), 2, 2, "owner").notices.is_empty());
    }
}
