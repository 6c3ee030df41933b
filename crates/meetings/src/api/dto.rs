//! What the events API reads and answers beside the meeting itself.

use chrono::{DateTime, Utc};
use kernel::AppResult;
use kernel::input::{Given, HttpUrl, Long, Short, Text, TimeZoneName};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::enums::Answer;
use crate::service::scheduling::Draft;

/// A meeting as its form sends it.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct MeetingRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<200, Short>>)]
    pub title: Given<Text<200, Short>>,
    /// Plain text; may be left out.
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<5000, Long>>)]
    pub description: Option<Given<Text<5000, Long>>>,
    /// In the future.
    pub starts_at: DateTime<Utc>,
    /// After the start, at most 7 days later.
    pub ends_at: DateTime<Utc>,
    /// The IANA zone the times are shown in (`Europe/London`).
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<TimeZoneName>)]
    pub time_zone: Given<TimeZoneName>,
    /// Where to join online; an online link or a place is needed.
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<HttpUrl>)]
    pub online_url: Option<Given<HttpUrl>>,
    /// Where to meet in person.
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<300, Short>>)]
    pub place: Option<Given<Text<300, Short>>>,
}

impl MeetingRequest {
    pub fn draft(self) -> AppResult<Draft> {
        Ok(Draft {
            title: self.title.value()?.into_string(),
            description: kernel::input::given_text(self.description)?.unwrap_or_default(),
            starts_at: self.starts_at,
            ends_at: self.ends_at,
            time_zone: self.time_zone.value()?.into_string(),
            online_url: kernel::input::given_text(self.online_url)?,
            place: kernel::input::given_text(self.place)?,
        })
    }
}

/// A member's answer.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct AnswerRequest {
    pub answer: Answer,
}

/// The caller's calendar feed.
#[derive(Debug, Serialize, ToSchema)]
pub struct CalendarFeed {
    /// When the current address was made; absent when there is none.
    pub created_at: Option<DateTime<Utc>>,
}

/// A new calendar address, shown this once.
#[derive(Debug, Serialize, ToSchema)]
pub struct CalendarFeedCreated {
    /// Subscribe to it in a calendar app. Anyone who has it reads your events: keep it to
    /// yourself, and make a new one if it leaks (the old one stops working).
    pub url: String,
}
