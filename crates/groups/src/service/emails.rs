//! The texts of the e-mails the groups crate sends.

use kernel::mail::{Email, link};

/// An invitation to a working group; the link opens the group with the token.
pub fn invitation(
    public_url: &str,
    to: &str,
    group_slug: &str,
    group_title: &str,
    inviter: &str,
    message: &str,
    token: &str,
) -> Email {
    let url = link(
        public_url,
        &format!("/working-groups/{group_slug}"),
        &[("invite_token", token)],
    );
    Email {
        to: to.to_owned(),
        subject: format!("{inviter} invited you to the working group {group_title}"),
        text: format!(
            "Hello,\n\n{inviter} invited you to join the working group \"{group_title}\" on Cohort.\n\n{message}\n\nOpen the invitation (if you have no Cohort account yet, you can create one with this e-mail address on the way):\n\n{url}\n\nThe link is valid for 14 days and works once. If you do not want to join, you can ignore this e-mail.\n\nThe Cohort team"
        ),
        html: None,
        unsubscribe: None,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_link_carries_the_token_to_the_group_page() {
        let mail = super::invitation(
            "http://x",
            "b@c.d",
            "stroke-rehab",
            "Stroke rehab",
            "Ada",
            "Join us",
            "t/k",
        );
        assert!(
            mail.text
                .contains("http://x/working-groups/stroke-rehab?invite_token=t%2Fk")
        );
        assert!(mail.subject.contains("Ada") && mail.text.contains("Join us"));
    }
}
