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
    /// A reaction to a post (issue 49 §4), beside the votes: a small fixed set, each given
    /// once per member and post. The client shows each as its emoji.
    Emoji {
        Heart = "heart",
        Celebrate = "celebrate",
        Insightful = "insightful",
        Thanks = "thanks",
        Curious = "curious",
    }
);

string_enum!(
    /// What an attached file is (PDF or image).
    AttachmentType {
        Image = "image",
        Pdf = "PDF",
    }
);

string_enum!(
    /// What a member follows or mutes: one topic, or the whole discussion of a place.
    SubjectType {
        Topic = "topic",
        Group = "group",
        Project = "project",
        BlogPost = "blog_post",
    }
);

string_enum!(
    /// How a member hears of a subject's new posts. `normal` is the default (no row):
    /// group members hear of new topics, authors of the replies that answer them.
    Level {
        /// Every new topic and reply.
        Following = "following",
        Normal = "normal",
        /// Nothing, even what a setting would otherwise send.
        Muted = "muted",
    }
);

impl SubjectType {
    /// The place subject of a target's discussion.
    pub fn of_place(topic_type: TopicType) -> Self {
        match topic_type {
            TopicType::Groups => Self::Group,
            TopicType::Projects => Self::Project,
            TopicType::Blog => Self::BlogPost,
        }
    }

    /// The target type of a place subject; `None` for a topic.
    pub fn place(self) -> Option<TopicType> {
        match self {
            Self::Topic => None,
            Self::Group => Some(TopicType::Groups),
            Self::Project => Some(TopicType::Projects),
            Self::BlogPost => Some(TopicType::Blog),
        }
    }
}
