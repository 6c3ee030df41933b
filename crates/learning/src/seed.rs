//! Demo quizzes for a fresh site: one of each mix of question types, one with a delay
//! between failed attempts.

use kernel::{AppContext, AppResult};

use crate::enums::{FeedbackShown, QuestionType};
use crate::service::authoring::{self, OptionDraft, QuestionDraft, QuizDraft, QuizSettings};

fn choice(text: &str, right: bool) -> OptionDraft {
    OptionDraft {
        text: text.into(),
        is_correct: right,
        correct_position: None,
    }
}

fn ordered(text: &str, place: i32) -> OptionDraft {
    OptionDraft {
        text: text.into(),
        is_correct: false,
        correct_position: Some(place),
    }
}

fn question(kind: QuestionType, text: &str, options: Vec<OptionDraft>) -> QuestionDraft {
    QuestionDraft {
        kind,
        text: format!("<p>{text}</p>"),
        video_url: None,
        iframe_url: None,
        options,
        explanation: None,
    }
}

/// Adds the demo quizzes that are missing.
pub async fn demo(ctx: &AppContext) -> AppResult<()> {
    authoring::add_once(
        &ctx.db,
        QuizDraft {
            settings: QuizSettings {
            name: "Stroke basics".into(),
            description: "<p>Five minutes on recognising a stroke and what happens next. Watch <em>Stroke rehabilitation: what works</em> first.</p>".into(),
            categories: vec!["Stroke".into()],
            pass_mark: 70,
            attempts_allowed: 3,
            delay_hours: 0,
            banner_link: None,
            published: true,
            validity_months: None,
            cpd_minutes: None,
            feedback: FeedbackShown::AfterAttempt,
            },
            questions: vec![
                question(
                    QuestionType::Single,
                    "What does the A in the FAST test stand for?",
                    vec![choice("Arm weakness", true), choice("Anxiety", false), choice("Appetite", false)],
                )
                .explained("FAST stands for Face, Arms, Speech, Time: sudden weakness or numbness in one arm is one of the three signs to check."),
                question(
                    QuestionType::Multiple,
                    "Which of these are common early signs of stroke? Choose all that apply.",
                    vec![
                        choice("Face drooping on one side", true),
                        choice("Slurred speech", true),
                        choice("A rash on the arms", false),
                    ],
                )
                .explained("A drooping face and slurred speech are early signs of stroke; a rash is not one."),
                question(
                    QuestionType::Single,
                    "When should emergency services be called for a suspected stroke?",
                    vec![choice("Immediately", true), choice("After 24 hours", false), choice("Only if symptoms worsen", false)],
                )
                .explained("Time lost is brain lost: clot-busting treatment works only in the first hours, so call at once."),
            ],
        },
    )
    .await?;
    authoring::add_once(
        &ctx.db,
        QuizDraft {
            settings: QuizSettings {
            name: "Reading a clinical trial".into(),
            description: "<p>Order the steps of a trial and check what a report should tell you. Based on the lecture <em>Reading a clinical trial</em>.</p>".into(),
            categories: vec!["Methods".into()],
            pass_mark: 100,
            attempts_allowed: 3,
            delay_hours: 0,
            banner_link: None,
            published: true,
            validity_months: Some(24),
            cpd_minutes: Some(90),
            feedback: FeedbackShown::AfterPassing,
            },
            questions: vec![
                question(
                    QuestionType::DragAndDrop,
                    "Put the steps of a randomised trial in order.",
                    vec![
                        ordered("Analyse the outcomes", 3),
                        ordered("Register the protocol", 0),
                        ordered("Randomise the participants", 2),
                        ordered("Recruit participants", 1),
                    ],
                ),
                question(
                    QuestionType::Single,
                    "Which outcome should a trial's sample size be calculated for?",
                    vec![choice("The primary outcome", true), choice("Every secondary outcome", false), choice("The easiest to measure", false)],
                ),
            ],
        },
    )
    .await?;
    authoring::add_once(
        &ctx.db,
        QuizDraft {
            settings: QuizSettings {
            name: "Registries done right".into(),
            description: "<p>A short check on starting a patient registry. After a failed attempt, wait a day before trying again.</p>".into(),
            categories: vec!["Registries".into(), "Methods".into()],
            pass_mark: 100,
            attempts_allowed: 2,
            delay_hours: 24,
            banner_link: None,
            published: true,
            validity_months: None,
            cpd_minutes: None,
            feedback: FeedbackShown::AfterPassing,
            },
            questions: vec![
                question(
                    QuestionType::Multiple,
                    "What should a new registry agree on first? Choose all that apply.",
                    vec![
                        choice("A minimal dataset", true),
                        choice("Consent and governance", true),
                        choice("The logo", false),
                    ],
                ),
                question(
                    QuestionType::Single,
                    "Who should help choose what a registry collects?",
                    vec![choice("Patient partners and clinicians", true), choice("Only the statistician", false)],
                ),
            ],
        },
    )
    .await?;
    Ok(())
}
