//! Request fields parsed at the edge ("parse, don't validate"): a handler receives a
//! [`Text`], an [`Email`] or a [`Password`] whose rules already hold, never an
//! `Option<String>` it must unwrap, trim and check again.
//!
//! A body is read leniently: each such field arrives as a [`Given<T>`] holding either the
//! parsed value or the field's error text. Reading therefore never stops at the first bad
//! field (serde would), and `#[validate(nested)]` on the field reports every problem in one
//! response, next to the other rules of the form. The texts come from [`FieldText`], so
//! "Required" and "This field is required" are written once, on the server.

use std::borrow::Cow;
use std::marker::PhantomData;
use std::ops::Deref;

use serde::{Deserialize, Deserializer};
use utoipa::PartialSchema;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, SchemaType, Type};
use utoipa::openapi::{RefOr, Schema};
use validator::{ValidationError, ValidationErrors, ValidationErrorsKind};

use crate::error::AppError;
use crate::extract::INVALID_VALUE;
use crate::validation::{FieldText, THIS_FIELD};

/// How a form words an empty required field
/// and a malformed e-mail address.
pub trait Wording {
    const MISSING: FieldText;
    const INVALID_EMAIL: FieldText = FieldText::InvalidEmail;
}

/// "Required": the sign-up, sign-in, contact, invitation, update and quiz forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Short {}
/// "This field is required": spec 1 §5's default wording.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Long {}
/// The sign-up and forgot-password forms: "Required" and "Invalid email".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignUp {}

impl Wording for Short {
    const MISSING: FieldText = FieldText::Required;
}
impl Wording for Long {
    const MISSING: FieldText = FieldText::FieldRequired;
}
impl Wording for SignUp {
    const MISSING: FieldText = FieldText::Required;
    const INVALID_EMAIL: FieldText = FieldText::InvalidEmailAtSignUp;
}

/// A value read from one JSON field, with the text for a field that was left out.
pub trait Parse: Sized {
    /// What a missing, `null` or blank value is answered with.
    const MISSING: FieldText;
    /// Parses a present, non-null value.
    fn parse(value: serde_json::Value) -> Result<Self, Cow<'static, str>>;
}

/// One request field as it was sent: the parsed value, or why it could not be one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Given<T>(Result<T, Cow<'static, str>>);

impl<T> Given<T> {
    /// The parsed value. `ValidJson` has refused the request already when a field did not
    /// parse; a handler that read its body some other way gets the field's text as a 400.
    pub fn value(self) -> Result<T, AppError> {
        self.0
            .map_err(|text| AppError::bad_request("invalid", text.into_owned()))
    }

    /// The parsed value, borrowed (see [`Given::value`]).
    pub fn get(&self) -> Result<&T, AppError> {
        self.0
            .as_ref()
            .map_err(|text| AppError::bad_request("invalid", text.to_string()))
    }
}

impl<T: Parse> From<T> for Given<T> {
    fn from(value: T) -> Self {
        Self(Ok(value))
    }
}

impl<'de, T: Parse> Deserialize<'de> for Given<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // Through `Option`, so a field left out reads as `None` without `#[serde(default)]`.
        let value = Option::<serde_json::Value>::deserialize(deserializer)?;
        Ok(Self(match value {
            None | Some(serde_json::Value::Null) => Err(Cow::Borrowed(T::MISSING.as_str())),
            Some(value) => T::parse(value),
        }))
    }
}

impl<T> validator::Validate for Given<T> {
    fn validate(&self) -> Result<(), ValidationErrors> {
        let Err(text) = &self.0 else {
            return Ok(());
        };
        let error = ValidationError::new("given").with_message(text.clone());
        let mut errors = ValidationErrors::new();
        errors.0.insert(
            Cow::Borrowed(THIS_FIELD),
            ValidationErrorsKind::Field(vec![error]),
        );
        Err(errors)
    }
}

/// The contract's schema of a `Given<T>` field: `T`'s, with its limits. utoipa cannot
/// see through the wrapper's type parameter on its own (it would name a component per
/// wrapper), so each field says `#[schema(schema_with = kernel::input::schema::<T>)]`.
pub fn schema<T: PartialSchema>() -> RefOr<Schema> {
    T::schema()
}

