//! `POST /products/import`: the upload, the dry run and the one-transaction apply.

// utoipa's `params(...)` expansion names the params type with a path unused_qualifications flags.
#![allow(unused_qualifications)]

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use axum::Json;
use axum::extract::{Multipart, State};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use crate::auth::session::Admin;
use crate::db::retry::{Attempt, too_busy, until_settled};
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::extract::ApiQuery;
use crate::products::form::multipart_error;
use crate::products::import::{self, Catalog, ImportPlan, ImportReport};
use crate::products::repo::{self, WriteError};
use crate::state::AppState;

/// The largest file an import takes.
pub const MAX_IMPORT_BYTES: usize = 10 * 1024 * 1024;

/// `POST /products/import?dryRun=`.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ImportParams {
    /// `true` (the default) only checks the file and reports; `false` writes it.
    pub dry_run: Option<bool>,
}

/// The multipart upload, for the OpenAPI document.
#[allow(dead_code)]
#[derive(ToSchema)]
struct ImportUpload {
    /// A CSV file with the columns of `GET /products/export.csv`, UTF-8.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// Reads the `file` field of the upload, refusing more than [`MAX_IMPORT_BYTES`].
async fn read_file(mut multipart: Multipart) -> ApiResult<Vec<u8>> {
    let mut file = None;
    while let Some(mut field) = multipart.next_field().await.map_err(multipart_error)? {
        if field.name() != Some("file") {
            let name = field.name().unwrap_or_default().to_owned();
            return Err(ApiError::invalid_field(
                name,
                "is not part of an import; send only file",
            ));
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
            if bytes.len() + chunk.len() > MAX_IMPORT_BYTES {
                return Err(ApiError::PayloadTooLarge);
            }
            bytes.extend_from_slice(&chunk);
        }
        file = Some(bytes);
    }
    match file {
        Some(bytes) if !bytes.is_empty() => Ok(bytes),
        Some(_) => Err(ApiError::invalid_field("file", "is empty")),
        None => Err(ApiError::invalid_field("file", "is required: a CSV file")),
    }
}

/// Checks the file against the catalog as it is now.
async fn plan(state: &AppState, bytes: Arc<[u8]>) -> ApiResult<ImportPlan> {
    let (products, categories) =
        tokio::try_join!(repo::all(&state.db), repo::all_categories(&state.db))?;
    let gst = state.config.gst.clone();
    let plan = tokio::task::spawn_blocking(move || {
        let catalog = Catalog {
            products: products.iter().map(|row| (row.id.as_str(), row)).collect(),
            categories: categories
                .into_iter()
                .filter_map(|category| {
                    let id = crate::domain::CategoryId::parse(&category.id)?;
                    Some((category.name.trim().to_lowercase(), (id, category.name)))
                })
                .collect::<HashMap<_, _>>(),
            gst: &gst,
        };
        import::plan(&bytes, &catalog)
    })
    .await
    .map_err(anyhow::Error::from)?;
    Ok(plan)
}

/// Imports products from a CSV file with the export's columns. A dry run (the default) reports
/// what applying would create and update and every bad cell; applying writes every row in one
/// transaction, or answers 422 `import_invalid` with the same report and writes nothing.
#[utoipa::path(post, path = "/api/v1/products/import", operation_id = "import_products", tag = "products", params(ImportParams), security(("bearer" = [])),
    request_body(content = ImportUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = ImportReport), (status = 400, body = crate::error::ErrorEnvelope), (status = 401, body = crate::error::ErrorEnvelope),
        (status = 413, body = crate::error::ErrorEnvelope), (status = 422, description = "import_invalid: `details` is the report", body = crate::error::ErrorEnvelope)))]
pub async fn import(
    State(state): State<AppState>,
    admin: Admin,
    ApiQuery(params): ApiQuery<ImportParams>,
    multipart: Multipart,
) -> ApiResult<Json<ImportReport>> {
    let bytes: Arc<[u8]> = read_file(multipart).await?.into();
    let dry_run = params.dry_run.unwrap_or(true);
    let mark = state.catalog_feed.mark();
    let report = until_settled(
        |_| {
            let state = &state;
            let admin = &admin;
            let bytes = Arc::clone(&bytes);
            async move {
                let plan = plan(state, bytes).await?;
                let report = plan.report();
                if !report.errors.is_empty() {
                    if dry_run {
                        return Ok(Attempt::Done(report));
                    }
                    let rows: BTreeSet<usize> =
                        report.errors.iter().map(|error| error.row).collect();
                    return Err(ApiError::Unprocessable {
                        code: ErrorCode::ImportInvalid,
                        message: format!(
                            "{} {} errors; nothing was imported",
                            rows.len(),
                            if rows.len() == 1 {
                                "row has"
                            } else {
                                "rows have"
                            }
                        ),
                        details: Some(serde_json::to_value(&report).map_err(anyhow::Error::from)?),
                    });
                }
                if dry_run {
                    return Ok(Attempt::Done(report));
                }
                match repo::import(
                    &state.db,
                    &admin.id,
                    plan.creates,
                    plan.updates,
                    plan.categories,
                    plan.audit,
                )
                .await
                {
                    Ok(()) => Ok(Attempt::Done(report)),
                    // A product or category changed under the plan: check the rows again.
                    Err(WriteError::Conflict | WriteError::Gone | WriteError::CategoryGone) => {
                        Ok(Attempt::Retry)
                    }
                    Err(error) => Err(ApiError::Internal(anyhow::anyhow!("importing: {error}"))),
                }
            }
        },
        too_busy,
    )
    .await?;
    if !dry_run {
        state.catalog_feed.after_write(mark).await;
    }
    Ok(Json(report))
}
