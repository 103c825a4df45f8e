//! Handlers of the product calls.

// utoipa's `params(...)` expansion names the params types with paths that unused_qualifications
// flags, outside the handler items where an item-level allow would reach.
#![allow(unused_qualifications)]

use axum::Json;
use axum::extract::{Multipart, OriginalUri, Path, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use crate::auth::session::Admin;
use crate::catalog::json as catalog_json;
use crate::catalog::query::ProductParams;
use crate::compressed::{EncodedJson, Encoding};
use crate::db::retry::{Attempt, too_busy, until_settled};
use crate::domain::{AdminId, FieldErrors, ProductId};
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::extract::ApiQuery;
use crate::products::fields::{self, CheckedText};
use crate::products::form::{self, ProductForm};
use crate::products::repo::{
    self, EditedFields, ImageChanges, ImageSlot, ProductFields, ProductRow, StockEdit, WriteError,
};
use crate::products::types::{ProductEnvelope, ProductList, ProductMatches};
use crate::state::AppState;
use crate::uploads::images::{self, ProcessedImage};
use crate::uploads::repo::{self as uploads_repo, ImageFile};
use crate::uploads::{NewImage, StoredImage};

/// The most matches `GET /products/search` returns.
pub const SEARCH_LIMIT: usize = 20;
pub use crate::products::fields::MAX_STOCK;

/// `GET /products/search?q=`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
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
    /// On an edit, the stock the form showed: the stock then moves by `stock - stockShown`, so
    /// units that orders took meanwhile stay taken. Without it `stock` is set as given.
    stock_shown: String,
    /// A category name.
    category: String,
    /// `true` or `false`.
    featured: String,
    /// The HSN code: 4 to 8 digits, or empty.
    hsn: String,
    /// The GST rate in percent: one of the slabs in force (`GET /shop`). Without it a new
    /// product gets the shop's default rate and an edit keeps the product's.
    gst_rate: String,
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
pub async fn list(
    State(state): State<AppState>,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    ApiQuery(params): ApiQuery<ProductParams>,
) -> ApiResult<EncodedJson> {
    let query = params.check()?;
    let snapshot = state.catalog.snapshot();
    Ok(snapshot
        .answers()
        .answer(request_key(&uri), Encoding::preferred(&headers), || {
            catalog_json::listing_answer(&snapshot, &query).0
        }))
}

/// What a catalog answer is kept under: the request's path and query as the client wrote them.
fn request_key(uri: &Uri) -> String {
    uri.path_and_query()
        .map_or_else(|| uri.path().to_owned(), |whole| whole.as_str().to_owned())
}

/// Finds up to 20 products by title or company.
#[utoipa::path(get, path = "/api/v1/products/search", operation_id = "search_products", tag = "products", params(ProductSearch),
    responses((status = 200, body = ProductMatches)))]
pub async fn search(
    State(state): State<AppState>,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    ApiQuery(query): ApiQuery<ProductSearch>,
) -> EncodedJson {
    let snapshot = state.catalog.snapshot();
    snapshot
        .answers()
        .answer(request_key(&uri), Encoding::preferred(&headers), || {
            catalog_json::matches(&snapshot.search(&query.q, SEARCH_LIMIT))
        })
}

/// One product.
#[utoipa::path(get, path = "/api/v1/products/{id}", operation_id = "get_product", tag = "products", params(("id" = String, Path)),
    responses((status = 200, body = ProductEnvelope), (status = 404, body = crate::error::ErrorEnvelope)))]
