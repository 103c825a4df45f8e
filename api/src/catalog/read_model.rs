//! The in-memory catalog: an immutable [`Snapshot`] behind an `RwLock<Arc<_>>`. Readers clone the
//! `Arc` and never block writers for longer than a pointer swap; a batch of changes builds the
//! next snapshot from the current one and swaps it in. The changes come from the database's
//! change feed ([`crate::catalog::follow`]), in commit order, each carrying whole records, so
//! applying one twice changes nothing.

use std::sync::{Arc, RwLock};

use crate::catalog::snapshot::{CatalogChange, Snapshot};

/// The shared, swappable catalog.
#[derive(Debug, Default)]
pub struct ReadModel {
    current: RwLock<Arc<Snapshot>>,
}

impl ReadModel {
    /// A read model starting from `snapshot`.
    pub fn new(snapshot: Snapshot) -> ReadModel {
        ReadModel {
            current: RwLock::new(Arc::new(snapshot)),
        }
    }

    /// The current snapshot.
    pub fn snapshot(&self) -> Arc<Snapshot> {
        Arc::clone(
            &self
                .current
                .read()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        )
    }

    /// Applies changes in order: builds the next snapshot and swaps it in. Writers are
    /// serialised by the write lock, so no change is lost.
    pub fn apply(&self, changes: Vec<CatalogChange>) {
        if changes.is_empty() {
            return;
        }
        let mut current = self
            .current
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let next = current.with_changes(changes);
        *current = Arc::new(next);
    }

    /// Replaces the whole catalog (a fresh load from the database).
    pub fn replace(&self, snapshot: Snapshot) {
        *self
            .current
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Arc::new(snapshot);
    }
}
#[cfg(test)]
#[allow(deprecated)] // the tests send the accepted aliases too
mod tests {
    use super::*;
    use crate::catalog::listing::sort_first;
    use crate::catalog::query::ProductParams;
    use crate::products::types::{CategoryRef, ProductView};
    use pricing::{GstRate, Money};

    fn product(
        id: &str,
        title: &str,
        company: &str,
        category: &str,
        paise: i64,
        featured: bool,
    ) -> ProductView {
        ProductView {
            id: id.into(),
            title: title.into(),
            company: company.into(),
            description: String::new(),
            price: Money::from_paise(paise + 1000),
            selling_price: Money::from_paise(paise),
            stock: 10,
            featured,
            hsn: "1905".into(),
            gst_rate: GstRate::percent(18),
            discount_percent: pricing::percent_off(
                Money::from_paise(paise + 1000),
                Money::from_paise(paise),
            ),
            category: CategoryRef {
                id: format!("c-{}", category.to_lowercase()),
                name: category.into(),
            },
            image1: None,
            image2: None,
            image3: None,
            image4: None,
            image5: None,
            created_at: String::new(),
            updated_at: String::new(),
        }
    }

    fn products() -> Vec<ProductView> {
        vec![
            product(
                "p1",
                "Bread Flour 1 kg",
                "Whisk Mills",
                "Flours",
                8_000,
                false,
            ),
            product(
                "p2",
                "almond flour 500 g",
                "Nutty Co",
                "Flours",
                45_000,
                true,
            ),
            product(
                "p3",
                "Chocolate Cake Mix",
                "Bake Easy",
                "Cake Mixes",
                19_900,
                true,
            ),
            product(
                "p4",
                "Silicone Heart Mold",
                "Whisk Mills",
                "Molds",
                34_900,
                false,
            ),
            product("p5", "Number Candle 5", "Glow", "Candles", 4_900, false),
        ]
    }

    fn catalog() -> Snapshot {
        Snapshot::new(
            products(),
            vec![
                CategoryRef {
                    id: "c-molds".into(),
                    name: "Molds".into(),
                },
                CategoryRef {
                    id: "c-flours".into(),
                    name: "Flours".into(),
                },
                CategoryRef {
                    id: "c-candles".into(),
                    name: "Candles".into(),
                },
                CategoryRef {
                    id: "c-cake mixes".into(),
                    name: "Cake Mixes".into(),
                },
            ],
        )
    }

