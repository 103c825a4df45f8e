//! Paging: page counts, validated page requests, list metadata and the pagination control.

use serde::{Deserialize, Serialize};

/// The page size when a request names none.
pub const DEFAULT_PAGE_SIZE: u32 = 10;

/// The number of pages `total` records fill at `page_size` a page (0 when there are none).
pub fn page_count(total: u64, page_size: u32) -> u32 {
    if page_size == 0 {
        return 0;
    }
    u32::try_from(total.div_ceil(u64::from(page_size))).unwrap_or(u32::MAX)
}

/// Why a page request was refused; each names the query parameter at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PagingError {
    /// `page` is below 1.
    #[error("page must be 1 or more")]
    PageTooLow,
    /// `limit` is below 1.
    #[error("limit must be 1 or more")]
    LimitTooLow,
    /// `limit` is above the largest allowed page size.
    #[error("limit must be at most {max}")]
    LimitTooHigh {
        /// The largest page size this list allows.
        max: u32,
    },
}

impl PagingError {
    /// The query parameter the error is about.
    pub fn param(&self) -> &'static str {
        match self {
            PagingError::PageTooLow => "page",
            PagingError::LimitTooLow | PagingError::LimitTooHigh { .. } => "limit",
        }
    }
}

/// A checked request for one page of a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageRequest {
    /// The page, from 1.
    pub page: u32,
    /// Records a page.
    pub page_size: u32,
}

impl PageRequest {
    /// Checks `page` (default 1) and `limit` (default 10, at most `max_page_size`).
    pub fn new(
        page: Option<i64>,
        limit: Option<i64>,
        max_page_size: u32,
    ) -> Result<PageRequest, PagingError> {
        let page = page.unwrap_or(1);
        let limit = limit.unwrap_or(i64::from(DEFAULT_PAGE_SIZE));
        if page < 1 {
            return Err(PagingError::PageTooLow);
        }
        if limit < 1 {
            return Err(PagingError::LimitTooLow);
        }
        if limit > i64::from(max_page_size) {
            return Err(PagingError::LimitTooHigh { max: max_page_size });
        }
        Ok(PageRequest {
            page: u32::try_from(page).unwrap_or(u32::MAX),
            page_size: u32::try_from(limit).unwrap_or(max_page_size),
        })
    }

    /// How many records come before this page.
    pub fn offset(&self) -> u64 {
        u64::from(self.page - 1) * u64::from(self.page_size)
    }

    /// The index just past this page's last record: the exclusive end of the page when the list
    /// is sliced where the records are (the list's length is not known here).
    pub fn end(&self) -> u64 {
        self.offset() + u64::from(self.page_size)
    }

    /// The index range of this page within a list of `total` records (empty past the end).
    pub fn range(&self, total: usize) -> std::ops::Range<usize> {
        let start = usize::try_from(self.offset())
            .unwrap_or(usize::MAX)
            .min(total);
        let end = start.saturating_add(self.page_size as usize).min(total);
        start..end
    }

    /// The metadata for this page of a list of `total` records.
    pub fn meta(&self, total: u64) -> PaginationMeta {
        PaginationMeta {
            page: self.page,
            page_size: self.page_size,
            page_count: page_count(total, self.page_size),
            total,
        }
    }
}

/// The `meta.pagination` object of every list response.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaginationMeta {
    /// The page returned, from 1.
    pub page: u32,
    /// Records a page.
    pub page_size: u32,
    /// How many pages the list has.
    pub page_count: u32,
    /// How many records the list has.
    pub total: u64,
}

/// One element of the pagination control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum PageItem {
    /// The Prev button and the page it goes to (the last page when on page 1).
    Prev {
        /// Target page.
        page: u32,
    },
    /// A page button.
    Page {
        /// The page number.
        page: u32,
        /// True for the page being shown.
        current: bool,
    },
    /// A gap between page buttons.
    Ellipsis,
    /// The Next button and the page it goes to (page 1 when on the last page).
    Next {
        /// Target page.
        page: u32,
    },
}

/// The pagination control for `page` of `page_count`: nothing below two pages; otherwise Prev,
/// the first page, an ellipsis when pages are skipped, the current page, another ellipsis, the
/// last page and Next. Prev and Next wrap around. A page outside the range counts as the nearest.
pub fn pagination_items(page: u32, page_count: u32) -> Vec<PageItem> {
    if page_count < 2 {
        return Vec::new();
    }
    let current = page.clamp(1, page_count);
    let prev = if current == 1 {
        page_count
    } else {
        current - 1
    };
    let next = if current == page_count {
        1
    } else {
        current + 1
    };
    let button = |page: u32| PageItem::Page {
        page,
        current: page == current,
    };

    let mut items = vec![PageItem::Prev { page: prev }, button(1)];
    if current > 2 {
        items.push(PageItem::Ellipsis);
    }
    if current != 1 && current != page_count {
        items.push(button(current));
    }
    if current + 1 < page_count {
        items.push(PageItem::Ellipsis);
    }
    items.push(button(page_count));
    items.push(PageItem::Next { page: next });
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_pages() {
        assert_eq!(page_count(0, 10), 0);
        assert_eq!(page_count(10, 10), 1);
        assert_eq!(page_count(11, 10), 2);
        assert_eq!(page_count(5, 0), 0);
    }

    #[test]
    fn hides_below_two_pages() {
        assert!(pagination_items(1, 0).is_empty());
        assert!(pagination_items(1, 1).is_empty());
    }

    #[test]
    fn shows_first_current_last_with_gaps_and_wraps() {
        use PageItem::*;
        assert_eq!(
            pagination_items(5, 10),
            vec![
                Prev { page: 4 },
                Page {
                    page: 1,
                    current: false
                },
                Ellipsis,
                Page {
                    page: 5,
                    current: true
                },
                Ellipsis,
                Page {
                    page: 10,
                    current: false
                },
                Next { page: 6 },
            ]
        );
        assert_eq!(
            pagination_items(1, 2),
            vec![
                Prev { page: 2 },
                Page {
                    page: 1,
                    current: true
                },
                Page {
                    page: 2,
                    current: false
                },
                Next { page: 2 }
            ]
        );
        assert_eq!(
            pagination_items(3, 3),
            vec![
                Prev { page: 2 },
                Page {
                    page: 1,
                    current: false
                },
                Ellipsis,
                Page {
                    page: 3,
                    current: true
                },
                Next { page: 1 }
            ]
        );
    }

    #[test]
    fn checks_page_requests() {
        assert_eq!(
            PageRequest::new(None, None, 100),
            Ok(PageRequest {
                page: 1,
                page_size: 10
            })
        );
        assert_eq!(
            PageRequest::new(Some(0), None, 100),
            Err(PagingError::PageTooLow)
        );
        assert_eq!(
            PageRequest::new(None, Some(5000), 1000),
            Err(PagingError::LimitTooHigh { max: 1000 })
        );
        let request = PageRequest::new(Some(3), Some(10), 100).unwrap();
        assert_eq!(request.end(), 30);
        assert_eq!(request.range(25), 20..25);
        assert_eq!(request.range(15), 15..15);
        assert_eq!(
            request.meta(25),
            PaginationMeta {
                page: 3,
                page_size: 10,
                page_count: 3,
                total: 25
            }
        );
    }
}
