//! One outbox for every node: a message stored through one node is sent once, by whichever
//! node claims it, even when several drain at the same moment.

use surrealdb::types::SurrealValue;
use whisk_api::config::Config;
use whisk_api::db;
use whisk_api::mail::Mailer;
use whisk_api::mail::outbox::Outbox;

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

#[tokio::test]
async fn messages_stored_through_one_node_are_each_sent_once_while_three_nodes_drain_at_once() {
    let root = tempfile::tempdir().unwrap();
    let config = Config::for_tests(root.path().join("db"), root.path().join("dist"));
    let database = db::connect_and_migrate(&config).await.unwrap();
    let nodes: Vec<(std::path::PathBuf, std::sync::Arc<Outbox>)> = (0..3)
        .map(|n| {
            let dir = root.path().join(format!("node{n}"));
            let mailer = Mailer::new(None, "Whisk <shop@whisk.example>", &dir).unwrap();
            (
                dir,
                Outbox::new(database.clone(), mailer, format!("node{n}")),
            )
        })
        .collect();
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
async fn a_message_whose_sending_fails_stays_in_the_outbox_for_a_later_try() {
    let root = tempfile::tempdir().unwrap();
    let config = Config::for_tests(root.path().join("db"), root.path().join("dist"));
    let database = db::connect_and_migrate(&config).await.unwrap();
    let mailer = Mailer::new(None, "Whisk <shop@whisk.example>", root.path()).unwrap();
    let outbox = Outbox::new(database.clone(), mailer, "node0".to_owned());
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
