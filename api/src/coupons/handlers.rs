//! Handlers of the coupon calls.

use std::str::FromStr;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use pricing::{CouponTerms, Money};
use serde_json::json;
use surrealdb::types::Datetime;

use crate::auth::session::{Admin, Caller};
use crate::coupons::repo::{self, CouponFields, CouponRow, WriteError};
use crate::coupons::types::{
    CouponAnswer, CouponEnvelope, CouponInput, CouponList, CouponTermsEnvelope,
};
use crate::domain::FieldErrors;
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::extract::{ApiJson, ApiQuery};
use crate::paging::{ListMeta, MAX_PAGE_SIZE, PageParams};
use crate::state::AppState;

/// The code a client typed, as stored: trimmed and upper case.
pub fn normalize_code(code: &str) -> String {
    code.trim().to_ascii_uppercase()
}

/// 404 `coupon_not_found`.
pub fn not_found() -> ApiError {
    ApiError::NotFoundAs {
        code: ErrorCode::CouponNotFound,
        message: "There is no such coupon code".to_owned(),
    }
}

/// 409 `coupon_unusable` with `details.reason`.
pub fn unusable(reason: &str, message: &str) -> ApiError {
    let mut message = message.to_owned();
    if let Some(first) = message.get(..1) {
        message = first.to_uppercase() + &message[1..];
    }
    ApiError::Conflict {
        code: ErrorCode::CouponUnusable,
        message,
        details: Some(json!({ "reason": reason })),
    }
}

/// The milliseconds since 1970 now, the pricing crate's clock.
pub fn now_ms() -> i64 {
    i64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_millis()),
    )
    .unwrap_or(i64::MAX)
}

fn time(errors: &mut FieldErrors, field: &str, text: Option<String>) -> Option<Datetime> {
    let text = text?;
    let parsed = Datetime::from_str(text.trim()).ok();
    if parsed.is_none() {
        errors.add(
            field,
            "must be a date and time such as 2026-12-31T23:59:59+05:30",
        );
    }
    parsed
}

fn limit(errors: &mut FieldErrors, field: &str, value: Option<u32>) -> Option<i64> {
    match value {
        Some(0) => {
            errors.add(field, "must be at least 1, or left empty for no limit");
            None
        }
        other => other.map(i64::from),
    }
}

/// The fields `input` sets over `current` (a new coupon when `None`), checked by the pricing
/// crate's rules; every problem is named by its field.
fn checked_fields(input: CouponInput, current: Option<&CouponRow>) -> ApiResult<CouponFields> {
    let mut errors = FieldErrors::new();
    let base = current.map(CouponFields::from);
    let code = match (&base, input.code.as_deref()) {
        (Some(base), Some(code)) if normalize_code(code) != base.code => {
            errors.add("code", "cannot be changed; create a new coupon instead");
            base.code.clone()
        }
        (Some(base), _) => base.code.clone(),
        (None, Some(code)) => normalize_code(code),
        (None, None) => {
            errors.add("code", "is required");
            String::new()
        }
    };
    let kind = input.kind.or_else(|| base.as_ref().map(|base| base.kind));
    if kind.is_none() {
        errors.add("kind", "is required: percent or flat");
    }
    let value = input
        .value
        .or_else(|| base.as_ref().map(|base| Money::round(base.value)));
    if value.is_none() {
        errors.add("value", "is required");
    }
    let min_subtotal = input
        .min_subtotal
        .or_else(|| base.as_ref().map(|base| Money::round(base.min_subtotal)))
        .unwrap_or(Money::ZERO);
    let max_discount = match input.max_discount {
        Some(sent) => sent,
        None => base
            .as_ref()
            .and_then(|base| base.max_discount.map(Money::round)),
    };
    let valid_from = match input.valid_from {
        Some(sent) => time(&mut errors, "validFrom", sent),
        None => base.as_ref().and_then(|base| base.valid_from),
    };
    let valid_until = match input.valid_until {
        Some(sent) => time(&mut errors, "validUntil", sent),
        None => base.as_ref().and_then(|base| base.valid_until),
    };
    let usage_limit = match input.usage_limit {
        Some(sent) => limit(&mut errors, "usageLimit", sent),
        None => base.as_ref().and_then(|base| base.usage_limit),
    };
    let per_customer_limit = match input.per_customer_limit {
        Some(sent) => limit(&mut errors, "perCustomerLimit", sent),
        None => base.as_ref().and_then(|base| base.per_customer_limit),
    };
    let active = input
        .active
        .or_else(|| base.as_ref().map(|base| base.active))
        .unwrap_or(true);
    if let (Some(kind), Some(value)) = (kind, value) {
        let terms = CouponTerms {
            code: code.clone(),
            kind: kind.into(),
            value,
            min_subtotal,
            max_discount,
            valid_from_ms: valid_from.as_ref().map(|time| time.timestamp_millis()),
            valid_until_ms: valid_until.as_ref().map(|time| time.timestamp_millis()),
        };
        if let Err(problem) = pricing::check_coupon_terms(&terms) {
            errors.add(problem.field, problem.message);
        }
    }
    errors.finish()?;
    let (Some(kind), Some(value)) = (kind, value) else {
        return Err(ApiError::bad_request(
            ErrorCode::ValidationFailed,
            "invalid coupon",
        ));
    };
    Ok(CouponFields {
        code,
        kind,
        value: value.as_decimal(),
        min_subtotal: min_subtotal.as_decimal(),
        max_discount: max_discount.map(Money::as_decimal),
        valid_from,
        valid_until,
        usage_limit,
        per_customer_limit,
        active,
    })
}

