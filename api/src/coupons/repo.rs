//! All SurrealQL about coupons. A coupon's record key is its code in upper case.

use anyhow::Context;
use pricing::{CouponTerms, CouponUsage, Money, PageRequest};
use rust_decimal::Decimal;
use surrealdb::types::{Datetime, RecordId, SurrealValue};

use crate::coupons::types::{Coupon, CouponKind, CouponTermsView};
use crate::db::Db;
use crate::db::errors::{Failure, failure};
use crate::domain::{AdminId, UserId};

macro_rules! coupon_fields {
    () => {
        "code, kind, value, min_subtotal, max_discount, valid_from, valid_until, usage_limit, per_customer_limit, active, \
         uses, created_at, updated_at"
    };
}

/// The record of a code (already upper case).
pub fn record(code: &str) -> RecordId {
    RecordId::new("coupon", code)
}

/// A time as milliseconds since 1970, the pricing crate's unit.
fn millis(time: &Datetime) -> i64 {
    time.timestamp_millis()
}

fn count(value: Option<i64>) -> Option<u32> {
    value.and_then(|value| u32::try_from(value).ok())
}

/// A coupon as stored.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct CouponRow {
    pub code: String,
    pub kind: CouponKind,
    pub value: Decimal,
    pub min_subtotal: Decimal,
    pub max_discount: Option<Decimal>,
    pub valid_from: Option<Datetime>,
    pub valid_until: Option<Datetime>,
    pub usage_limit: Option<i64>,
    pub per_customer_limit: Option<i64>,
    pub active: bool,
    pub uses: i64,
    pub created_at: Datetime,
    /// See the schema; the version a placement checks.
    pub updated_at: Datetime,
}

impl CouponRow {
    /// The terms as the pricing crate reads them.
    pub fn terms(&self) -> CouponTerms {
        CouponTerms {
            code: self.code.clone(),
            kind: self.kind.into(),
            value: Money::round(self.value),
            min_subtotal: Money::round(self.min_subtotal),
            max_discount: self.max_discount.map(Money::round),
            valid_from_ms: self.valid_from.as_ref().map(millis),
            valid_until_ms: self.valid_until.as_ref().map(millis),
        }
    }

    /// How much it was used, `customer_uses` of them by the customer asking.
    pub fn usage(&self, customer_uses: u32) -> CouponUsage {
        CouponUsage {
            active: self.active,
            uses: u32::try_from(self.uses).unwrap_or(u32::MAX),
            usage_limit: count(self.usage_limit),
            customer_uses,
            per_customer_limit: count(self.per_customer_limit),
        }
    }

    /// The version of its terms: its `updated_at` as text.
    pub fn version(&self) -> String {
        self.updated_at.to_string()
    }

    /// The terms as a customer's cart sees them.
    pub fn terms_view(&self) -> CouponTermsView {
        let terms = self.terms();
        CouponTermsView {
            code: terms.code,
            kind: self.kind,
            value: terms.value,
            min_subtotal: terms.min_subtotal,
            max_discount: terms.max_discount,
            valid_from: self.valid_from.as_ref().map(ToString::to_string),
            valid_until: self.valid_until.as_ref().map(ToString::to_string),
        }
    }

    /// The coupon as admins see it.
    pub fn view(self) -> Coupon {
        let terms = self.terms();
        Coupon {
            id: self.code.clone(),
            code: self.code,
            kind: self.kind,
            value: terms.value,
            min_subtotal: terms.min_subtotal,
            max_discount: terms.max_discount,
            valid_from: self.valid_from.as_ref().map(ToString::to_string),
            valid_until: self.valid_until.as_ref().map(ToString::to_string),
            usage_limit: count(self.usage_limit),
            per_customer_limit: count(self.per_customer_limit),
            active: self.active,
            uses: u32::try_from(self.uses).unwrap_or(u32::MAX),
            created_at: self.created_at.to_string(),
            updated_at: self.updated_at.to_string(),
        }
    }
}

/// The fields an admin sets, checked.
#[derive(Debug, Clone, SurrealValue)]
#[surreal(crate = "surrealdb::types")]
pub struct CouponFields {
    /// The code in upper case.
    pub code: String,
    pub kind: CouponKind,
    /// Percent or rupees.
    pub value: Decimal,
    /// The smallest subtotal it applies to.
    pub min_subtotal: Decimal,
    /// The most a percent coupon takes off.
    pub max_discount: Option<Decimal>,
    /// When it starts to apply.
    pub valid_from: Option<Datetime>,
    /// When it stops applying.
    pub valid_until: Option<Datetime>,
    /// The most orders that may use it.
    pub usage_limit: Option<i64>,
    /// The most orders one customer may use it on.
    pub per_customer_limit: Option<i64>,
    /// False when switched off.
    pub active: bool,
}

impl From<&CouponRow> for CouponFields {
    fn from(row: &CouponRow) -> CouponFields {
        CouponFields {
            code: row.code.clone(),
            kind: row.kind,
            value: row.value,
            min_subtotal: row.min_subtotal,
            max_discount: row.max_discount,
            valid_from: row.valid_from,
            valid_until: row.valid_until,
            usage_limit: row.usage_limit,
            per_customer_limit: row.per_customer_limit,
            active: row.active,
        }
    }
}

