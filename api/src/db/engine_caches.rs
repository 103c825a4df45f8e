//! The patched SurrealDB keeps what it parsed: the query texts the engine has run
//! (`vendor/surrealdb-engine-local`, `parsed_queries.rs`) and the field definitions its
//! transactions compiled (`vendor/surrealdb-datastore`, `compiled_definitions.rs`). These check
//! that nothing kept outlives what it was made from: a changed definition is read as changed, and
//! a query text answers with the values bound to it each time. The same patched datastore paces
//! the compaction queue of count indexes (`count_compaction_pace.rs`); a count still adds up.

use surrealdb::types::SurrealValue;

use super::Db;

/// Runs `text`, which binds nothing, and fails the test on any statement's error.
async fn run(db: &Db, text: &str) {
    db.query(text).await.unwrap().check().unwrap();
}

/// The first statement's answer to `text`, which binds nothing.
async fn read<T: SurrealValue>(db: &Db, text: &str) -> T
where
    usize: surrealdb::opt::QueryResult<T>,
{
    db.query(text).await.unwrap().take(0_usize).unwrap()
}

async fn database() -> Db {
    let db = surrealdb::engine::any::connect("mem://").await.unwrap();
    db.use_ns("whisk").use_db("engine_caches").await.unwrap();
    db
}

#[derive(Debug, PartialEq, SurrealValue)]
struct Priced {
    price: i64,
    with_tax: i64,
}

async fn priced(db: &Db) -> Vec<Priced> {
    read(db, "SELECT price, with_tax FROM item ORDER BY price").await
}

#[tokio::test]
async fn a_redefined_field_is_read_as_redefined() {
    let db = database().await;
    run(
        &db,
        "DEFINE TABLE item SCHEMAFULL;
         DEFINE FIELD price ON item TYPE int;
         DEFINE FIELD with_tax ON item COMPUTED price * 2;
         CREATE item SET price = 10; CREATE item SET price = 20;",
    )
    .await;
    let before = [
        Priced {
            price: 10,
            with_tax: 20,
        },
        Priced {
            price: 20,
            with_tax: 40,
        },
    ];
    assert_eq!(priced(&db).await, before);
    assert_eq!(
        priced(&db).await,
        before,
        "read a second time, from what was kept"
    );

    run(
        &db,
        "DEFINE FIELD OVERWRITE with_tax ON item COMPUTED price * 3",
    )
    .await;
    assert_eq!(
        priced(&db).await,
        [
            Priced {
                price: 10,
                with_tax: 30
            },
            Priced {
                price: 20,
                with_tax: 60
            }
        ]
    );
}

#[tokio::test]
async fn a_query_text_answers_with_the_values_bound_each_time() {
    let db = database().await;
    for price in [3_i64, 5, 8] {
        let doubled: Option<i64> = db
            .query("RETURN $price * 2")
            .bind(("price", price))
            .await
            .unwrap()
            .take(0)
            .unwrap();
        assert_eq!(doubled, Some(price * 2));
    }
}

#[tokio::test]
async fn a_text_that_does_not_parse_is_refused_each_time() {
    let db = database().await;
    for _ in 0..2 {
        let error = match db.query("SELEC * FROM item").await {
            Ok(response) => response.check().unwrap_err(),
            Err(error) => error,
        };
        assert!(error.to_string().contains("Unexpected token"), "{error}");
    }
}

async fn counted(db: &Db) -> i64 {
    let total: Option<i64> = read(
        db,
        "SELECT VALUE total FROM (SELECT count() AS total FROM tally GROUP ALL)",
    )
    .await;
    total.unwrap_or(0)
}

/// The patched datastore queues a count index's compaction at most once a second
/// (`vendor/surrealdb-datastore`, `count_compaction_pace.rs`): the transactions in between
/// leave their deltas for a later pass, and the count must still add them all up.
#[tokio::test]
async fn a_count_index_counts_every_write_while_its_compaction_is_paced() {
    let db = database().await;
    run(
        &db,
        "DEFINE TABLE tally SCHEMAFULL;
         DEFINE FIELD n ON tally TYPE int;
         DEFINE INDEX tally_count ON tally COUNT;",
    )
    .await;
    let mut expected = 0;
    for round in 0..3_i64 {
        // Many transactions within the second, each its own delta and most unqueued.
        for n in 0..40 {
            db.query("CREATE tally SET n = $n")
                .bind(("n", round * 100 + n))
                .await
                .unwrap()
                .check()
                .unwrap();
            expected += 1;
        }
        db.query("DELETE tally WHERE n % 4 = 0 AND n >= $from")
            .bind(("from", round * 100))
            .await
            .unwrap()
            .check()
            .unwrap();
        expected -= 10;
        assert_eq!(counted(&db).await, expected, "round {round}, at once");
        // Past the pace: the next write queues the index, and a pass folds the deltas.
        tokio::time::sleep(std::time::Duration::from_millis(1_100)).await;
        assert_eq!(counted(&db).await, expected, "round {round}, a second on");
    }
    let stored: Vec<i64> = read(&db, "SELECT VALUE n FROM tally").await;
    assert_eq!(stored.len() as i64, expected, "the records themselves");
}
