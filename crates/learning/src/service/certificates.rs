//! Certificates: issued once when a member passes a quiz, as a PDF only its holder can
//! download, with a code anyone can check on the public verification page.

use chrono::{DateTime, Utc};
use kernel::pdf::{A4_LANDSCAPE, Font, Page};
use kernel::{AppError, AppResult};
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

/// The member's certificate for the quiz: the one already issued, or a new one.
pub async fn issue_once(
    db: &impl ConnectionTrait,
    user_id: i64,
    quiz: &quiz::Model,
    holder_name: &str,
    percent: i32,
    now: DateTime<Utc>,
) -> AppResult<String> {
    if let Some(existing) = certificate::Entity::find()
        .filter(certificate::Column::UserId.eq(user_id))
        .filter(certificate::Column::QuizId.eq(quiz.id))
        .one(db)
        .await?
    {
        return Ok(existing.code);
    }
    let issued = certificate::ActiveModel {
        code: Set(new_code()),
        user_id: Set(user_id),
        quiz_id: Set(quiz.id),
        holder_name: Set(holder_name.to_owned()),
        quiz_name: Set(quiz.name.clone()),
        percent: Set(percent),
        issued_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(issued.code)
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
    .centred(
        Font::Regular,
        12,
        110,
        &format!("Verification code: {}", cert.code),
    )
    .centred(Font::Regular, 10, 88, &format!("Check it at {verify_url}"));
    page.finish(&format!("Certificate: {}", cert.quiz_name))
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
