//! Who may do what with a place's references.

use crate::target::Standing;

/// The most references one place links.
pub const MAX_PER_PLACE: u64 = 20;

/// Adding and removing: those who edit the place.
pub fn may_edit(standing: Standing) -> bool {
    standing.edit
}

/// Whether another reference fits beside `count`.
pub fn has_room(count: u64) -> bool {
    count < MAX_PER_PLACE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_editors_change_references_and_a_place_holds_twenty() {
        assert!(may_edit(Standing { edit: true }));
        assert!(!may_edit(Standing { edit: false }));
        assert!(has_room(19));
        assert!(!has_room(20));
    }
}
