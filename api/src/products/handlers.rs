//! Handlers of the product calls.

// utoipa's `params(...)` expansion names the params types with paths that unused_qualifications
// flags, outside the handler items where an item-level allow would reach.
#![allow(unused_qualifications)]

use std::str::FromStr;

use axum::Json;
use axum::extract::{Multipart, Path, State};
use axum::http::StatusCode;
use pricing::Money;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::app::AppState;
use crate::auth::session::Admin;
use crate::catalog::json::{self as catalog_json, JsonText};
use crate::catalog::query::ProductParams;
use crate::catalog::read_model::{CatalogChange, ProductView};
use crate::domain::{CategoryId, FieldErrors, ProductId};
use crate::error::{ApiError, ApiResult};
use crate::extract::ApiQuery;
use crate::paging::{ListMeta, Pagination};
use crate::products::form::{self, ProductForm};
use crate::products::repo::{self, ImageSlot, ProductFields, ProductRow};
use crate::uploads::{StoredImage, images};

/// The most matches `GET /products/search` returns.
pub const SEARCH_LIMIT: usize = 20;
/// The largest stock a product may hold.
pub const MAX_STOCK: i64 = 1_000_000;

/// `meta` of a product listing: paging plus the filter choices.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductListMeta {
    /// Paging.
    pub pagination: Pagination,
    /// `all`, then every category name.
    pub categories: Vec<String>,
    /// `all`, then every company.
    pub companies: Vec<String>,
}

/// A page of products (the body `catalog::json::listing` writes).
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductList {
    /// The products on this page.
    pub data: Vec<ProductView>,
    /// Paging and filter choices.
    pub meta: ProductListMeta,
}

/// Search results (the body `catalog::json::matches` writes).
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductMatches {
    /// Up to 20 products, titles starting with the text first.
    pub data: Vec<ProductView>,
}

/// `{"product": ...}` (the body `catalog::json::envelope` writes for a read).
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductEnvelope {
    /// The product.
    pub product: ProductView,
}

/// `GET /products/search?q=`.
#[derive(Debug, Deserialize, IntoParams)]
pub struct ProductSearch {
    /// Part of a title or company.
    #[serde(default)]
    pub q: String,
}

/// The multipart product form, for the OpenAPI document.
#[allow(dead_code)]
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
struct ProductFormSchema {
    title: String,
    company: String,
    description: String,
    selling_price: String,
    price: String,
    stock: String,
    /// A category name.
    category: String,
    /// `true` or `false`.
    featured: String,
    #[schema(value_type = String, format = Binary)]
    image1: Vec<u8>,
    #[schema(value_type = String, format = Binary)]
    image2: Vec<u8>,
    #[schema(value_type = String, format = Binary)]
    image3: Vec<u8>,
    #[schema(value_type = String, format = Binary)]
    image4: Vec<u8>,
    #[schema(value_type = String, format = Binary)]
    image5: Vec<u8>,
    /// `true` clears image slot 1 (likewise delete_image2..delete_image5).
    delete_image1: String,
}

fn not_found() -> ApiError {
    ApiError::NotFound("No such product".to_owned())
}

fn product_id(raw: &str) -> ApiResult<ProductId> {
    ProductId::parse(raw).ok_or_else(not_found)
}

/// Lists products with filters, order and paging, from the catalog read model.
#[utoipa::path(get, path = "/api/v1/products", operation_id = "list_products", tag = "products", params(ProductParams),
    responses((status = 200, body = ProductList), (status = 400, body = crate::error::ErrorEnvelope)))]
pub async fn list(State(state): State<AppState>, ApiQuery(params): ApiQuery<ProductParams>) -> ApiResult<JsonText> {
    let query = params.check()?;
    let snapshot = state.catalog.snapshot();
    let listing = snapshot.list(&query);
    let pagination = ListMeta::new(query.page, listing.total).pagination;
    Ok(catalog_json::listing(&listing.products, &pagination, &snapshot))
}

