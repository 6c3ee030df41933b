//! What an owner writes in an update, as the request carries it and as the service takes it.

use kernel::AppResult;
use kernel::input::{Given, Long, RichText, Text, VideoUrl};
use serde::{Deserialize, Deserializer};
use utoipa::ToSchema;
use validator::Validate;

/// An update's title: required, at most 255 characters.
pub type Title = Text<255, Long>;
/// An update's text: sanitised rich text with something in it.
pub type Body = RichText<100_000, Long>;

/// What an update says.
#[derive(Debug, Clone)]
pub struct Draft {
    pub title: Title,
    pub text: Body,
    /// A checked address (`kernel::input::VideoUrl`), when one was given.
    pub video_url: Option<String>,
    /// The author declared they may share what the patient-data guardrail found.
    pub phi_declared: bool,
}

fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// The text of an update (a working group's or a project's); its picture is sent apart
/// (`set-image`).
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct UpdateRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Title>)]
    pub title: Given<Title>,
    /// HTML.
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Body>)]
    pub text: Given<Body>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<VideoUrl>)]
    pub video_url: Option<Given<VideoUrl>>,
    /// Send `null` to remove the picture on an edit; leave it out to keep it.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub image: Option<Option<String>>,
    /// The author declares they may share what the patient-data guardrail found in the
    /// text (issue 24 §1); without it, flagged text is refused.
    pub phi_declared: Option<bool>,
}

impl UpdateRequest {
    /// The draft, and whether the picture goes.
    pub fn draft(self) -> AppResult<(Draft, bool)> {
        let clear_image = matches!(self.image, Some(None));
        let draft = Draft {
            title: self.title.value()?,
            text: self.text.value()?,
            video_url: kernel::input::given_text(self.video_url)?,
            phi_declared: self.phi_declared.unwrap_or(false),
        };
        Ok((draft, clear_image))
    }
}
