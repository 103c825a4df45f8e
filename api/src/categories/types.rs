//! Category request and response types.

use serde::{Deserialize, Serialize};
use surrealdb::types::SurrealValue;
use utoipa::ToSchema;

/// A product category.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, SurrealValue, ToSchema)]
#[serde(rename_all = "camelCase")]
#[surreal(crate = "surrealdb::types")]
pub struct Category {
    #[serde(rename = "_id")]
    #[surreal(rename = "_id")]
    pub id: String,
    /// The name, unique ignoring case.
    pub name: String,
    /// What the category holds.
    pub description: String,
    /// When it was created (RFC 3339).
    #[surreal(rename = "createdAt")]
    pub created_at: String,
    /// When it last changed (RFC 3339).
    #[surreal(rename = "updatedAt")]
    pub updated_at: String,
}

/// `POST /categories`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewCategoryInput {
    /// 1 to 100 characters.
    pub name: String,
    /// At most 2000 characters.
    #[serde(default)]
    pub description: String,
}

/// `PATCH /categories/{id}`: every field optional.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateCategoryInput {
    /// 1 to 100 characters.
    pub name: Option<String>,
    /// At most 2000 characters.
    pub description: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryEnvelope {
    pub category: Category,
}

/// A page of categories.
#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryList {
    /// The categories on this page, by name.
    pub data: Vec<Category>,
    pub meta: crate::paging::ListMeta,
}
