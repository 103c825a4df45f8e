//! Importing products from CSV: the dry run reports every bad cell and writes nothing; applying
//! writes every row in one transaction, or none.

use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::helpers::TestApp;
use crate::orders::{product, send, shop};

const HEADER: &str =
    "_id,title,company,category,description,price,sellingPrice,stock,featured,hsn,gstRate";

async fn import(app: &TestApp, token: &str, csv: &str, dry_run: bool) -> (u16, Value) {
    let form = Form::new().part(
        "file",
        Part::bytes(csv.as_bytes().to_vec())
            .file_name("products.csv")
            .mime_str("text/csv")
            .unwrap(),
    );
    let response = app
        .client
        .post(app.url(&format!("/api/v1/products/import?dryRun={dry_run}")))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn titles(app: &TestApp) -> Vec<String> {
    let body: Value = app
        .get("/api/v1/products?limit=100&order=a-z")
        .await
        .json()
        .await
        .unwrap();
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["title"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_dry_run_names_every_bad_cell_and_applying_writes_all_rows_or_none() {
    let (app, root) = shop().await;
    let flour = product(&app, &root, "Bread Flour 1 kg", "80", 10).await;
    let bad = format!(
        "{HEADER}\r\n\
         ,Cake Tin 8 inch,TinCraft,Flours,Round,450,399,12,false,7323,18\r\n\
         ,Piping Bag,IcingCo,Flours,,120,abc,5,,,\r\n\
         {flour},Bread Flour 1 kg,Whisk Mills,Flours,Now cheaper,99999,75,,true,1101,5\r\n\
         ,Sprinkles,SugarArt,Toppings,,50,60,-1,maybe,12,7\r\n\
         nope,Ghost,X,Flours,,10,10,1,,,\r\n"
    );
    let (status, report) = import(&app, &root, &bad, true).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["created"], 1, "{report:#}");
    assert_eq!(report["updated"], 1);
    let errors: Vec<(u64, &str)> = report["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["row"].as_u64().unwrap(), e["field"].as_str().unwrap()))
        .collect();
    assert_eq!(
        errors,
        [
            (3, "sellingPrice"),
            (5, "category"),
            (5, "featured"),
            (5, "gstRate"),
            (5, "hsn"),
            (5, "price"),
            (5, "stock"),
            (6, "_id"),
        ],
        "{report:#}"
    );
    assert!(
        report["errors"][1]["message"]
            .as_str()
            .unwrap()
            .contains("Toppings")
    );

    let (status, refused) = import(&app, &root, &bad, false).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(refused["error"]["code"], "import_invalid");
    assert_eq!(
        refused["error"]["message"],
        "3 rows have errors; nothing was imported"
    );
    assert_eq!(refused["error"]["details"]["errors"], report["errors"]);
    assert_eq!(
        titles(&app).await,
        ["Bread Flour 1 kg"],
        "nothing was written"
    );

    let good = format!(
        "\u{feff}{HEADER}\r\n\
         ,Cake Tin 8 inch,TinCraft,flours,\"Round, 8\"\" wide\",450,399,12,false,7323,18\r\n\
         ,'=Piping Bag,IcingCo,Flours,,120,99,5,,,\r\n\
         {flour},Bread Flour 1 kg,Whisk Mills,Flours,Now cheaper,99999,75,,true,1101,5\r\n\
         ,,,,,,,,,,\r\n"
    );
    let (status, applied) = import(&app, &root, &good, false).await;
    assert_eq!(status, 200, "{applied}");
    assert_eq!(applied, json!({"created": 2, "updated": 1, "errors": []}));
    assert_eq!(
        titles(&app).await,
        ["=Piping Bag", "Bread Flour 1 kg", "Cake Tin 8 inch"]
    );
    let body: Value = app
        .get(&format!("/api/v1/products/{flour}"))
        .await
        .json()
        .await
        .unwrap();
    let updated = &body["product"];
    assert_eq!(updated["sellingPrice"], json!(75.0));
    assert_eq!(updated["stock"], 10, "an empty stock keeps the stock");
    assert_eq!(updated["featured"], true);
    assert_eq!(updated["description"], "Now cheaper");
    let listing: Value = app
        .get("/api/v1/products?search=cake%20tin")
        .await
        .json()
        .await
        .unwrap();
    let tin = &listing["data"][0];
    assert_eq!(tin["description"], "Round, 8\" wide");
    assert_eq!(tin["gstRate"], json!(18.0));
    assert_eq!(tin["category"]["name"], "Flours");

    let (_, audit) = send(
        &app,
        Method::GET,
        "/api/v1/audit?entity=product&limit=3",
        &root,
        None,
    )
    .await;
    let actions: Vec<&str> = audit["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["import", "import", "import"], "{audit:#}");
    let flour_entry = audit["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|entry| entry["entityId"] == flour)
        .expect("the update is logged");
    let changed: Vec<&String> = flour_entry["changes"].as_object().unwrap().keys().collect();
    assert_eq!(
        changed,
        ["description", "featured", "gstRate", "hsn", "sellingPrice"],
        "only what the row changed; an empty stock is no change: {flour_entry:#}"
    );
    assert_eq!(flour_entry["entityLabel"], "Bread Flour 1 kg");
    let tin_entry = audit["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|entry| entry["entityLabel"] == "Cake Tin 8 inch")
        .unwrap();
    assert_eq!(tin_entry["changes"]["category"], json!([null, "Flours"]));
    assert_eq!(tin_entry["changes"]["stock"], json!([null, 12]));
}

#[tokio::test]
async fn a_file_the_import_cannot_read_is_refused_as_a_whole() {
    let (app, root) = shop().await;
    let (status, report) = import(&app, &root, "title,price\r\nx,1\r\n", true).await;
    assert_eq!(status, 200);
    assert_eq!(report["errors"][0]["field"], "file");
    assert!(
        report["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("company"),
        "{report}"
    );
    let (status, report) = import(&app, &root, &format!("{HEADER},colour\r\n"), true).await;
    assert_eq!(status, 200);
    assert!(
        report["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("colour"),
        "{report}"
    );
    let (status, report) = import(&app, &root, &format!("{HEADER}\r\n"), true).await;
    assert_eq!(status, 200);
    assert_eq!(report["errors"][0]["message"], "has no product rows");
    let (status, body) = import(&app, &root, &"x".repeat(10 * 1024 * 1024 + 1), true).await;
    assert_eq!(status, 413, "{body}");
    let (_, customer) = app.register_customer("asha@example.in", "9876543210").await;
    let (status, _) = import(&app, &customer, &format!("{HEADER}\r\n"), true).await;
    assert!(status == 401 || status == 403);
}