/// An optional request field, read as the required ones are: left out, `null` or blank it is
/// `None`; anything else is `Some` of the parsed value or the field's error, which
/// `#[validate(nested)]` reports beside the form's other problems. A field says
/// `#[serde(default, deserialize_with = "kernel::input::optional")]`,
/// `#[validate(nested)]` and `#[schema(schema_with = kernel::input::optional_schema::<T>)]`.
pub fn optional<'de, D, T>(deserializer: D) -> Result<Option<Given<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Parse,
{
    let value = Option::<serde_json::Value>::deserialize(deserializer)?;
    Ok(match value {
        None | Some(serde_json::Value::Null) => None,
        Some(serde_json::Value::String(text)) if text.trim().is_empty() => None,
        Some(value) => Some(Given(T::parse(value))),
    })
}

/// Writes a parsed field as `null`, for a request that must be `Serialize` (a `length` check
/// puts a list of them beside its error): what was sent is never echoed.
pub fn unshown<T, S: serde::Serializer>(_: &T, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_none()
}

/// A field of a PATCH, read as the required ones are: left out it keeps what is stored,
/// `null` or blank it clears it, and anything else is parsed (or is the field's error, which
/// `#[validate(nested)]` reports beside the form's other problems). A field says
/// `#[serde(default, deserialize_with = "kernel::input::change")]`, `#[validate(nested)]` and
/// `#[schema(schema_with = kernel::input::optional_schema::<T>)]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change<T> {
    Keep,
    Clear,
    Set(Given<T>),
}

impl<T> Default for Change<T> {
    /// What a field left out of the request means.
    fn default() -> Self {
        Self::Keep
    }
}

impl<T> Change<T> {
    /// Whether the request carried the field (to clear it or to set it).
    pub fn is_sent(&self) -> bool {
        !matches!(self, Self::Keep)
    }

    /// `None` to keep the stored value, `Some(None)` to clear it, `Some(Some(value))` to set it.
    pub fn value(self) -> Result<Option<Option<T>>, AppError> {
        Ok(match self {
            Self::Keep => None,
            Self::Clear => Some(None),
            Self::Set(given) => Some(Some(given.value()?)),
        })
    }
}

impl<T> validator::Validate for Change<T> {
    fn validate(&self) -> Result<(), ValidationErrors> {
        match self {
            Self::Set(given) => given.validate(),
            Self::Keep | Self::Clear => Ok(()),
        }
    }
}

/// Reads a [`Change`] of a field that is present (serde's `default` makes one left out
/// [`Change::Keep`]).
pub fn change<'de, D, T>(deserializer: D) -> Result<Change<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Parse,
{
    Ok(match optional(deserializer)? {
        None => Change::Clear,
        Some(given) => Change::Set(given),
    })
}

/// A PATCH field of any other JSON type (a choice, a list): left out it is `None` (keep what
/// is stored), sent it is `Some` of its value, `null` included (`Some(None)` clears a
/// choice). A field says `#[serde(default, deserialize_with = "kernel::input::present")]`.
pub fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

/// The parsed value of an optional field ([`optional`]), if it was given.
pub fn given<T>(field: Option<Given<T>>) -> Result<Option<T>, AppError> {
    field.map(Given::value).transpose()
}

/// The text of an optional text field ([`optional`]), if it was given.
pub fn given_text<R>(field: Option<Given<Checked<R>>>) -> Result<Option<String>, AppError> {
    Ok(given(field)?.map(Checked::into_string))
}

/// The contract's schema of an optional field: `T`'s limits, `null` allowed, and blank too
/// (it reads as left out). A link drops its `uri` format: the forms send `""` for an emptied
/// link, which the client's check would refuse before sending (the server checks any other
/// value); an e-mail address keeps its format, so a form says "Invalid email" at once. A
/// pattern (a six-digit code) matches blank too, for the same reason.
pub fn optional_schema<T: PartialSchema>() -> RefOr<Schema> {
    let mut schema = T::schema();
    if let RefOr::T(Schema::Object(object)) = &mut schema {
        object.min_length = None;
        if let Some(pattern) = &mut object.pattern {
            *pattern = format!("^$|{pattern}");
        }
        if matches!(&object.format, Some(SchemaFormat::Custom(format)) if format == "uri") {
            object.format = None;
        }
        if let SchemaType::Type(kind) = &object.schema_type {
            object.schema_type = SchemaType::Array(vec![kind.clone(), Type::Null]);
        }
    }
    schema
}

