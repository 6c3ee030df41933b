//! Certificates: issued once when a member passes a quiz, as a PDF only its holder can
//! download, with a code anyone can check on the public verification page.

use chrono::{DateTime, Utc};
use kernel::{AppError, AppResult};
use media::pdf::{A4_LANDSCAPE, Font, Page};
use rand::RngCore;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use crate::entity::{certificate, quiz};

pub const UNKNOWN_CODE: &str = "No certificate has this code.";
/// Code letters: no 0/O or 1/I, so codes read back without mistakes.
const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_LENGTH: usize = 16;

fn new_code() -> String {
    let mut bytes = [0u8; CODE_LENGTH];
    rand::rng().fill_bytes(&mut bytes);
    bytes
        .iter()
        .map(|b| ALPHABET[usize::from(*b) % ALPHABET.len()] as char)
        .collect()
}

/// How long before a certificate expires its holder may renew it, and is reminded to.
pub const RENEWAL_WINDOW_DAYS: i64 = 30;

/// When `cert` may be renewed (from 30 days before it expires); none when it never expires.
pub fn renewal_opens(cert: &certificate::Model) -> Option<DateTime<Utc>> {
    cert.expires_at
        .map(|at| at - chrono::Duration::days(RENEWAL_WINDOW_DAYS))
}

/// Whether `cert` is due for renewal at `now`.
pub fn renewal_due(cert: &certificate::Model, now: DateTime<Utc>) -> bool {
    renewal_opens(cert).is_some_and(|opens| opens <= now)
}

/// When a certificate of `quiz` issued at `now` expires.
fn expiry(quiz: &quiz::Model, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    let months = u32::try_from(quiz.validity_months?).ok()?;
    now.checked_add_months(chrono::Months::new(months))
}

/// The member's certificate for the quiz: a new one, the one already issued, or — when it
/// is due for renewal — the same certificate renewed (same code, issued again, valid anew).
pub async fn issue_once(
    db: &impl ConnectionTrait,
    user_id: i64,
    quiz: &quiz::Model,
    holder_name: &str,
    percent: i32,
    now: DateTime<Utc>,
) -> AppResult<String> {
    let existing = certificate::Entity::find()
        .filter(certificate::Column::UserId.eq(user_id))
        .filter(certificate::Column::QuizId.eq(quiz.id))
        .one(db)
        .await?;
    let mut active = match existing {
        Some(found) if !renewal_due(&found, now) => return Ok(found.code),
        Some(found) => found.into(),
        None => certificate::ActiveModel {
            code: Set(new_code()),
            user_id: Set(user_id),
            quiz_id: Set(quiz.id),
            ..Default::default()
        },
    };
    active.holder_name = Set(holder_name.to_owned());
    active.quiz_name = Set(quiz.name.clone());
    active.percent = Set(percent);
    active.issued_at = Set(now);
    active.expires_at = Set(expiry(quiz, now));
    active.cpd_minutes = Set(quiz.cpd_minutes);
    active.reminded_at = Set(None);
    Ok(sea_orm::TryIntoModel::try_into_model(active.save(db).await?)?.code)
}

/// A certificate by its code.
pub async fn by_code(db: &impl ConnectionTrait, code: &str) -> AppResult<certificate::Model> {
    certificate::Entity::find()
        .filter(certificate::Column::Code.eq(code.trim().to_uppercase()))
        .one(db)
        .await?
        .ok_or_else(|| {
            AppError::client(
                actix_web::http::StatusCode::NOT_FOUND,
                "not_found",
                UNKNOWN_CODE,
            )
        })
}

/// The holder's own certificate (404 for anyone else: it does not exist for them).
pub async fn of_holder(
    db: &impl ConnectionTrait,
    user_id: i64,
    code: &str,
) -> AppResult<certificate::Model> {
    let found = by_code(db, code).await?;
    if found.user_id != user_id {
        return Err(AppError::not_found());
    }
    Ok(found)
}

/// The line under the score: its validity and the CPD time it records.
fn standing(cert: &certificate::Model) -> String {
    let valid = match cert.expires_at {
        Some(at) => format!("Valid until {}", at.format("%B %d, %Y")),
        None => "Valid without expiry".to_owned(),
    };
    match cert.cpd_minutes {
        Some(minutes) => format!("{valid} · CPD: {} hours", hours(minutes)),
        None => valid,
    }
}

/// The certificate as a one-page PDF (A4 landscape).
pub fn pdf(cert: &certificate::Model, verify_url: &str) -> AppResult<Vec<u8>> {
    const TEAL: [f32; 3] = [0.04, 0.36, 0.42];
    let mut page = Page::new(A4_LANDSCAPE)?;
    page.colour(TEAL)
        .frame(30, 6)
        .centred(Font::Bold, 16, 500, "COHORT")
        .centred(Font::Bold, 34, 440, "Certificate of completion")
        .colour([0.1, 0.1, 0.1])
        .centred(Font::Regular, 16, 385, "This certifies that")
        .centred(Font::Bold, 30, 335, &cert.holder_name)
        .centred(Font::Regular, 16, 285, "has passed the quiz")
        .centred(Font::Bold, 22, 245, &cert.quiz_name);
    let issued = cert.issued_at.format("%B %d, %Y").to_string();
    page.centred(
        Font::Regular,
        14,
        200,
        &format!("with {}% correct answers on {issued}", cert.percent),
    )
    .centred(Font::Regular, 12, 165, &standing(cert))
    .centred(
        Font::Regular,
        12,
        110,
        &format!("Verification code: {}", cert.code),
    )
    .centred(Font::Regular, 10, 88, &format!("Check it at {verify_url}"));
    page.finish(&format!("Certificate: {}", cert.quiz_name))
}

/// CPD hours as kept: minutes, to the nearest quarter hour.
pub fn minutes(hours: f64) -> i32 {
    #[allow(clippy::cast_possible_truncation)]
    let quarters = (hours * 4.0).round() as i32;
    quarters * 15
}

/// Minutes of CPD as hours.
pub fn hours(minutes: i32) -> f64 {
    f64::from(minutes) / 60.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pdf_names_the_holder_the_quiz_and_the_code() {
        let cert = certificate::Model {
            id: 1,
            code: "ABCD2345EFGH6789".into(),
            user_id: 1,
            quiz_id: 1,
            holder_name: "Ada Łukasz Lovelace".into(),
            quiz_name: "Reading a clinical trial".into(),
            percent: 100,
            issued_at: kernel::clock::now(),
            expires_at: None,
            cpd_minutes: Some(90),
            reminded_at: None,
        };
        let bytes = pdf(&cert, "http://x/certificates/verify/ABCD2345EFGH6789").unwrap();
        assert!(bytes.starts_with(b"%PDF-1.5"));
        let text = lopdf::Document::load_mem(&bytes)
            .unwrap()
            .extract_text(&[1])
            .unwrap();
        for needle in [
            "Ada Łukasz Lovelace",
            "Reading a clinical trial",
            "ABCD2345EFGH6789",
            "Certificate of completion",
            "Valid without expiry",
            "CPD: 1.5 hours",
        ] {
            assert!(text.contains(needle), "{needle} in {text}");
        }
    }

    #[test]
    fn codes_are_long_and_unambiguous() {
        let code = new_code();
        assert_eq!(code.len(), CODE_LENGTH);
        assert!(
            !code.contains('0')
                && !code.contains('O')
                && !code.contains('I')
                && !code.contains('1')
        );
    }
}
