//! The guardrail at the door: what every publishing endpoint calls with the text it is
//! about to save. Nothing found: it goes through. Something found: the author must have
//! declared they may share it (the declaration is kept), unless the place makes the check
//! blocking, where the text must be edited first.

use sea_orm::sea_query::{Alias, Query};
use sea_orm::{ConnectionTrait, DbErr};
use sha2::{Digest, Sha256};

use super::{Finding, PhiKind};
use kernel::{AppError, AppResult};

/// What the author chose, and what the place demands.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Guard {
    /// The author declared, in the prompt, that they may share what was found.
    pub declared: bool,
    /// The place (a working group whose owner chose it) publishes nothing flagged.
    pub blocking: bool,
}

/// Where a text is published, for the declaration's record: `discussion:groups:12`.
pub struct Place(pub String);

/// The kinds found, in the order found.
pub fn kinds(found: &[Finding]) -> Vec<PhiKind> {
    let mut kinds: Vec<PhiKind> = Vec::new();
    for finding in found {
        if !kinds.contains(&finding.kind) {
            kinds.push(finding.kind);
        }
    }
    kinds
}

fn named(kinds: &[PhiKind]) -> String {
    kinds
        .iter()
        .map(|k| k.label().to_lowercase())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The error on `field` when the author has not declared.
pub fn undeclared(kinds: &[PhiKind]) -> String {
    format!(
        "This text may identify a patient ({}). Edit it, or confirm that you may share it.",
        named(kinds)
    )
}

/// The error on `field` where the check is blocking.
pub fn blocked(kinds: &[PhiKind]) -> String {
    format!(
        "This working group does not publish text that may identify a patient ({}). Edit the highlighted parts first.",
        named(kinds)
    )
}

/// The error for an attached file, named `file`, when the author has not declared.
pub fn undeclared_file(file: &str, kinds: &[PhiKind]) -> String {
    format!(
        "“{file}” may identify a patient ({}) in its text or metadata. Remove it, or confirm that you may share it.",
        named(kinds)
    )
}

/// The error for an attached file where the check is blocking.
pub fn blocked_file(file: &str, kinds: &[PhiKind]) -> String {
    format!(
        "This working group does not publish files that may identify a patient: “{file}” ({}). Remove it first.",
        named(kinds)
    )
}

/// One text a form publishes: its field, the text (rich or plain), and the name of the
/// file it was read from, if it was (a PDF's text layer and metadata).
#[derive(Debug, Clone, Copy)]
pub struct Published<'a> {
    pub field: &'a str,
    pub text: &'a str,
    pub file: Option<&'a str>,
}

impl<'a> Published<'a> {
    pub fn text(field: &'a str, text: &'a str) -> Self {
        Self {
            field,
            text,
            file: None,
        }
    }
}

/// Checks rich text `html`, about to be published at `place` by `user_id`, whose form
/// field is `field`; records the declaration where one was needed.
pub async fn check(
    db: &impl ConnectionTrait,
    user_id: i64,
    place: &Place,
    field: &str,
    html: &str,
    guard: Guard,
) -> AppResult<()> {
    check_fields(db, user_id, place, &[Published::text(field, html)], guard).await
}

/// [`check`] for a form of several texts (and the files it attaches): each flagged field
/// gets its error; one declaration covers the form.
pub async fn check_fields(
    db: &impl ConnectionTrait,
    user_id: i64,
    place: &Place,
    fields: &[Published<'_>],
    guard: Guard,
) -> AppResult<()> {
    let mut errors = kernel::error::FieldErrors::new();
    let mut all_kinds: Vec<PhiKind> = Vec::new();
    let mut texts = Vec::new();
    let scanned =
        super::pooled::scan_html(fields.iter().map(|p| p.text.to_owned()).collect()).await?;
    for (published, (text, found)) in fields.iter().zip(scanned) {
        if found.is_empty() {
            continue;
        }
        let kinds = kinds(&found);
        let message = match (published.file, guard.blocking) {
            (Some(file), true) => blocked_file(file, &kinds),
            (Some(file), false) => undeclared_file(file, &kinds),
            (None, true) => blocked(&kinds),
            (None, false) => undeclared(&kinds),
        };
        errors
            .entry(published.field.to_owned())
            .or_default()
            .push(message);
        for kind in kinds {
            if !all_kinds.contains(&kind) {
                all_kinds.push(kind);
            }
        }
        texts.push(text);
    }
    if errors.is_empty() {
        return Ok(());
    }
    if guard.blocking || !guard.declared {
        return Err(AppError::Validation(errors));
    }
    record(db, user_id, place, &all_kinds, &texts.join("\n")).await?;
    Ok(())
}

async fn record(
    db: &impl ConnectionTrait,
    user_id: i64,
    place: &Place,
    kinds: &[PhiKind],
    text: &str,
) -> Result<(), DbErr> {
    let kinds = kinds
        .iter()
        .map(|k| k.as_str())
        .collect::<Vec<_>>()
        .join(",");
    let hash = hex(&Sha256::digest(text.as_bytes()));
    let mut insert = Query::insert();
    insert
        .into_table(Alias::new("phi_declarations"))
        .columns(["user_id", "place", "kinds", "text_hash", "declared_at"].map(Alias::new))
        .values([
            user_id.into(),
            place.0.clone().into(),
            kinds.into(),
            hash.into(),
            kernel::clock::now().into(),
        ])
        .map_err(|e| DbErr::Custom(e.to_string()))?;
    db.execute(&insert).await?;
    Ok(())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_messages_name_what_was_found() {
        let kinds = [PhiKind::Phone, PhiKind::DateOfBirth];
        assert_eq!(
            undeclared(&kinds),
            "This text may identify a patient (a phone number, a date of birth). Edit it, or confirm that you may share it."
        );
        assert!(blocked(&kinds).starts_with("This working group does not publish"));
    }
}