    fn ids(snapshot: &Snapshot, params: ProductParams) -> (Vec<String>, u64) {
        let listing = snapshot.list(&params.check().unwrap());
        (
            listing.products.iter().map(|p| p.id().to_owned()).collect(),
            listing.total,
        )
    }

    #[test]
    fn sorts_by_title_either_way_and_by_price_either_way() {
        let snapshot = catalog();
        assert_eq!(
            ids(&snapshot, ProductParams::default()).0,
            ["p2", "p1", "p3", "p5", "p4"]
        );
        let ordered = |order: &str| ProductParams {
            order: Some(order.into()),
            ..Default::default()
        };
        for (params, expected) in [
            (ordered("z-a"), ["p4", "p5", "p3", "p1", "p2"]),
            (ordered("low"), ["p5", "p1", "p3", "p4", "p2"]),
            (
                ProductParams {
                    sort: Some("high".into()),
                    ..Default::default()
                },
                ["p2", "p4", "p3", "p1", "p5"],
            ),
        ] {
            assert_eq!(ids(&snapshot, params).0, expected);
        }
    }

    #[test]
    fn filters_alone_and_combined() {
        let snapshot = catalog();
        let search = |text: &str| ProductParams {
            search: Some(text.into()),
            ..Default::default()
        };
        assert_eq!(ids(&snapshot, search("FLOUR")).0, ["p2", "p1"]);
        assert_eq!(
            ids(&snapshot, search("whisk mills")).0,
            ["p1", "p4"],
            "search covers the company"
        );
        let with = |set: fn(&mut ProductParams)| {
            let mut params = ProductParams::default();
            set(&mut params);
            params
        };
        let cases: [(ProductParams, &[&str], &str); 4] = [
            (
                with(|p| p.category = Some("flours".into())),
                &["p2", "p1"],
                "category",
            ),
            (
                with(|p| p.company = Some("Whisk Mills".into())),
                &["p1", "p4"],
                "company",
            ),
            (
                with(|p| p.featured = Some("true".into())),
                &["p2", "p3"],
                "featured",
            ),
            (
                with(|p| p.price = Some("199".into())),
                &["p1", "p3", "p5"],
                "the price bound is inclusive",
            ),
        ];
        for (params, expected, case) in cases {
            assert_eq!(ids(&snapshot, params).0, expected, "{case}");
        }
        let combined = ProductParams {
            category: Some("Flours".into()),
            price: Some("100".into()),
            company: Some("all".into()),
            ..Default::default()
        };
        assert_eq!(ids(&snapshot, combined).0, ["p1"]);
    }

    #[test]
    fn pages_count_every_match() {
        let snapshot = catalog();
        let page = |n: &str| ProductParams {
            page: Some(n.into()),
            limit: Some("2".into()),
            ..Default::default()
        };
        assert_eq!(
            ids(&snapshot, page("1")),
            (vec!["p2".to_owned(), "p1".to_owned()], 5)
        );
        assert_eq!(ids(&snapshot, page("3")), (vec!["p4".to_owned()], 5));
        assert_eq!(
            ids(&snapshot, page("9")),
            (vec![], 5),
            "past the end is empty, not an error"
        );
    }

    #[test]
    fn lists_categories_and_companies_sorted() {
        let snapshot = catalog();
        assert_eq!(
            snapshot.category_names().collect::<Vec<_>>(),
            ["Cake Mixes", "Candles", "Flours", "Molds"]
        );
        assert_eq!(
            snapshot.companies(),
            ["Bake Easy", "Glow", "Nutty Co", "Whisk Mills"]
        );
    }

