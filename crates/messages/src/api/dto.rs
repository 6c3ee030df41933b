//! What the messages API reads.

use kernel::input::{Given, Short, Text};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use utoipa::{IntoParams, ToSchema};
use validator::{Validate, ValidationError};

use crate::enums::WhoMayMessage;
use crate::policy::{BODY_MAX, MAX_MEMBERS};
use crate::service::writing::{NO_MEMBERS, TOO_MANY_MEMBERS, Writing};
use kernel::AppResult;

/// A first message, to one member or a few.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct NewConversation {
    /// Whom to write to: 1 to 9 members (a conversation has at most 10, the writer
    /// included). Writing to the same members again goes on in their conversation.
    #[serde(default)]
    #[validate(custom(function = "some_members"))]
    #[schema(min_items = 1, max_items = 9)]
    pub member_ids: Vec<i64>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<BODY_MAX, Short>>)]
    pub body: Given<Text<BODY_MAX, Short>>,
    /// The writer declares they may share what the patient-data guardrail found.
    #[serde(default)]
    pub phi_declared: bool,
}

/// A message in a conversation.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct NewMessage {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<BODY_MAX, Short>>)]
    pub body: Given<Text<BODY_MAX, Short>>,
    /// The writer declares they may share what the patient-data guardrail found.
    #[serde(default)]
    pub phi_declared: bool,
}

impl NewConversation {
    /// What the writer wrote, parsed.
    pub fn writing(self) -> AppResult<(Vec<i64>, Writing)> {
        let writing = Writing {
            body: self.body.value()?.into_string(),
            declared: self.phi_declared,
        };
        Ok((self.member_ids, writing))
    }
}

impl NewMessage {
    /// What the writer wrote, parsed.
    pub fn writing(self) -> AppResult<Writing> {
        Ok(Writing {
            body: self.body.value()?.into_string(),
            declared: self.phi_declared,
        })
    }
}

fn some_members(ids: &[i64]) -> Result<(), ValidationError> {
    let text = if ids.is_empty() {
        NO_MEMBERS
    } else if ids.len() >= MAX_MEMBERS {
        TOO_MANY_MEMBERS
    } else {
        return Ok(());
    };
    Err(ValidationError::new("member_ids").with_message(Cow::Borrowed(text)))
}

/// Where to read a conversation from.
#[derive(Debug, Deserialize, IntoParams)]
pub struct Before {
    /// Messages older than this one (the run's first id); absent: the newest.
    pub before: Option<i64>,
}

/// Who may start a conversation with the caller.
#[derive(Debug, Serialize, Deserialize, Validate, ToSchema)]
pub struct MessageSettings {
    pub who_may_message: WhoMayMessage,
}

/// Whom to look for.
#[derive(Debug, Deserialize, IntoParams)]
pub struct Named {
    /// Part of a member's name; empty or absent: the first by name.
    pub q: Option<String>,
}
