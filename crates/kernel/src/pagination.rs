//! Paged lists: `?page=&perPage=` in, `{data, pagination}` out (DESIGN.md §3).

use sea_orm::{ConnectionTrait, EntityTrait, FromQueryResult, PaginatorTrait, QuerySelect, Select};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::error::{AppError, AppResult};

/// Page size when the client names none.
pub const DEFAULT_PER_PAGE: u64 = 10;
/// Largest page size a client may ask for.
pub const MAX_PER_PAGE: u64 = 100;
/// Highest page number a client may ask for. Far past any list we keep, and small
/// enough that the row offset (`(page - 1) × perPage`) always fits the databases'
/// signed 64-bit integers.
pub const MAX_PAGE: u64 = 1_000_000;

/// Query parameters of every paged list.
#[derive(Debug, Clone, Copy, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// 1-based page number.
    #[param(minimum = 1, maximum = 1_000_000)]
    pub page: Option<u64>,
    /// Items per page (at most 100).
    #[serde(rename = "perPage")]
    #[param(rename = "perPage", minimum = 1, maximum = 100)]
    pub per_page: Option<u64>,
}

impl PageParams {
    /// The page asked for, from 1 to [`MAX_PAGE`].
    pub fn page(&self) -> AppResult<u64> {
        match self.page {
            None => Ok(1),
            Some(n @ 1..=MAX_PAGE) => Ok(n),
            Some(_) => Err(AppError::field("page", "Invalid page.")),
        }
    }

    /// The page asked for and its size.
    pub fn bounds(&self, default_per_page: u64) -> AppResult<(u64, u64)> {
        Ok((self.page()?, self.per_page(default_per_page)?))
    }

    /// The page size: the list's default when absent, from 1 to [`MAX_PER_PAGE`].
    pub fn per_page(&self, default: u64) -> AppResult<u64> {
        match self.per_page {
            None => Ok(default),
            Some(n @ 1..=MAX_PER_PAGE) => Ok(n),
            Some(_) => Err(AppError::field("perPage", "Invalid page size.")),
        }
    }
}

/// Where a page sits in its list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Pagination {
    pub current_page: u64,
    pub per_page: u64,
    /// Number of pages.
    pub total: u64,
    /// Number of items across all pages.
    pub count: u64,
}

/// A page of items with its position.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Page<T> {
    pub data: Vec<T>,
    pub pagination: Pagination,
}

impl<T> Page<T> {
    /// Converts the items, keeping the position.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Page<U> {
        Page {
            data: self.data.into_iter().map(f).collect(),
            pagination: self.pagination,
        }
    }
}

/// Runs `select` for the requested page, and counts the whole list: two statements
/// whatever the page size. (Counting in the page's own statement, `COUNT(*) OVER ()`,
/// saves one but reads every row of the list with all its columns: a thread of 2,000
/// replies then costs far more than a count and a page.) A page past the end is empty,
/// not an error, so "Show me more" can stop without a failure.
pub async fn paginate<C, E>(
    db: &C,
    select: Select<E>,
    params: &PageParams,
    default_per_page: u64,
) -> AppResult<Page<E::Model>>
where
    C: ConnectionTrait,
    E: EntityTrait,
    E::Model: FromQueryResult + Send + Sync,
{
    let count = select.clone().count(db).await?;
    paginate_known(db, select, params, default_per_page, count).await
}

/// Runs `select` for the requested page of a list whose size is kept elsewhere (a
/// maintained counter): only the page's rows are read.
pub async fn paginate_known<C, E>(
    db: &C,
    select: Select<E>,
    params: &PageParams,
    default_per_page: u64,
    count: u64,
) -> AppResult<Page<E::Model>>
where
    C: ConnectionTrait,
    E: EntityTrait,
    E::Model: FromQueryResult + Send + Sync,
{
    let (page, per_page) = params.bounds(default_per_page)?;
    let rows = one_page(select, page, per_page).all(db).await?;
    Ok(page_of(rows, page, per_page, count))
}

fn one_page<E: EntityTrait>(select: Select<E>, page: u64, per_page: u64) -> Select<E> {
    select.limit(per_page).offset((page - 1) * per_page)
}

/// A page read by the caller (`page` of `per_page` rows) of a list of `count` items.
pub fn page_of<T>(data: Vec<T>, page: u64, per_page: u64, count: u64) -> Page<T> {
    Page {
        data,
        pagination: Pagination {
            current_page: page,
            per_page,
            total: count.div_ceil(per_page),
            count,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_caps() {
        let params = PageParams::default();
        assert_eq!(params.page().unwrap(), 1);
        assert_eq!(params.per_page(9).unwrap(), 9);
        let largest = PageParams {
            page: Some(MAX_PAGE),
            per_page: Some(MAX_PER_PAGE),
        };
        assert_eq!(largest.page().unwrap(), MAX_PAGE);
        assert_eq!(largest.per_page(9).unwrap(), MAX_PER_PAGE);
    }

    #[test]
    fn out_of_range_values_are_rejected_on_their_field() {
        let huge = PageParams {
            page: Some(2_000_000_000_000_000_000),
            per_page: Some(5_000),
        };
        assert_eq!(
            huge.page().unwrap_err().body().messages["page"],
            ["Invalid page."]
        );
        assert_eq!(
            huge.per_page(9).unwrap_err().body().messages["perPage"],
            ["Invalid page size."]
        );
    }

    #[test]
    fn zero_is_rejected_on_its_field() {
        let zero = PageParams {
            page: Some(0),
            per_page: Some(0),
        };
        assert!(zero.page().is_err());
        assert!(zero.per_page(9).is_err());
    }
}
