//! The catalog's responses written from the JSON each product keeps, so a listing is string
//! concatenation rather than serialisation. The shapes are those of the OpenAPI types in
//! `products::types` (`ProductList`, `ProductMatches`, `ProductEnvelope`); the handlers send
//! them compressed through the snapshot's answer cache (`crate::compressed`).

use std::sync::Arc;

use crate::catalog::listing::Listing;
use crate::catalog::query::ListQuery;
use crate::catalog::snapshot::{CatalogProduct, Snapshot};
use crate::paging::{ListMeta, Pagination};

fn push_products(body: &mut String, products: &[Arc<CatalogProduct>]) {
    body.push('[');
    for (position, product) in products.iter().enumerate() {
        if position > 0 {
            body.push(',');
        }
        body.push_str(product.json());
    }
    body.push(']');
}

fn capacity(products: &[Arc<CatalogProduct>]) -> usize {
    products
        .iter()
        .map(|product| product.json().len() + 1)
        .sum::<usize>()
        + 64
}

/// `{"data":[...],"meta":{"pagination":...,"categories":[...],"companies":[...]}}`.
pub fn listing(
    products: &[Arc<CatalogProduct>],
    pagination: &Pagination,
    snapshot: &Snapshot,
) -> String {
    let pagination = serde_json::to_string(pagination).expect("pagination always serialises");
    let mut body = String::with_capacity(
        capacity(products) + pagination.len() + snapshot.choices_json().len() + 32,
    );
    body.push_str(r#"{"data":"#);
    push_products(&mut body, products);
    body.push_str(r#","meta":{"pagination":"#);
    body.push_str(&pagination);
    body.push(',');
    body.push_str(snapshot.choices_json());
    body.push_str("}}");
    body
}

/// The answer of `GET /products` for `query`, with the page of products it lists.
pub fn listing_answer(snapshot: &Snapshot, query: &ListQuery) -> (String, Listing) {
    let page = snapshot.list(query);
    let pagination = ListMeta::new(query.page, page.total).pagination;
    (listing(&page.products, &pagination, snapshot), page)
}

/// `{"data":[...]}`.
pub fn matches(products: &[Arc<CatalogProduct>]) -> String {
    let mut body = String::with_capacity(capacity(products));
    body.push_str(r#"{"data":"#);
    push_products(&mut body, products);
    body.push('}');
    body
}

/// `{"product":{...}}`.
pub fn envelope(product: &CatalogProduct) -> String {
    format!(r#"{{"product":{}}}"#, product.json())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::query::ProductParams;
    use crate::paging::ListMeta;
    use crate::products::types::{
        CategoryRef, ImageRef, ProductList, ProductListMeta, ProductView,
    };
    use pricing::Money;
    use serde_json::{Value, json};

    fn product(id: &str, title: &str) -> ProductView {
        ProductView {
            id: id.into(),
            title: title.into(),
            company: "Glow \"& Co\"".into(),
            description: "Line one\nline two".into(),
            price: Money::from_paise(12_345),
            selling_price: Money::from_paise(9_900),
            stock: 3,
            featured: true,
            hsn: "3406".into(),
            gst_rate: pricing::GstRate::percent(5),
            discount_percent: 19,
            category: CategoryRef {
                id: "c1".into(),
                name: "Candles".into(),
            },
            image1: None,
            image2: None,
            image3: None,
            image4: None,
            image5: None,
            created_at: "2026-01-01T00:00:00Z".into(),
            updated_at: "2026-01-02T00:00:00Z".into(),
        }
    }

    fn parse(text: &str) -> Value {
        serde_json::from_str(text).expect("valid JSON")
    }

    #[test]
    fn a_listing_is_the_products_the_pagination_and_the_choices() {
        let snapshot = Snapshot::new(
            vec![product("p1", "Tea Light"), product("p2", "Number Candle")],
            vec![CategoryRef {
                id: "c1".into(),
                name: "Candles".into(),
            }],
        );
        let found = snapshot.list(&ProductParams::default().check().unwrap());
        let pagination = Pagination {
            page: 1,
            page_size: 10,
            page_count: 1,
            total: 2,
        };
        let body = parse(&listing(&found.products, &pagination, &snapshot));
        assert_eq!(body["data"].as_array().unwrap().len(), 2);
        assert_eq!(body["data"][0]["title"], "Number Candle");
        assert_eq!(body["data"][0]["company"], "Glow \"& Co\"");
        assert_eq!(body["data"][1]["price"], json!(123.45));
        assert_eq!(
            body["meta"]["pagination"],
            json!({"page": 1, "pageSize": 10, "pageCount": 1, "total": 2})
        );
        assert_eq!(body["meta"]["categories"], json!(["all", "Candles"]));
        assert_eq!(body["meta"]["companies"], json!(["all", "Glow \"& Co\""]));
    }

    #[test]
    fn empty_matches_and_an_envelope_are_valid_json() {
        assert_eq!(parse(&matches(&[])), json!({"data": []}));
        let stored = CatalogProduct::new(product("p1", "Tea Light"));
        let body = parse(&envelope(&stored));
        assert_eq!(body["product"]["_id"], "p1");
        assert_eq!(body["product"]["description"], "Line one\nline two");
        assert_eq!(body["product"]["sellingPrice"], json!(99.0));
    }

    /// The listing written by hand is exactly the documented `ProductList` serialised.
    #[test]
    fn a_listing_equals_the_serialised_product_list() {
        let mut pictured = product("p3", "Piping \"Bag\" \\ <large>");
        pictured.company = "Café\tTools".into();
        pictured.selling_price = Money::from_paise(25_050);
        pictured.featured = false;
        pictured.category = CategoryRef {
            id: "c2".into(),
            name: "Tools & \"Tins\"".into(),
        };
        pictured.image1 = Some(ImageRef {
            url: "/uploads/a b.jpg".into(),
            thumbnail: "/uploads/a b.webp".into(),
            width: Some(600),
            height: Some(600),
        });
        pictured.image3 = Some(ImageRef {
            url: "/uploads/c.jpg".into(),
            thumbnail: "/uploads/c.webp".into(),
            width: None,
            height: None,
        });
        let snapshot = Snapshot::new(
            vec![
                product("p1", "Tea Light"),
                product("p2", "Number Candle\u{2028}"),
                pictured,
            ],
            vec![
                CategoryRef {
                    id: "c1".into(),
                    name: "Candles".into(),
                },
                CategoryRef {
                    id: "c2".into(),
                    name: "Tools & \"Tins\"".into(),
                },
            ],
        );
        let params = [
            ProductParams::default(),
            ProductParams {
                order: Some("high".into()),
                limit: Some("2".into()),
                page: Some("2".into()),
                ..ProductParams::default()
            },
            ProductParams {
                category: Some("Tools & \"Tins\"".into()),
                ..ProductParams::default()
            },
            ProductParams {
                search: Some("candle".into()),
                order: Some("z-a".into()),
                featured: Some("true".into()),
                ..ProductParams::default()
            },
            ProductParams {
                company: Some("nobody".into()),
                ..ProductParams::default()
            },
        ];
        for params in params {
            let query = params.check().unwrap();
            let found = snapshot.list(&query);
            let pagination = ListMeta::new(query.page, found.total).pagination;
            let documented = ProductList {
                data: found
                    .products
                    .iter()
                    .map(|product| product.view())
                    .collect(),
                meta: ProductListMeta {
                    pagination,
                    categories: std::iter::once("all")
                        .chain(snapshot.category_names())
                        .map(str::to_owned)
                        .collect(),
                    companies: std::iter::once("all".to_owned())
                        .chain(snapshot.companies().iter().cloned())
                        .collect(),
                },
            };
            assert_eq!(
                parse(&listing(&found.products, &pagination, &snapshot)),
                serde_json::to_value(&documented).unwrap(),
                "{query:?}"
            );
        }
    }
}
