//! Customer request and response types.

use serde::{Deserialize, Serialize};
use surrealdb::types::SurrealValue;
use utoipa::{IntoParams, ToSchema};

use crate::domain::UserStatus;

/// A customer as the API shows them (never with a password).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, SurrealValue, ToSchema)]
#[serde(rename_all = "camelCase")]
#[surreal(crate = "surrealdb::types")]
pub struct User {
    #[serde(rename = "_id")]
    #[surreal(rename = "_id")]
    pub id: String,
    pub username: String,
    /// Their e-mail address, lower case.
    pub email: String,
    /// Their 10-digit mobile number.
    pub mobile: String,
    pub address: String,
    pub city: String,
    pub state: String,
    pub company: String,
    /// Whether they may sign in.
    pub status: UserStatus,
    /// When the account was created (RFC 3339).
    #[surreal(rename = "createdAt")]
    pub created_at: String,
    /// When the account last changed (RFC 3339).
    #[surreal(rename = "updatedAt")]
    pub updated_at: String,
}

/// A mobile number as a form sends it: text or a number.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum MobileInput {
    /// `"9876543210"` or `"+91 98765 43210"`.
    Text(String),
    /// `9876543210`.
    Number(u64),
}

impl MobileInput {
    /// The number as text.
    pub fn as_text(&self) -> String {
        match self {
            MobileInput::Text(text) => text.clone(),
            MobileInput::Number(number) => number.to_string(),
        }
    }
}

/// `POST /auth/register`. `status` may only be set by an admin.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RegisterUser {
    /// 2 to 50 characters.
    pub username: String,
    pub email: String,
    /// 8 to 128 characters.
    pub password: String,
    /// Street address (at most 200 characters).
    pub address: String,
    pub city: String,
    pub state: String,
    /// A 10-digit Indian mobile number.
    pub mobile: MobileInput,
    pub company: String,
    /// `active` (default) or `inactive`; admins only.
    #[serde(default)]
    pub status: Option<UserStatus>,
}

/// `PUT /users/{id}`: every field optional; an empty password keeps the old one.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateUser {
    /// 2 to 50 characters.
    pub username: Option<String>,
    pub email: Option<String>,
    /// 8 to 128 characters; empty keeps the old password.
    pub password: Option<String>,
    pub address: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    /// A 10-digit Indian mobile number.
    pub mobile: Option<MobileInput>,
    pub company: Option<String>,
    /// `active` or `inactive`.
    pub status: Option<UserStatus>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserEnvelope {
    pub user: User,
}

/// `{"user": ..., "jwt": ...}`; `jwt` is absent when an admin created the account.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserWithToken {
    pub user: User,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jwt: Option<String>,
}

/// A page of customers.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserList {
    /// The customers on this page.
    pub data: Vec<User>,
    pub meta: crate::paging::ListMeta,
}

/// `GET /users/search?q=`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct UserSearch {
    /// Part of a name, e-mail, mobile or company; blank finds nothing.
    #[serde(default)]
    pub q: String,
}
