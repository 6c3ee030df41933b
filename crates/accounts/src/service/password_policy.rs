//! What a new password must be: at least 8 characters (spec §5, document 1) and not
//! one of the passwords attackers try first.

use std::collections::HashSet;
use std::sync::LazyLock;

pub const TOO_SHORT: &str = "This password is too short. It must contain at least 8 characters.";
pub const TOO_COMMON: &str = "This password is too common.";

static COMMON: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    include_str!("common_passwords.txt")
        .lines()
        .map(str::trim)
        .collect()
});

/// The reason `password` may not be used, if any.
pub fn problem(password: &str) -> Option<&'static str> {
    if password.chars().count() < 8 {
        return Some(TOO_SHORT);
    }
    if COMMON.contains(password.to_lowercase().as_str()) {
        return Some(TOO_COMMON);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_common_passwords_are_refused() {
        assert_eq!(problem("short"), Some(TOO_SHORT));
        assert_eq!(problem("Password123"), Some(TOO_COMMON));
        assert_eq!(problem("12345678"), Some(TOO_COMMON));
        assert_eq!(problem("correct horse battery"), None);
    }
}
