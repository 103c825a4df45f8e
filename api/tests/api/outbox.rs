//! One outbox for every node: a message stored through one node is sent once, by whichever
//! node claims it, even when several drain at the same moment.

use std::time::Duration;

use surrealdb::types::{RecordId, SurrealValue};
use whisk_api::config::Config;
use whisk_api::db;
use whisk_api::mail::Mailer;
use whisk_api::mail::outbox::{Outbox, StoreClaim};
use whisk_api::mail::repo::Companion;

#[derive(Debug, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
struct Row {
    pending: bool,
    body: String,
    claimed_by: Option<String>,
}

#[derive(Debug, PartialEq, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
struct Failed {
    pending: bool,
    attempts: i64,
    body: String,
    has_error: bool,
    later: bool,
}

fn mails_in(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir.join("outbox"))
        .map(|entries| {
            entries
                .flatten()
                .filter(|entry| entry.path().extension().is_some_and(|ext| ext == "eml"))
                .count()
        })
        .unwrap_or(0)
}

/// `count` outboxes over `database`, named `node0`... each writing its mail files under its own
/// folder in `root`.
fn nodes(
    root: &std::path::Path,
    database: &db::Db,
    count: usize,
) -> Vec<(std::path::PathBuf, std::sync::Arc<Outbox>)> {
    (0..count)
        .map(|n| {
            let dir = root.join(format!("node{n}"));
            let mailer = Mailer::new(None, "Whisk <shop@whisk.example>", &dir).unwrap();
            (
                dir,
                Outbox::new(database.clone(), mailer, format!("node{n}"), None),
            )
        })
        .collect()
}

#[tokio::test]
async fn messages_stored_through_one_node_are_each_sent_once_while_three_nodes_drain_at_once() {
    let root = tempfile::tempdir().unwrap();
    let config = Config::for_tests(root.path().join("db"), root.path().join("dist"));
    let database = db::connect_and_migrate(&config).await.unwrap();
    let nodes = nodes(root.path(), &database, 3);
    for n in 0..60 {
        nodes[0]
            .1
            .enqueue(
                &format!("baker{n}@example.in"),
                "Your Whisk password reset code",
                &format!("Your code is {n:06}."),
            )
            .await
            .unwrap();
    }

    let sent: Vec<usize> = futures::future::join_all(nodes.iter().map(|(_, outbox)| async move {
        let mut sent = 0;
        for _ in 0..5 {
            sent += outbox.drain_once().await.unwrap();
        }
        sent
    }))
    .await;
    assert_eq!(
        sent.iter().sum::<usize>(),
        60,
        "each message sent exactly once: {sent:?}"
    );
    let files: usize = nodes.iter().map(|(dir, _)| mails_in(dir)).sum();
    assert_eq!(files, 60, "60 mails written in all, none twice");

    let mut response = database
        .query("SELECT pending, body, claimed_by FROM mail")
        .await
        .unwrap();
    let rows: Vec<Row> = response.take(0).unwrap();
    assert_eq!(rows.len(), 60);
    assert!(
        rows.iter()
            .all(|row| !row.pending && row.body.is_empty() && row.claimed_by.is_some()),
        "all sent, no code kept: {rows:?}"
    );
}

#[tokio::test]
async fn messages_stored_claimed_by_a_node_are_sent_by_it_alone_and_by_the_others_after_its_lease()
{
    let root = tempfile::tempdir().unwrap();
    let config = Config::for_tests(root.path().join("db"), root.path().join("dist"));
    let database = db::connect_and_migrate(&config).await.unwrap();
    let nodes = nodes(root.path(), &database, 2);
    // As a placement stores its mails: under ids known before, claimed by the placing node.
    let claim = StoreClaim::now("node0");
    let stored = |ids: Vec<RecordId>, claim: StoreClaim| {
        let database = database.clone();
        async move {
            database
                .query(
                    "FOR $id IN $ids { \
                         CREATE $id SET recipient = 'baker@example.in', subject = 'Order placed', body = 'Thank you.', \
                             created_at = $at, due_at = $until, attempts = 1, claimed_by = $node; \
                     }",
                )
                .bind(("ids", ids))
                .bind(("at", claim.at))
                .bind(("until", claim.until))
                .bind(("node", claim.node))
                .await
                .unwrap()
                .check()
                .unwrap();
        }
    };
    let ids: Vec<RecordId> = (0..30)
        .map(|n| RecordId::new("mail", format!("order-{n}")))
        .collect();
    stored(ids.clone(), claim.clone()).await;

    assert_eq!(
        nodes[1].1.drain_once().await.unwrap(),
        0,
        "another node leaves them to the node that claimed them"
    );
    nodes[1].1.send_stored(ids.clone());
    assert_eq!(
        nodes[1].1.drain().await.unwrap(),
        0,
        "nor sends them when handed their ids"
    );
    let mut handed = ids.clone();
    handed.push(RecordId::new("mail", "no-such-mail"));
    nodes[0].1.send_stored(handed);
    assert_eq!(
        nodes[0].1.drain().await.unwrap(),
        30,
        "the claiming node sends them all; an id that names no mail is passed over"
    );
    nodes[0].1.send_stored(ids);
    assert_eq!(nodes[0].1.drain().await.unwrap(), 0, "none twice");
    assert_eq!(mails_in(&nodes[0].0) + mails_in(&nodes[1].0), 30);

    // A node that stored mails and stopped before sending them: another sends them once its
    // claim has run out.
    let lapsed = StoreClaim {
        until: surrealdb::types::Datetime::from_timestamp(1, 0).unwrap(),
        ..StoreClaim::now("node0")
    };
    stored(vec![RecordId::new("mail", "orphan")], lapsed).await;
    assert_eq!(nodes[1].1.drain_once().await.unwrap(), 1);
    assert_eq!(mails_in(&nodes[1].0), 1);
}