    #[test]
    fn keeps_each_product_as_json_and_the_choices_as_json_members() {
        let snapshot = catalog();
        let p3 = snapshot.product("p3").unwrap();
        let parsed: serde_json::Value = serde_json::from_str(p3.json()).unwrap();
        let stored = products().into_iter().find(|p| p.id == "p3").unwrap();
        assert_eq!(parsed, serde_json::to_value(&stored).unwrap());
        assert_eq!(p3.view(), stored, "read back from its JSON as stored");
        assert_eq!(parsed["sellingPrice"], serde_json::json!(199.0));
        let meta: serde_json::Value =
            serde_json::from_str(&format!("{{{}}}", snapshot.choices_json())).unwrap();
        assert_eq!(
            meta["categories"],
            serde_json::json!(["all", "Cake Mixes", "Candles", "Flours", "Molds"])
        );
        assert_eq!(
            meta["companies"],
            serde_json::json!(["all", "Bake Easy", "Glow", "Nutty Co", "Whisk Mills"])
        );
    }

    #[test]
    fn search_puts_title_prefixes_first() {
        let snapshot = catalog();
        let found: Vec<String> = snapshot
            .search("mold", 20)
            .iter()
            .map(|p| p.id().to_owned())
            .collect();
        assert_eq!(found, ["p4"]);
        let found: Vec<String> = snapshot
            .search("c", 2)
            .iter()
            .map(|p| p.id().to_owned())
            .collect();
        assert_eq!(found, ["p3", "p2"]);
    }

    #[test]
    fn sorting_the_first_few_gives_the_smallest_in_order() {
        for count in 0..12 {
            let mut items = vec![9, 3, 7, 3, 1, 8, 0, 5, 2, 6];
            sort_first(&mut items, count);
            let shown = count.min(items.len());
            assert_eq!(
                items[..shown],
                [0, 1, 2, 3, 3, 5, 6, 7, 8, 9][..shown],
                "{count}"
            );
            assert_eq!(items.len(), 10);
        }
    }

    #[test]
    fn search_finds_each_key_but_never_across_two() {
        let mut products = vec![
            product("p1", "Piping Bag", "Bake Easy", "Tools", 10_000, false),
            product("p2", "Icing Set", "Piping Co", "Tools", 20_000, false),
            product("p3", "Two\nLines", "Glow", "Tools", 30_000, false),
        ];
        products.extend((4..40).map(|n| {
            product(
                &format!("p{n}"),
                &format!("Filler {n}"),
                "Nobody",
                "Tools",
                1_000 * n,
                false,
            )
        }));
        let snapshot = Snapshot::new(
            products,
            vec![CategoryRef {
                id: "c-tools".into(),
                name: "Tools".into(),
            }],
        );
        let search = |text: &str| {
            ids(
                &snapshot,
                ProductParams {
                    search: Some(text.into()),
                    order: Some("low".into()),
                    ..Default::default()
                },
            )
            .0
        };
        assert_eq!(
            search("piping"),
            ["p1", "p2"],
            "title in one, company in the other"
        );
        assert_eq!(search("bageasy"), Vec::<String>::new());
        assert_eq!(
            search("bag\nbake"),
            Vec::<String>::new(),
            "the end of a title and the start of its company are not one text"
        );
        assert_eq!(
            search("easy\nicing"),
            Vec::<String>::new(),
            "nor one product's company and the next one's title"
        );
        assert_eq!(
            search("two\nlines"),
            ["p3"],
            "a key holding a line break still matches"
        );
        assert_eq!(
            search("filler 3"),
            [
                "p30", "p31", "p32", "p33", "p34", "p35", "p36", "p37", "p38", "p39"
            ]
        );
        assert_eq!(search("nobody").len(), 10, "the default page");
        assert_eq!(
            ids(
                &snapshot,
                ProductParams {
                    search: Some("nobody".into()),
                    ..Default::default()
                }
            )
            .1,
            36,
            "every entry counted once"
        );
    }

