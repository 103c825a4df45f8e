//! Handlers of the back-office customer calls.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;

use crate::auth::session::Admin;
use crate::domain::{
    FieldErrors, Mobile, Password, RequiredText, UserId, UserStatus, sent_name_and_email,
};
use crate::error::{ApiError, ApiResult};
use crate::extract::{ApiJson, ApiQuery};
use crate::paging::{ListMeta, MAX_PAGE_SIZE, PageParams};
use crate::state::AppState;
use crate::users::repo::{self, UserChanges};
use crate::users::types::{MobileInput, UpdateUser, UserEnvelope, UserList, UserSearch};

fn not_found() -> ApiError {
    ApiError::NotFound("No such user".to_owned())
}

fn user_id(raw: &str) -> ApiResult<UserId> {
    UserId::parse(raw).ok_or_else(not_found)
}

/// A text field the request may leave out, checked as [`RequiredText`].
fn required_text(errors: &mut FieldErrors, field: &str, sent: Option<&str>) -> Option<String> {
    errors
        .check_sent(field, sent, RequiredText::parse)
        .map(RequiredText::into_string)
}

/// Lists customers, newest first.
#[utoipa::path(get, path = "/api/v1/users", operation_id = "list_users", tag = "users", params(PageParams), security(("bearer" = [])),
    responses((status = 200, body = UserList), (status = 400, body = crate::error::ErrorEnvelope), (status = 401, body = crate::error::ErrorEnvelope), (status = 403, body = crate::error::ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    _admin: Admin,
    ApiQuery(params): ApiQuery<PageParams>,
) -> ApiResult<Json<UserList>> {
    let page = params.request(MAX_PAGE_SIZE)?;
    let (data, total) = repo::list(&state.db, page).await?;
    Ok(Json(UserList {
        data,
        meta: ListMeta::new(page, total),
    }))
}

/// Finds up to 20 customers by name, e-mail, mobile or company.
#[utoipa::path(get, path = "/api/v1/users/search", operation_id = "search_users", tag = "users", params(UserSearch), security(("bearer" = [])),
    responses((status = 200, body = UserList), (status = 401, body = crate::error::ErrorEnvelope), (status = 403, body = crate::error::ErrorEnvelope)))]
pub async fn search(
    State(state): State<AppState>,
    _admin: Admin,
    ApiQuery(query): ApiQuery<UserSearch>,
) -> ApiResult<Json<UserList>> {
    let needle = query.q.trim();
    let data = if needle.is_empty() {
        Vec::new()
    } else {
        repo::search(&state.db, needle).await?
    };
    let total = data.len() as u64;
    let page = pricing::PageRequest {
        page: 1,
        page_size: u32::try_from(total.max(1)).unwrap_or(20),
    };
    Ok(Json(UserList {
        data,
        meta: ListMeta::new(page, total),
    }))
}

/// One customer.
#[utoipa::path(get, path = "/api/v1/users/{id}", operation_id = "get_user", tag = "users", params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 200, body = UserEnvelope), (status = 404, body = crate::error::ErrorEnvelope)))]
pub async fn get(
    State(state): State<AppState>,
    _admin: Admin,
    Path(id): Path<String>,
) -> ApiResult<Json<UserEnvelope>> {
    let user = repo::find(&state.db, &user_id(&id)?)
        .await?
        .ok_or_else(not_found)?;
    Ok(Json(UserEnvelope { user }))
}

/// Changes a customer. An empty password keeps the old one; a new password or deactivation ends
/// their sessions.
#[utoipa::path(put, path = "/api/v1/users/{id}", operation_id = "update_user", tag = "users", params(("id" = String, Path)), request_body = UpdateUser, security(("bearer" = [])),
    responses((status = 200, body = UserEnvelope), (status = 400, body = crate::error::ErrorEnvelope), (status = 404, body = crate::error::ErrorEnvelope), (status = 409, body = crate::error::ErrorEnvelope)))]
pub async fn update(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<UpdateUser>,
) -> ApiResult<Json<UserEnvelope>> {
    let id = user_id(&id)?;
    let mut errors = FieldErrors::new();
    let mobile = body.mobile.as_ref().map(MobileInput::as_text);
    let (username, email) =
        sent_name_and_email(&mut errors, body.username.as_deref(), body.email.as_deref());
    let mut changes = UserChanges {
        username,
        email,
        mobile: errors
            .check_sent("mobile", mobile.as_deref(), Mobile::parse)
            .map(|mobile| mobile.as_str().to_owned()),
        password_hash: None,
        address: required_text(&mut errors, "address", body.address.as_deref()),
        city: required_text(&mut errors, "city", body.city.as_deref()),
        state: required_text(&mut errors, "state", body.state.as_deref()),
        company: required_text(&mut errors, "company", body.company.as_deref()),
        status: body.status,
    };
    let new_password = body
        .password
        .as_deref()
        .filter(|p| !p.is_empty())
        .and_then(|p| errors.check("password", Password::parse(p)));
    errors.finish()?;
    let revoke = new_password.is_some() || body.status == Some(UserStatus::Inactive);
    if let Some(new_password) = new_password {
        changes.password_hash = Some(state.hasher.hash(&new_password).await?);
    }
    let user = repo::update(&state.db, &admin.id, &id, &changes, revoke)
        .await?
        .ok_or_else(not_found)?;
    Ok(Json(UserEnvelope { user }))
}

/// Soft-deletes a customer: they can no longer sign in; their orders stay. Needs admin or superadmin.
#[utoipa::path(delete, path = "/api/v1/users/{id}", operation_id = "delete_user", tag = "users", params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 204), (status = 403, body = crate::error::ErrorEnvelope), (status = 404, body = crate::error::ErrorEnvelope)))]
pub async fn delete(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    admin.require_delete()?;
    if repo::soft_delete(&state.db, &admin.id, &user_id(&id)?).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(not_found())
    }
}
