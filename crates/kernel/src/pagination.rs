//! Paged lists: `?page=&perPage=` in, `{data, pagination}` out (DESIGN.md §3).

use sea_orm::{ConnectionTrait, PaginatorTrait, SelectorTrait};
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

/// Runs `select` for the requested page. A page past the end is empty, not an error,
/// so "Show me more" can stop without a failure.
pub async fn paginate<'db, C, S>(
    db: &'db C,
    select: S,
    params: &PageParams,
    default_per_page: u64,
) -> AppResult<Page<<S::Selector as SelectorTrait>::Item>>
where
    C: ConnectionTrait,
    S: PaginatorTrait<'db, C>,
{
    let page = params.page()?;
    let per_page = params.per_page(default_per_page)?;
    let paginator = select.paginate(db, per_page);
    let totals = paginator.num_items_and_pages().await?;
    let data = paginator.fetch_page(page - 1).await?;
    Ok(Page {
        data,
        pagination: Pagination {
            current_page: page,
            per_page,
            total: totals.number_of_pages,
            count: totals.number_of_items,
        },
    })
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
