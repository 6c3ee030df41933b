//! Published quizzes and their questions (spec 2 §7 `/quiz`, `/quiz/{id}`).

use std::collections::HashMap;

use kernel::{AppError, AppResult, Page, PageParams};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::entity::{answer_option, question, quiz};

/// Spec 2 §9: quiz pages hold 9.
pub const PER_PAGE: u64 = 9;

/// What the list was asked for.
#[derive(Debug, Default)]
pub struct Filters {
    pub search: Option<String>,
    /// Oldest first instead of newest.
    pub oldest_first: bool,
    /// Category names; a quiz matches when it has any of them.
    pub categories: Vec<String>,
}

/// A page of published quizzes.
pub async fn list(
    db: &impl ConnectionTrait,
    filters: &Filters,
    params: &PageParams,
) -> AppResult<Page<quiz::Model>> {
    let mut select = quiz::Entity::find().filter(quiz::Column::Published.eq(true));
    if let Some(search) = filters
        .search
        .as_deref()
        .and_then(|text| fulltext::contains(&[quiz::Column::Name, quiz::Column::Description], text))
    {
        select = select.filter(search);
    }
    // Categories are stored as a JSON list of names: a quiz has one when its list
    // contains the quoted name.
    let categories = filters.categories.iter().filter_map(|category| {
        fulltext::contains(&[quiz::Column::Categories], &format!("\"{category}\""))
    });
    let any = categories.fold(Condition::any(), Condition::add);
    if !any.is_empty() {
        select = select.filter(any);
    }
    let select = if filters.oldest_first {
        select
            .order_by_asc(quiz::Column::CreatedAt)
            .order_by_asc(quiz::Column::Id)
    } else {
        select
            .order_by_desc(quiz::Column::CreatedAt)
            .order_by_desc(quiz::Column::Id)
    };
    kernel::pagination::paginate(db, select, params, PER_PAGE).await
}

/// A published quiz.
pub async fn get(db: &impl ConnectionTrait, id: i64) -> AppResult<quiz::Model> {
    quiz::Entity::find_by_id(id)
        .filter(quiz::Column::Published.eq(true))
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)
}

/// A quiz's questions in order, each with its options in order.
pub async fn questions(
    db: &impl ConnectionTrait,
    quiz_id: i64,
) -> AppResult<Vec<(question::Model, Vec<answer_option::Model>)>> {
    let questions = question::Entity::find()
        .filter(question::Column::QuizId.eq(quiz_id))
        .order_by_asc(question::Column::Position)
        .order_by_asc(question::Column::Id)
        .all(db)
        .await?;
    let ids: Vec<i64> = questions.iter().map(|q| q.id).collect();
    let mut options: HashMap<i64, Vec<answer_option::Model>> = HashMap::new();
    for option in answer_option::Entity::find()
        .filter(answer_option::Column::QuestionId.is_in(ids))
        .order_by_asc(answer_option::Column::Position)
        .order_by_asc(answer_option::Column::Id)
        .all(db)
        .await?
    {
        options.entry(option.question_id).or_default().push(option);
    }
    Ok(questions
        .into_iter()
        .map(|q| {
            let list = options.remove(&q.id).unwrap_or_default();
            (q, list)
        })
        .collect())
}

/// The stored list of category names.
pub fn categories(quiz: &quiz::Model) -> Vec<String> {
    quiz.categories.0.clone()
}
