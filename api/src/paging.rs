//! Paging parameters and list metadata; the math itself is the pricing crate's.

use pricing::{PageRequest, PaginationMeta};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::error::ApiError;

/// The largest page most lists serve.
pub const MAX_PAGE_SIZE: u32 = 100;
/// The largest page of the lists admin pickers load whole (products, categories).
pub const MAX_PICKER_PAGE_SIZE: u32 = 1000;

/// `page` and `limit` of every list.
///
/// Query names, for every listing (this type and `catalog::query::ProductParams`): the primary
/// names are `page`, `limit` and `order`. The spec's `pageSize` (for `limit`) and `sort` (for
/// `order`) are still accepted, the primary name winning when both are sent, and are marked
/// deprecated in the OpenAPI: clients send only the primary names.
#[derive(Debug, Default, Clone, Copy, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct PageParams {
    /// The page, from 1 (default 1).
    pub page: Option<i64>,
    /// Records a page (default 10).
    pub limit: Option<i64>,
    /// Deprecated alias of `limit`, still accepted; send `limit`.
    #[deprecated(note = "send `limit`")]
    pub page_size: Option<i64>,
}

impl PageParams {
    /// The checked request; a bad value is a 400 naming the parameter.
    #[allow(deprecated)] // reads the accepted alias
    pub fn request(self, max_page_size: u32) -> Result<PageRequest, ApiError> {
        PageRequest::new(self.page, self.limit.or(self.page_size), max_page_size)
            .map_err(|error| ApiError::invalid_field(error.param(), error.to_string()))
    }
}

/// `meta` of a list response.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ListMeta {
    pub pagination: Pagination,
}

/// `meta.pagination` of a list response.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Pagination {
    /// The page returned, from 1.
    pub page: u32,
    /// Records a page.
    pub page_size: u32,
    /// How many pages there are.
    pub page_count: u32,
    /// How many records there are.
    pub total: u64,
}

impl ListMeta {
    /// The metadata of `request` over `total` records.
    pub fn new(request: PageRequest, total: u64) -> ListMeta {
        let PaginationMeta {
            page,
            page_size,
            page_count,
            total,
        } = request.meta(total);
        ListMeta {
            pagination: Pagination {
                page,
                page_size,
                page_count,
                total,
            },
        }
    }
}

/// A record index of a page (its `offset` or exclusive `end`) as a SurrealDB `int` binding,
/// saturating: an index past `i64::MAX` finds no records either way.
pub fn bound(index: u64) -> i64 {
    i64::try_from(index).unwrap_or(i64::MAX)
}

/// A list's total from SurrealDB's `count() ... GROUP ALL`, which answers no row at all when
/// nothing matches; a count is never negative.
pub fn total(counted: Option<i64>) -> u64 {
    u64::try_from(counted.unwrap_or(0)).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::{bound, total};

    #[test]
    fn indexes_saturate_and_missing_or_negative_counts_are_zero() {
        assert_eq!(bound(40), 40);
        assert_eq!(bound(u64::MAX), i64::MAX);
        assert_eq!(total(Some(7)), 7);
        assert_eq!(
            total(None),
            0,
            "GROUP ALL answers no row when nothing matches"
        );
        assert_eq!(total(Some(-1)), 0);
    }
}