/// The items of a list filter sent as one query parameter (`?tags=stroke,genomics`): each
/// trimmed, the empty ones left out.
pub fn comma_list(value: Option<&str>) -> Vec<String> {
    value
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(str::to_owned)
        .collect()
}

/// What a kind of text must be: how it is read from JSON and how the contract shows it.
pub trait Rule {
    /// What a missing, `null` or blank value is answered with.
    const MISSING: FieldText;
    /// Kept out of `Debug` output (passwords).
    const SECRET: bool = false;
    /// The text as kept, or the field's error.
    fn check(value: serde_json::Value) -> Result<String, Cow<'static, str>>;
    fn schema() -> RefOr<Schema>;
}

/// Text that passed its [`Rule`]: only [`Parse`] makes one.
pub struct Checked<R>(String, PhantomData<fn() -> R>);

impl<R> Checked<R> {
    pub fn into_string(self) -> String {
        self.0
    }
}

impl<R> Deref for Checked<R> {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl<R> Clone for Checked<R> {
    fn clone(&self) -> Self {
        Self(self.0.clone(), PhantomData)
    }
}

impl<R> PartialEq for Checked<R> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<R> Eq for Checked<R> {}

/// A secret is never printed: a request logged with `{:?}` must not carry a password.
impl<R: Rule> std::fmt::Debug for Checked<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if R::SECRET {
            f.write_str("Checked(..)")
        } else {
            f.debug_tuple("Checked").field(&self.0).finish()
        }
    }
}

impl<R: Rule> Parse for Checked<R> {
    const MISSING: FieldText = R::MISSING;

    fn parse(value: serde_json::Value) -> Result<Self, Cow<'static, str>> {
        R::check(value).map(|text| Self(text, PhantomData))
    }
}

impl<R: Rule> PartialSchema for Checked<R> {
    fn schema() -> RefOr<Schema> {
        R::schema()
    }
}

/// Text as people type it: trimmed, not blank, at most `MAX` characters.
pub type Text<const MAX: usize, W = Short> = Checked<Trimmed<MAX, W>>;
/// A password or a one-time secret: kept exactly as typed (spaces count), not blank, at
/// most `MAX` characters, never printed.
pub type Password<const MAX: usize = PASSWORD_MAX, W = Short> = Checked<AsTyped<MAX, W>>;
/// An e-mail address: trimmed, not blank, well formed (in the form's words).
pub type Email<W = Short> = Checked<EmailAddress<W>>;
/// Rich text from an editor: sanitised ([`crate::rich_text::sanitize`]), with something
/// left to read once it is, at most `MAX` characters as sent.
pub type RichText<const MAX: usize, W = Short> = Checked<Sanitised<MAX, W>>;
/// An absolute http(s) address with a host ([`crate::links::WebUrl::absolute`]).
pub type HttpUrl<W = Short> = Checked<WebAddress<W>>;
/// A video's address (a project's, a lecture's): an absolute http(s) address, refused in the
/// spec's words ("Not a valid url").
pub type VideoUrl = Checked<VideoAddress>;
/// What a frame may show (a quiz question's): a page of this site or of an allowed video
/// player ([`crate::links::WebUrl::embed`]), refused in the spec's words.
pub type EmbedUrl = Checked<EmbedAddress>;
/// A confirmation code from an SMS or an authenticator app: six digits.
pub type SixDigits = Checked<Code>;

/// An IANA time zone name (`America/Halifax`), as the database spells it.
pub type TimeZoneName = Checked<KnownZone>;

/// Why staff decided as they did (the subject reads it, the audit log keeps it): trimmed,
/// at most `MAX` characters; optional where a decision needs none.
pub type Reason<const MAX: usize = 2000> = Text<MAX, Long>;

/// The longest password or one-time secret read (far above any real one; bounds hashing).
pub const PASSWORD_MAX: usize = 1024;
/// The longest e-mail address a mail system accepts (RFC 5321's path limit).
pub const EMAIL_MAX: usize = 254;
/// The longest web address kept.
pub const URL_MAX: usize = 1024;