/// Lists coupons by code (admins).
#[utoipa::path(get, path = "/api/v1/coupons", operation_id = "list_coupons", tag = "coupons", params(PageParams), security(("bearer" = [])),
    responses((status = 200, body = CouponList), (status = 401, body = crate::error::ErrorEnvelope), (status = 403, body = crate::error::ErrorEnvelope)))]
pub async fn list(
    State(state): State<AppState>,
    _admin: Admin,
    ApiQuery(params): ApiQuery<PageParams>,
) -> ApiResult<Json<CouponList>> {
    let page = params.request(MAX_PAGE_SIZE)?;
    let (rows, total) = repo::list(&state.db, page).await?;
    Ok(Json(CouponList {
        data: rows.into_iter().map(CouponRow::view).collect(),
        meta: ListMeta::new(page, total),
    }))
}

/// One coupon: the whole record for an admin; for a customer its terms, when they may use it now
/// (409 `coupon_unusable` with `details.reason` otherwise), so the cart can show the discount.
#[utoipa::path(get, path = "/api/v1/coupons/{code}", operation_id = "get_coupon", tag = "coupons", params(("code" = String, Path)), security(("bearer" = [])),
    responses((status = 200, body = CouponAnswer), (status = 401, body = crate::error::ErrorEnvelope),
        (status = 404, description = "coupon_not_found", body = crate::error::ErrorEnvelope),
        (status = 409, description = "coupon_unusable (details: {reason}: expired, not_started, used_up, used_by_you or inactive)", body = crate::error::ErrorEnvelope)))]
pub async fn get(
    State(state): State<AppState>,
    caller: Caller,
    Path(code): Path<String>,
) -> ApiResult<Json<CouponAnswer>> {
    let code = normalize_code(&code);
    let row = repo::find(&state.db, &code).await?.ok_or_else(not_found)?;
    match caller {
        Caller::Admin(_) => Ok(Json(CouponAnswer::Admin(CouponEnvelope {
            coupon: row.view(),
        }))),
        Caller::Customer(customer) => {
            let mine = repo::customer_uses(&state.db, &code, &customer.id).await?;
            pricing::coupon_usable(&row.terms(), &row.usage(mine), now_ms())
                .map_err(|refusal| unusable(refusal.reason(), &refusal.to_string()))?;
            Ok(Json(CouponAnswer::Customer(CouponTermsEnvelope {
                coupon: row.terms_view(),
            })))
        }
    }
}

/// Creates a coupon (any admin role); codes are unique ignoring case.
#[utoipa::path(post, path = "/api/v1/coupons", operation_id = "create_coupon", tag = "coupons", request_body = CouponInput, security(("bearer" = [])),
    responses((status = 201, body = CouponEnvelope), (status = 400, body = crate::error::ErrorEnvelope), (status = 409, description = "code_taken", body = crate::error::ErrorEnvelope)))]
pub async fn create(
    State(state): State<AppState>,
    admin: Admin,
    ApiJson(input): ApiJson<CouponInput>,
) -> ApiResult<(StatusCode, Json<CouponEnvelope>)> {
    let fields = checked_fields(input, None)?;
    let code = fields.code.clone();
    match repo::create(&state.db, &admin.id, fields).await {
        Ok(row) => Ok((
            StatusCode::CREATED,
            Json(CouponEnvelope { coupon: row.view() }),
        )),
        Err(WriteError::CodeTaken) => Err(ApiError::Conflict {
            code: ErrorCode::CodeTaken,
            message: format!("A coupon with the code {code} exists already"),
            details: None,
        }),
        Err(WriteError::Other(error)) => Err(ApiError::Internal(error)),
    }
}

/// Changes a coupon's terms (any admin role); its uses so far stay counted.
#[utoipa::path(patch, path = "/api/v1/coupons/{code}", operation_id = "update_coupon", tag = "coupons", params(("code" = String, Path)), request_body = CouponInput, security(("bearer" = [])),
    responses((status = 200, body = CouponEnvelope), (status = 400, body = crate::error::ErrorEnvelope), (status = 404, body = crate::error::ErrorEnvelope)))]
pub async fn update(
    State(state): State<AppState>,
    admin: Admin,
    Path(code): Path<String>,
    ApiJson(input): ApiJson<CouponInput>,
) -> ApiResult<Json<CouponEnvelope>> {
    let current = repo::find(&state.db, &normalize_code(&code))
        .await?
        .ok_or_else(not_found)?;
    let fields = checked_fields(input, Some(&current))?;
    let row = repo::update(&state.db, &admin.id, fields)
        .await?
        .ok_or_else(not_found)?;
    Ok(Json(CouponEnvelope { coupon: row.view() }))
}

/// Deletes a coupon (admin or superadmin). Orders that used it keep its code and terms.
#[utoipa::path(delete, path = "/api/v1/coupons/{code}", operation_id = "delete_coupon", tag = "coupons", params(("code" = String, Path)), security(("bearer" = [])),
    responses((status = 204), (status = 403, body = crate::error::ErrorEnvelope), (status = 404, body = crate::error::ErrorEnvelope)))]
pub async fn delete(
    State(state): State<AppState>,
    admin: Admin,
    Path(code): Path<String>,
) -> ApiResult<StatusCode> {
    admin.require_delete()?;
    if !repo::delete(&state.db, &admin.id, &normalize_code(&code)).await? {
        return Err(not_found());
    }
    Ok(StatusCode::NO_CONTENT)
}
