//! Handlers of the category calls.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;

use crate::auth::session::Admin;
use crate::categories::repo::{self, CategoryChanges, CategoryFields};
use crate::categories::types::{
    CategoryEnvelope, CategoryList, NewCategoryInput, UpdateCategoryInput,
};
use crate::domain::{CategoryId, FieldErrors};
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::extract::{ApiJson, ApiQuery};
use crate::paging::{ListMeta, MAX_PICKER_PAGE_SIZE, PageParams};
use crate::state::AppState;

/// The longest category name.
pub const MAX_NAME_CHARS: usize = 100;
/// The longest category description.
pub const MAX_DESCRIPTION_CHARS: usize = 2000;

fn parse_name(raw: &str) -> Result<String, String> {
    let name = raw.trim();
    match name.chars().count() {
        0 => Err("is required".to_owned()),
        n if n > MAX_NAME_CHARS => Err(format!("must be at most {MAX_NAME_CHARS} characters")),
        _ => Ok(name.to_owned()),
    }
}

fn parse_description(raw: &str) -> Result<String, String> {
    let description = raw.trim();
    if description.chars().count() > MAX_DESCRIPTION_CHARS {
        Err(format!(
            "must be at most {MAX_DESCRIPTION_CHARS} characters"
        ))
    } else {
        Ok(description.to_owned())
    }
}

fn not_found() -> ApiError {
    ApiError::NotFound("No such category".to_owned())
}

fn category_id(raw: &str) -> ApiResult<CategoryId> {
    CategoryId::parse(raw).ok_or_else(not_found)
}

/// Lists categories by name; admin pickers load up to 1000 at once.
#[utoipa::path(get, path = "/api/v1/categories", operation_id = "list_categories", tag = "categories", params(PageParams),
    responses((status = 200, body = CategoryList), (status = 400, body = crate::error::ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    ApiQuery(params): ApiQuery<PageParams>,
) -> ApiResult<Json<CategoryList>> {
    let page = params.request(MAX_PICKER_PAGE_SIZE)?;
    let (data, total) = repo::list(&state.db, page).await?;
    Ok(Json(CategoryList {
        data,
        meta: ListMeta::new(page, total),
    }))
}

/// One category.
#[utoipa::path(get, path = "/api/v1/categories/{id}", operation_id = "get_category", tag = "categories", params(("id" = String, Path)),
    responses((status = 200, body = CategoryEnvelope), (status = 404, body = crate::error::ErrorEnvelope)))]
pub async fn get(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<CategoryEnvelope>> {
    let category = repo::find(&state.db, &category_id(&id)?)
        .await?
        .ok_or_else(not_found)?;
    Ok(Json(CategoryEnvelope { category }))
}

/// Creates a category (any admin role).
#[utoipa::path(post, path = "/api/v1/categories", operation_id = "create_category", tag = "categories", request_body = NewCategoryInput, security(("bearer" = [])),
    responses((status = 201, body = CategoryEnvelope), (status = 400, body = crate::error::ErrorEnvelope), (status = 401, body = crate::error::ErrorEnvelope), (status = 403, body = crate::error::ErrorEnvelope), (status = 409, description = "name_taken", body = crate::error::ErrorEnvelope)))]
pub async fn create(
    State(state): State<AppState>,
    admin: Admin,
    ApiJson(body): ApiJson<NewCategoryInput>,
) -> ApiResult<(StatusCode, Json<CategoryEnvelope>)> {
    let mut errors = FieldErrors::new();
    let name = errors.check("name", parse_name(&body.name));
    let description = errors.check("description", parse_description(&body.description));
    errors.finish()?;
    let (Some(name), Some(description)) = (name, description) else {
        return Err(ApiError::bad_request(
            ErrorCode::ValidationFailed,
            "invalid category",
        ));
    };
    let mark = state.catalog_feed.mark();
    let category = repo::create(&state.db, &admin.id, CategoryFields { name, description }).await?;
    state.catalog_feed.after_write(mark).await;
    Ok((StatusCode::CREATED, Json(CategoryEnvelope { category })))
}

/// Renames or redescribes a category (any admin role).
#[utoipa::path(patch, path = "/api/v1/categories/{id}", operation_id = "update_category", tag = "categories", params(("id" = String, Path)), request_body = UpdateCategoryInput, security(("bearer" = [])),
    responses((status = 200, body = CategoryEnvelope), (status = 400, body = crate::error::ErrorEnvelope), (status = 404, body = crate::error::ErrorEnvelope), (status = 409, description = "name_taken", body = crate::error::ErrorEnvelope)))]
pub async fn update(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<UpdateCategoryInput>,
) -> ApiResult<Json<CategoryEnvelope>> {
    let id = category_id(&id)?;
    let mut errors = FieldErrors::new();
    let changes = CategoryChanges {
        name: errors.check_sent("name", body.name.as_deref(), parse_name),
        description: errors.check_sent(
            "description",
            body.description.as_deref(),
            parse_description,
        ),
    };
    errors.finish()?;
    let mark = state.catalog_feed.mark();
    let category = repo::update(&state.db, &admin.id, &id, &changes)
        .await?
        .ok_or_else(not_found)?;
    state.catalog_feed.after_write(mark).await;
    Ok(Json(CategoryEnvelope { category }))
}

/// Deletes a category that no product uses (admin or superadmin).
#[utoipa::path(delete, path = "/api/v1/categories/{id}", operation_id = "delete_category", tag = "categories", params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 204), (status = 403, body = crate::error::ErrorEnvelope), (status = 404, body = crate::error::ErrorEnvelope), (status = 409, description = "category_in_use", body = crate::error::ErrorEnvelope)))]
pub async fn delete(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    admin.require_delete()?;
    let id = category_id(&id)?;
    let mark = state.catalog_feed.mark();
    if !repo::delete(&state.db, &admin.id, &id).await? {
        return Err(not_found());
    }
    state.catalog_feed.after_write(mark).await;
    Ok(StatusCode::NO_CONTENT)
}
