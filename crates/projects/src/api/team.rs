//! The wizard's "Team and needs" step, and `/needs`.

use actix_web::{get, put, web};
use kernel::extract::ValidJson;
use kernel::input::{Email, Given};
use kernel::{AppContext, AppResult, CurrentUser, Data, Page, PageParams};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

use crate::enums::NeedKind;
use crate::read::views::{NeedCard, ProjectNeed, ProjectTeam};
use crate::service::team::{Label, Need, NeedText, Person};
use crate::service::{needs, team_step};

/// A person on the team. Their `email` links them to their Cohort profile when they have an
/// account; it is never shown.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct TeamMemberInput {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Label>)]
    pub name: Given<Label>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Email>)]
    pub email: Option<Given<Email>>,
    /// What they do on the project.
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Label>)]
    pub role: Given<Label>,
}

/// Something the project asks the community for.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct NeedInput {
    pub kind: NeedKind,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<NeedText>)]
    pub description: Given<NeedText>,
}

/// Step 3 (Team and needs): both lists, in order; each save replaces them.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct TeamStep {
    /// At most 20 people (`team::MAX_TEAM`).
    #[validate(nested)]
    #[schema(max_items = 20)]
    pub team: Vec<TeamMemberInput>,
    /// At most 12 needs (`team::MAX_NEEDS`).
    #[validate(nested)]
    #[schema(max_items = 12)]
    pub needs: Vec<NeedInput>,
}

impl TeamStep {
    fn parsed(self) -> AppResult<(Vec<Person>, Vec<Need>)> {
        let people = self
            .team
            .into_iter()
            .map(|p| {
                Ok(Person {
                    name: p.name.value()?,
                    email: kernel::input::given(p.email)?.map(|e| e.to_lowercase()),
                    role: p.role.value()?,
                })
            })
            .collect::<AppResult<_>>()?;
        let needs = self
            .needs
            .into_iter()
            .map(|n| {
                Ok(Need {
                    kind: n.kind,
                    description: n.description.value()?,
                })
            })
            .collect::<AppResult<_>>()?;
        Ok((people, needs))
    }
}

/// Get a project's team
///
/// The team and needs of one of the caller's projects (a live one's waiting changes).
#[utoipa::path(
    operation_id = "getMyProjectTeam",
    tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The project's id")),
    responses(
        (status = 200, description = "The team and needs.", body = Data<ProjectTeam>),
        (status = 404, description = "Not the caller's project.", body = kernel::ErrorBody),
    )
)]
#[get("/me/projects/{id}/team")]
pub async fn get(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<ProjectTeam>>> {
    Ok(Data::new(
        team_step::mine(&ctx.db, &user, *path).await?.into(),
    ))
}

/// Save the team step
///
/// Saves the wizard's "Team and needs" step (a draft or a project sent back; on a live project, as
/// changes waiting for staff).
#[utoipa::path(
    operation_id = "saveProjectTeam",
    tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The project's id")),
    request_body = TeamStep,
    responses(
        (status = 200, description = "The team and needs as saved.", body = Data<ProjectTeam>),
        (status = 400, description = "A field is missing or too long, or the project is not editable.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's project.", body = kernel::ErrorBody),
    )
)]
#[put("/me/projects/{id}/team")]
pub async fn save(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
    body: ValidJson<TeamStep>,
) -> AppResult<web::Json<Data<ProjectTeam>>> {
    let (people, needs) = body.into_inner().parsed()?;
    team_step::save(&ctx, &user, *path, people, needs).await?;
    Ok(Data::new(
        team_step::mine(&ctx.db, &user, *path).await?.into(),
    ))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct NeedsQuery {
    /// Only needs of this kind.
    #[param(inline)]
    pub kind: Option<NeedKind>,
}

/// Project needs
///
/// `/needs`: what live projects ask the community for, the newest projects first (20 a page).
#[utoipa::path(
    operation_id = "listProjectNeeds",
    tag = "projects",
    params(NeedsQuery, PageParams),
    responses((status = 200, description = "A page of needs.", body = Page<NeedCard>))
)]
#[get("/needs")]
pub async fn list(
    ctx: web::Data<AppContext>,
    query: web::Query<NeedsQuery>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<NeedCard>>> {
    let (page, projects) = needs::open(&ctx.db, query.kind, &params).await?;
    Ok(web::Json(page.map(|n| {
        let project = projects.get(&n.project_id);
        NeedCard {
            project_slug: project.map(|p| p.slug.clone()).unwrap_or_default(),
            project_title: project.map(|p| p.title.clone()).unwrap_or_default(),
            need: ProjectNeed::from(n),
        }
    })))
}
