//! Every node's catalog follows the database's change feed: a second node over the same database
//! (here: the same in-memory store) lists what the first one wrote, and the feed's stamps are
//! what the follower assumes they are.

use std::time::{Duration, Instant};

use reqwest::Method;
use reqwest::multipart::Form;
use serde_json::{Value, json};
use whisk_api::catalog::feed;

use crate::helpers::{TestApp, spawn_app_over};
use crate::orders::{checkout, product, send, shop, stock, stored_stock};

/// A second node over the first one's database, with its own data folder.
pub(crate) async fn second_node(app: &TestApp) -> TestApp {
    spawn_app_over(app.db.clone(), tempfile::tempdir().unwrap()).await
}

/// Polls `read` on `node` until it returns `want`, for at most `within`; returns how long it took.
async fn eventually<T: PartialEq + std::fmt::Debug>(
    within: Duration,
    what: &str,
    want: T,
    mut read: impl AsyncFnMut() -> T,
) -> Duration {
    let started = Instant::now();
    loop {
        let got = read().await;
        if got == want {
            return started.elapsed();
        }
        assert!(
            started.elapsed() < within,
            "{what}: still {got:?} after {within:?}, want {want:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn listed_titles(node: &TestApp) -> Vec<String> {
    let body: Value = node.get("/api/v1/products").await.json().await.unwrap();
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|product| product["title"].as_str().unwrap().to_owned())
        .collect()
}

async fn category_of(node: &TestApp, id: &str) -> String {
    let body: Value = node
        .get(&format!("/api/v1/products/{id}"))
        .await
        .json()
        .await
        .unwrap();
    body["product"]["category"]["name"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test]
async fn the_change_feed_stamps_commits_by_the_database_clock() {
    let (app, root) = shop().await;
    let before = feed::now(&app.db).await.unwrap();
    let flour = product(&app, &root, "Bread Flour 1 kg", "80", 10).await;
    let after = feed::now(&app.db).await.unwrap();

    let page = feed::changes(&app.db, before).await.unwrap();
    let stamps: Vec<u64> = page
        .sets
        .iter()
        .filter(|set| set.changes.iter().any(|change| matches!(change, feed::Change::ProductSaved(record) if feed::key(&record.id).as_deref() == Some(flour.as_str()))))
        .map(|set| set.version)
        .collect();
    assert_eq!(
        stamps.len(),
        1,
        "the product's commit is in the feed read from a clock reading before it"
    );
    let millis = feed::stamp_millis(stamps[0]);
    assert!(
        (feed::stamp_millis(before)..=feed::stamp_millis(after)).contains(&millis),
        "stamped {millis} ms, between the clock readings {} and {} ms",
        feed::stamp_millis(before),
        feed::stamp_millis(after)
    );
    assert!(
        page.clock >= after,
        "each read reports the clock it began at"
    );
    assert!(
        feed::changes(&app.db, stamps[0] + 1)
            .await
            .unwrap()
            .sets
            .iter()
            .all(|set| set.version > stamps[0]),
        "reading from past a stamp skips it"
    );
}

#[tokio::test]
async fn a_second_node_lists_products_created_edited_and_deleted_through_the_first_within_a_second()
{
    let (a, root) = shop().await;
    let b = second_node(&a).await;
    let within = Duration::from_secs(1);

    let flour = product(&a, &root, "Bread Flour 1 kg", "80", 10).await;
    eventually(
        within,
        "created on A, listed by B",
        vec!["Bread Flour 1 kg".to_owned()],
        async || listed_titles(&b).await,
    )
    .await;

    let form = [
        ("title", "Bread Flour 5 kg"),
        ("company", "Whisk Mills"),
        ("description", "Bigger."),
        ("sellingPrice", "350"),
        ("price", "99999"),
        ("category", "Flours"),
    ]
    .iter()
    .fold(Form::new(), |form, (name, value)| {
        form.text(name.to_string(), value.to_string())
    })
    .text("stock", "12")
    .text("stockShown", "10");
    let response = a
        .client
        .patch(a.url(&format!("/api/v1/products/{flour}")))
        .bearer_auth(&root)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    eventually(
        within,
        "edited on A, listed by B",
        vec!["Bread Flour 5 kg".to_owned()],
        async || listed_titles(&b).await,
    )
    .await;
    assert_eq!(stock(&b, &flour).await, 12);

    let (status, _) = send(
        &a,
        Method::DELETE,
        &format!("/api/v1/products/{flour}"),
        &root,
        None,
    )
    .await;
    assert_eq!(status, 204);
    eventually(
        within,
        "deleted on A, gone from B",
        Vec::<String>::new(),
        async || listed_titles(&b).await,
    )
    .await;
}

#[tokio::test]
async fn a_category_renamed_through_one_node_reaches_the_other_nodes_products() {
    let (a, root) = shop().await;
    let b = second_node(&a).await;
    let flour = product(&a, &root, "Bread Flour 1 kg", "80", 10).await;
    let body: Value = a.get("/api/v1/categories").await.json().await.unwrap();
    let category = body["data"][0]["_id"].as_str().unwrap().to_owned();

    let (status, body) = send(
        &b,
        Method::PATCH,
        &format!("/api/v1/categories/{category}"),
        &root,
        Some(json!({"name": "Flours & Grains"})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        category_of(&b, &flour).await,
        "Flours & Grains",
        "the writing node shows it at once"
    );
    eventually(
        Duration::from_secs(1),
        "renamed on B, shown by A",
        "Flours & Grains".to_owned(),
        async || category_of(&a, &flour).await,
    )
    .await;
}

#[tokio::test]
async fn orders_through_two_nodes_leave_both_listings_at_the_database_stock() {
    let (a, root) = shop().await;
    let b = second_node(&a).await;
    let flour = product(&a, &root, "Bread Flour 1 kg", "80", 5).await;
    let tin = product(&a, &root, "Cake Tin", "450", 300).await;
    let buyers = a.register_buyers(10).await;
    // Ten buyers, half through each node, each ordering the last flour and a tin at once.
    let results = futures::future::join_all(buyers.iter().enumerate().map(|(n, token)| {
        let node = if n % 2 == 0 { &a } else { &b };
        let (flour, tin) = (flour.clone(), tin.clone());
        async move {
            send(
                node,
                Method::POST,
                "/api/v1/orders",
                token,
                Some(checkout(&[(&flour, 1, 80.0), (&tin, 1, 450.0)])),
            )
            .await
            .0
        }
    }))
    .await;
    let placed = results.iter().filter(|&&status| status == 201).count();
    assert_eq!(placed, 5, "exactly the 5 units: {results:?}");
    assert!(
        results.iter().all(|&status| status == 201 || status == 409),
        "{results:?}"
    );

    assert_eq!(stored_stock(&a, &tin).await, Some(295));
    for node in [&a, &b] {
        eventually(
            Duration::from_secs(1),
            "flour stock on a node",
            0,
            async || stock(node, &flour).await,
        )
        .await;
        eventually(
            Duration::from_secs(1),
            "tin stock on a node",
            295,
            async || stock(node, &tin).await,
        )
        .await;
    }
}

/// The catalog reads its products a thousand a query: a catalog of several pages loads whole,
/// each product once and as the database holds it.
#[tokio::test]
async fn a_catalog_of_several_pages_loads_every_product_once() {
    let root = tempfile::tempdir().unwrap();
    let config =
        whisk_api::config::Config::for_tests(root.path().join("db"), root.path().join("dist"));
    let database = whisk_api::db::connect_and_migrate(&config).await.unwrap();
    whisk_api::seed::generate::generate(&database, 2_345, 5, |_| {})
        .await
        .unwrap();

    let snapshot = whisk_api::catalog::load(&database).await.unwrap();
    let mut loaded: Vec<String> = snapshot.products().map(|p| p.id().to_owned()).collect();
    loaded.sort();
    loaded.dedup();
    assert_eq!(loaded.len(), 2_345, "every product once");
    assert_eq!(snapshot.len(), 2_345);

    let mut stored: Vec<String> = whisk_api::products::repo::all(&database)
        .await
        .unwrap()
        .into_iter()
        .map(|row| {
            let view = row.view();
            let held = snapshot.product(&view.id).expect("in the catalog");
            assert_eq!(held.view(), view, "the catalog holds the product as stored");
            view.id
        })
        .collect();
    stored.sort();
    assert_eq!(stored, loaded);
}
