//! The enumerations of direct messages, defined once here.

kernel::string_enum!(
    /// Who may start a conversation with a member.
    WhoMayMessage {
        Everyone = "everyone",
        /// Members of a working group they belong to.
        MyGroups = "my_groups",
        Nobody = "nobody",
    }
);
