//! The full role matrix: anonymous, customer, staff, admin and superadmin against every admin call.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{ADMIN_PASSWORD, TestApp, customer_body, spawn_app};
use crate::orders::send;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Who {
    Anonymous,
    Customer,
    Staff,
    Admin,
    Superadmin,
}

/// What each caller gets from one call: anonymous, customer, staff, admin, superadmin.
struct Case {
    name: &'static str,
    expected: [u16; 5],
}

async fn call(app: &TestApp, case: &str, token: Option<&str>, ids: &Ids, n: usize) -> u16 {
    let user = format!("/api/v1/users/{}", ids.user);
    let victim = format!("/api/v1/users/{}", ids.victims[n]);
    let admin = format!("/api/v1/admins/{}", ids.staff);
    let doomed = format!("/api/v1/admins/{}", ids.doomed_admins[n]);
    let (method, path, body): (Method, String, Option<Value>) = match case {
        "list admins" => (Method::GET, "/api/v1/admins".into(), None),
        "read an admin" => (Method::GET, admin, None),
        "update an admin" => (
            Method::PUT,
            admin,
            Some(json!({"username": format!("Staff {n}")})),
        ),
        "delete an admin" => (Method::DELETE, doomed, None),
        "register an admin" => (
            Method::POST,
            "/api/v1/authadmin/register".into(),
            Some(
                json!({"username": "New Admin", "email": format!("new{n}@whisk.example"), "password": ADMIN_PASSWORD}),
            ),
        ),
        "list users" => (Method::GET, "/api/v1/users".into(), None),
        "search users" => (Method::GET, "/api/v1/users/search?q=asha".into(), None),
        "read a user" => (Method::GET, user, None),
        "update a user" => (
            Method::PUT,
            user,
            Some(json!({"city": format!("Mysuru {n}")})),
        ),
        "delete a user" => (Method::DELETE, victim, None),
        "create a user with a status" => {
            let mut body =
                customer_body(&format!("made{n}@example.in"), &format!("98000000{n:02}"));
            body["status"] = json!("inactive");
            (Method::POST, "/api/v1/auth/register".into(), Some(body))
        }
        other => panic!("unknown case {other}"),
    };
    app.call(method, &path, token, body).await.status().as_u16()
}

struct Ids {
    user: String,
    staff: String,
    victims: Vec<String>,
    doomed_admins: Vec<String>,
}