/// The rule of [`Text`].
pub struct Trimmed<const MAX: usize, W>(PhantomData<fn() -> W>);

impl<const MAX: usize, W: Wording> Rule for Trimmed<MAX, W> {
    const MISSING: FieldText = W::MISSING;

    fn check(value: serde_json::Value) -> Result<String, Cow<'static, str>> {
        Ok(bounded_text(value, W::MISSING, MAX)?.trim().to_owned())
    }

    fn schema() -> RefOr<Schema> {
        string_schema(MAX, None)
    }
}

/// The rule of [`Password`].
pub struct AsTyped<const MAX: usize, W>(PhantomData<fn() -> W>);

impl<const MAX: usize, W: Wording> Rule for AsTyped<MAX, W> {
    const MISSING: FieldText = W::MISSING;
    const SECRET: bool = true;

    fn check(value: serde_json::Value) -> Result<String, Cow<'static, str>> {
        bounded_text(value, W::MISSING, MAX)
    }

    fn schema() -> RefOr<Schema> {
        string_schema(MAX, None)
    }
}

/// The rule of [`Email`].
pub struct EmailAddress<W>(PhantomData<fn() -> W>);

impl<W: Wording> Rule for EmailAddress<W> {
    const MISSING: FieldText = W::MISSING;

    fn check(value: serde_json::Value) -> Result<String, Cow<'static, str>> {
        let text = Trimmed::<EMAIL_MAX, W>::check(value)?;
        if validator::ValidateEmail::validate_email(&text) {
            Ok(text)
        } else {
            Err(Cow::Borrowed(W::INVALID_EMAIL.as_str()))
        }
    }

    fn schema() -> RefOr<Schema> {
        let format = SchemaFormat::KnownFormat(KnownFormat::Email);
        string_schema(EMAIL_MAX, Some(format))
    }
}

/// The rule of [`RichText`].
pub struct Sanitised<const MAX: usize, W>(PhantomData<fn() -> W>);

impl<const MAX: usize, W: Wording> Rule for Sanitised<MAX, W> {
    const MISSING: FieldText = W::MISSING;

    fn check(value: serde_json::Value) -> Result<String, Cow<'static, str>> {
        let html = crate::rich_text::sanitize(&bounded_text(value, W::MISSING, MAX)?);
        if crate::rich_text::is_blank(&html) {
            return Err(Cow::Borrowed(W::MISSING.as_str()));
        }
        Ok(html)
    }

    fn schema() -> RefOr<Schema> {
        string_schema(MAX, None)
    }
}

/// The rule of [`HttpUrl`].
pub struct WebAddress<W>(PhantomData<fn() -> W>);

impl<W: Wording> Rule for WebAddress<W> {
    const MISSING: FieldText = W::MISSING;

    fn check(value: serde_json::Value) -> Result<String, Cow<'static, str>> {
        let text = Trimmed::<URL_MAX, W>::check(value)?;
        match crate::links::WebUrl::absolute(&text) {
            Ok(_) => Ok(text),
            Err(_) => Err(Cow::Borrowed(FieldText::InvalidUrl.as_str())),
        }
    }

    fn schema() -> RefOr<Schema> {
        string_schema(URL_MAX, Some(SchemaFormat::Custom("uri".to_owned())))
    }
}

/// The rule of [`VideoUrl`].
pub struct VideoAddress;

impl Rule for VideoAddress {
    const MISSING: FieldText = FieldText::Required;

    fn check(value: serde_json::Value) -> Result<String, Cow<'static, str>> {
        let text = Trimmed::<URL_MAX, Short>::check(value)?;
        match crate::links::WebUrl::absolute(&text) {
            Ok(_) => Ok(text),
            Err(_) => Err(Cow::Borrowed(crate::links::NOT_A_URL)),
        }
    }

    fn schema() -> RefOr<Schema> {
        string_schema(URL_MAX, Some(SchemaFormat::Custom("uri".to_owned())))
    }
}

/// The rule of [`EmbedUrl`].
pub struct EmbedAddress;

impl Rule for EmbedAddress {
    const MISSING: FieldText = FieldText::Required;