#[tokio::test]
async fn a_message_whose_sending_fails_stays_in_the_outbox_for_a_later_try() {
    let root = tempfile::tempdir().unwrap();
    let config = Config::for_tests(root.path().join("db"), root.path().join("dist"));
    let database = db::connect_and_migrate(&config).await.unwrap();
    let mailer = Mailer::new(None, "Whisk <shop@whisk.example>", root.path()).unwrap();
    let outbox = Outbox::new(database.clone(), mailer, "node0".to_owned(), None);
    outbox
        .enqueue("not a mailbox", "Hello", "Body")
        .await
        .unwrap();
    assert_eq!(outbox.drain_once().await.unwrap(), 0);

    let mut response = database
        .query("SELECT pending, attempts, body, last_error != NONE AS has_error, due_at > time::now() AS later FROM mail")
        .await
        .unwrap();
    let rows: Vec<Failed> = response.take(0).unwrap();
    assert_eq!(
        rows,
        [Failed {
            pending: true,
            attempts: 1,
            body: "Body".to_owned(),
            has_error: true,
            later: true
        }],
        "kept, tried once, due again later"
    );
    assert_eq!(
        outbox.drain_once().await.unwrap(),
        0,
        "not tried again before its time"
    );
}

#[tokio::test]
async fn the_delivered_mail_carries_the_tax_invoice_as_a_pdf() {
    let (app, root) = crate::orders::shop().await;
    let flour = crate::orders::product(&app, &root, "Bread Flour 1 kg", "80", 10).await;
    let (_, customer) = app.register_customer("asha@example.in", "9876543210").await;
    let (status, placed) = crate::orders::send(
        &app,
        reqwest::Method::POST,
        "/api/v1/orders",
        &customer,
        Some(crate::orders::checkout(&[(&flour, 2, 80.0)])),
    )
    .await;
    assert_eq!(status, 201, "{placed}");
    let number = placed["order"]["orderId"].as_str().unwrap().to_owned();
    let path = format!(
        "/api/v1/orders/{}",
        placed["order"]["_id"].as_str().unwrap()
    );
    for status in ["shipped", "delivered"] {
        let (answer, body) = crate::orders::send(
            &app,
            reqwest::Method::PATCH,
            &path,
            &root,
            Some(serde_json::json!({ "status": status })),
        )
        .await;
        assert_eq!(answer, 200, "{body}");
    }
    let outbox = app.data_dir.path().join("data/outbox");
    let subject = format!("Your order {number} has been delivered");
    let mut mails = Vec::new();
    for _ in 0..100 {
        mails = std::fs::read_dir(&outbox)
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| std::fs::read_to_string(entry.path()).unwrap_or_default())
            .collect();
        if mails.iter().any(|mail| mail.contains(&subject)) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let delivered = mails
        .iter()
        .find(|mail| mail.contains(&subject))
        .expect("the delivered mail was sent");
    assert!(delivered.contains("multipart/mixed"), "{delivered}");
    assert!(delivered.contains("Content-Type: application/pdf"));
    assert!(delivered.contains(&format!("filename=\"invoice-{number}.pdf\"")));
    assert!(
        delivered.contains("JVBERi0"),
        "the attachment is a PDF (%PDF- in base64)"
    );
    let shipped = mails
        .iter()
        .find(|mail| mail.contains("is on its way"))
        .expect("the shipped mail was sent");
    assert!(
        !shipped.contains("application/pdf"),
        "only the delivered mail carries it"
    );
}

