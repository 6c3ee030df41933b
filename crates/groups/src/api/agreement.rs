//! A group's data-use agreement (issue 24 §2): read it, publish a version, accept it, and
//! export who accepted which version when.

use actix_web::{HttpResponse, get, post, web};
use chrono::{DateTime, Utc};
use kernel::extract::ValidJson;
use kernel::input::Given;
use kernel::users::UserSummary;
use kernel::{AppContext, AppResult, CurrentUser, Data};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use super::MessageResponse;
use crate::entity::agreement;
use crate::enums::AgreementState;
use crate::service::agreements::{self, Body};

/// The current version of a group's data-use agreement.
#[derive(Debug, Serialize, ToSchema)]
pub struct GroupAgreement {
    pub version: i32,
    /// Rich text (sanitised).
    pub body: String,
    pub published_at: DateTime<Utc>,
    /// Days members holding the previous version had to accept this one.
    pub grace_days: i32,
    /// Until when members holding an older version still read private content.
    pub grace_until: DateTime<Utc>,
    /// Where the viewer stands with it (`none` for someone outside the group).
    pub state: AgreementState,
}

impl GroupAgreement {
    fn of(row: agreement::Model, state: AgreementState) -> Self {
        let grace_until = row.published_at + chrono::Duration::days(i64::from(row.grace_days));
        Self {
            version: row.version,
            body: row.body,
            published_at: row.published_at,
            grace_days: row.grace_days,
            grace_until,
            state,
        }
    }
}

/// A new version of the agreement.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct PublishAgreementBody {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Body>)]
    pub body: Given<Body>,
    /// Days members holding the previous version keep reading private content before
    /// they must accept this one (0 closes it at once).
    #[validate(range(max = 90))]
    #[schema(maximum = 90, default = 14)]
    #[serde(default = "grace_days_default")]
    pub grace_days: u32,
}

fn grace_days_default() -> u32 {
    agreements::GRACE_DAYS_DEFAULT
}

/// The version the member accepts.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct AcceptAgreementBody {
    #[validate(range(min = 1))]
    pub version: i32,
}

/// Get a group's data-use agreement
///
/// The current version, for anyone who may see the group (an asker reads what they
/// accept), with where the viewer stands with it.
#[utoipa::path(
    operation_id = "getGroupAgreement",
    tag = "groups",
    security((), ("bearer" = [])),
    params(("slug" = String, Path, description = "The group's slug")),
    responses(
        (status = 200, description = "The current version.", body = Data<GroupAgreement>),
        (status = 404, description = "No such group, or it has no agreement (code no_agreement).", body = kernel::ErrorBody),
    )
)]
#[get("/groups/{slug}/agreement")]
pub async fn get(
    ctx: web::Data<AppContext>,
    viewer: Option<CurrentUser>,
    path: web::Path<String>,
) -> AppResult<web::Json<Data<GroupAgreement>>> {
    let (viewed, row) = agreements::current(&ctx.db, viewer.as_ref(), &path).await?;
    Ok(Data::new(GroupAgreement::of(row, viewed.agreement)))
}

/// Publish a data-use agreement
///
/// Publishes the next version (the owner, who accepts it by publishing). Every other
/// member must accept it within the grace period to keep reading private content.
#[utoipa::path(
    operation_id = "publishGroupAgreement",
    tag = "groups",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The group's slug")),
    request_body = PublishAgreementBody,
    responses(
        (status = 201, description = "Published.", body = Data<GroupAgreement>),
        (status = 400, description = "No text, or a grace period over 90 days.", body = kernel::ErrorBody),
        (status = 403, description = "Not the group's owner.", body = kernel::ErrorBody),
        (status = 404, description = "No such group.", body = kernel::ErrorBody),
        (status = 409, description = "Another version was published at the same time.", body = kernel::ErrorBody),
    )
)]
#[post("/groups/{slug}/agreement/versions")]
pub async fn publish(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<String>,
    body: ValidJson<PublishAgreementBody>,
) -> AppResult<HttpResponse> {
    let body = body.into_inner();
    let text = body.body.value()?;
    let row = agreements::publish(&ctx, &user, &path, &text, body.grace_days).await?;
    Ok(HttpResponse::Created().json(Data::new(GroupAgreement::of(row, AgreementState::Current))))
}

/// Accept a group's data-use agreement
///
/// The member accepts the current version, which opens the group's private content again
/// once a grace period has run out.
#[utoipa::path(
    operation_id = "acceptGroupAgreement",
    tag = "groups",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The group's slug")),
    request_body = AcceptAgreementBody,
    responses(
        (status = 200, description = "Accepted.", body = Data<MessageResponse>, example = json!({"data": {"message": agreements::ACCEPTED}})),
        (status = 400, description = "Not a member, or not the current version.", body = kernel::ErrorBody),
        (status = 404, description = "No such group.", body = kernel::ErrorBody),
    )
)]
#[post("/groups/{slug}/agreement/acceptances")]
pub async fn accept(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<String>,
    body: ValidJson<AcceptAgreementBody>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    agreements::accept(&ctx, &user, &path, body.version).await?;
    Ok(Data::new(MessageResponse {
        message: agreements::ACCEPTED.into(),
    }))
}

/// Export the agreement's acceptances
///
/// Who accepted which version of the data-use agreement when, oldest first, as CSV (the
/// group's owner).
#[utoipa::path(
    operation_id = "exportGroupAgreementAcceptances",
    tag = "groups",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The group's slug")),
    responses(
        (status = 200, description = "The acceptances as CSV.", content_type = "text/csv", body = String),
        (status = 403, description = "Not the group's owner.", body = kernel::ErrorBody),
        (status = 404, description = "No such group.", body = kernel::ErrorBody),
    )
)]
#[get("/groups/{slug}/agreement/acceptances.csv")]
pub async fn export(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<String>,
) -> AppResult<HttpResponse> {
    let (group, rows) = agreements::acceptances(&ctx.db, &user, &path).await?;
    let mut ids: Vec<i64> = rows.iter().map(|r| r.user_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let people = ctx.users.summaries(&ids).await?;
    let lines: Vec<_> = rows
        .into_iter()
        .map(|row| {
            let person: Option<&UserSummary> = people.get(&row.user_id);
            (
                person.map(|p| p.name.clone()).unwrap_or_default(),
                person.map(|p| p.email.clone()).unwrap_or_default(),
                row.version,
                row.accepted_at,
            )
        })
        .collect();
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            format!(
                "attachment; filename=\"{}-agreement-acceptances.csv\"",
                group.slug
            ),
        ))
        .body(agreements::csv(&lines)))
}