/// Finds up to 20 products by title or company.
#[utoipa::path(get, path = "/api/v1/products/search", operation_id = "search_products", tag = "products", params(ProductSearch),
    responses((status = 200, body = ProductMatches)))]
pub async fn search(State(state): State<AppState>, ApiQuery(query): ApiQuery<ProductSearch>) -> JsonText {
    catalog_json::matches(&state.catalog.snapshot().search(&query.q, SEARCH_LIMIT))
}

/// One product.
#[utoipa::path(get, path = "/api/v1/products/{id}", operation_id = "get_product", tag = "products", params(("id" = String, Path)),
    responses((status = 200, body = ProductEnvelope), (status = 404, body = crate::error::ErrorEnvelope)))]
pub async fn get(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<JsonText> {
    let product = state.catalog.snapshot().product(&id).ok_or_else(not_found)?;
    Ok(catalog_json::envelope(&product))
}

/// Checked text fields: either all required (create) or each optional over an existing product.
struct CheckedText {
    title: String,
    company: String,
    description: String,
    price: Money,
    selling_price: Money,
    stock: i64,
    featured: bool,
    category: CategoryId,
}

fn text_field(form: &ProductForm, name: &str) -> Option<String> {
    form.text.get(name).map(|value| value.trim().to_owned())
}

fn bounded(name_max: usize, required: bool) -> impl Fn(&str) -> Result<String, String> {
    move |value: &str| {
        let count = value.chars().count();
        if required && count == 0 {
            Err("is required".to_owned())
        } else if count > name_max {
            Err(format!("must be at most {name_max} characters"))
        } else {
            Ok(value.to_owned())
        }
    }
}

fn money(value: &str) -> Result<Money, String> {
    let amount = Money::from_str(value).map_err(|_| "must be an amount in rupees with at most two decimals".to_owned())?;
    if amount.is_negative() { Err("cannot be negative".to_owned()) } else { Ok(amount) }
}

fn stock(value: &str) -> Result<i64, String> {
    match value.parse::<i64>() {
        Ok(stock) if (0..=MAX_STOCK).contains(&stock) => Ok(stock),
        _ => Err(format!("must be a whole number from 0 to {MAX_STOCK}")),
    }
}

fn featured(value: &str) -> Result<bool, String> {
    match value {
        "true" | "on" | "1" => Ok(true),
        "false" | "off" | "0" | "" => Ok(false),
        other => Err(format!("must be true or false (not '{other}')")),
    }
}

/// Checks the text fields of a form, over `existing` values when updating.
async fn check_text(state: &AppState, form: &ProductForm, existing: Option<&ProductRow>, errors: &mut FieldErrors) -> ApiResult<Option<CheckedText>> {
    let required = existing.is_none();
    let pick = |name: &str, fallback: Option<String>| text_field(form, name).or(fallback);
    let title = pick("title", existing.map(|e| e.title.clone())).or_else(|| required.then(String::new));
    let company = pick("company", existing.map(|e| e.company.clone())).or_else(|| required.then(String::new));
    let description = pick("description", existing.map(|e| e.description.clone())).unwrap_or_default();
    let title = title.and_then(|v| errors.check("title", bounded(200, true)(&v)));
    let company = company.and_then(|v| errors.check("company", bounded(100, true)(&v)));
    let description = errors.check("description", bounded(5000, false)(&description));

    let price = match text_field(form, "price") {
        Some(v) => errors.check("price", money(&v)),
        None => existing.map(|e| Money::round(e.price)).or_else(|| errors.check("price", Err("is required".to_owned()))),
    };
    let selling_price = match text_field(form, "sellingPrice") {
        Some(v) => errors.check("sellingPrice", money(&v)),
        None => existing.map(|e| Money::round(e.selling_price)).or_else(|| errors.check("sellingPrice", Err("is required".to_owned()))),
    };
    if let (Some(price), Some(selling)) = (price, selling_price)
        && price < selling
    {
        errors.add("price", "the list price cannot be below the selling price");
    }
    let stock = match text_field(form, "stock") {
        Some(v) => errors.check("stock", stock(&v)),
        None => existing.map(|e| e.stock).or_else(|| errors.check("stock", Err("is required".to_owned()))),
    };
    let featured = match text_field(form, "featured") {
        Some(v) => errors.check("featured", featured(&v)),
        None => Some(existing.is_some_and(|e| e.featured)),
    };
    let category = match text_field(form, "category") {
        Some(name) if !name.is_empty() => match repo::category_by_name(&state.db, &name).await? {
            Some(id) => Some(id),
            None => errors.check("category", Err(format!("there is no category named '{name}'"))),
        },
        _ => existing
            .and_then(|e| CategoryId::parse(&e.category.id))
            .or_else(|| errors.check("category", Err("is required".to_owned()))),
    };
    Ok(match (title, company, description, price, selling_price, stock, featured, category) {
        (Some(title), Some(company), Some(description), Some(price), Some(selling_price), Some(stock), Some(featured), Some(category)) => {
            Some(CheckedText { title, company, description, price, selling_price, stock, featured, category })
        }
        _ => None,
    })
}

/// Checks, re-encodes and stores the uploaded images; on any refusal removes what it stored
/// and records the field errors. Returns the new image of each slot.
async fn store_images(state: &AppState, form: &mut ProductForm, errors: &mut FieldErrors) -> ApiResult<[Option<StoredImage>; 5]> {
    for name in &form.oversized {
        errors.add(name, format!("is larger than {} MB", images::MAX_IMAGE_BYTES / (1024 * 1024)));
    }
    let mut processed = Vec::new();
    for (index, file) in form.files.iter_mut().enumerate() {
        if let Some(bytes) = file.take() {
            let result = tokio::task::spawn_blocking(move || images::process(&bytes)).await.map_err(anyhow::Error::from)?;
            if let Some(image) = errors.check(&format!("image{}", index + 1), result) {
                processed.push((index, image));
            }
        }
    }
    let mut stored: [Option<StoredImage>; 5] = Default::default();
    if !errors.is_empty() {
        return Ok(stored);
    }
    for (index, image) in processed {
        match state.images.save(image).await {
            Ok(saved) => stored[index] = Some(saved),
            Err(error) => {
                state.images.remove(stored.iter().flatten()).await;
                return Err(error.into());
            }
        }
    }
    Ok(stored)
}

fn fields(text: CheckedText, images: Vec<Option<ImageSlot>>) -> ProductFields {
    ProductFields {
        title: text.title,
        company: text.company,
        description: text.description,
        price: text.price.as_decimal(),
        selling_price: text.selling_price.as_decimal(),
        stock: text.stock,
        featured: text.featured,
        category: text.category.record(),
        images,
    }
}

/// Creates a product from a multipart form (any admin role).
#[utoipa::path(post, path = "/api/v1/products", operation_id = "create_product", tag = "products", security(("bearer" = [])),
    request_body(content = ProductFormSchema, content_type = "multipart/form-data"),
    responses((status = 201, body = ProductEnvelope), (status = 400, body = crate::error::ErrorEnvelope), (status = 401, body = crate::error::ErrorEnvelope), (status = 403, body = crate::error::ErrorEnvelope), (status = 413, body = crate::error::ErrorEnvelope)))]