    fn check(value: serde_json::Value) -> Result<String, Cow<'static, str>> {
        let text = Trimmed::<URL_MAX, Short>::check(value)?;
        match crate::links::WebUrl::embed(&text) {
            Ok(_) => Ok(text),
            Err(crate::links::UrlProblem::NotWeb) => Err(Cow::Borrowed(crate::links::NOT_A_URL)),
            Err(crate::links::UrlProblem::NotEmbeddable) => {
                Err(Cow::Borrowed(crate::links::NOT_EMBEDDABLE))
            }
        }
    }

    fn schema() -> RefOr<Schema> {
        // A page of this site is a path, not an absolute address: no `uri` format.
        string_schema(URL_MAX, None)
    }
}

/// The rule of [`TimeZoneName`].
pub struct KnownZone;

impl Rule for KnownZone {
    const MISSING: FieldText = FieldText::Required;

    fn check(value: serde_json::Value) -> Result<String, Cow<'static, str>> {
        let name = Trimmed::<64, Short>::check(value)?;
        match crate::time_zones::parse(&name) {
            Some(zone) => Ok(zone.name().to_owned()),
            None => Err(Cow::Borrowed(crate::time_zones::UNKNOWN)),
        }
    }

    fn schema() -> RefOr<Schema> {
        string_schema(64, None)
    }
}

/// The rule of [`SixDigits`].
pub struct Code;

impl Rule for Code {
    const MISSING: FieldText = FieldText::Required;

    fn check(value: serde_json::Value) -> Result<String, Cow<'static, str>> {
        let code = Trimmed::<64, Short>::check(value)?;
        if code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit()) {
            Ok(code)
        } else {
            Err(Cow::Borrowed(FieldText::SixDigitCode.as_str()))
        }
    }

    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(6))
            .max_length(Some(6))
            .pattern(Some("^[0-9]{6}$"))
            .into()
    }
}

/// Required values of other JSON types (an id, a list of ids): present and of their type.
macro_rules! parse_as_json {
    ($($ty:ty),*) => {$(
        impl Parse for $ty {
            const MISSING: FieldText = FieldText::Required;

            fn parse(value: serde_json::Value) -> Result<Self, Cow<'static, str>> {
                serde_json::from_value(value).map_err(|_| Cow::Borrowed(INVALID_VALUE))
            }
        }
    )*};
}

parse_as_json!(i64, Vec<i64>);

/// A JSON string of at most `max` characters; anything else is the field's error.
fn bounded_text(
    value: serde_json::Value,
    missing: FieldText,
    max: usize,
) -> Result<String, Cow<'static, str>> {
    let serde_json::Value::String(text) = value else {
        return Err(Cow::Borrowed(INVALID_VALUE));
    };
    if text.trim().is_empty() {
        return Err(Cow::Borrowed(missing.as_str()));
    }
    if text.chars().count() > max {
        return Err(Cow::Owned(format!(
            "Ensure this field has no more than {max} characters."
        )));
    }
    Ok(text)
}