    /// Every combination of filters, orders and pages over a catalog with many equal prices,
    /// against a plain filter-then-sort of the same products.
    #[test]
    fn every_listing_equals_a_plain_filter_and_sort() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |below: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % below
        };
        let (categories, companies) = (
            ["Flours", "Molds", "Candles"],
            ["Whisk Mills", "Bake Easy", "Glow", "Nutty Co"],
        );
        let views: Vec<ProductView> = (0..300)
            .map(|n| {
                let title = format!(
                    "{} item {n}",
                    ["Cake", "Box", "Mold", "Tin"][next(4) as usize]
                );
                let (category, company) =
                    (categories[next(3) as usize], companies[next(4) as usize]);
                product(
                    &format!("p{n:03}"),
                    &title,
                    company,
                    category,
                    1_000 * (1 + next(40) as i64),
                    next(5) == 0,
                )
            })
            .collect();
        let snapshot = Snapshot::new(
            views.clone(),
            categories
                .iter()
                .map(|name| CategoryRef {
                    id: format!("c-{name}"),
                    name: (*name).into(),
                })
                .collect(),
        );
        let mut checked = 0;
        for order in ["a-z", "z-a", "low", "high"] {
            for category in [None, Some("molds")] {
                for company in [None, Some("glow")] {
                    for price in [None, Some("150"), Some("5")] {
                        for search in [None, Some("box")] {
                            for featured in [false, true] {
                                let params = || ProductParams {
                                    order: Some(order.into()),
                                    category: category.map(Into::into),
                                    company: company.map(Into::into),
                                    price: price.map(Into::into),
                                    search: search.map(Into::into),
                                    featured: featured.then(|| "true".into()),
                                    limit: Some("7".into()),
                                    ..Default::default()
                                };
                                let query = params().check().unwrap();
                                let mut expected: Vec<&ProductView> = views
                                    .iter()
                                    .filter(|p| {
                                        category.is_none_or(|c| p.category.name.to_lowercase() == c)
                                    })
                                    .filter(|p| {
                                        company.is_none_or(|c| p.company.to_lowercase() == c)
                                    })
                                    .filter(|p| {
                                        query.max_price.is_none_or(|max| p.selling_price <= max)
                                    })
                                    .filter(|p| {
                                        search.is_none_or(|s| {
                                            p.title.to_lowercase().contains(s)
                                                || p.company.to_lowercase().contains(s)
                                        })
                                    })
                                    .filter(|p| !featured || p.featured)
                                    .collect();
                                expected.sort_by(|a, b| {
                                    a.title
                                        .to_lowercase()
                                        .cmp(&b.title.to_lowercase())
                                        .then_with(|| a.id.cmp(&b.id))
                                });
                                match order {
                                    "z-a" => expected.reverse(),
                                    "low" => expected.sort_by_key(|p| p.selling_price),
                                    "high" => {
                                        expected.sort_by_key(|p| p.selling_price);
                                        expected.reverse();
                                    }
                                    _ => {}
                                }
                                let pages = expected.len().div_ceil(7).max(1) + 1;
                                for page in 1..=pages {
                                    let (ids, total) = ids(
                                        &snapshot,
                                        ProductParams {
                                            page: Some(page.to_string()),
                                            ..params()
                                        },
                                    );
                                    let want: Vec<String> = expected
                                        .iter()
                                        .skip((page - 1) * 7)
                                        .take(7)
                                        .map(|p| p.id.clone())
                                        .collect();
                                    assert_eq!(
                                        (ids, total),
                                        (want, expected.len() as u64),
                                        "{order} {category:?} {company:?} {price:?} {search:?} {featured} page {page}"
                                    );
                                    checked += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 400, "{checked} pages checked");
    }

    #[test]
    fn changes_are_applied_and_renames_reach_products() {
        let model = ReadModel::new(catalog());
        model.apply(vec![CatalogChange::ProductSaved(Box::new(product(
            "p6",
            "Cupcake Liners",
            "Pack Right",
            "Packaging",
            9_900,
            false,
        )))]);
        model.apply(vec![
            CatalogChange::ProductDeleted("p5".into()),
            CatalogChange::CategorySaved(CategoryRef {
                id: "c-flours".into(),
                name: "Flours & Grains".into(),
            }),
        ]);
        let snapshot = model.snapshot();
        assert_eq!(snapshot.len(), 5);
        assert!(snapshot.product("p5").is_none());
        assert_eq!(
            snapshot.product("p1").unwrap().category().name,
            "Flours & Grains"
        );
        assert_eq!(
            ids(
                &snapshot,
                ProductParams {
                    category: Some("flours & grains".into()),
                    ..Default::default()
                }
            )
            .0,
            ["p2", "p1"]
        );
        assert!(snapshot.companies().contains(&"Pack Right".to_owned()));
        let renamed: serde_json::Value =
            serde_json::from_str(snapshot.product("p2").unwrap().json()).unwrap();
        assert_eq!(
            renamed["category"]["name"], "Flours & Grains",
            "a rename re-serialises its products"
        );
        assert!(snapshot.choices_json().contains("Flours & Grains"));
    }

    #[test]
    fn a_stock_change_swaps_the_product_in_place_and_keeps_the_indexes() {
        let model = ReadModel::new(catalog());
        let before = model.snapshot();
        model.apply(vec![
            CatalogChange::StockSet("p3".into(), 4),
            CatalogChange::StockSet("p3".into(), 2),
            CatalogChange::StockSet("gone".into(), 9),
        ]);
        let snapshot = model.snapshot();
        let p3 = snapshot.product("p3").unwrap();
        assert_eq!(p3.stock(), 2);
        assert!(p3.json().contains(r#""stock":2"#));
        assert_eq!(snapshot.product("p1").unwrap().stock(), 10);
        assert!(
            Arc::ptr_eq(&snapshot.indexes, &before.indexes),
            "nothing the indexes see changed"
        );
        assert_eq!(
            ids(&snapshot, ProductParams::default()).0,
            ["p2", "p1", "p3", "p5", "p4"]
        );
        assert_eq!(snapshot.len(), 5);
    }

    #[test]
    fn a_saved_product_keeps_its_stock_and_a_new_one_takes_the_stock_set_after_it() {
        let model = ReadModel::new(catalog());
        let mut edited = model.snapshot().product("p1").unwrap().view();
        edited.title = "Maida Fine".into();
        edited.stock = 0;
        let mut new = product("p7", "Piping Bags", "Sugarcraft", "Tools", 9_900, false);
        new.stock = 0;
        model.apply(vec![
            CatalogChange::ProductSaved(Box::new(edited)),
            CatalogChange::ProductSaved(Box::new(new.clone())),
            CatalogChange::StockSet("p7".into(), 25),
            CatalogChange::ProductSaved(Box::new(new)),
        ]);
        let snapshot = model.snapshot();
        let p1 = snapshot.product("p1").unwrap();
        assert_eq!((p1.view().title.as_str(), p1.stock()), ("Maida Fine", 10));
        assert_eq!(snapshot.product("p7").unwrap().stock(), 25);
        assert!(
            snapshot
                .product("p7")
                .unwrap()
                .json()
                .contains(r#""stock":25"#)
        );
    }

    #[test]
    fn a_batch_applies_in_order_whatever_it_mixes() {
        let model = ReadModel::new(catalog());
        let mut dearer = model.snapshot().product("p1").unwrap().view();
        dearer.selling_price = Money::from_rupees(1_000);
        model.apply(vec![
            CatalogChange::ProductSaved(Box::new(product(
                "p7",
                "Piping Bags",
                "Sugarcraft",
                "Tools",
                9_900,
                false,
            ))),
            CatalogChange::CategorySaved(CategoryRef {
                id: "c-tools".into(),
                name: "Decorating Tools".into(),
            }),
            CatalogChange::ProductDeleted("p7".into()),
            CatalogChange::ProductSaved(Box::new(product(
                "p7",
                "Piping Bags",
                "Sugarcraft",
                "Tools",
                9_900,
                false,
            ))),
            CatalogChange::ProductSaved(Box::new(dearer)),
            CatalogChange::ProductDeleted("p4".into()),
        ]);
        let snapshot = model.snapshot();
        assert_eq!(
            snapshot.product("p7").unwrap().category().name,
            "Tools",
            "saved after the rename, with the name it carries"
        );
        assert!(snapshot.product("p4").is_none());
        assert_eq!(
            ids(
                &snapshot,
                ProductParams {
                    order: Some("high".into()),
                    ..Default::default()
                }
            )
            .0,
            ["p1", "p2", "p3", "p7", "p5"]
        );
    }
}
