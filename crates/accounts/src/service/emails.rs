//! The texts of the e-mails accounts sends.

use kernel::mail::{Email, link};

pub fn confirm_account(
    public_url: &str,
    to: &str,
    name: &str,
    token: &str,
    redirect_to: Option<&str>,
) -> Email {
    let mut query = vec![("token", token)];
    if let Some(redirect) = redirect_to {
        query.push(("redirect_to", redirect));
    }
    let url = link(public_url, "/confirm-user", &query);
    Email {
        to: to.to_owned(),
        subject: "Confirm your Cohort account".into(),
        text: format!(
            "Hello {name},\n\nWelcome to Cohort. Please confirm your e-mail address to activate your account:\n\n{url}\n\nThe link is valid for 3 days. If you did not sign up, you can ignore this e-mail.\n\nThe Cohort team"
        ),
        html: None,
        unsubscribe: None,
    }
}

/// Sent to a member's new address when they change it in their profile.
pub fn confirm_new_email(public_url: &str, to: &str, name: &str, token: &str) -> Email {
    let url = link(public_url, "/confirm-user", &[("token", token)]);
    Email {
        to: to.to_owned(),
        subject: "Confirm your new e-mail address".into(),
        text: format!(
            "Hello {name},\n\nYou changed the e-mail address of your Cohort account to this one. Please confirm it:\n\n{url}\n\nThe link is valid for 3 days. If you did not change it, you can ignore this e-mail.\n\nThe Cohort team"
        ),
        html: None,
        unsubscribe: None,
    }
}

/// Sent to an account that has no password yet (made through single sign-on).
pub fn set_password(public_url: &str, to: &str, name: &str, token: &str) -> Email {
    let url = link(public_url, "/set-password", &[("token", token)]);
    Email {
        to: to.to_owned(),
        subject: "Choose a password for Cohort".into(),
        text: format!(
            "Hello {name},\n\nYour Cohort account was created through single sign-on. To sign in with your e-mail address as well, choose a password:\n\n{url}\n\nThe link is valid for 3 days and works once. You can keep signing in as before without it.\n\nThe Cohort team"
        ),
        html: None,
        unsubscribe: None,
    }
}

/// Sent to someone an admin made an account for.
pub fn account_created(public_url: &str, to: &str, name: &str, token: &str) -> Email {
    let url = link(public_url, "/set-password", &[("token", token)]);
    Email {
        to: to.to_owned(),
        subject: "Your Cohort account is ready".into(),
        text: format!(
            "Hello {name},\n\nThe Cohort team made an account for you with this e-mail address. Choose your password to start:\n\n{url}\n\nThe link is valid for 3 days and works once; after that, use \"Forgot password\" on the sign-in page.\n\nThe Cohort team"
        ),
        html: None,
        unsubscribe: None,
    }
}

/// Sent to the address a member changed away from.
pub fn email_changed(public_url: &str, to: &str, name: &str, new_email: &str) -> Email {
    Email {
        to: to.to_owned(),
        subject: "Your Cohort e-mail address was changed".into(),
        text: format!(
            "Hello {name},\n\nThe e-mail address of your Cohort account was changed to {new_email}. From now on we write to that address.\n\nIf you did not change it, reset your password at once ({public_url}/forgot-password) and contact us ({public_url}/contact-us).\n\nThe Cohort team"
        ),
        html: None,
        unsubscribe: None,
    }
}

/// Sent instead of a second account, so sign-up never reveals who is registered.
pub fn already_registered(public_url: &str, to: &str) -> Email {
    Email {
        to: to.to_owned(),
        subject: "You already have a Cohort account".into(),
        text: format!(
            "Hello,\n\nSomeone (hopefully you) tried to sign up to Cohort with this e-mail address, which already has an account.\n\nSign in: {public_url}/login\nForgot your password? {public_url}/forgot-password\n\nIf this was not you, you can ignore this e-mail.\n\nThe Cohort team"
        ),
        html: None,
        unsubscribe: None,
    }
}

pub fn confirm_university_email(public_url: &str, to: &str, name: &str, token: &str) -> Email {
    let url = link(public_url, "/confirm-university-email", &[("token", token)]);
    Email {
        to: to.to_owned(),
        subject: "Confirm your university e-mail for Cohort".into(),
        text: format!(
            "Hello {name},\n\nPlease confirm that this university address is yours, so that we can review your affiliation:\n\n{url}\n\nThe link is valid for 3 days.\n\nThe Cohort team"
        ),
        html: None,
        unsubscribe: None,
    }
}

pub fn reset_password(public_url: &str, to: &str, token: &str) -> Email {
    let url = link(public_url, "/forgot-password/confirm", &[("token", token)]);
    Email {
        to: to.to_owned(),
        subject: "Reset your Cohort password".into(),
        text: format!(
            "Hello,\n\nWe received a request to reset the password of your Cohort account. Choose a new password here:\n\n{url}\n\nThe link is valid for 2 hours and can be used once. If you did not ask for this, you can ignore this e-mail.\n\nThe Cohort team"
        ),
        html: None,
        unsubscribe: None,
    }
}

/// Sent when a recovery code was used to sign in: if it was not the member, they act now.
pub fn recovery_code_used(public_url: &str, to: &str, left: u64) -> Email {
    Email {
        to: to.to_owned(),
        subject: "A recovery code was used to sign in to Cohort".into(),
        text: format!(
            "Hello,\n\nA two-factor recovery code was just used to sign in to your Cohort account. You have {left} recovery code(s) left; make a new set under My profile, Account, Security ({public_url}/my-profile).\n\nIf this was not you, someone has your password and a recovery code: reset your password at once ({public_url}/forgot-password), sign out everywhere else and make new recovery codes.\n\nThe Cohort team"
        ),
        html: None,
        unsubscribe: None,
    }
}

/// Sent when repeated failed sign-ins lock the account: the owner gets back in at once.
pub fn unlock_account(public_url: &str, to: &str, token: &str) -> Email {
    let url = link(public_url, "/unlock-account", &[("token", token)]);
    Email {
        to: to.to_owned(),
        subject: "Your Cohort account was locked".into(),
        text: format!(
            "Hello,\n\nSomeone entered a wrong password for your Cohort account {} times in a row, so sign-in is locked for {} minutes. If it was you, or to sign in now, unlock it here:\n\n{url}\n\nThe link is valid for 1 hour and can be used once. If it was not you, consider changing your password once you are signed in.\n\nThe Cohort team",
            super::lockout::LOCK_AFTER_FAILURES,
            super::lockout::LOCK_MINUTES,
        ),
        html: None,
        unsubscribe: None,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn links_encode_their_query() {
        let mail = super::confirm_account(
            "http://x",
            "a@b.c",
            "Ada",
            "t0k",
            Some("/working-groups/a b?x=1"),
        );
        assert!(mail.text.contains(
            "http://x/confirm-user?token=t0k&redirect_to=%2Fworking-groups%2Fa%20b%3Fx%3D1"
        ));
    }
}
