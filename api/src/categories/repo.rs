//! All SurrealQL about categories.

use anyhow::Context;
use pricing::PageRequest;
use serde::Serialize;
use surrealdb::types::SurrealValue;

use crate::categories::types::Category;
use crate::db::Db;
use crate::db::errors::{Failure, failure, violated_index};
use crate::db::retry::{Attempt, too_busy, until_settled};
use crate::domain::{AdminId, CategoryId};
use crate::error::{ApiError, ErrorCode};

macro_rules! category_fields {
    () => {
        "record::id(id) AS _id, name, description, <string> created_at AS createdAt, <string> updated_at AS updatedAt"
    };
}

/// The stored fields of a category, already checked.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct CategoryFields {
    pub name: String,
    pub description: String,
}

/// The stored fields a category update sets, already checked; `None` keeps the field.
#[derive(Debug, Default, Serialize)]
pub struct CategoryChanges {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

fn name_taken() -> ApiError {
    ApiError::Conflict {
        code: ErrorCode::NameTaken,
        message: "A category with this name already exists".to_owned(),
        details: None,
    }
}

fn on_write_error(error: surrealdb::Error) -> ApiError {
    if violated_index(&error).as_deref() == Some("category_name") {
        return name_taken();
    }
    ApiError::Internal(anyhow::Error::new(error).context("writing a category"))
}

/// Reads why a category write failed, if it did.
fn write_failure(response: &mut surrealdb::IndexedResults) -> Result<(), ApiError> {
    match failure(response) {
        None => Ok(()),
        Some(Failure::IndexViolated(index)) if index == "category_name" => Err(name_taken()),
        Some(Failure::Other(error)) => Err(on_write_error(error)),
        Some(other) => Err(ApiError::Internal(anyhow::anyhow!(
            "writing a category: {other:?}"
        ))),
    }
}

/// Creates a category.
pub async fn create(
    db: &Db,
    actor: &AdminId,
    fields: CategoryFields,
) -> Result<Category, ApiError> {
    let id = CategoryId::generate();
    let mut response = db
        .query(concat!(
            "BEGIN; ",
            crate::audit_before!(),
            "CREATE $id CONTENT $fields RETURN NONE; ",
            crate::audit_record!("category", "create"),
            "COMMIT; SELECT ",
            category_fields!(),
            " FROM ONLY $id;"
        ))
        .bind(("id", id.record()))
        .bind(("actor", actor.record()))
        .bind(("fields", fields))
        .await
        .context("creating a category")?;
    write_failure(&mut response)?;
    let last = response.num_statements() - 1;
    let created: Option<Category> = response.take(last).context("reading the new category")?;
    created.ok_or_else(|| ApiError::Internal(anyhow::anyhow!("created category vanished")))
}

/// The category with this id.
pub async fn find(db: &Db, id: &CategoryId) -> anyhow::Result<Option<Category>> {
    let mut response = db
        .query(concat!("SELECT ", category_fields!(), " FROM ONLY $id"))
        .bind(("id", id.record()))
        .await
        .context("loading a category")?;
    response.take(0).context("reading a category")
}

/// One page of categories by name, and how many there are.
pub async fn list(db: &Db, page: PageRequest) -> anyhow::Result<(Vec<Category>, u64)> {
    let mut response = db
        .query(concat!(
            "SELECT ",
            category_fields!(),
            ", name_key FROM category ORDER BY name_key ASC LIMIT $limit START $start; ",
            "SELECT count() AS total FROM category GROUP ALL;"
        ))
        .bind(("limit", i64::from(page.page_size)))
        .bind(("start", crate::paging::bound(page.offset())))
        .await
        .context("listing categories")?;
    let categories: Vec<Category> = response.take(0).context("reading categories")?;
    let total: Option<i64> = response.take((1, "total")).context("counting categories")?;
    Ok((categories, crate::paging::total(total)))
}

/// Applies `changes` to a category; `None` when there is no such category.
pub async fn update(
    db: &Db,
    actor: &AdminId,
    id: &CategoryId,
    changes: &CategoryChanges,
) -> Result<Option<Category>, ApiError> {
    let changes = serde_json::to_value(changes).context("encoding a category's changes")?;
    let mut response = db
        .query(concat!(
            "BEGIN; ",
            crate::audit_before!(),
            "IF $audit_before != NONE { UPDATE $id MERGE $changes RETURN NONE; ",
            crate::audit_record!("category", "update"),
            "}; COMMIT; ",
            "SELECT ",
            category_fields!(),
            " FROM ONLY $id;"
        ))
        .bind(("id", id.record()))
        .bind(("actor", actor.record()))
        .bind(("changes", changes))
        .await
        .context("updating a category")?;
    write_failure(&mut response)?;
    let last = response.num_statements() - 1;
    Ok(response
        .take(last)
        .context("reading the updated category")?)
}

/// Deletes a category no product uses. `Ok(false)` when there was no such category; 409
/// `category_in_use` (naming how many products) while products use it. The category's guard is
/// written too, so a product saved into it meanwhile conflicts and one of the two runs again.
pub async fn delete(db: &Db, actor: &AdminId, id: &CategoryId) -> Result<bool, ApiError> {
    until_settled(
        |_| async move {
            let mut response = db
                .query(concat!(
                    "BEGIN; ",
                    crate::audit_before!(),
                    "LET $exists = record::exists($id); ",
                    "LET $used = (SELECT count() AS n FROM product WHERE category = $id GROUP ALL)[0].n ?? 0; ",
                    "IF $used > 0 { THROW 'category_in_use:' + <string> $used }; ",
                    // Written even when no product ever touched it, so a save racing this delete
                    // always conflicts with it (deleting a missing record would write nothing).
                    "UPSERT $guard SET at = time::now() RETURN NONE; ",
                    "DELETE $id; ",
                    "IF $exists { ",
                    crate::audit_record!("category", "delete"),
                    "}; ",
                    "COMMIT; ",
                    "RETURN $exists;"
                ))
                .bind(("id", id.record()))
                .bind(("actor", actor.record()))
                .bind(("guard", id.guard()))
                .await
                .context("deleting a category")?;
            match failure(&mut response) {
                None => {}
                Some(Failure::Thrown(text)) if text.starts_with("category_in_use:") => {
                    let used = text.trim_start_matches("category_in_use:");
                    return Err(in_use(&format!(
                        "{used} {}",
                        if used == "1" {
                            "product uses"
                        } else {
                            "products use"
                        }
                    )));
                }
                Some(Failure::Conflict) => return Ok(Attempt::Retry),
                Some(Failure::Other(error)) if error.to_string().contains("ON DELETE REJECT") => {
                    return Err(in_use("Products use"));
                }
                Some(other) => {
                    return Err(ApiError::Internal(anyhow::anyhow!(
                        "deleting a category: {other:?}"
                    )));
                }
            }
            let last = response.num_statements() - 1;
            let existed: Option<bool> = response.take(last).context("deleting a category")?;
            Ok(Attempt::Done(existed.unwrap_or(false)))
        },
        too_busy,
    )
    .await
}

fn in_use(who: &str) -> ApiError {
    ApiError::Conflict {
        code: ErrorCode::CategoryInUse,
        message: format!("{who} this category; move them to another category first"),
        details: None,
    }
}
