//! Who hears of what. Plain functions, tested here. (Which feed items a member sees is a
//! query: `service::activity::list`.)

/// Nobody is notified of what they did themselves.
pub fn notify(recipient: i64, actor: i64) -> bool {
    recipient != actor
}

#[cfg(test)]
mod tests {
    #[test]
    fn no_one_hears_of_their_own_action() {
        assert!(!super::notify(5, 5));
        assert!(super::notify(5, 6));
    }
}
