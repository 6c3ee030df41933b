//! Turning `validator` errors into the envelope's `messages.<field>` texts.
//!
//! A rule that names its own `message` (the spec's wording) keeps it; otherwise the
//! rule's code picks one of the generic texts below, so no raw code reaches a user.

use std::borrow::Cow;

use validator::{ValidationError, ValidationErrors, ValidationErrorsKind};

use crate::error::{AppError, FieldErrors};

crate::string_enum! {
    /// Texts a form shows under a field, defined once: the server answers them and the
    /// client, which reads them from the contract, shows the same before sending.
    FieldText {
        /// Spec §5 (document 1): "required means minimum length 1", in the words most forms use.
        FieldRequired = "This field is required",
        /// The same, as the sign-up, contact, updates and quiz forms word it.
        Required = "Required",
        /// Spec §5 (document 1): "email means Must be a valid email".
        InvalidEmail = "Must be a valid email",
        /// Spec §5 (document 1) words the sign-up and forgot-password checks this way.
        InvalidEmailAtSignUp = "Invalid email",
        /// An address that is not an http(s) one with a host.
        InvalidUrl = "Enter a valid URL.",
        /// A confirmation code from an SMS or an authenticator that is not six digits.
        SixDigitCode = "Enter the 6-digit code",
        /// A star rating (Dynamic Review) outside 1 to 5.
        Rating = "Choose a rating from 1 to 5.",
        /// A link that may be an address elsewhere or a path on this site (an editor's
        /// link, a menu item) is neither.
        WebAddress = "Enter an address starting with http://, https:// or /.",
        /// A picture that cannot be decoded (checked in the browser before cropping, and
        /// by the server on upload).
        InvalidImage = "Upload a valid image. The file you uploaded was either not an image or a corrupted image.",
    }
}

/// Spec §5 (document 1): "required means minimum length 1".
pub const REQUIRED: &str = FieldText::FieldRequired.as_str();
/// The same in the shorter words of the sign-up, contact, updates and quiz forms.
pub const REQUIRED_SHORT: &str = FieldText::Required.as_str();
pub const INVALID_EMAIL: &str = FieldText::InvalidEmail.as_str();

/// Validates `value`, mapping failures onto an [`AppError::Validation`].
pub fn validate<T: validator::Validate>(value: &T) -> Result<(), AppError> {
    value
        .validate()
        .map_err(|errors| AppError::Validation(field_errors(&errors)))
}

/// The key under which a parsed field's own error (`input::Given`) travels inside
/// `validator`'s nested errors; [`field_errors`] puts it back on the field itself.
pub(crate) const THIS_FIELD: &str = "__field";

/// Flattens nested and list errors into `field`, `parent.child` and `list[2].child` keys.
pub fn field_errors(errors: &ValidationErrors) -> FieldErrors {
    let mut out = FieldErrors::new();
    collect(errors, "", &mut out);
    out
}

fn collect(errors: &ValidationErrors, prefix: &str, out: &mut FieldErrors) {
    for (field, kind) in errors.errors() {
        let key = if prefix.is_empty() {
            field.to_string()
        } else if field == THIS_FIELD {
            // A parsed field's own error (`input::Given`) belongs to the field itself.
            prefix.to_owned()
        } else {
            format!("{prefix}.{field}")
        };
        match kind {
            ValidationErrorsKind::Field(list) => {
                // An empty required field is only "required": its format cannot be judged,
                // and a rule's own message (a length's maximum, say) does not fit it.
                let texts = out.entry(key).or_default();
                if list.iter().any(is_missing) {
                    texts.push(REQUIRED.to_owned());
                } else {
                    texts.extend(list.iter().map(text_of));
                }
            }
            ValidationErrorsKind::Struct(inner) => collect(inner, &key, out),
            ValidationErrorsKind::List(items) => {
                for (index, inner) in items {
                    collect(inner, &format!("{key}[{index}]"), out);
                }
            }
        }
    }
}

/// A `length(min = 1)` rule failed on an empty value.
fn is_missing(error: &ValidationError) -> bool {
    let empty = error
        .params
        .get("value")
        .is_some_and(|v| v.as_str().is_some_and(str::is_empty));
    let min_one = error.params.get("min").is_some_and(|m| m == 1);
    error.code == "length" && min_one && empty
}

/// The user-visible text of one failed rule.
fn text_of(error: &ValidationError) -> String {
    if let Some(message) = &error.message {
        return message.to_string();
    }
    let param = |name: &str| error.params.get(name).map(|v| v.to_string());
    match error.code.as_ref() {
        "required" => REQUIRED.to_owned(),
        "email" => INVALID_EMAIL.to_owned(),
        "url" => FieldText::InvalidUrl.as_str().to_owned(),
        "length" => match (param("min"), param("max")) {
            (Some(min), _) if min == "1" => REQUIRED.to_owned(),
            (Some(min), None) => format!("Ensure this field has at least {min} characters."),
            (_, Some(max)) => format!("Ensure this field has no more than {max} characters."),
            _ => "Invalid length.".to_owned(),
        },
        "range" => match (param("min"), param("max")) {
            (Some(min), Some(max)) => format!("Ensure this value is between {min} and {max}."),
            (Some(min), None) => format!("Ensure this value is at least {min}."),
            (None, Some(max)) => format!("Ensure this value is at most {max}."),
            _ => "Value out of range.".to_owned(),
        },
        code => Cow::from(code).replace('_', " "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use validator::Validate;

    #[derive(Validate)]
    struct Inner {
        #[validate(length(min = 1))]
        title: String,
    }

    #[derive(Validate)]
    struct Form {
        #[validate(length(min = 1), email)]
        email: String,
        #[validate(length(
            min = 8,
            message = "This password is too short. It must contain at least 8 characters."
        ))]
        password: String,
        #[validate(length(max = 3))]
        nick: String,
        #[validate(nested)]
        inner: Inner,
    }

    #[test]
    fn maps_each_rule_to_its_text() {
        let form = Form {
            email: "nope".into(),
            password: "short".into(),
            nick: "toolong".into(),
            inner: Inner {
                title: String::new(),
            },
        };
        let errors = field_errors(&form.validate().unwrap_err());
        assert_eq!(errors["email"], vec![INVALID_EMAIL]);
        assert_eq!(
            errors["password"],
            vec!["This password is too short. It must contain at least 8 characters."]
        );
        assert_eq!(
            errors["nick"],
            vec!["Ensure this field has no more than 3 characters."]
        );
        assert_eq!(errors["inner.title"], vec![REQUIRED]);
    }

    #[test]
    fn an_empty_field_is_required_whatever_its_length_rule_says() {
        #[derive(Validate)]
        struct Option {
            #[validate(length(
                min = 1,
                max = 5,
                message = "Ensure this field has no more than 5 characters."
            ))]
            text: String,
        }
        let errors = field_errors(
            &Option {
                text: String::new(),
            }
            .validate()
            .unwrap_err(),
        );
        assert_eq!(errors["text"], vec![REQUIRED]);
    }

    #[test]
    fn an_empty_required_field_is_only_required() {
        let form = Form {
            email: String::new(),
            password: "long enough".into(),
            nick: "ab".into(),
            inner: Inner { title: "t".into() },
        };
        let errors = field_errors(&form.validate().unwrap_err());
        assert_eq!(errors["email"], vec![REQUIRED]);
    }

    #[test]
    fn valid_input_passes() {
        let form = Form {
            email: "a@b.org".into(),
            password: "long enough".into(),
            nick: "ab".into(),
            inner: Inner { title: "t".into() },
        };
        assert!(validate(&form).is_ok());
    }
}