pub async fn get(
    State(state): State<AppState>,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<EncodedJson> {
    let snapshot = state.catalog.snapshot();
    let product = snapshot.product(&id).ok_or_else(not_found)?;
    Ok(snapshot
        .answers()
        .answer(request_key(&uri), Encoding::preferred(&headers), || {
            catalog_json::envelope(&product)
        }))
}

/// Checks the text fields of a form, over `existing` values when updating.
async fn check_text(
    state: &AppState,
    form: &ProductForm,
    existing: Option<&ProductRow>,
    errors: &mut FieldErrors,
) -> ApiResult<Option<CheckedText>> {
    let sent = form
        .text
        .get("category")
        .map(|name| name.trim())
        .filter(|name| !name.is_empty());
    let found = match sent {
        Some(name) => repo::category_by_name(&state.db, name).await?,
        None => None,
    };
    Ok(fields::check(
        &form.text,
        existing,
        |_| found,
        &state.config.gst,
        errors,
    ))
}

/// Checks and re-encodes the uploaded images, at most one per core at a time (a decode may
/// take 64 MB), recording the refusals as field errors. Returns the new image of each slot.
async fn prepare_images(
    state: &AppState,
    form: &mut ProductForm,
    errors: &mut FieldErrors,
) -> ApiResult<[Option<NewImage>; 5]> {
    for name in &form.oversized {
        errors.add(
            name,
            format!(
                "is larger than {} MB",
                images::MAX_IMAGE_BYTES / (1024 * 1024)
            ),
        );
    }
    let mut prepared: [Option<NewImage>; 5] = Default::default();
    for (index, file) in form.files.iter_mut().enumerate() {
        let Some(upload) = file.take() else { continue };
        let _turn = state.image_work.turn().await?;
        let result = tokio::task::spawn_blocking(move || {
            let bytes = std::fs::read(upload.path()).map_err(|_| "could not be read".to_owned())?;
            images::process(&bytes).map(ProcessedImage::named)
        })
        .await
        .map_err(anyhow::Error::from)?;
        prepared[index] = errors.check(&format!("image{}", index + 1), result);
    }
    Ok(prepared)
}

fn new_fields(text: CheckedText, images: Vec<Option<ImageSlot>>) -> ProductFields {
    ProductFields {
        title: text.title,
        company: text.company,
        description: text.description,
        price: text.price.as_decimal(),
        selling_price: text.selling_price.as_decimal(),
        featured: text.featured,
        category: text.category.record(),
        hsn: text.hsn,
        gst_rate: Some(text.gst_rate.as_decimal()),
        images,
    }
}

fn edited_fields(text: &CheckedText, images: Vec<Option<ImageSlot>>) -> EditedFields {
    EditedFields {
        title: text.title.clone(),
        company: text.company.clone(),
        description: text.description.clone(),
        price: text.price.as_decimal(),
        selling_price: text.selling_price.as_decimal(),
        featured: text.featured,
        category: text.category.record(),
        hsn: text.hsn.clone(),
        gst_rate: text.gst_rate.as_decimal(),
        images,
    }
}

/// The image slots after an edit over `current`, and the stored images the edit replaces or clears.
fn edited_slots(
    current: &[Option<ImageSlot>],
    new: &[Option<NewImage>; 5],
    delete: &[bool; 5],
) -> (Vec<Option<ImageSlot>>, Vec<StoredImage>) {
    let mut replaced = Vec::new();
    let slots = (0..5)
        .map(|index| {
            let current = current.get(index).cloned().flatten();
            match (&new[index], delete[index]) {
                (Some(new), _) => {
                    replaced.extend(current.map(StoredImage::from));
                    Some(ImageSlot::from(new.stored.clone()))
                }
                (None, true) => {
                    replaced.extend(current.map(StoredImage::from));
                    None
                }
                (None, false) => current,
            }
        })
        .collect();
    (slots, replaced)
}

/// The answer to a product write that cannot succeed by running it again.
fn refusal(error: WriteError, stock: StockEdit) -> ApiError {
    match error {
        WriteError::Gone => not_found(),
        WriteError::CategoryGone => {
            ApiError::invalid_field("category", "was just deleted; choose another category")
        }
        WriteError::StockShort(left) => stock_changed(left, stock),
        WriteError::Other(error) => ApiError::Internal(error),
        WriteError::ImagesChanged | WriteError::Conflict => too_busy(),
    }
}

/// Stores a new product with its image files, running the write again when it loses a race.
async fn write_new(
    state: &AppState,
    actor: &AdminId,
    fields: ProductFields,
    stock: i64,
    files: Vec<ImageFile>,
) -> ApiResult<ProductRow> {
    let (fields, files) = (&fields, &files);
    until_settled(
        |_| async move {
            match repo::create(&state.db, actor, fields.clone(), stock, files.clone()).await {
                Ok(row) => Ok(Attempt::Done(row)),
                Err(WriteError::Conflict) => Ok(Attempt::Retry),
                Err(error) => Err(refusal(error, StockEdit::Set(stock))),
            }
        },
        too_busy,
    )
    .await
}

fn stock_changed(left: i64, edit: StockEdit) -> ApiError {
    let message = match edit {
        StockEdit::By(delta) => format!(
            "Orders took units since this form was loaded: {left} in stock now, so it cannot go down by {}. Reload the product and try again.",
            -delta
        ),
        StockEdit::Set(_) => format!("{left} in stock now; the stock cannot go below zero."),
    };
    ApiError::Conflict {
        code: ErrorCode::StockChanged,
        message,
        details: Some(serde_json::json!({ "stock": left })),
    }
}

/// Creates a product from a multipart form (any admin role).
#[utoipa::path(post, path = "/api/v1/products", operation_id = "create_product", tag = "products", security(("bearer" = [])),
    request_body(content = ProductFormSchema, content_type = "multipart/form-data"),
    responses((status = 201, body = ProductEnvelope), (status = 400, body = crate::error::ErrorEnvelope), (status = 401, body = crate::error::ErrorEnvelope), (status = 403, body = crate::error::ErrorEnvelope), (status = 413, body = crate::error::ErrorEnvelope)))]
