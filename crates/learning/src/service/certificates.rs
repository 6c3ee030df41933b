//! Certificates: issued once when a member passes a quiz, as a PDF only its holder can
//! download, with a code anyone can check on the public verification page.

use chrono::{DateTime, Utc};
use kernel::{AppError, AppResult};
use lopdf::content::{Content, Operation};
use lopdf::{Document, Object, Stream, dictionary};
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

/// PDF text is Latin-1 with the standard fonts; anything else becomes "?".
fn latin1(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
        .collect()
}

fn line(ops: &mut Vec<Operation>, font: &str, size: i64, y: i64, text: &str) {
    // Centred by estimate: Helvetica averages about half its size per character.
    let width = i64::try_from(text.chars().count()).unwrap_or(0) * size / 2;
    let x = ((842 - width) / 2).max(40);
    ops.extend([
        Operation::new("BT", vec![]),
        Operation::new("Tf", vec![font.into(), size.into()]),
        Operation::new("Td", vec![x.into(), y.into()]),
        Operation::new(
            "Tj",
            vec![Object::String(latin1(text), lopdf::StringFormat::Literal)],
        ),
        Operation::new("ET", vec![]),
    ]);
}

/// The certificate as a one-page PDF (A4 landscape).
pub fn pdf(cert: &certificate::Model, verify_url: &str) -> AppResult<Vec<u8>> {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let regular = doc.add_object(dictionary! {
        "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica", "Encoding" => "WinAnsiEncoding",
    });
    let bold = doc.add_object(dictionary! {
        "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica-Bold", "Encoding" => "WinAnsiEncoding",
    });
    let resources = doc.add_object(dictionary! {
        "Font" => dictionary! { "F1" => regular, "F2" => bold },
    });
    let mut ops = vec![
        // A teal frame.
        Operation::new("RG", vec![0.04.into(), 0.36.into(), 0.42.into()]),
        Operation::new("w", vec![6.into()]),
        Operation::new("re", vec![30.into(), 30.into(), 782.into(), 535.into()]),
        Operation::new("S", vec![]),
        Operation::new("rg", vec![0.04.into(), 0.36.into(), 0.42.into()]),
    ];
    line(&mut ops, "F2", 16, 500, "COHORT");
    line(&mut ops, "F2", 34, 440, "Certificate of completion");
    ops.push(Operation::new(
        "rg",
        vec![0.1.into(), 0.1.into(), 0.1.into()],
    ));
    line(&mut ops, "F1", 16, 385, "This certifies that");
    line(&mut ops, "F2", 30, 335, &cert.holder_name);
    line(&mut ops, "F1", 16, 285, "has passed the quiz");
    line(&mut ops, "F2", 22, 245, &cert.quiz_name);
    let issued = cert.issued_at.format("%B %d, %Y").to_string();
    line(
        &mut ops,
        "F1",
        14,
        200,
        &format!("with {}% correct answers on {issued}", cert.percent),
    );
    line(
        &mut ops,
        "F1",
        12,
        110,
        &format!("Verification code: {}", cert.code),
    );
    line(&mut ops, "F1", 10, 88, &format!("Check it at {verify_url}"));
    let content = Content { operations: ops }
        .encode()
        .map_err(|e| AppError::Internal(e.into()))?;
    let content_id = doc.add_object(Stream::new(dictionary! {}, content));
    let page_id = doc.add_object(dictionary! {
        "Type" => "Page",
        "Parent" => pages_id,
        "Contents" => content_id,
        "Resources" => resources,
        "MediaBox" => vec![0.into(), 0.into(), 842.into(), 595.into()],
    });
    doc.objects.insert(
        pages_id,
        Object::Dictionary(
            dictionary! { "Type" => "Pages", "Kids" => vec![page_id.into()], "Count" => 1 },
        ),
    );
    let catalog_id = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    doc.trailer.set("Root", catalog_id);
    let info = doc.add_object(dictionary! {
        "Title" => Object::string_literal(format!("Certificate: {}", cert.quiz_name)),
        "Producer" => Object::string_literal("Cohort"),
    });
    doc.trailer.set("Info", info);
    let mut out = Vec::new();
    doc.save_to(&mut out)
        .map_err(|e| AppError::Internal(e.into()))?;
    Ok(out)
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
            holder_name: "Ada Lovelace".into(),
            quiz_name: "Reading a clinical trial".into(),
            percent: 100,
            issued_at: kernel::clock::now(),
        };
        let bytes = pdf(&cert, "http://x/certificates/verify/ABCD2345EFGH6789").unwrap();
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.starts_with("%PDF-1.5"));
        for needle in [
            "(Ada Lovelace)",
            "(Reading a clinical trial)",
            "ABCD2345EFGH6789",
            "Certificate of completion",
        ] {
            assert!(text.contains(needle), "{needle}");
        }
        assert!(Document::load_mem(&bytes).is_ok());
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
