//! `/staff/contact-messages` and `/staff/update-signups`: what the public sent staff.

use actix_web::{HttpResponse, get, post, web};
use chrono::{DateTime, Utc};
use kernel::{AppContext, AppResult, Data, Page, PageParams, Staff};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::entity::{contact_message, update_signup};
use crate::service::inbox;

/// A message sent through the contact form.
#[derive(Debug, Serialize, ToSchema)]
pub struct ContactMessage {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub text: String,
    pub created_at: DateTime<Utc>,
    pub handled_at: Option<DateTime<Utc>>,
    pub handled_by_id: Option<i64>,
}

impl ContactMessage {
    fn from_entity(m: contact_message::Model) -> Self {
        Self {
            id: m.id,
            name: m.name,
            email: m.email,
            text: m.text,
            created_at: m.created_at,
            handled_at: m.handled_at,
            handled_by_id: m.handled_by_id,
        }
    }
}

/// A sign-up for updates.
#[derive(Debug, Serialize, ToSchema)]
pub struct UpdateSignup {
    pub id: i64,
    pub full_name: String,
    pub email: String,
    pub message: String,
    pub consent: bool,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MessageQuery {
    /// Handled messages instead of open ones.
    #[serde(default)]
    pub handled: bool,
}

/// Contact messages
///
/// Contact messages, open (default) or handled, newest first.
#[utoipa::path(
    operation_id = "staffListContactMessages",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(MessageQuery, PageParams),
    responses(
        (status = 200, description = "A page of messages.", body = Page<ContactMessage>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/contact-messages")]
pub async fn messages(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    query: web::Query<MessageQuery>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<ContactMessage>>> {
    let page = inbox::messages(&ctx.db, query.handled, &params).await?;
    Ok(web::Json(page.map(ContactMessage::from_entity)))
}

/// Handle a contact message
///
/// Marks a message as handled. Records who handled it and when.
#[utoipa::path(
    operation_id = "staffHandleContactMessage",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The message's id")),
    responses(
        (status = 200, description = "Handled.", body = Data<ContactMessage>),
        (status = 400, description = "Already handled.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such message.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/contact-messages/{id}/handled")]
pub async fn handle(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<ContactMessage>>> {
    let saved = inbox::handle(&ctx, &staff, path.into_inner()).await?;
    Ok(Data::new(ContactMessage::from_entity(saved)))
}

/// Update sign-ups
///
/// Sign-ups for updates, newest first.
#[utoipa::path(
    operation_id = "staffListUpdateSignups",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    params(PageParams),
    responses(
        (status = 200, description = "A page of sign-ups.", body = Page<UpdateSignup>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/update-signups")]
pub async fn signups(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<UpdateSignup>>> {
    let page = inbox::signups(&ctx.db, &params).await?;
    Ok(web::Json(page.map(|s: update_signup::Model| {
        UpdateSignup {
            id: s.id,
            full_name: s.full_name,
            email: s.email,
            message: s.message,
            consent: s.consent,
            created_at: s.created_at,
        }
    })))
}

/// Export update sign-ups
///
/// Every sign-up as a CSV file.
#[utoipa::path(
    operation_id = "staffExportUpdateSignups",
    tag = "content-staff",
    security(("bearer" = ["staff"])),
    responses(
        (status = 200, description = "The sign-ups as CSV.", content_type = "text/csv", body = String),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/update-signups.csv")]
pub async fn export(ctx: web::Data<AppContext>, _staff: Staff) -> AppResult<HttpResponse> {
    let csv = inbox::signups_csv(&ctx.db).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            actix_web::http::header::CONTENT_DISPOSITION,
            "attachment; filename=\"update-signups.csv\"",
        ))
        .body(csv))
}
