//! `/quiz/{id}/feedback`: which questions of the member's last attempt were right, and why
//! (issue 49 §5).

use actix_web::{get, web};
use kernel::{AppContext, AppResult, CurrentUser, Data};

use crate::service::feedback::{self, AttemptFeedback};

/// Feedback on your last attempt
///
/// For the caller's last completed attempt at the quiz: each question, whether their answer
/// was right, what they answered and staff's explanation. Shown after every attempt or only
/// once the caller passes, as the quiz's `feedback` setting says.
#[utoipa::path(
    operation_id = "getQuizFeedback",
    tag = "learning",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The quiz's id")),
    responses(
        (status = 200, description = "The last completed attempt, question by question.", body = Data<AttemptFeedback>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "This quiz shows its feedback once the caller passes.", body = kernel::ErrorBody),
        (status = 404, description = "No such published quiz, or no completed attempt of the caller's.", body = kernel::ErrorBody),
    )
)]
#[get("/quiz/{id}/feedback")]
pub async fn last_attempt(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<AttemptFeedback>>> {
    Ok(Data::new(
        feedback::of_last_attempt(&ctx.db, user.id, path.into_inner()).await?,
    ))
}