/// A mail file as its text: the headers that differ between two sendings of the same mail (its
/// date, id and part boundaries) taken out.
fn mail_text(path: &std::path::Path) -> String {
    let mut text = std::fs::read_to_string(path).unwrap();
    let mut boundaries = Vec::new();
    let mut rest = text.as_str();
    while let Some(start) = rest.find("boundary=\"") {
        let after = &rest[start + "boundary=\"".len()..];
        let end = after.find('"').unwrap();
        boundaries.push(after[..end].to_owned());
        rest = &after[end..];
    }
    for boundary in boundaries {
        text = text.replace(&boundary, "BOUNDARY");
    }
    text.lines()
        .filter(|line| !line.starts_with("Date: ") && !line.starts_with("Message-ID: "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The texts of the mail files in `dir`, sorted.
fn mail_texts(dir: &std::path::Path) -> Vec<String> {
    let mut texts: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .filter(|entry| entry.path().extension().is_some_and(|ext| ext == "eml"))
        .map(|entry| mail_text(&entry.path()))
        .collect();
    texts.sort();
    texts
}

#[tokio::test]
async fn a_placements_mails_sent_from_the_database_are_rendered_from_the_order_as_they_were_sent() {
    let (app, root) = crate::orders::shop().await;
    let flour = crate::orders::product(&app, &root, "Bread <Flour> 1 kg", "80", 10).await;
    let (_, customer) = app.register_customer("asha@example.in", "9876543210").await;
    let before = app.outbox_count();
    let (status, placed) = crate::orders::place(
        &app,
        &customer,
        crate::orders::checkout(&[(&flour, 3, 80.0)]),
    )
    .await;
    assert_eq!(status, 201, "{placed}");
    let number = placed["order"]["orderId"].as_str().unwrap().to_owned();
    for _ in 0..100 {
        if app.outbox_count() >= before + 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(app.outbox_count(), before + 2, "sent at once from memory");
    let sent_at_once: Vec<String> = mail_texts(&app.data_dir.path().join("data/outbox"))
        .into_iter()
        .filter(|text| text.contains(&number))
        .collect();
    assert_eq!(sent_at_once.len(), 2, "{sent_at_once:?}");

    let order = RecordId::new("shop_order", placed["order"]["_id"].as_str().unwrap());
    let stored: Vec<Stored> = stored_mails(&app, &order).await;
    assert_eq!(
        stored,
        [Stored {
            recipient: "asha@example.in".to_owned(),
            body: String::new(),
            html: None,
            template: Some("order_confirmation".to_owned()),
            companion: Some(Companion {
                recipient: "orders@whisk.example".to_owned(),
                subject: format!("New order {number}: ₹240.00 from Asha Baker"),
                template: "order_notice".to_owned(),
            }),
            pending: false,
            last_error: None,
        }],
        "one record, stored without their text, by template"
    );

    // As if the placing node had stopped before sending them: due again, unclaimed.
    due_again(&app, &order).await;
    let other = tempfile::tempdir().unwrap();
    let node = rendering_node(&app, other.path());
    assert_eq!(node.drain_once().await.unwrap(), 2);
    let sent_again = mail_texts(&other.path().join("outbox"));
    assert_eq!(
        sent_again, sent_at_once,
        "the same mails, rendered from the order"
    );
}

/// An order's outbox records as the tests read them.
#[derive(Debug, PartialEq, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
struct Stored {
    recipient: String,
    body: String,
    html: Option<String>,
    template: Option<String>,
    companion: Option<Companion>,
    pending: bool,
    last_error: Option<String>,
}

/// The outbox records about `order`, oldest first.
async fn stored_mails(app: &crate::helpers::TestApp, order: &RecordId) -> Vec<Stored> {
    app.db
        .query(
            "SELECT recipient, body, html, template, companion, pending, last_error, created_at \
             FROM mail WHERE order = $order ORDER BY created_at, id",
        )
        .bind(("order", order.clone()))
        .await
        .unwrap()
        .take(0)
        .unwrap()
}

/// Makes `order`'s mails due again and unclaimed, as if the placing node had stopped before
/// sending them.
async fn due_again(app: &crate::helpers::TestApp, order: &RecordId) {
    app.db
        .query("UPDATE mail SET pending = true, sent_at = NONE, due_at = time::now(), claimed_by = NONE WHERE order = $order")
        .bind(("order", order.clone()))
        .await
        .unwrap()
        .check()
        .unwrap();
}

/// Another node's outbox over `app`'s database, rendering order mails, writing its mail files
/// under `dir`.
fn rendering_node(app: &crate::helpers::TestApp, dir: &std::path::Path) -> std::sync::Arc<Outbox> {
    let config = Config::for_tests(dir.join("db"), dir.join("dist"));
    let shop = config.shop;
    let renderers = whisk_api::mail::outbox::Renderers {
        invoices: whisk_api::orders::invoice_mail::renderer(app.db.clone(), shop.clone(), None),
        bodies: whisk_api::orders::placed_mail::renderer(app.db.clone(), shop.name, shop.email),
    };
    let mailer = Mailer::new(None, &config.mail_from, dir).unwrap();
    Outbox::new(app.db.clone(), mailer, "node1".to_owned(), Some(renderers))
}

#[tokio::test]
async fn when_one_of_a_placements_two_mails_fails_only_that_one_is_tried_again() {
    let (app, root) = crate::orders::shop().await;
    let flour = crate::orders::product(&app, &root, "Bread Flour 1 kg", "80", 10).await;
    let (_, customer) = app.register_customer("asha@example.in", "9876543210").await;
    // Which mailbox refuses: the shop's (the companion), then the customer's (the record's own).
    for (field, refuse, refused, kept_template) in [
        (
            "companion.recipient",
            "UPDATE mail SET companion.recipient = 'not a mailbox' WHERE order = $order",
            "orders@whisk.example",
            "order_notice",
        ),
        (
            "recipient",
            "UPDATE mail SET recipient = 'not a mailbox' WHERE order = $order",
            "asha@example.in",
            "order_confirmation",
        ),
    ] {
        let (status, placed) = crate::orders::place(
            &app,
            &customer,
            crate::orders::checkout(&[(&flour, 1, 80.0)]),
        )
        .await;
        assert_eq!(status, 201, "{placed}");
        let number = placed["order"]["orderId"].as_str().unwrap().to_owned();
        let order = RecordId::new("shop_order", placed["order"]["_id"].as_str().unwrap());
        // The placing node sends them at once; then, as if it had not, they are due again.
        for _ in 0..100 {
            if stored_mails(&app, &order)
                .await
                .iter()
                .all(|mail| !mail.pending)
            {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        due_again(&app, &order).await;
        app.db
            .query(refuse)
            .bind(("order", order.clone()))
            .await
            .unwrap()
            .check()
            .unwrap();

        let dir = tempfile::tempdir().unwrap();
        let node = rendering_node(&app, dir.path());
        assert_eq!(
            node.drain_once().await.unwrap(),
            1,
            "{field}: one of the two went"
        );
        let went = mail_texts(&dir.path().join("outbox"));
        assert_eq!(went.len(), 1, "{went:?}");
        let stored = stored_mails(&app, &order).await;
        assert_eq!(
            stored.len(),
            2,
            "{field}: split in two records: {stored:#?}"
        );
        let left = stored
            .iter()
            .find(|mail| mail.pending)
            .expect("one left to send");
        assert_eq!(
            (
                left.recipient.as_str(),
                left.template.as_deref(),
                &left.companion
            ),
            ("not a mailbox", Some(kept_template), &None),
            "{field}: the record keeps the mail that failed, alone"
        );
        assert!(left.last_error.is_some(), "{stored:#?}");
        let sent = stored
            .iter()
            .find(|mail| !mail.pending)
            .expect("one noted as sent");
        assert_ne!(sent.template.as_deref(), Some(kept_template));
        assert_eq!(sent.companion, None);

        // The mailbox mended and the retry due: only the mail that failed goes.
        app.db
            .query("UPDATE mail SET recipient = $refused, due_at = time::now() WHERE order = $order AND pending = true")
            .bind(("order", order.clone()))
            .bind(("refused", refused.to_owned()))
            .await
            .unwrap()
            .check()
            .unwrap();
        assert_eq!(
            node.drain_once().await.unwrap(),
            1,
            "{field}: the other one alone"
        );
        let texts = mail_texts(&dir.path().join("outbox"));
        assert_eq!(texts.len(), 2, "{texts:?}");
        for subject in [
            format!("Your Whisk Baking Supplies order {number} is confirmed"),
            format!("New order {number}: "),
        ] {
            assert_eq!(
                texts.iter().filter(|text| text.contains(&subject)).count(),
                1,
                "{field}: '{subject}' sent once: {texts:#?}"
            );
        }

        // The order's timeline lists both.
        let (status, timeline) = crate::orders::send(
            &app,
            reqwest::Method::GET,
            &format!(
                "/api/v1/orders/{}/timeline",
                placed["order"]["_id"].as_str().unwrap()
            ),
            &root,
            None,
        )
        .await;
        assert_eq!(status, 200, "{timeline}");
        let mails = timeline["data"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|event| event["action"] == "mail_sent")
            .count();
        assert_eq!(mails, 2, "{timeline:#}");
    }
}
