//! The audit chain in public and a member's own entries (issue 24, item 3). The chain and its
//! heads are the kernel's (`audit::{chain, heads, trail}`); these are their endpoints:
//!
//! - `GET /api/audit/heads`: the head published for each day, for anyone to keep;
//! - `GET /api/audit/chain?after=&limit=`: the links (places and hashes, never what the
//!   entries say), so anyone can check they join up to a published head;
//! - `GET /api/me/audit`: the entries about the signed-in member's account and content, with
//!   what each says and its link, to check with `cohort audit verify --segment`.

use actix_web::{get, web};
use audit::chain::{self, AuditLink, Head};
use audit::heads::{self, PublishedHead};
use audit::trail::{self, TrailEntry};
use kernel::{AppContext, AppError, AppResult, CurrentUser, Page, PageParams};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// Audit chain heads
///
/// The chain's head as it stood at the end of each day (UTC), newest first: keep them, and a
/// rewritten history no longer passes through them.
#[utoipa::path(
    operation_id = "listAuditHeads",
    tag = "audit",
    params(PageParams),
    responses(
        (status = 200, description = "A page of daily heads.", body = Page<PublishedHead>),
        (status = 400, description = "A page out of range.", body = kernel::ErrorBody),
    )
)]
#[get("/audit/heads")]
pub async fn list_heads(
    ctx: web::Data<AppContext>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<PublishedHead>>> {
    Ok(web::Json(heads::list(&ctx.db, &params).await?))
}

/// Which links to read.
#[derive(Debug, Clone, Copy, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LinkRange {
    /// Links after this place (0: from the first).
    #[param(minimum = 0)]
    pub after: Option<i64>,
    /// How many, at most 1000 (default 100).
    #[param(minimum = 1, maximum = 1000)]
    pub limit: Option<u64>,
}

/// A run of the chain's links and its current head.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditChainSegment {
    pub data: Vec<AuditLink>,
    pub head: Head,
}

/// Links read at most at a time.
const MAX_LINKS: u64 = 1000;
const DEFAULT_LINKS: u64 = 100;

impl LinkRange {
    /// The place to read after and how many, as asked; out of range is an error on the
    /// parameter, never a silent correction.
    fn bounds(&self) -> AppResult<(i64, u64)> {
        let after = match self.after {
            None => 0,
            Some(n @ 0..) => n,
            Some(_) => return Err(AppError::field("after", "Invalid place in the chain.")),
        };
        let limit = match self.limit {
            None => DEFAULT_LINKS,
            Some(n @ 1..=MAX_LINKS) => n,
            Some(_) => return Err(AppError::field("limit", "Ask for 1 to 1000 links.")),
        };
        Ok((after, limit))
    }
}

/// Audit chain links
///
/// The chain's links in order, without what the entries say, and its head now.
#[utoipa::path(
    operation_id = "listAuditChain",
    tag = "audit",
    params(LinkRange),
    responses(
        (status = 200, description = "The links after `after`.", body = AuditChainSegment),
        (status = 400, description = "`after` below 0, or `limit` outside 1 to 1000.", body = kernel::ErrorBody),
    )
)]
#[get("/audit/chain")]
pub async fn list_links(
    ctx: web::Data<AppContext>,
    range: web::Query<LinkRange>,
) -> AppResult<web::Json<AuditChainSegment>> {
    let (after, limit) = range.bounds()?;
    Ok(web::Json(AuditChainSegment {
        data: chain::links(&ctx.db, after, limit).await?,
        head: chain::head(&ctx.db).await?,
    }))
}

/// My audit trail
///
/// The staff decisions and moderation actions about the member's account and content,
/// newest first, each with what its hash covers.
#[utoipa::path(
    operation_id = "listMyAuditTrail",
    tag = "audit",
    security(("bearer" = [])),
    params(PageParams),
    responses(
        (status = 200, description = "A page of entries.", body = Page<TrailEntry>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[get("/me/audit")]
pub async fn my_trail(
    ctx: web::Data<AppContext>,
    me: CurrentUser,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<TrailEntry>>> {
    Ok(web::Json(
        trail::about(&ctx.db, ctx.users.as_ref(), me.id, &params).await?,
    ))
}