pub async fn create(State(state): State<AppState>, _admin: Admin, multipart: Multipart) -> ApiResult<(StatusCode, Json<ProductEnvelope>)> {
    let mut form = form::read(multipart).await?;
    let mut errors = FieldErrors::new();
    let text = check_text(&state, &form, None, &mut errors).await?;
    let stored = store_images(&state, &mut form, &mut errors).await?;
    errors.finish()?;
    let Some(text) = text else { return Err(ApiError::bad_request("validation_failed", "invalid product")) };
    let slots: Vec<Option<ImageSlot>> = stored.iter().cloned().map(|slot| slot.map(ImageSlot::from)).collect();
    let row = match repo::create(&state.db, fields(text, slots)).await {
        Ok(row) => row,
        Err(error) => {
            state.images.remove(stored.iter().flatten()).await;
            return Err(error.into());
        }
    };
    let view = row.view();
    state.catalog.apply(CatalogChange::ProductSaved(Box::new(view.clone())));
    Ok((StatusCode::CREATED, Json(ProductEnvelope { product: view })))
}

/// Changes a product from a multipart form (any admin role): fields sent replace the old ones,
/// files replace their slot, `delete_imageN=true` clears slot N.
#[utoipa::path(patch, path = "/api/v1/products/{id}", operation_id = "update_product", tag = "products", params(("id" = String, Path)), security(("bearer" = [])),
    request_body(content = ProductFormSchema, content_type = "multipart/form-data"),
    responses((status = 200, body = ProductEnvelope), (status = 400, body = crate::error::ErrorEnvelope), (status = 404, body = crate::error::ErrorEnvelope), (status = 413, body = crate::error::ErrorEnvelope)))]
