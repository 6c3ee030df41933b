//! The enumerations of spec 2 §3 (Question), defined once here.

use kernel::string_enum;

string_enum!(
    /// How a question is answered: one option, several, or all of them put in order.
    QuestionType {
        Single = "single",
        Multiple = "multiple",
        DragAndDrop = "DRAG_AND_DROP",
    }
);

string_enum!(
    /// When a member sees which questions they got wrong and why (issue 49 §5): after every
    /// completed attempt, or only once they pass, so the answers are not handed out.
    FeedbackShown {
        AfterAttempt = "after_attempt",
        AfterPassing = "after_passing",
    }
);

string_enum!(
    /// A question as the client sees it: ordered, or a choice (one or several,
    /// as `multiple_choices` says).
    QuestionKind {
        DragAndDrop = "DRAG_AND_DROP",
        Choice = "choice",
    }
);