pub async fn create(
    State(state): State<AppState>,
    admin: Admin,
    multipart: Multipart,
) -> ApiResult<(StatusCode, Json<ProductEnvelope>)> {
    let mut form = form::read(multipart, &state.upload_dir).await?;
    let mut errors = FieldErrors::new();
    let text = check_text(&state, &form, None, &mut errors).await?;
    let new = prepare_images(&state, &mut form, &mut errors).await?;
    errors.finish()?;
    let Some(text) = text else {
        return Err(ApiError::bad_request(
            ErrorCode::ValidationFailed,
            "invalid product",
        ));
    };
    let Some(stock) = text.stock else {
        return Err(ApiError::invalid_field("stock", "is required"));
    };
    let slots: Vec<Option<ImageSlot>> = new
        .iter()
        .map(|image| {
            image
                .as_ref()
                .map(|image| ImageSlot::from(image.stored.clone()))
        })
        .collect();
    let mark = state.catalog_feed.mark();
    let row = write_new(
        &state,
        &admin.id,
        new_fields(text, slots),
        stock,
        uploads_repo::files(new.iter().flatten()),
    )
    .await?;
    let view = row.view();
    state.catalog_feed.after_write(mark).await;
    Ok((StatusCode::CREATED, Json(ProductEnvelope { product: view })))
}

/// Writes an edit over the image slots last read, running it again over fresh slots when another
/// write came first. Returns the product and the stored images it replaced or cleared.
async fn write_edit(
    state: &AppState,
    actor: &AdminId,
    id: &ProductId,
    text: &CheckedText,
    new: &[Option<NewImage>; 5],
    delete: &[bool; 5],
    first_seen_images: Vec<Option<ImageSlot>>,
) -> ApiResult<(ProductRow, Vec<StoredImage>)> {
    let stock = text.stock_edit();
    let added = &uploads_repo::files(new.iter().flatten());
    let first_seen_images = &first_seen_images;
    until_settled(
        |attempt| async move {
            // A later attempt lost to another write: build on the image slots stored now.
            let seen_images = if attempt == 1 {
                first_seen_images.clone()
            } else {
                repo::find(&state.db, id)
                    .await?
                    .ok_or_else(not_found)?
                    .images
            };
            let (slots, replaced) = edited_slots(&seen_images, new, delete);
            let removed = replaced
                .iter()
                .flat_map(|image| image.names())
                .map(str::to_owned)
                .collect();
            let images = ImageChanges {
                added: added.clone(),
                removed,
            };
            match repo::update(
                &state.db,
                actor,
                id,
                &seen_images,
                edited_fields(text, slots),
                stock,
                images,
            )
            .await
            {
                Ok(row) => Ok(Attempt::Done((row, replaced))),
                Err(WriteError::ImagesChanged | WriteError::Conflict) => Ok(Attempt::Retry),
                Err(error) => Err(refusal(error, stock)),
            }
        },
        too_busy,
    )
    .await
}

/// Changes a product from a multipart form (any admin role): fields sent replace the old ones,
/// files replace their slot, `delete_imageN=true` clears slot N.
#[utoipa::path(patch, path = "/api/v1/products/{id}", operation_id = "update_product", tag = "products", params(("id" = String, Path)), security(("bearer" = [])),
    request_body(content = ProductFormSchema, content_type = "multipart/form-data"),
    responses((status = 200, body = ProductEnvelope), (status = 400, body = crate::error::ErrorEnvelope), (status = 404, body = crate::error::ErrorEnvelope), (status = 413, body = crate::error::ErrorEnvelope)))]
pub async fn update(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<String>,
    multipart: Multipart,
) -> ApiResult<Json<ProductEnvelope>> {
    let id = product_id(&id)?;
    let mut form = form::read(multipart, &state.upload_dir).await?;
    let existing = repo::find(&state.db, &id).await?.ok_or_else(not_found)?;
    let mut errors = FieldErrors::new();
    let text = check_text(&state, &form, Some(&existing), &mut errors).await?;
    let new = prepare_images(&state, &mut form, &mut errors).await?;
    errors.finish()?;
    let Some(text) = text else {
        return Err(ApiError::bad_request(
            ErrorCode::ValidationFailed,
            "invalid product",
        ));
    };

    let mark = state.catalog_feed.mark();
    let (row, replaced) = write_edit(
        &state,
        &admin.id,
        &id,
        &text,
        &new,
        &form.delete,
        existing.images,
    )
    .await?;
    state.images.forget(replaced.iter()).await;
    let view = row.view();
    state.catalog_feed.after_write(mark).await;
    Ok(Json(ProductEnvelope { product: view }))
}

/// Deletes a product and its image files (admin or superadmin).
#[utoipa::path(delete, path = "/api/v1/products/{id}", operation_id = "delete_product", tag = "products", params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 204), (status = 403, body = crate::error::ErrorEnvelope), (status = 404, body = crate::error::ErrorEnvelope)))]
pub async fn delete(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    admin.require_delete()?;
    let id = product_id(&id)?;
    let mark = state.catalog_feed.mark();
    let images = repo::delete(&state.db, &admin.id, &id)
        .await?
        .ok_or_else(not_found)?;
    let files: Vec<StoredImage> = images
        .into_iter()
        .flatten()
        .map(StoredImage::from)
        .collect();
    state.images.forget(files.iter()).await;
    state.catalog_feed.after_write(mark).await;
    Ok(StatusCode::NO_CONTENT)
}
