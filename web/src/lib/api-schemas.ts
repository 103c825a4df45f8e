// The API's records by name, as the server's OpenAPI document defines them (src/lib/api-types.ts,
// generated). Features and e2e tests take their entity types from here, never write them again.
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

/** What went wrong, as the error envelope's `code` says it; the web switches on it, never on the message. */
export type ErrorCode = Schemas['ErrorCode']

/** A sign-in: an e-mail address (or, for customers, a mobile number) and a password. */
export type Login = Schemas['Login']
export type ForgotPassword = Schemas['ForgotPassword']
export type ResetPassword = Schemas['ResetPassword']

export type Product = Schemas['ProductView']
/** One filled image slot of a product: the full image and a small WebP for lists and grids. */
export type ProductImage = Schemas['ImageRef']
export type ProductEnvelope = Schemas['ProductEnvelope']
/** Search answers: at most 20 products, no paging. */
export type ProductMatches = Schemas['ProductMatches']

export type Category = Schemas['Category']
export type CategoryEnvelope = Schemas['CategoryEnvelope']
export type CategoryList = Schemas['CategoryList']
export type NewCategory = Schemas['NewCategoryInput']
export type CategoryChanges = Schemas['UpdateCategoryInput']

/** A customer. */
export type User = Schemas['User']
export type UserStatus = Schemas['UserStatus']
export type NewUser = Schemas['RegisterUser']
export type UserChanges = Schemas['UpdateUser']
export type UserWithToken = Schemas['UserWithToken']

/** A back-office admin. */
export type Admin = Schemas['AdminAccount']
export type AdminRole = Schemas['AdminRole']
export type NewAdmin = Schemas['RegisterAdmin']
export type AdminChanges = Schemas['UpdateAdmin']

export type Order = Schemas['Order']
export type OrderStatus = Schemas['OrderStatus']
export type PaymentStatus = Schemas['PaymentStatus']
/** One line of an order at the price it was charged (money in rupees; image a URL path or ''). */
export type OrderItem = Schemas['OrderItem']
/** The terms of the coupon an order used, as it was priced with them. */
export type OrderCoupon = Schemas['OrderCoupon']
/** Where an order was supplied to for GST: the ship-to state and its GST code. */
export type PlaceOfSupply = Schemas['PlaceOfSupply']
export type OrderEnvelope = Schemas['OrderEnvelope']
export type OrderList = Schemas['OrderList']
/** A line as a client sends it; the price is the one shown, checked again by the server. */
export type CartItemInput = Schemas['CartItemInput']
/** A customer's checkout, the body of POST /orders inside `{"data": ...}`. */
export type Checkout = Schemas['Checkout']
/** An admin's order on behalf of a customer, the body of POST /orders inside `{"data": ...}`. */
export type OrderForCustomer = Schemas['OrderForCustomer']
export type OrderChanges = Schemas['OrderChanges']

/** A coupon as admins see it. */
export type Coupon = Schemas['Coupon']
/** The body of POST /coupons and PATCH /coupons/{code}. */
export type CouponInput = Schemas['CouponInput']
export type CouponEnvelope = Schemas['CouponEnvelope']
/** What a coupon takes off: a percent of the subtotal, or a flat amount of rupees. */
export type CouponKind = Schemas['CouponKind']
/** A coupon's terms as a customer's cart sees them. */
export type CouponTermsView = Schemas['CouponTermsView']

export type ShopEnvelope = Schemas['ShopEnvelope']

/** GET /dashboard: a period's sales against the period before, by day, by status, best sellers and low stock. */
export type Dashboard = Schemas['Dashboard']
/** One day of the dashboard's chart: a day in India, its revenue and orders. */
export type DailySales = Schemas['DailySales']
export type TopProduct = Schemas['TopProduct']
export type LowStock = Schemas['LowStock']

/** GET /audit: one admin write, who made it and when, and each changed field as `[before, after]`. */
export type AuditEntry = Schemas['AuditEntry']
/** A page of the audit log, newest first. */
export type AuditList = Schemas['AuditList']
/** The admin who made a write, by their name at the time. */
export type AuditActor = Schemas['AuditActor']
/** The kinds of record the audit log covers. */
export type AuditEntity = Schemas['AuditEntity']
/** What a write did: create, update, delete or import. */
export type AuditAction = Schemas['AuditAction']

/** GET /orders/{id}/timeline: what happened to an order, oldest first. */
export type OrderTimeline = Schemas['Timeline']
/** One thing that happened to an order, with a sentence ready to show. */
export type TimelineEvent = Schemas['TimelineEvent']
/** Who did it: `kind` customer, admin or system; `_id` and `name` null when unknown. */
export type TimelineActor = Schemas['TimelineActor']

/** POST /products/import: what an import did, or on a dry run would do (also a 422 import_invalid's `details`). */
export type ImportReport = Schemas['ImportReport']
/** One bad cell of an import, or with `field` `file` a bad row or file. */
export type ImportRowError = Schemas['RowError']
