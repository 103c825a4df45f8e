//! Handlers of the admin-management calls. Every role may read; changing admins needs superadmin.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;

use crate::admins::repo::{self, AdminChanges};
use crate::admins::types::{AdminEnvelope, AdminList, UpdateAdmin};
use crate::auth::session::{Admin, forbidden};
use crate::domain::{AdminId, FieldErrors, Password, sent_name_and_email};
use crate::error::{ApiError, ApiResult};
use crate::extract::{ApiJson, ApiQuery};
use crate::paging::{ListMeta, MAX_PAGE_SIZE, PageParams};
use crate::state::AppState;

fn not_found() -> ApiError {
    ApiError::NotFound("No such admin".to_owned())
}

fn admin_id(raw: &str) -> ApiResult<AdminId> {
    AdminId::parse(raw).ok_or_else(not_found)
}

/// Lists admins, oldest first.
#[utoipa::path(get, path = "/api/v1/admins", operation_id = "list_admins", tag = "admins", params(PageParams), security(("bearer" = [])),
    responses((status = 200, body = AdminList), (status = 401, body = crate::error::ErrorEnvelope), (status = 403, body = crate::error::ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    _admin: Admin,
    ApiQuery(params): ApiQuery<PageParams>,
) -> ApiResult<Json<AdminList>> {
    let page = params.request(MAX_PAGE_SIZE)?;
    let (data, total) = repo::list(&state.db, page).await?;
    Ok(Json(AdminList {
        data,
        meta: ListMeta::new(page, total),
    }))
}

/// One admin.
#[utoipa::path(get, path = "/api/v1/admins/{id}", operation_id = "get_admin", tag = "admins", params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 200, body = AdminEnvelope), (status = 404, body = crate::error::ErrorEnvelope)))]
pub async fn get(
    State(state): State<AppState>,
    _admin: Admin,
    Path(id): Path<String>,
) -> ApiResult<Json<AdminEnvelope>> {
    let admin = repo::find(&state.db, &admin_id(&id)?)
        .await?
        .ok_or_else(not_found)?;
    Ok(Json(AdminEnvelope { admin }))
}

/// Changes an admin (superadmin only). An empty password keeps the old one; a new password or
/// role ends their sessions. The last superadmin cannot be demoted.
#[utoipa::path(put, path = "/api/v1/admins/{id}", operation_id = "update_admin", tag = "admins", params(("id" = String, Path)), request_body = UpdateAdmin, security(("bearer" = [])),
    responses((status = 200, body = AdminEnvelope), (status = 400, body = crate::error::ErrorEnvelope), (status = 403, body = crate::error::ErrorEnvelope), (status = 404, body = crate::error::ErrorEnvelope), (status = 409, body = crate::error::ErrorEnvelope)))]
pub async fn update(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<UpdateAdmin>,
) -> ApiResult<Json<AdminEnvelope>> {
    admin.require_superadmin()?;
    let id = admin_id(&id)?;
    let mut errors = FieldErrors::new();
    let (username, email) =
        sent_name_and_email(&mut errors, body.username.as_deref(), body.email.as_deref());
    let mut changes = AdminChanges {
        username,
        email,
        password_hash: None,
        role: body.role,
    };
    let new_password = body
        .password
        .as_deref()
        .filter(|p| !p.is_empty())
        .and_then(|p| errors.check("password", Password::parse(p)));
    errors.finish()?;
    let revoke = new_password.is_some() || body.role.is_some();
    if let Some(new_password) = new_password {
        changes.password_hash = Some(state.hasher.hash(&new_password).await?);
    }
    let updated = repo::update(&state.db, &admin.id, &id, &changes, revoke)
        .await?
        .ok_or_else(not_found)?;
    Ok(Json(AdminEnvelope { admin: updated }))
}

/// Deletes an admin (superadmin only). Nobody deletes themselves or the last superadmin.
#[utoipa::path(delete, path = "/api/v1/admins/{id}", operation_id = "delete_admin", tag = "admins", params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 204), (status = 403, body = crate::error::ErrorEnvelope), (status = 404, body = crate::error::ErrorEnvelope), (status = 409, body = crate::error::ErrorEnvelope)))]
pub async fn delete(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    admin.require_superadmin()?;
    let id = admin_id(&id)?;
    if id == admin.id {
        return Err(forbidden("You cannot delete your own account"));
    }
    if repo::delete(&state.db, &admin.id, &id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(not_found())
    }
}
