//! Whisk pricing: the one implementation of money and paging math.
//!
//! The browser runs this crate as WebAssembly (through [`wasm`], behind the `wasm` feature) and
//! the API links it natively, so a cart total shown on screen and the total the server charges
//! come from the same code. Every module holds pure functions over plain data; none does I/O.
//!
//! - [`money`]: the [`Money`] type (rupees, two decimals, the rounding rule).
//! - [`mrp`]: the percent a selling price is off the MRP.
//! - [`format`]: en-IN rupee text with Indian digit grouping, and amounts in words.
//! - [`cart`]: the storefront cart and its derived totals.
//! - [`totals`]: order totals with a discount.
//! - [`amounts`]: the amount choices a select offers and the most a new order line may hold.
//! - [`pagination`]: page counts, page requests and the shared pagination control.
//! - [`limits`]: the bounds on unit prices and discounts, so no arithmetic can overflow.
//! - [`validate`]: checks of an order payload with typed errors.
//! - [`regions`]: India's states and union territories with their GST codes, and the GSTIN check.
//! - [`tax`]: GST on inclusive prices: place of supply, discount allocation, the tax split.
//! - [`delivery`]: the delivery fee and when it is waived.
//! - [`coupon`]: coupon terms evaluated against a cart, with the reason when they do not apply.

pub mod amounts;
pub mod cart;
pub mod coupon;
pub mod delivery;
pub mod format;
pub mod limits;
pub mod money;
pub mod mrp;
pub mod pagination;
pub mod regions;
pub mod tax;
pub mod totals;
pub mod validate;
#[cfg(feature = "wasm")]
pub mod wasm;

pub use amounts::{AmountContext, MAX_LINE_AMOUNT, amount_options, new_line_limit};
pub use cart::{Cart, CartLine, PriceUpdate};
pub use coupon::{
    CouponKind, CouponRefusal, CouponTerms, CouponUsage, TermsProblem, check_coupon_terms,
    coupon_discount, coupon_usable, evaluate_coupon,
};
pub use delivery::DeliveryTerms;
pub use format::{amount_in_words, format_inr};
pub use limits::{LimitError, MAX_ORDER_VALUE, MAX_UNIT_PRICE, check_discount, check_unit_price};
pub use money::{Money, MoneyError};
pub use mrp::percent_off;
pub use pagination::{
    PageItem, PageRequest, PaginationMeta, PagingError, page_count, pagination_items,
};
pub use regions::{
    GstinError, REGIONS, Region, RegionKind, check_gstin, find_region, gstin_region, region_by_code,
};
pub use tax::{
    DeliveryMoney, GstRate, LineMoney, Supply, TaxSplit, TaxedLine, TaxedOrder, allocate,
    split_tax, supply, supply_between, taxed_order,
};
pub use totals::{OrderLine, OrderTotals, order_totals};
pub use validate::{MAX_ORDER_LINES, OrderError, validate_order};
