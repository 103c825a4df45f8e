//! Admin request and response types.

use serde::{Deserialize, Serialize};
use surrealdb::types::SurrealValue;
use utoipa::ToSchema;

use crate::domain::AdminRole;

/// A back-office admin as the API shows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, SurrealValue, ToSchema)]
#[serde(rename_all = "camelCase")]
#[surreal(crate = "surrealdb::types")]
pub struct AdminAccount {
    #[serde(rename = "_id")]
    #[surreal(rename = "_id")]
    pub id: String,
    pub username: String,
    /// Their e-mail address, lower case.
    pub email: String,
    pub role: AdminRole,
    /// When the account was created (RFC 3339).
    #[surreal(rename = "createdAt")]
    pub created_at: String,
    /// When the account last changed (RFC 3339).
    #[surreal(rename = "updatedAt")]
    pub updated_at: String,
}

/// `POST /authadmin/register` (JSON or multipart form fields).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RegisterAdmin {
    /// 2 to 50 characters.
    pub username: String,
    pub email: String,
    /// 8 to 128 characters.
    pub password: String,
    /// Defaults to `staff`; the very first admin is always `superadmin`.
    #[serde(default)]
    pub role: Option<AdminRole>,
}

/// `PUT /admins/{id}`: every field optional; an empty password keeps the old one.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateAdmin {
    /// 2 to 50 characters.
    pub username: Option<String>,
    pub email: Option<String>,
    /// 8 to 128 characters; empty keeps the old password.
    pub password: Option<String>,
    pub role: Option<AdminRole>,
}

/// `POST /authadmin/login` and `POST /auth/login`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Login {
    /// An e-mail address (or, for customers, a mobile number).
    pub identifier: String,
    pub password: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminEnvelope {
    pub admin: AdminAccount,
}

/// `{"admin": ..., "jwt": ...}`; `jwt` is absent when a superadmin registered someone else.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminWithToken {
    pub admin: AdminAccount,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jwt: Option<String>,
}

/// A page of admins.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminList {
    /// The admins on this page.
    pub data: Vec<AdminAccount>,
    pub meta: crate::paging::ListMeta,
}