fn string_schema(max: usize, format: Option<SchemaFormat>) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length(Some(1))
        .max_length(Some(max))
        .format(format)
        .into()
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use validator::Validate;

    #[test]
    fn a_comma_list_keeps_its_trimmed_items() {
        assert_eq!(
            super::comma_list(Some(" stroke, ,genomics ")),
            ["stroke", "genomics"]
        );
        assert!(super::comma_list(Some("")).is_empty() && super::comma_list(None).is_empty());
    }

    use super::*;
    use crate::validation::{REQUIRED, REQUIRED_SHORT, field_errors};

    #[derive(Debug, Deserialize, Validate)]
    struct Form {
        #[validate(nested)]
        name: Given<Text<5>>,
        #[validate(nested)]
        email: Given<Email>,
        #[validate(nested)]
        password: Given<Password<8, Long>>,
        #[validate(nested)]
        ids: Given<Vec<i64>>,
        #[validate(length(max = 3))]
        nick: String,
    }

    #[derive(Debug, Deserialize, Validate)]
    struct Optional {
        #[serde(default, deserialize_with = "optional")]
        #[validate(nested)]
        reason: Option<Given<Text<6>>>,
        #[serde(default, deserialize_with = "optional")]
        #[validate(nested)]
        link: Option<Given<HttpUrl>>,
    }

    fn optional_form(json: serde_json::Value) -> Optional {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn an_optional_field_left_out_null_or_blank_is_none() {
        for json in [json!({}), json!({"reason": null}), json!({"reason": "  "})] {
            let form = optional_form(json);
            assert!(form.reason.is_none() && form.validate().is_ok());
        }
    }

    #[test]
    fn an_optional_field_given_is_parsed_as_a_required_one() {
        let form = optional_form(json!({"reason": " late "}));
        assert_eq!(
            given(form.reason).unwrap().as_deref(),
            Some("late"),
            "trimmed"
        );
        let form = optional_form(json!({"reason": "too long", "link": "not a link"}));
        let errors = field_errors(&form.validate().unwrap_err());
        assert_eq!(
            errors["reason"],
            vec!["Ensure this field has no more than 6 characters."]
        );
        assert_eq!(errors["link"], vec![FieldText::InvalidUrl.as_str()]);
        assert!(
            given(form.reason).is_err(),
            "a handler never sees a bad value"
        );
    }

    #[test]
    fn a_video_address_is_an_absolute_web_address_in_the_specs_words() {
        let parse = |text: &str| VideoUrl::parse(json!(text)).map(Checked::into_string);
        assert_eq!(
            parse(" https://video.example/talk ").as_deref(),
            Ok("https://video.example/talk")
        );
        for bad in ["javascript:alert(1)", "/blog", "video.example/talk"] {
            assert_eq!(
                parse(bad),
                Err(Cow::Borrowed(crate::links::NOT_A_URL)),
                "{bad}"
            );
        }
    }

    #[test]
    fn an_embed_is_a_page_of_this_site_or_of_an_allowed_player() {
        let parse = |text: &str| EmbedUrl::parse(json!(text)).map(Checked::into_string);
        for fine in ["/lecture-series/3", " https://www.youtube.com/embed/abc "] {
            assert_eq!(parse(fine).as_deref(), Ok(fine.trim()), "{fine}");
        }
        assert_eq!(
            parse("https://evil.example/frame"),
            Err(Cow::Borrowed(crate::links::NOT_EMBEDDABLE))
        );
        for bad in ["javascript:alert(1)", "//evil.example/frame"] {
            assert_eq!(
                parse(bad),
                Err(Cow::Borrowed(crate::links::NOT_A_URL)),
                "{bad}"
            );
        }
    }

    #[test]
    fn an_optional_fields_schema_keeps_its_limits_and_takes_null() {
        let schema = serde_json::to_value(optional_schema::<Text<5>>()).unwrap();
        assert_eq!(schema["type"], json!(["string", "null"]));
        assert_eq!(schema["maxLength"], 5);
        assert!(schema.get("minLength").is_none(), "blank reads as left out");
        let schema = serde_json::to_value(optional_schema::<HttpUrl>()).unwrap();
        assert!(
            schema.get("format").is_none(),
            "a blank link is no link: {schema}"
        );
        let schema = serde_json::to_value(optional_schema::<SixDigits>()).unwrap();
        assert_eq!(
            schema["pattern"], "^$|^[0-9]{6}$",
            "a blank code is no code, and the form's check must not refuse it"
        );
    }

    #[derive(Debug, Deserialize, validator::Validate)]
    struct Patch {
        #[serde(default, deserialize_with = "change")]
        #[validate(nested)]
        link: Change<VideoUrl>,
    }

    #[test]
    fn a_patch_field_left_out_keeps_null_or_blank_clears_and_else_is_parsed() {
        let read = |json: serde_json::Value| serde_json::from_value::<Patch>(json).unwrap();
        assert_eq!(read(json!({})).link, Change::Keep);
        assert_eq!(read(json!({"link": null})).link, Change::Clear);
        assert_eq!(read(json!({"link": "  "})).link, Change::Clear);
        let set = read(json!({"link": " https://example.org/v "}));
        assert!(validator::Validate::validate(&set).is_ok());
        assert_eq!(
            set.link.value().unwrap().flatten().as_deref(),
            Some("https://example.org/v")
        );
        let bad = read(json!({"link": "javascript:alert(1)"}));
        assert_eq!(
            field_errors(&validator::Validate::validate(&bad).unwrap_err())["link"],
            vec![crate::links::NOT_A_URL.to_owned()]
        );
    }

    #[derive(Debug, Deserialize)]
    struct Choice {
        #[serde(default, deserialize_with = "present")]
        kind: Option<Option<String>>,
    }

    #[test]
    fn a_choice_left_out_keeps_and_null_clears() {
        let read = |json: serde_json::Value| serde_json::from_value::<Choice>(json).unwrap().kind;
        assert_eq!(read(json!({})), None);
        assert_eq!(read(json!({"kind": null})), Some(None));
        assert_eq!(read(json!({"kind": "a"})), Some(Some("a".to_owned())));
    }

    #[test]
    fn a_time_zone_is_one_the_database_knows() {
        let zone = TimeZoneName::parse(json!(" Europe/Rome ")).unwrap();
        assert_eq!(&*zone, "Europe/Rome");
        assert_eq!(
            TimeZoneName::parse(json!("Mars/Olympus")).unwrap_err(),
            crate::time_zones::UNKNOWN
        );
    }

    fn errors_of(json: serde_json::Value) -> crate::error::FieldErrors {
        let form: Form = serde_json::from_value(json).unwrap();
        field_errors(&form.validate().unwrap_err())
    }

    #[test]
    fn every_field_reports_its_own_problem_in_one_pass() {
        let errors = errors_of(json!({"name": "  ", "ids": "x", "nick": "toolong"}));
        assert_eq!(errors["name"], vec![REQUIRED_SHORT]);
        assert_eq!(errors["email"], vec![REQUIRED_SHORT]);
        assert_eq!(errors["password"], vec![REQUIRED]);
        assert_eq!(errors["ids"], vec![INVALID_VALUE]);
        assert_eq!(
            errors["nick"],
            vec!["Ensure this field has no more than 3 characters."]
        );
    }

    #[test]
    fn each_type_holds_its_rule() {
        let errors = errors_of(json!({
            "name": "toolong", "email": "not-an-address", "password": 12, "ids": [1], "nick": ""
        }));
        assert_eq!(
            errors["name"],
            vec!["Ensure this field has no more than 5 characters."]
        );
        assert_eq!(errors["email"], vec![FieldText::InvalidEmail.as_str()]);
        assert_eq!(errors["password"], vec![INVALID_VALUE]);
        assert!(!errors.contains_key("ids"));
    }

    #[test]
    fn parsed_values_are_trimmed_text_and_untouched_passwords() {
        let form: Form = serde_json::from_value(json!({
            "name": " Ada ", "email": " ada@example.org ", "password": " pass  ", "ids": [3, 1], "nick": "a"
        }))
        .unwrap();
        assert!(form.validate().is_ok());
        assert_eq!(&*form.name.value().unwrap(), "Ada");
        assert_eq!(&*form.email.value().unwrap(), "ada@example.org");
        let password = form.password.value().unwrap();
        assert_eq!(&*password, " pass  ");
        assert_eq!(format!("{password:?}"), "Checked(..)");
        assert_eq!(form.ids.value().unwrap(), vec![3, 1]);
    }

    #[test]
    fn rich_text_is_sanitised_and_must_say_something() {
        let parse = |html: &str| RichText::<100, Long>::parse(json!(html));
        assert_eq!(
            parse("<p><br></p>").unwrap_err(),
            FieldText::FieldRequired.as_str()
        );
        let text = parse("<p>Hi<script>alert(1)</script></p>").unwrap();
        assert!(!text.contains("script"), "{}", &*text);
    }

    #[test]
    fn an_unvalidated_bad_field_is_still_a_bad_request() {
        let given: Given<Text<5>> = serde_json::from_value(json!(null)).unwrap();
        let error = given.value().unwrap_err().body();
        assert_eq!(error.message, REQUIRED_SHORT);
    }

    #[test]
    fn the_contract_shows_each_types_limits() {
        let schema = serde_json::to_value(schema::<Email>()).unwrap();
        assert_eq!(schema["format"], "email");
        assert_eq!(schema["minLength"], 1);
        assert_eq!(schema["maxLength"], EMAIL_MAX);
        let schema = serde_json::to_value(Text::<255>::schema()).unwrap();
        assert_eq!(schema["maxLength"], 255);
    }
}