/// One page of coupons by code, and how many there are.
pub async fn list(db: &Db, page: PageRequest) -> anyhow::Result<(Vec<CouponRow>, u64)> {
    let mut response = db
        .query(concat!(
            "SELECT ",
            coupon_fields!(),
            " FROM coupon ORDER BY code LIMIT $limit START $start; SELECT count() AS total FROM coupon GROUP ALL;"
        ))
        .bind(("limit", i64::from(page.page_size)))
        .bind(("start", crate::paging::bound(page.offset())))
        .await
        .context("listing coupons")?;
    let rows: Vec<CouponRow> = response.take(0).context("reading coupons")?;
    let total: Option<i64> = response.take((1, "total")).context("counting coupons")?;
    Ok((rows, crate::paging::total(total)))
}

/// The coupon with this code (upper case).
pub async fn find(db: &Db, code: &str) -> anyhow::Result<Option<CouponRow>> {
    let mut response = db
        .query(concat!("SELECT ", coupon_fields!(), " FROM ONLY $id"))
        .bind(("id", record(code)))
        .await
        .context("loading a coupon")?;
    response.take(0).context("reading a coupon")
}

/// How many orders of this customer used the coupon.
pub async fn customer_uses(db: &Db, code: &str, user: &UserId) -> anyhow::Result<u32> {
    let mut response = db
        .query("RETURN array::len(SELECT VALUE id FROM coupon_use WHERE coupon = $id AND user = $user)")
        .bind(("id", record(code)))
        .bind(("user", user.record()))
        .await
        .context("counting a customer's coupon uses")?;
    let uses: Option<i64> = response
        .take(0)
        .context("counting a customer's coupon uses")?;
    Ok(uses.and_then(|uses| u32::try_from(uses).ok()).unwrap_or(0))
}

/// Why a coupon write failed.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// A coupon with this code exists already.
    #[error("the code is taken")]
    CodeTaken,
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

/// Creates a coupon and returns it.
pub async fn create(
    db: &Db,
    actor: &AdminId,
    fields: CouponFields,
) -> Result<CouponRow, WriteError> {
    let id = record(&fields.code);
    let mut response = db
        .query(concat!(
            "BEGIN; ",
            crate::audit_before!(),
            "IF record::exists($id) { THROW 'code_taken' }; CREATE $id CONTENT $fields RETURN NONE; ",
            crate::audit_record!("coupon", "create"),
            "COMMIT;"
        ))
        .bind(("id", id))
        .bind(("actor", actor.record()))
        .bind(("fields", fields.clone()))
        .await
        .context("creating a coupon")?;
    match failure(&mut response) {
        None => {}
        Some(Failure::Thrown(_) | Failure::Conflict) => return Err(WriteError::CodeTaken),
        Some(other) => {
            return Err(WriteError::Other(anyhow::anyhow!(
                "creating a coupon: {other:?}"
            )));
        }
    }
    find(db, &fields.code)
        .await?
        .context("the new coupon is gone")
        .map_err(WriteError::Other)
}

/// Replaces a coupon's terms (its uses stay) and returns it; `None` when there is no such coupon.
pub async fn update(
    db: &Db,
    actor: &AdminId,
    fields: CouponFields,
) -> anyhow::Result<Option<CouponRow>> {
    let code = fields.code.clone();
    let mut response = db
        .query(concat!(
            "BEGIN; ",
            crate::audit_before!(),
            "IF $audit_before != NONE { UPDATE $id MERGE $fields RETURN NONE; UPDATE $id SET updated_at = time::now() RETURN NONE; ",
            crate::audit_record!("coupon", "update"),
            "}; COMMIT;"
        ))
        .bind(("id", record(&code)))
        .bind(("actor", actor.record()))
        .bind(("fields", fields))
        .await
        .context("updating a coupon")?;
    if let Some(failed) = failure(&mut response) {
        anyhow::bail!("updating a coupon: {failed:?}");
    }
    find(db, &code).await
}

/// Deletes a coupon; false when there was none. Orders that used it keep its terms and code.
pub async fn delete(db: &Db, actor: &AdminId, code: &str) -> anyhow::Result<bool> {
    let mut response = db
        .query(concat!(
            "BEGIN; ",
            crate::audit_before!(),
            "DELETE $id; ",
            "IF $audit_before != NONE { ",
            crate::audit_record!("coupon", "delete"),
            "}; COMMIT; ",
            "RETURN $audit_before != NONE;"
        ))
        .bind(("id", record(code)))
        .bind(("actor", actor.record()))
        .await
        .context("deleting a coupon")?;
    if let Some(failed) = failure(&mut response) {
        anyhow::bail!("deleting a coupon: {failed:?}");
    }
    let last = response.num_statements() - 1;
    let gone: Option<bool> = response.take(last).context("deleting a coupon")?;
    Ok(gone.unwrap_or(false))
}