pub async fn update(State(state): State<AppState>, _admin: Admin, Path(id): Path<String>, multipart: Multipart) -> ApiResult<Json<ProductEnvelope>> {
    let id = product_id(&id)?;
    let mut form = form::read(multipart).await?;
    let existing = repo::find(&state.db, &id).await?.ok_or_else(not_found)?;
    let mut errors = FieldErrors::new();
    let text = check_text(&state, &form, Some(&existing), &mut errors).await?;
    let stored = store_images(&state, &mut form, &mut errors).await?;
    errors.finish()?;
    let Some(text) = text else { return Err(ApiError::bad_request("validation_failed", "invalid product")) };

    let mut old = existing.images.clone();
    old.resize(5, None);
    let mut replaced = Vec::new();
    let slots: Vec<Option<ImageSlot>> = old
        .into_iter()
        .enumerate()
        .map(|(index, current)| match (&stored[index], form.delete[index]) {
            (Some(new), _) => {
                replaced.extend(current.map(StoredImage::from));
                Some(ImageSlot::from(new.clone()))
            }
            (None, true) => {
                replaced.extend(current.map(StoredImage::from));
                None
            }
            (None, false) => current,
        })
        .collect();
    let row = match repo::update(&state.db, &id, fields(text, slots)).await {
        Ok(Some(row)) => row,
        outcome => {
            state.images.remove(stored.iter().flatten()).await;
            return match outcome {
                Err(error) => Err(error.into()),
                _ => Err(not_found()),
            };
        }
    };
    state.images.remove(replaced.iter()).await;
    let view = row.view();
    state.catalog.apply(CatalogChange::ProductSaved(Box::new(view.clone())));
    Ok(Json(ProductEnvelope { product: view }))
}

/// Deletes a product and its image files (admin or superadmin).
#[utoipa::path(delete, path = "/api/v1/products/{id}", operation_id = "delete_product", tag = "products", params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 204), (status = 403, body = crate::error::ErrorEnvelope), (status = 404, body = crate::error::ErrorEnvelope)))]
pub async fn delete(State(state): State<AppState>, admin: Admin, Path(id): Path<String>) -> ApiResult<StatusCode> {
    admin.require_delete()?;
    let id = product_id(&id)?;
    let images = repo::delete(&state.db, &id).await?.ok_or_else(not_found)?;
    let files: Vec<StoredImage> = images.into_iter().flatten().map(StoredImage::from).collect();
    state.images.remove(files.iter()).await;
    state.catalog.apply(CatalogChange::ProductDeleted(id.key().to_owned()));
    Ok(StatusCode::NO_CONTENT)
}
