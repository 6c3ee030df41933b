//! The enumerations of spec 2 §3/§4 for discussions, defined once here.

use kernel::string_enum;

string_enum!(
    /// What a discussion hangs on, as its URL names it (`/{topicType}/{id}/discussions`).
    TopicType {
        Groups = "groups",
        Projects = "projects",
        Blog = "blog/api",
    }
);

string_enum!(
    /// A vote (up, down).
    Reaction {
        Up = "up",
        Down = "down",
    }
);

string_enum!(
    /// What an attached file is (PDF or image).
    AttachmentType {
        Image = "image",
        Pdf = "PDF",
    }
);
