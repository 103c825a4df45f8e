//! The listing parameters of `GET /products`, checked once at the boundary.

use std::str::FromStr;

use pricing::{Money, PageRequest};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::error::ApiError;
use crate::paging::MAX_PICKER_PAGE_SIZE;

/// How a listing is ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Order {
    /// By title, A first (the default).
    #[default]
    TitleAscending,
    /// By title, Z first.
    TitleDescending,
    /// By selling price, highest first.
    PriceDescending,
    /// By selling price, lowest first.
    PriceAscending,
}

impl FromStr for Order {
    type Err = String;

    fn from_str(text: &str) -> Result<Order, String> {
        match text {
            "a-z" => Ok(Order::TitleAscending),
            "z-a" => Ok(Order::TitleDescending),
            "high" => Ok(Order::PriceDescending),
            "low" => Ok(Order::PriceAscending),
            other => Err(format!(
                "must be one of a-z, z-a, high, low (not '{other}')"
            )),
        }
    }
}

/// The raw query string of `GET /products`; every value arrives as text so a bad one can be
/// refused with a message naming its parameter. Primary names and aliases: see
/// [`crate::paging::PageParams`].
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ProductParams {
    /// Part of a title or company, any case.
    pub search: Option<String>,
    /// A category name, or `all`.
    pub category: Option<String>,
    /// A company, or `all`.
    pub company: Option<String>,
    /// `a-z` (default), `z-a`, `high` or `low` (by selling price).
    pub order: Option<String>,
    /// Deprecated alias of `order`, still accepted; send `order`.
    #[deprecated(note = "send `order`")]
    pub sort: Option<String>,
    /// The highest selling price to include.
    pub price: Option<String>,
    /// `true` for featured products only.
    pub featured: Option<String>,
    /// Accepted and ignored (the storefront's shipping filter).
    pub shipping: Option<String>,
    /// The page, from 1.
    pub page: Option<String>,
    /// Products a page (default 10, at most 1000).
    pub limit: Option<String>,
    /// Deprecated alias of `limit`, still accepted; send `limit`.
    #[deprecated(note = "send `limit`")]
    pub page_size: Option<String>,
}

/// A checked listing request.
#[derive(Debug, Clone, PartialEq)]
pub struct ListQuery {
    /// Lower-cased text that the title or company must contain.
    pub search: Option<String>,
    /// Lower-cased category name to match.
    pub category: Option<String>,
    /// Lower-cased company to match.
    pub company: Option<String>,
    pub order: Order,
    /// The highest selling price to include.
    pub max_price: Option<Money>,
    /// Featured products only.
    pub featured_only: bool,
    pub page: PageRequest,
}

fn filter_value(raw: Option<&str>) -> Option<String> {
    raw.map(str::trim)
        .filter(|value| !value.is_empty() && !value.eq_ignore_ascii_case("all"))
        .map(str::to_lowercase)
}

fn whole_number(name: &str, raw: Option<&str>) -> Result<Option<i64>, ApiError> {
    raw.map(str::trim)
        .filter(|value| !value.is_empty())
        .map(|value| {
            value.parse::<i64>().map_err(|_| {
                ApiError::invalid_field(name, format!("must be a whole number (not '{value}')"))
            })
        })
        .transpose()
}

impl ProductParams {
    /// Checks every parameter; the first bad one answers 400 naming it.
    #[allow(deprecated)] // reads the accepted aliases
    pub fn check(&self) -> Result<ListQuery, ApiError> {
        let order = match self
            .order
            .as_deref()
            .or(self.sort.as_deref())
            .map(str::trim)
            .filter(|o| !o.is_empty())
        {
            Some(text) => text
                .parse()
                .map_err(|message: String| ApiError::invalid_field("order", message))?,
            None => Order::default(),
        };
        let max_price = match self
            .price
            .as_deref()
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            Some(text) => {
                let price = Money::from_str(text).map_err(|_| {
                    ApiError::invalid_field(
                        "price",
                        format!("must be an amount in rupees (not '{text}')"),
                    )
                })?;
                if price.is_negative() {
                    return Err(ApiError::invalid_field("price", "cannot be negative"));
                }
                Some(price)
            }
            None => None,
        };
        let featured_only = match self.featured.as_deref().map(str::trim) {
            None | Some("") | Some("false") => false,
            Some("true") => true,
            Some(other) => {
                return Err(ApiError::invalid_field(
                    "featured",
                    format!("must be true or false (not '{other}')"),
                ));
            }
        };
        let page = whole_number("page", self.page.as_deref())?;
        let limit = match whole_number("limit", self.limit.as_deref())? {
            Some(limit) => Some(limit),
            None => whole_number("pageSize", self.page_size.as_deref())?,
        };
        let page = PageRequest::new(page, limit, MAX_PICKER_PAGE_SIZE)
            .map_err(|error| ApiError::invalid_field(error.param(), error.to_string()))?;
        Ok(ListQuery {
            search: filter_value(self.search.as_deref()),
            category: filter_value(self.category.as_deref()),
            company: filter_value(self.company.as_deref()),
            order,
            max_price,
            featured_only,
            page,
        })
    }
}

#[cfg(test)]
#[allow(deprecated)] // the tests send the accepted aliases too
mod tests {
    use super::*;

    fn field_of(error: ApiError) -> String {
        error
            .envelope()
            .error
            .fields
            .unwrap()
            .into_keys()
            .next()
            .unwrap()
    }

    #[test]
    fn defaults_and_all_mean_no_filter() {
        let query = ProductParams {
            category: Some("all".into()),
            company: Some("All".into()),
            search: Some("  ".into()),
            ..Default::default()
        }
        .check()
        .unwrap();
        assert_eq!(query.category, None);
        assert_eq!(query.company, None);
        assert_eq!(query.search, None);
        assert_eq!(query.order, Order::TitleAscending);
        assert_eq!(
            query.page,
            PageRequest {
                page: 1,
                page_size: 10
            }
        );
    }

    #[test]
    fn each_bad_parameter_is_named() {
        let cases = [
            (
                ProductParams {
                    page: Some("0".into()),
                    ..Default::default()
                },
                "page",
            ),
            (
                ProductParams {
                    limit: Some("5000".into()),
                    ..Default::default()
                },
                "limit",
            ),
            (
                ProductParams {
                    order: Some("cheap".into()),
                    ..Default::default()
                },
                "order",
            ),
            (
                ProductParams {
                    sort: Some("cheap".into()),
                    ..Default::default()
                },
                "order",
            ),
            (
                ProductParams {
                    price: Some("abc".into()),
                    ..Default::default()
                },
                "price",
            ),
            (
                ProductParams {
                    featured: Some("yes".into()),
                    ..Default::default()
                },
                "featured",
            ),
            (
                ProductParams {
                    page: Some("two".into()),
                    ..Default::default()
                },
                "page",
            ),
        ];
        for (params, field) in cases {
            assert_eq!(field_of(params.check().unwrap_err()), field);
        }
    }

    #[test]
    #[allow(deprecated)]
    fn sort_is_an_alias_of_order_and_shipping_is_ignored() {
        let query = ProductParams {
            sort: Some("high".into()),
            shipping: Some("free".into()),
            price: Some("1500".into()),
            ..Default::default()
        }
        .check()
        .unwrap();
        assert_eq!(query.order, Order::PriceDescending);
        assert_eq!(query.max_price, Some(Money::from_rupees(1500)));
    }
}