#[tokio::test]
async fn every_admin_call_answers_each_role_as_documented() {
    let app = spawn_app().await;
    let root = app.first_superadmin().await;
    let (staff_id, staff) = app.admin_with_role(&root, "staff").await;
    let (_, admin) = app.admin_with_role(&root, "admin").await;
    let (user, customer) = app.register_customer("asha@example.in", "9876543210").await;
    let mut victims = Vec::new();
    let mut doomed_admins = Vec::new();
    for n in 0..5 {
        let (victim, _) = app
            .register_customer(&format!("victim{n}@example.in"), &format!("97000000{n:02}"))
            .await;
        victims.push(victim["_id"].as_str().unwrap().to_owned());
        let (doomed, _) = app.admin_with_role(&root, "staff").await;
        doomed_admins.push(doomed);
    }
    let ids = Ids {
        user: user["_id"].as_str().unwrap().to_owned(),
        staff: staff_id,
        victims,
        doomed_admins,
    };

    let cases = [
        Case {
            name: "list admins",
            expected: [401, 403, 200, 200, 200],
        },
        Case {
            name: "read an admin",
            expected: [401, 403, 200, 200, 200],
        },
        Case {
            name: "update an admin",
            expected: [401, 403, 403, 403, 200],
        },
        Case {
            name: "delete an admin",
            expected: [401, 403, 403, 403, 204],
        },
        Case {
            name: "register an admin",
            expected: [403, 403, 403, 403, 201],
        },
        Case {
            name: "list users",
            expected: [401, 403, 200, 200, 200],
        },
        Case {
            name: "search users",
            expected: [401, 403, 200, 200, 200],
        },
        Case {
            name: "read a user",
            expected: [401, 403, 200, 200, 200],
        },
        Case {
            name: "update a user",
            expected: [401, 403, 200, 200, 200],
        },
        Case {
            name: "delete a user",
            expected: [401, 403, 403, 204, 204],
        },
        Case {
            name: "create a user with a status",
            expected: [400, 400, 201, 201, 201],
        },
    ];
    let callers = [
        (Who::Anonymous, None),
        (Who::Customer, Some(customer.as_str())),
        (Who::Staff, Some(staff.as_str())),
        (Who::Admin, Some(admin.as_str())),
        (Who::Superadmin, Some(root.as_str())),
    ];
    let mut mismatches = Vec::new();
    for case in &cases {
        for (n, (who, token)) in callers.iter().enumerate() {
            let status = call(&app, case.name, *token, &ids, n).await;
            if status != case.expected[n] {
                mismatches.push(format!(
                    "{} as {who:?}: got {status}, expected {}",
                    case.name, case.expected[n]
                ));
            }
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[tokio::test]
async fn a_refusal_names_the_role_needed() {
    let app = spawn_app().await;
    let root = app.first_superadmin().await;
    let (_, staff) = app.admin_with_role(&root, "staff").await;
    let (user, _) = app.register_customer("asha@example.in", "9876543210").await;
    let response = app
        .call(
            Method::DELETE,
            &format!("/api/v1/users/{}", user["_id"].as_str().unwrap()),
            Some(&staff),
            None,
        )
        .await;
    assert_eq!(response.status(), 403);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"]["code"], "forbidden");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("admin or superadmin")
    );
}

#[tokio::test]
async fn a_soft_deleted_customer_cannot_sign_in_and_disappears_from_lists() {
    let app = spawn_app().await;
    let root = app.first_superadmin().await;
    let (user, _) = app.register_customer("gone@example.in", "9876500010").await;
    let id = user["_id"].as_str().unwrap();
    assert_eq!(
        app.call(
            Method::DELETE,
            &format!("/api/v1/users/{id}"),
            Some(&root),
            None
        )
        .await
        .status(),
        204
    );
    assert_eq!(
        app.call(
            Method::GET,
            &format!("/api/v1/users/{id}"),
            Some(&root),
            None
        )
        .await
        .status(),
        404
    );
    let (_, list) = send(&app, Method::GET, "/api/v1/users", &root, None).await;
    assert_eq!(list["meta"]["pagination"]["total"], 0);
    let response = app
        .post(
            "/api/v1/auth/login",
            json!({"identifier": "gone@example.in", "password": crate::helpers::CUSTOMER_PASSWORD}),
        )
        .await;
    assert_eq!(response.status(), 401);
}

#[tokio::test]
async fn users_are_paged_and_searched() {
    let app = spawn_app().await;
    let root = app.first_superadmin().await;
    let mut ids = Vec::new();
    for n in 0..12 {
        let (user, _) = app
            .register_customer(&format!("baker{n}@example.in"), &format!("96000000{n:02}"))
            .await;
        ids.push(user["_id"].as_str().unwrap().to_owned());
    }
    let (_, page) = send(
        &app,
        Method::GET,
        "/api/v1/users?page=2&limit=5",
        &root,
        None,
    )
    .await;
    assert_eq!(
        page_emails(&page),
        ["baker6", "baker5", "baker4", "baker3", "baker2"].map(|name| format!("{name}@example.in")),
        "newest first"
    );
    assert_eq!(
        page["meta"]["pagination"],
        json!({"page": 2, "pageSize": 5, "pageCount": 3, "total": 12})
    );
    let (_, last) = send(
        &app,
        Method::GET,
        "/api/v1/users?page=3&pageSize=5",
        &root,
        None,
    )
    .await;
    assert_eq!(
        page_emails(&last),
        ["baker1@example.in", "baker0@example.in"]
    );

    // A deleted customer leaves the pages and the count.
    assert_eq!(
        app.call(
            Method::DELETE,
            &format!("/api/v1/users/{}", ids[9]),
            Some(&root),
            None
        )
        .await
        .status(),
        204
    );
    let (_, first) = send(&app, Method::GET, "/api/v1/users?pageSize=5", &root, None).await;
    assert_eq!(
        page_emails(&first),
        ["baker11", "baker10", "baker8", "baker7", "baker6"]
            .map(|name| format!("{name}@example.in"))
    );
    assert_eq!(first["meta"]["pagination"]["total"], 11);

    let bad = app
        .call(Method::GET, "/api/v1/users?page=0", Some(&root), None)
        .await;
    assert_eq!(bad.status(), 400);
    assert!(bad.json::<Value>().await.unwrap()["error"]["fields"]["page"].is_string());
    let bad = app
        .call(Method::GET, "/api/v1/users?limit=5000", Some(&root), None)
        .await;
    assert_eq!(bad.status(), 400);

    let (_, found) = send(
        &app,
        Method::GET,
        "/api/v1/users/search?q=BAKER1",
        &root,
        None,
    )
    .await;
    let mut emails = page_emails(&found);
    emails.sort();
    assert_eq!(
        emails,
        ["baker10", "baker11", "baker1"].map(|name| format!("{name}@example.in"))
    );
    let (_, blank) = send(&app, Method::GET, "/api/v1/users/search?q=%20", &root, None).await;
    assert_eq!(blank["data"].as_array().unwrap().len(), 0);
}

#[tokio::test]
async fn customers_are_found_by_any_part_of_a_field_and_registered_in_parallel() {
    let app = spawn_app().await;
    let root = app.first_superadmin().await;
    // Registered at once: the search's indexes must not make parallel sign-ups conflict.
    let registered = futures::future::join_all((0..16).map(|n| {
        app.post(
            "/api/v1/auth/register",
            customer_body(&format!("baker{n}@example.in"), &format!("96000000{n:02}")),
        )
    }))
    .await;
    for response in registered {
        assert_eq!(response.status(), 201);
    }
    let mut seema = customer_body("seema@example.in", "9600000099");
    seema["username"] = json!("सीमा राव");
    seema["company"] = json!("मीठा घर");
    assert_eq!(app.post("/api/v1/auth/register", seema).await.status(), 201);
    let bakers = |ns: &[u32]| -> Vec<String> {
        let mut emails: Vec<String> = ns.iter().map(|n| format!("baker{n}@example.in")).collect();
        emails.sort();
        emails
    };
    let cases: Vec<(&str, Vec<String>)> = vec![
        ("BAKER1", bakers(&[1, 10, 11, 12, 13, 14, 15])),
        ("aker1@", bakers(&[1])),
        ("0000001", bakers(&[1, 10, 11, 12, 13, 14, 15])),
        ("r15@example.in", bakers(&[15])),
        // Name and company both match: each customer once, at most 20.
        ("asha", bakers(&(0..16).collect::<Vec<_>>())),
        ("SHA B", bakers(&(0..16).collect::<Vec<_>>())),
        ("मीठा", vec!["seema@example.in".to_owned()]),
        ("राव", vec!["seema@example.in".to_owned()]),
        // No word of three characters: read without the indexes.
        ("s c", bakers(&(0..16).collect::<Vec<_>>())),
        ("99", vec!["seema@example.in".to_owned()]),
        ("xyz1", vec![]),
    ];
    for (needle, expected) in cases {
        let (_, found) = send(
            &app,
            Method::GET,
            &format!(
                "/api/v1/users/search?q={}",
                form_urlencoded::byte_serialize(needle.as_bytes()).collect::<String>()
            ),
            &root,
            None,
        )
        .await;
        let mut emails = page_emails(&found);
        emails.sort();
        assert_eq!(emails, expected, "searching {needle:?}");
    }
}

/// The e-mails of a page of customers (or of search results), in their order.
fn page_emails(page: &Value) -> Vec<String> {
    page["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|user| user["email"].as_str().unwrap().to_owned())
        .collect()
}
