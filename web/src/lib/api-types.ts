// Generated from web/openapi.json by `npm run gen:api`. Do not edit by hand.
export interface paths {
    "/api/v1/admins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lists admins, oldest first. */
        get: operations["list_admins"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admins/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One admin. */
        get: operations["get_admin"];
        /**
         * Changes an admin (superadmin only). An empty password keeps the old one; a new password or
         *     role ends their sessions. The last superadmin cannot be demoted.
         */
        put: operations["update_admin"];
        post?: never;
        /** Deletes an admin (superadmin only). Nobody deletes themselves or the last superadmin. */
        delete: operations["delete_admin"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every admin write, newest first, filtered by kind of record, admin and days. */
        get: operations["audit_log"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sends a password-reset OTP to the account's e-mail address (also for a mobile identifier). */
        post: operations["forgot_password"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Signs a customer in with their e-mail or mobile number. */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Creates a customer account. Customers sign themselves up and get a token; an admin (with an
         *     admin token) may create one and set its status.
         */
        post: operations["register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sets a new password with the OTP from the e-mail; every earlier session ends. */
        post: operations["reset_password"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/authadmin/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Signs an admin in with their e-mail address. */
        post: operations["login_admin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/authadmin/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Registers an admin. The first admin becomes superadmin and needs no token; after that only a
         *     superadmin may register admins.
         */
        post: operations["register_admin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lists categories by name; admin pickers load up to 1000 at once. */
        get: operations["list_categories"];
        put?: never;
        /** Creates a category (any admin role). */
        post: operations["create_category"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/categories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One category. */
        get: operations["get_category"];
        put?: never;
        post?: never;
        /** Deletes a category that no product uses (admin or superadmin). */
        delete: operations["delete_category"];
        options?: never;
        head?: never;
        /** Renames or redescribes a category (any admin role). */
        patch: operations["update_category"];
        trace?: never;
    };
    "/api/v1/coupons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lists coupons by code (admins). */
        get: operations["list_coupons"];
        put?: never;
        /** Creates a coupon (any admin role); codes are unique ignoring case. */
        post: operations["create_coupon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/coupons/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One coupon: the whole record for an admin; for a customer its terms, when they may use it now
         *     (409 `coupon_unusable` with `details.reason` otherwise), so the cart can show the discount.
         */
        get: operations["get_coupon"];
        put?: never;
        post?: never;
        /** Deletes a coupon (admin or superadmin). Orders that used it keep its code and terms. */
        delete: operations["delete_coupon"];
        options?: never;
        head?: never;
        /** Changes a coupon's terms (any admin role); its uses so far stay counted. */
        patch: operations["update_coupon"];
        trace?: never;
    };
    "/api/v1/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The shop's sales over the last 7, 30 or 90 days against the days before, day by day, orders
         *     by status, best sellers and low stock (admins).
         */
        get: operations["get_dashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Checks the server and its database. */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Lists orders, newest first: a customer's own, or every order for an admin; optionally only
         *     those matching a search text or with one status.
         */
        get: operations["list_orders"];
        put?: never;
        /**
         * Places an order. A customer sends their checkout (with an optional `Idempotency-Key`); an
         *     admin places one on behalf of an active customer, with a discount. Prices and totals are the
         *     server's; stock is taken in the same transaction.
         */
        post: operations["create_order"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One order, with its lines and customer: its customer's or, for an admin, any. */
        get: operations["get_order"];
        put?: never;
        post?: never;
        /** Deletes an order (admin or superadmin), returning its stock unless it was delivered or cancelled. */
        delete: operations["delete_order"];
        options?: never;
        head?: never;
        /** Edits an order (admins): totals are recomputed; stock follows the items and the status. */
        patch: operations["update_order"];
        trace?: never;
    };
    "/api/v1/orders/{id}/credit-note": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The credit note of a cancelled invoiced order as a PDF: for its customer and for admins. */
        get: operations["get_order_credit_note"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/invoice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The order's GST tax invoice as a PDF, once issued (when the order was first marked shipped or
         *     delivered): for its customer and for admins.
         */
        get: operations["get_order_invoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The order's timeline (admins): placed, edits with what changed, status changes, the
         *     invoice and credit note issued and the e-mails sent, oldest first.
         */
        get: operations["get_order_timeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/upi-qr": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The QR code of an unpaid UPI order's payment link, as an SVG image: for its customer and for
         *     admins. 409 `payment_unavailable` when the order is not waiting for a UPI payment.
         */
        get: operations["get_order_upi_qr"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The orders placed from `from` to `to` (India days, both included), optionally of one status,
         *     as CSV: one row per order line with the order's fields, money with two decimals (admins).
         */
        get: operations["export_orders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lists products with filters, order and paging, from the catalog read model. */
        get: operations["list_products"];
        put?: never;
        /** Creates a product from a multipart form (any admin role). */
        post: operations["create_product"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One product. */
        get: operations["get_product"];
        put?: never;
        post?: never;
        /** Deletes a product and its image files (admin or superadmin). */
        delete: operations["delete_product"];
        options?: never;
        head?: never;
        /**
         * Changes a product from a multipart form (any admin role): fields sent replace the old ones,
         *     files replace their slot, `delete_imageN=true` clears slot N.
         */
        patch: operations["update_product"];
        trace?: never;
    };
    "/api/v1/products/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every product as CSV, in the columns a product import reads (admins). */
        get: operations["export_products"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Imports products from a CSV file with the export's columns. A dry run (the default) reports
         *     what applying would create and update and every bad cell; applying writes every row in one
         *     transaction, or answers 422 `import_invalid` with the same report and writes nothing.
         */
        post: operations["import_products"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Finds up to 20 products by title or company. */
        get: operations["search_products"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/shop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The seller's name, GST registration and the GST rates in force (public). */
        get: operations["get_shop"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lists customers, newest first. */
        get: operations["list_users"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One customer. */
        get: operations["get_user"];
        /**
         * Changes a customer. An empty password keeps the old one; a new password or deactivation ends
         *     their sessions.
         */
        put: operations["update_user"];
        post?: never;
        /** Soft-deletes a customer: they can no longer sign in; their orders stay. Needs admin or superadmin. */
        delete: operations["delete_user"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Finds up to 20 customers by name, e-mail, mobile or company. */
        get: operations["search_users"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description A back-office admin as the API shows them. */
        AdminAccount: {
            _id: string;
            /** @description When the account was created (RFC 3339). */
            createdAt: string;
            /** @description Their e-mail address, lower case. */
            email: string;
            role: components["schemas"]["AdminRole"];
            /** @description When the account last changed (RFC 3339). */
            updatedAt: string;
            username: string;
        };
        AdminEnvelope: {
            admin: components["schemas"]["AdminAccount"];
        };
        /** @description A page of admins. */
        AdminList: {
            /** @description The admins on this page. */
            data: components["schemas"]["AdminAccount"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @description A back-office role. Every role reads and edits; deleting needs `admin` or `superadmin`;
         *     managing admins needs `superadmin`.
         * @enum {string}
         */
        AdminRole: "staff" | "admin" | "superadmin";
        /** @description `{"admin": ..., "jwt": ...}`; `jwt` is absent when a superadmin registered someone else. */
        AdminWithToken: {
            admin: components["schemas"]["AdminAccount"];
            jwt?: string | null;
        };
        /**
         * @description What a write did.
         * @enum {string}
         */
        AuditAction: "create" | "update" | "delete" | "import";
        /** @description Who made a write. */
        AuditActor: {
            _id: string;
            /** @description Their name at the time. */
            name: string;
        };
        /**
         * @description The kinds of record the audit log covers.
         * @enum {string}
         */
        AuditEntity: "product" | "category" | "user" | "admin" | "order" | "coupon";
        /** @description One admin write. */
        AuditEntry: {
            _id: string;
            action: components["schemas"]["AuditAction"];
            actor: components["schemas"]["AuditActor"];
            /** @description RFC 3339, UTC. */
            at: string;
            /**
             * @description Each changed field (camelCase) with its value before and after; `null` where there was
             *     none. A `password` entry says only that the password changed.
             */
            changes: {
                [key: string]: unknown[];
            };
            entity: components["schemas"]["AuditEntity"];
            /** @description The record's `_id` (a coupon's code). */
            entityId: string;
            /** @description The record's name when written: a product's title, an order's number. */
            entityLabel: string;
        };
        /** @description A page of the audit log, newest first. */
        AuditList: {
            data: components["schemas"]["AuditEntry"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @description A line as a client sends it. `name` and `image` are what the client showed; the server takes
         *     both from the product.
         */
        CartItemInput: {
            /**
             * Format: int64
             * @description How many units, 1 to 20.
             */
            amount: number;
            /** @description Ignored. */
            image?: string | null;
            /** @description Ignored. */
            name?: string | null;
            /**
             * Format: double
             * @description The unit price the client showed; a different current price answers 409 `price_changed`.
             */
            price: number;
            productId: string;
        };
        /** @description A product category. */
        Category: {
            _id: string;
            /** @description When it was created (RFC 3339). */
            createdAt: string;
            /** @description What the category holds. */
            description: string;
            /** @description The name, unique ignoring case. */
            name: string;
            /** @description When it last changed (RFC 3339). */
            updatedAt: string;
        };
        CategoryEnvelope: {
            category: components["schemas"]["Category"];
        };
        /** @description A page of categories. */
        CategoryList: {
            /** @description The categories on this page, by name. */
            data: components["schemas"]["Category"][];
            meta: components["schemas"]["ListMeta"];
        };
        /** @description A product's category as listings show it. */
        CategoryRef: {
            _id: string;
            name: string;
        };
        /** @description `POST /orders` by a customer: `{"data": ...}`. The totals are the client's and are recomputed. */
        Checkout: {
            address: string;
            /** @description The registered business name for the invoice (replaces `company` when given). */
            businessName?: string | null;
            /** @description The lines, 1 to 100, one per product. */
            cartItems: components["schemas"]["CartItemInput"][];
            /**
             * Format: double
             * @description Ignored: the server computes it.
             */
            chargeTotal?: number | null;
            city?: string;
            /** @description Ship to: company or bakery. */
            company?: string;
            /**
             * @description A coupon code; a coupon that cannot be used answers 404 `coupon_not_found` or 409
             *     `coupon_unusable`, and the order is not placed.
             */
            couponCode?: string | null;
            /** @description The buyer's GSTIN for a B2B tax invoice, checked by format and check character. */
            gstin?: string | null;
            name: string;
            /**
             * Format: int32
             * @description Ignored: the server counts.
             */
            numItemsInCart?: number | null;
            /** @description Ignored: the server computes it (clients send formatted text). */
            orderTotal?: string | null;
            paymentMethod?: null | components["schemas"]["PaymentMethod"];
            /** @description A phone number for the courier (checked when sent; the account's mobile when left out). */
            phone?: string | null;
            /** @description The 6-digit PIN code (checked when sent). */
            pinCode?: string | null;
            state?: string;
        };
        /** @description `POST /orders` by a customer. */
        CheckoutRequest: {
            data: components["schemas"]["Checkout"];
        };
        /** @description A coupon as admins see it. */
        Coupon: {
            /** @description The code, which is also its id. */
            _id: string;
            /** @description False when switched off. */
            active: boolean;
            /** @description The code in upper case; codes are unique ignoring case. */
            code: string;
            /** @description RFC 3339. */
            createdAt: string;
            /** @description What it takes off. */
            kind: components["schemas"]["CouponKind"];
            /**
             * Format: double
             * @description The most a percent coupon takes off.
             */
            maxDiscount?: number | null;
            /**
             * Format: double
             * @description The smallest subtotal it applies to.
             */
            minSubtotal: number;
            /**
             * Format: int32
             * @description The most orders one customer may use it on.
             */
            perCustomerLimit?: number | null;
            /** @description RFC 3339. */
            updatedAt: string;
            /**
             * Format: int32
             * @description The most orders that may use it.
             */
            usageLimit?: number | null;
            /**
             * Format: int32
             * @description Orders that used it.
             */
            uses: number;
            /** @description When it starts to apply (RFC 3339). */
            validFrom?: string | null;
            /** @description When it stops applying (RFC 3339). */
            validUntil?: string | null;
            /**
             * Format: double
             * @description Percent (1 to 100) or rupees.
             */
            value: number;
        };
        /** @description Either envelope: admins get the whole coupon, customers its terms. */
        CouponAnswer: components["schemas"]["CouponEnvelope"] | components["schemas"]["CouponTermsEnvelope"];
        /** @description `{"coupon": ...}` for admins. */
        CouponEnvelope: {
            coupon: components["schemas"]["Coupon"];
        };
        /**
         * @description `POST /coupons` and `PATCH /coupons/{code}`. On a PATCH every field is optional (left out
         *     keeps the value; null clears an optional one) and `code`, if sent, must be the coupon's own.
         */
        CouponInput: {
            /** @description False switches it off (default true). */
            active?: boolean | null;
            /** @description 3 to 24 letters, digits, `-` or `_`; stored in upper case. */
            code?: string | null;
            kind?: null | components["schemas"]["CouponKind"];
            /**
             * Format: double
             * @description The most a percent coupon takes off; null for no cap.
             */
            maxDiscount?: number | null;
            /**
             * Format: double
             * @description The smallest subtotal it applies to (default 0).
             */
            minSubtotal?: number | null;
            /**
             * Format: int32
             * @description The most orders one customer may use it on; null for no limit.
             */
            perCustomerLimit?: number | null;
            /**
             * Format: int32
             * @description The most orders that may use it; null for no limit.
             */
            usageLimit?: number | null;
            /** @description When it starts to apply (RFC 3339); null for at once. */
            validFrom?: string | null;
            /** @description When it stops applying (RFC 3339); null for never. */
            validUntil?: string | null;
            /**
             * Format: double
             * @description Percent (1 to 100) or rupees.
             */
            value?: number | null;
        };
        /**
         * @description What a coupon takes off.
         * @enum {string}
         */
        CouponKind: "percent" | "flat";
        /** @description A page of coupons, by code. */
        CouponList: {
            /** @description The coupons on this page. */
            data: components["schemas"]["Coupon"][];
            meta: components["schemas"]["ListMeta"];
        };
        /** @description `{"coupon": ...}` for a customer. */
        CouponTermsEnvelope: {
            coupon: components["schemas"]["CouponTermsView"];
        };
        /** @description A coupon's terms as a customer's cart sees them. */
        CouponTermsView: {
            code: string;
            /** @description What it takes off. */
            kind: components["schemas"]["CouponKind"];
            /**
             * Format: double
             * @description The most a percent coupon takes off.
             */
            maxDiscount?: number | null;
            /**
             * Format: double
             * @description The smallest subtotal it applies to.
             */
            minSubtotal: number;
            /** @description When it starts to apply (RFC 3339). */
            validFrom?: string | null;
            /** @description When it stops applying (RFC 3339). */
            validUntil?: string | null;
            /**
             * Format: double
             * @description Percent or rupees.
             */
            value: number;
        };
        /**
         * @description The body of `POST /orders` as documented: which of the two is read depends on who sends it,
         *     not on its shape, so the handler parses one of them directly and this type only describes both.
         */
        CreateOrderRequest: components["schemas"]["CheckoutRequest"] | components["schemas"]["OrderForCustomerRequest"];
        /** @description One day of the chart. */
        DailySales: {
            /** @description `2026-11-25`, a day in India. */
            date: string;
            /** Format: int32 */
            orders: number;
            /** Format: double */
            revenue: number;
        };
        /**
         * @description `GET /dashboard`: the period's sales with those of the period before, day by day, orders by
         *     status, the five best sellers and the products at or below the low-stock threshold.
         */
        Dashboard: {
            /** Format: double */
            averageOrderValue: number;
            /**
             * @description Orders placed in the period by their status now, cancelled ones included; every status
             *     is present.
             */
            byStatus: {
                [key: string]: number;
            };
            /** @description Every day of the period, oldest first, days without orders as zeros. */
            daily: components["schemas"]["DailySales"][];
            /** Format: int32 */
            days: number;
            /** @description The first day of the period (India time). */
            from: string;
            /** @description Products with at most `lowStockThreshold` units, fewest first (at most 10). */
            lowStock: components["schemas"]["LowStock"][];
            /** Format: int64 */
            lowStockThreshold: number;
            /** Format: int32 */
            orders: number;
            /** @description The same figures for the as many days before. */
            previous: components["schemas"]["PeriodSales"];
            /** Format: double */
            revenue: number;
            /** @description The last day: today. */
            to: string;
            topProducts: components["schemas"]["TopProduct"][];
        };
        /** @description The shop's delivery terms, as the pricing crate's `DeliveryTerms` reads them. */
        DeliveryInfo: {
            /**
             * Format: double
             * @description The flat fee, GST included; 0 delivers every order free.
             */
            fee: number;
            /**
             * Format: double
             * @description Goods coming to this much after discounts deliver free; null charges every order.
             */
            freeFrom?: number | null;
            /**
             * Format: double
             * @description The GST rate in the fee, percent.
             */
            gstRate: number;
        };
        /** @description The inside of [`ErrorEnvelope`]. */
        ErrorBody: {
            /** @description What went wrong, for the web app to switch on. */
            code: components["schemas"]["ErrorCode"];
            /** @description Extra machine-readable detail (on some 409s and 422s). */
            details?: Record<string, never> | null;
            /** @description Form field names mapped to messages (on 400 and 422). */
            fields?: {
                [key: string]: string;
            } | null;
            /** @description A message safe to show to people. */
            message: string;
            /** Format: int32 */
            status: number;
        };
        /**
         * @description A stable snake_case code the web app may switch on (never on the message):
         *     - `bad_request`: 400: a request the framework refused without a more specific code.
         *     - `invalid_json`: 400: the body is not valid JSON.
         *     - `invalid_body`: 400: the body could not be read, such as a broken multipart form.
         *     - `invalid_query`: 400: the query string could not be read as a whole.
         *     - `validation_failed`: 400: one or more fields are invalid; `fields` names each.
         *     - `invalid_otp`: 400: a password-reset code is wrong or has expired.
         *     - `invalid_idempotency_key`: 400: the `Idempotency-Key` header is empty, too long or not visible ASCII.
         *     - `unauthorized`: 401: no token, or one that is invalid, expired or revoked.
         *     - `invalid_credentials`: 401: a sign-in with an unknown identifier or a wrong password.
         *     - `forbidden`: 403: the caller's kind of account or role may not do this.
         *     - `account_inactive`: 403: a customer whose account was deactivated tries to sign in.
         *     - `registration_closed`: 403: an admin registration without a superadmin's token once an admin exists.
         *     - `not_found`: 404: no such record or API endpoint.
         *     - `coupon_not_found`: 404: no coupon has this code.
         *     - `method_not_allowed`: 405: the endpoint exists, but not with this method.
         *     - `email_taken`: 409: another account already has this e-mail address.
         *     - `mobile_taken`: 409: another customer already has this mobile number.
         *     - `name_taken`: 409: another category already has this name.
         *     - `code_taken`: 409: a coupon with this code exists already.
         *     - `last_superadmin`: 409: the change would remove or demote the last superadmin.
         *     - `category_in_use`: 409: products still use the category being deleted.
         *     - `stock_changed`: 409: a stock edit would take the stock below zero; `details.stock` is the stock now.
         *     - `out_of_stock`: 409: too few units are left; `details` names the product and how many are left.
         *     - `price_changed`: 409: a price differs from the current one; `details` lists the current prices.
         *     - `product_unavailable`: 409: a product in the order is no longer sold; `details` names it.
         *     - `too_many_pending_orders`: 409: the customer has as many unpaid orders as allowed; `details.maxPendingOrders`.
         *     - `coupon_unusable`: 409: the coupon cannot be used now; `details.reason` says why.
         *     - `order_invoiced`: 409: an edit would change the items, discount or buyer of an invoiced order.
         *     - `invoice_unavailable`: 409: the order has no tax invoice yet (it was not shipped or delivered).
         *     - `credit_note_unavailable`: 409: the order has no credit note (it was not cancelled after its invoice).
         *     - `payment_unavailable`: 409: the order is not waiting for a UPI payment (cash on delivery, paid or cancelled).
         *     - `import_invalid`: 422: an import has bad rows and wrote nothing; `details` has the report with each error.
         *     - `payload_too_large`: 413: the body is larger than allowed.
         *     - `unsupported_media_type`: 415: the body is not of a supported content type.
         *     - `rate_limited`: 429: too many attempts; `Retry-After` says when to try again.
         *     - `internal_error`: 500: anything unexpected; the cause is logged, never sent.
         *     - `busy`: 503: the shop is at capacity for this work; `Retry-After` says when to try again.
         *     - `unavailable`: 503: the database does not answer, or the request took longer than the time limit.
         * @enum {string}
         */
        ErrorCode: "bad_request" | "invalid_json" | "invalid_body" | "invalid_query" | "validation_failed" | "invalid_otp" | "invalid_idempotency_key" | "unauthorized" | "invalid_credentials" | "forbidden" | "account_inactive" | "registration_closed" | "not_found" | "coupon_not_found" | "method_not_allowed" | "email_taken" | "mobile_taken" | "name_taken" | "code_taken" | "last_superadmin" | "category_in_use" | "stock_changed" | "out_of_stock" | "price_changed" | "product_unavailable" | "too_many_pending_orders" | "coupon_unusable" | "order_invoiced" | "invoice_unavailable" | "credit_note_unavailable" | "payment_unavailable" | "import_invalid" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "internal_error" | "busy" | "unavailable";
        /** @description The JSON body of every error response. */
        ErrorEnvelope: {
            error: components["schemas"]["ErrorBody"];
        };
        /** @description `POST /auth/forgot-password`. */
        ForgotPassword: {
            /** @description The account's e-mail address or mobile number. */
            identifier: string;
        };
        /** @description The health answer. */
        Health: {
            /** @description `ok` when the database answered. */
            database: string;
            /** @description Always `ok` when the answer is 200. */
            status: string;
            version: string;
        };
        /** @description One image slot of a product. */
        ImageRef: {
            /**
             * Format: int32
             * @description The full image's height in pixels; null likewise.
             */
            height?: number | null;
            /** @description A small WebP for lists and grids, at most 320 pixels on its longer side. */
            thumbnail: string;
            /** @description The full image. */
            url: string;
            /**
             * Format: int32
             * @description The full image's width in pixels (for `srcset`); null for images stored before sizes were kept.
             */
            width?: number | null;
        };
        /** @description What an import did, or would do. */
        ImportReport: {
            /** @description Products created (or that applying would create). */
            created: number;
            /** @description Every bad cell; nothing is written unless this is empty. */
            errors: components["schemas"]["RowError"][];
            /** @description Products updated (or that applying would update). */
            updated: number;
        };
        /** @description The multipart upload, for the OpenAPI document. */
        ImportUpload: {
            /**
             * Format: binary
             * @description A CSV file with the columns of `GET /products/export.csv`, UTF-8.
             */
            file: string;
        };
        /** @description `meta` of a list response. */
        ListMeta: {
            pagination: components["schemas"]["Pagination"];
        };
        /** @description `POST /authadmin/login` and `POST /auth/login`. */
        Login: {
            /** @description An e-mail address (or, for customers, a mobile number). */
            identifier: string;
            password: string;
        };
        /** @description A product running out. */
        LowStock: {
            _id: string;
            /** Format: int64 */
            stock: number;
            title: string;
        };
        /** @description The message of `POST /auth/forgot-password` and `POST /auth/reset-password`. */
        Message: {
            /** @description For people. */
            message: string;
        };
        /** @description A mobile number as a form sends it: text or a number. */
        MobileInput: string | number;
        /** @description `POST /categories`. */
        NewCategoryInput: {
            /** @description At most 2000 characters. */
            description?: string;
            /** @description 1 to 100 characters. */
            name: string;
        };
        /** @description An order as the API shows it. */
        Order: {
            /** @description The record id, used in URLs. */
            _id: string;
            address: string;
            /** @description The buyer's GSTIN, for a B2B tax invoice. */
            buyerGstin?: string | null;
            cartItems: components["schemas"]["OrderItem"][];
            /**
             * Format: double
             * @description The sum of the lines' and the delivery's CGST.
             */
            cgstTotal: number;
            /**
             * Format: double
             * @description The subtotal: the sum of price times amount.
             */
            chargeTotal: number;
            city: string;
            /** @description Ship to: company or bakery. */
            company: string;
            coupon?: null | components["schemas"]["OrderCoupon"];
            /** @description The code of the coupon the order used. */
            couponCode?: string | null;
            /**
             * Format: double
             * @description What the coupon took off the subtotal.
             */
            couponDiscount: number;
            /** @description When it was placed (RFC 3339). */
            createdAt: string;
            /** @description When the credit note was issued (RFC 3339). */
            creditNoteDate?: string | null;
            /** @description The credit note number (`CN/26-27/00001`), issued when an invoiced order is cancelled. */
            creditNoteNumber?: string | null;
            /** @description The delivery charge with the GST in it. */
            delivery: components["schemas"]["OrderDelivery"];
            /**
             * Format: double
             * @description What delivery costs, GST included: the shop's flat fee, or 0 when the goods come to its
             *     free-delivery threshold after discounts (and on orders from before delivery was charged).
             */
            deliveryCharge: number;
            /**
             * Format: double
             * @description The admin's discount taken off the subtotal.
             */
            discount: number;
            email: string;
            /**
             * Format: double
             * @description The sum of the lines' and the delivery's IGST.
             */
            igstTotal: number;
            /** @description When the invoice was issued (RFC 3339). */
            invoiceDate?: string | null;
            /**
             * @description The tax invoice number (`WSK/26-27/00001`), issued when the order is first marked shipped
             *     or delivered.
             */
            invoiceNumber?: string | null;
            name: string;
            /**
             * Format: int32
             * @description Units over all lines.
             */
            numItemsInCart: number;
            /** @description The order number people quote: ORD1001, ORD1002, ... */
            orderId: string;
            /**
             * Format: double
             * @description What is charged, GST included: max(0, subtotal - couponDiscount - discount) +
             *     deliveryCharge.
             */
            orderTotal: number;
            /** @description How the customer pays. */
            paymentMethod: components["schemas"]["PaymentMethod"];
            /** @description Whether the shop has the money; an admin marks it. */
            paymentStatus: components["schemas"]["PaymentStatus"];
            /** @description The phone number for the courier: ten digits (empty on older orders). */
            phone: string;
            /** @description The 6-digit PIN code (empty on orders from before it was asked). */
            pinCode: string;
            placeOfSupply?: null | components["schemas"]["PlaceOfSupply"];
            /**
             * Format: double
             * @description The sum of the lines' and the delivery's SGST.
             */
            sgstTotal: number;
            state: string;
            status: components["schemas"]["OrderStatus"];
            /**
             * Format: double
             * @description The sum of the lines' and the delivery's taxable values.
             */
            taxableTotal: number;
            /** @description When it last changed (RFC 3339). */
            updatedAt: string;
            /**
             * @description For an unpaid UPI order that is not cancelled: the `upi://pay` link for the exact amount
             *     to the shop's UPI ID, which the order page also shows as a QR code.
             */
            upiLink?: string | null;
            user: components["schemas"]["OrderCustomer"];
            /**
             * Format: double
             * @description The sum of the lines' and the delivery's UTGST.
             */
            utgstTotal: number;
        };
        /** @description `PATCH /orders/{id}` by an admin: every field optional; totals are recomputed. */
        OrderChanges: {
            address?: string | null;
            /** @description The lines that replace the order's lines. Lines already in the order keep their price. */
            cartItems?: components["schemas"]["CartItemInput"][] | null;
            /**
             * Format: double
             * @description Rupees off the subtotal.
             */
            discount?: number | null;
            email?: string | null;
            name?: string | null;
            /**
             * Format: int32
             * @description Ignored: the server counts.
             */
            numItemsInCart?: number | null;
            /**
             * Format: double
             * @description Ignored: the server computes it.
             */
            orderTotal?: number | null;
            paymentStatus?: null | components["schemas"]["PaymentStatus"];
            /** @description The phone number for the courier. */
            phone?: string | null;
            /** @description The 6-digit PIN code. */
            pinCode?: string | null;
            status?: null | components["schemas"]["OrderStatus"];
        };
        /** @description The terms of the coupon an order used, as it was priced with them. */
        OrderCoupon: {
            code: string;
            /** @description What it takes off. */
            kind: components["schemas"]["CouponKind"];
            /**
             * Format: double
             * @description The most a percent coupon takes off.
             */
            maxDiscount?: number | null;
            /**
             * Format: double
             * @description The smallest subtotal it applies to.
             */
            minSubtotal: number;
            /**
             * Format: double
             * @description Percent, or rupees.
             */
            value: number;
        };
        /** @description The customer an order belongs to. */
        OrderCustomer: {
            _id: string;
            company: string;
            email: string;
            username: string;
        };
        /** @description The delivery charge of an order and the GST in it. */
        OrderDelivery: {
            /** Format: double */
            cgst: number;
            /**
             * Format: double
             * @description What delivery cost, GST included (0 when free).
             */
            charge: number;
            /**
             * Format: double
             * @description The flat fee of the terms the order was priced with (an edit prices it with them again).
             */
            fee: number;
            /**
             * Format: double
             * @description From what goods total delivery was free under those terms; null for never.
             */
            freeFrom?: number | null;
            /**
             * Format: double
             * @description The GST rate in it, percent.
             */
            gstRate: number;
            /** Format: double */
            igst: number;
            /** Format: double */
            sgst: number;
            /** Format: double */
            taxableValue: number;
            /** Format: double */
            utgst: number;
        };
        OrderEnvelope: {
            order: components["schemas"]["Order"];
        };
        /** @description `POST /orders` by an admin on behalf of a customer: `{"data": ...}`. */
        OrderForCustomer: {
            address: string;
            /** @description The lines, 1 to 100, one per product. */
            cartItems: components["schemas"]["CartItemInput"][];
            city?: string;
            /** @description Ship to: company (the customer's when left out). */
            company?: string | null;
            /**
             * Format: double
             * @description Rupees off the subtotal (default 0).
             */
            discount?: number | null;
            /** @description The buyer's GSTIN for a B2B tax invoice. */
            gstin?: string | null;
            name: string;
            /**
             * Format: int32
             * @description Ignored: the server counts.
             */
            numItemsInCart?: number | null;
            paymentMethod?: null | components["schemas"]["PaymentMethod"];
            /** @description A phone number for the courier (checked when sent; the customer's mobile when left out). */
            phone?: string | null;
            /** @description The 6-digit PIN code (checked when sent). */
            pinCode?: string | null;
            state?: string;
            userId: string;
        };
        /** @description `POST /orders` by an admin. */
        OrderForCustomerRequest: {
            data: components["schemas"]["OrderForCustomer"];
        };
        /** @description One line of an order as the API shows it. */
        OrderItem: {
            /** Format: int32 */
            amount: number;
            /**
             * Format: double
             * @description Central GST (a sale within the shop's state or territory).
             */
            cgst: number;
            /**
             * Format: double
             * @description The line's share of the order's discounts (coupon and admin's).
             */
            discount: number;
            /**
             * Format: double
             * @description The GST rate in percent, included in the price.
             */
            gstRate: number;
            /** @description The product's HSN code when ordered, or empty. */
            hsn: string;
            /**
             * Format: double
             * @description Integrated GST (a sale to another state).
             */
            igst: number;
            /** @description The product's image (a URL path) when ordered, or empty. */
            image: string;
            /** @description The product's title when ordered. */
            name: string;
            /**
             * Format: double
             * @description The unit price charged.
             */
            price: number;
            productId: string;
            /**
             * Format: double
             * @description State GST (within the shop's state).
             */
            sgst: number;
            /**
             * Format: double
             * @description The value before tax: price × amount − discount − tax.
             */
            taxableValue: number;
            /**
             * Format: double
             * @description Union territory GST (within a territory without a legislature).
             */
            utgst: number;
        };
        /** @description A page of orders, newest first. */
        OrderList: {
            data: components["schemas"]["Order"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @description Where an order's status stands.
         * @enum {string}
         */
        OrderStatus: "pending" | "paid" | "shipped" | "delivered" | "cancelled";
        /** @description `meta.pagination` of a list response. */
        Pagination: {
            /**
             * Format: int32
             * @description The page returned, from 1.
             */
            page: number;
            /**
             * Format: int32
             * @description How many pages there are.
             */
            pageCount: number;
            /**
             * Format: int32
             * @description Records a page.
             */
            pageSize: number;
            /**
             * Format: int64
             * @description How many records there are.
             */
            total: number;
        };
        /**
         * @description How the customer pays.
         * @enum {string}
         */
        PaymentMethod: "cod" | "upi";
        /**
         * @description Whether the shop has the money.
         * @enum {string}
         */
        PaymentStatus: "unpaid" | "paid" | "refunded";
        /** @description Sales of a period: orders placed in it that were not cancelled. */
        PeriodSales: {
            /**
             * Format: double
             * @description Revenue per order, to the paisa; 0 without orders.
             */
            averageOrderValue: number;
            /** Format: int32 */
            orders: number;
            /**
             * Format: double
             * @description The sum of their totals, GST and delivery included.
             */
            revenue: number;
        };
        /** @description The place of supply: the ship-to state and its GST state code. */
        PlaceOfSupply: {
            /**
             * Format: int32
             * @description Its GST state code, 1 to 38.
             */
            code: number;
            /** @description The state or union territory. */
            state: string;
        };
        /** @description `{"product": ...}` (the body `catalog::json::envelope` writes for a read). */
        ProductEnvelope: {
            product: components["schemas"]["ProductView"];
        };
        /** @description The multipart product form, for the OpenAPI document. */
        ProductFormSchema: {
            /** @description A category name. */
            category: string;
            company: string;
            /** @description `true` clears image slot 1 (likewise delete_image2..delete_image5). */
            deleteImage1: string;
            description: string;
            /** @description `true` or `false`. */
            featured: string;
            /**
             * @description The GST rate in percent: one of the slabs in force (`GET /shop`). Without it a new
             *     product gets the shop's default rate and an edit keeps the product's.
             */
            gstRate: string;
            /** @description The HSN code: 4 to 8 digits, or empty. */
            hsn: string;
            /** Format: binary */
            image1: string;
            /** Format: binary */
            image2: string;
            /** Format: binary */
            image3: string;
            /** Format: binary */
            image4: string;
            /** Format: binary */
            image5: string;
            price: string;
            sellingPrice: string;
            stock: string;
            /**
             * @description On an edit, the stock the form showed: the stock then moves by `stock - stockShown`, so
             *     units that orders took meanwhile stay taken. Without it `stock` is set as given.
             */
            stockShown: string;
            title: string;
        };
        /** @description A page of products (the body `catalog::json::listing` writes). */
        ProductList: {
            data: components["schemas"]["ProductView"][];
            /** @description Paging and filter choices. */
            meta: components["schemas"]["ProductListMeta"];
        };
        /** @description `meta` of a product listing: paging plus the filter choices. */
        ProductListMeta: {
            /** @description `all`, then every category name. */
            categories: string[];
            /** @description `all`, then every company. */
            companies: string[];
            pagination: components["schemas"]["Pagination"];
        };
        /** @description Search results (the body `catalog::json::matches` writes). */
        ProductMatches: {
            /** @description Up to 20 products, titles starting with the text first. */
            data: components["schemas"]["ProductView"][];
        };
        /** @description A product as the API shows it. */
        ProductView: {
            _id: string;
            category: components["schemas"]["CategoryRef"];
            /** @description The maker. */
            company: string;
            /** @description When it was created (RFC 3339). */
            createdAt: string;
            description: string;
            /**
             * Format: int32
             * @description How far the selling price is below the MRP (`price`), in whole percent rounded down; 0
             *     when it is not below (the pricing crate's `percent_off`).
             */
            discountPercent: number;
            /** @description Shown on the home page. */
            featured: boolean;
            /**
             * Format: double
             * @description The GST rate in percent, included in the prices.
             */
            gstRate: number;
            /** @description The HSN code, or empty when the shop has not set one. */
            hsn: string;
            image1?: null | components["schemas"]["ImageRef"];
            image2?: null | components["schemas"]["ImageRef"];
            image3?: null | components["schemas"]["ImageRef"];
            image4?: null | components["schemas"]["ImageRef"];
            image5?: null | components["schemas"]["ImageRef"];
            /**
             * Format: double
             * @description The list price, shown struck through.
             */
            price: number;
            /**
             * Format: double
             * @description What is charged.
             */
            sellingPrice: number;
            /** Format: int64 */
            stock: number;
            title: string;
            /** @description When it last changed (RFC 3339). */
            updatedAt: string;
        };
        /** @description `POST /authadmin/register` (JSON or multipart form fields). */
        RegisterAdmin: {
            email: string;
            /** @description 8 to 128 characters. */
            password: string;
            role?: null | components["schemas"]["AdminRole"];
            /** @description 2 to 50 characters. */
            username: string;
        };
        /** @description `POST /auth/register`. `status` may only be set by an admin. */
        RegisterUser: {
            /** @description Street address (at most 200 characters). */
            address: string;
            city: string;
            company: string;
            email: string;
            /** @description A 10-digit Indian mobile number. */
            mobile: components["schemas"]["MobileInput"];
            /** @description 8 to 128 characters. */
            password: string;
            state: string;
            status?: null | components["schemas"]["UserStatus"];
            /** @description 2 to 50 characters. */
            username: string;
        };
        /** @description `POST /auth/reset-password`. */
        ResetPassword: {
            /** @description The account's e-mail address or mobile number. */
            identifier: string;
            /** @description 8 to 128 characters. */
            newPassword: string;
            /** @description The six-digit code from the e-mail. */
            otp: string;
        };
        /** @description A refused cell, or a problem with the whole file (`field` `file`). */
        RowError: {
            /** @description The column, or `file`. */
            field: string;
            message: string;
            /** @description The spreadsheet row: the header is row 1, the first product row 2. */
            row: number;
        };
        ShopEnvelope: {
            shop: components["schemas"]["ShopInfo"];
        };
        /** @description The seller's public details. */
        ShopInfo: {
            /**
             * Format: double
             * @description The rate a product gets when none is chosen.
             */
            defaultGstRate: number;
            /** @description What delivery costs, for the cart to show the charge the order will have. */
            delivery: components["schemas"]["DeliveryInfo"];
            gstin: string;
            /** @description The GST rates a product may have, in percent, ascending. */
            gstSlabs: number[];
            legalName: string;
            name: string;
            /** @description How customers may pay: `cod` always, `upi` when the shop has a UPI ID. */
            paymentMethods: components["schemas"]["PaymentMethod"][];
            /** @description The state it is registered in. */
            state: string;
            /**
             * Format: int32
             * @description That state's GST code.
             */
            stateCode: number;
        };
        /** @description `GET /orders/{id}/timeline`. */
        Timeline: {
            data: components["schemas"]["TimelineEvent"][];
        };
        /** @description Who did something on the timeline. */
        TimelineActor: {
            _id?: string | null;
            /** @description `customer`, `admin` or `system` (the shop itself: documents and mails). */
            kind: string;
            name?: string | null;
        };
        /** @description One thing that happened to an order. */
        TimelineEvent: {
            /** @description `placed`, `edited`, `status_changed`, `invoice_issued`, `credit_note_issued` or `mail_sent`. */
            action: string;
            actor: components["schemas"]["TimelineActor"];
            /** @description RFC 3339, UTC. */
            at: string;
            /** @description What happened, in a sentence ready to show. */
            summary: string;
        };
        /** @description A best seller of the period. */
        TopProduct: {
            _id: string;
            /**
             * Format: double
             * @description What its lines were charged, after their share of discounts.
             */
            revenue: number;
            /** @description Its title now (or as ordered, if it was deleted). */
            title: string;
            /** Format: int32 */
            units: number;
        };
        /** @description `PUT /admins/{id}`: every field optional; an empty password keeps the old one. */
        UpdateAdmin: {
            email?: string | null;
            /** @description 8 to 128 characters; empty keeps the old password. */
            password?: string | null;
            role?: null | components["schemas"]["AdminRole"];
            /** @description 2 to 50 characters. */
            username?: string | null;
        };
        /** @description `PATCH /categories/{id}`: every field optional. */
        UpdateCategoryInput: {
            /** @description At most 2000 characters. */
            description?: string | null;
            /** @description 1 to 100 characters. */
            name?: string | null;
        };
        /** @description `PUT /users/{id}`: every field optional; an empty password keeps the old one. */
        UpdateUser: {
            address?: string | null;
            city?: string | null;
            company?: string | null;
            email?: string | null;
            mobile?: null | components["schemas"]["MobileInput"];
            /** @description 8 to 128 characters; empty keeps the old password. */
            password?: string | null;
            state?: string | null;
            status?: null | components["schemas"]["UserStatus"];
            /** @description 2 to 50 characters. */
            username?: string | null;
        };
        /** @description A customer as the API shows them (never with a password). */
        User: {
            _id: string;
            address: string;
            city: string;
            company: string;
            /** @description When the account was created (RFC 3339). */
            createdAt: string;
            /** @description Their e-mail address, lower case. */
            email: string;
            /** @description Their 10-digit mobile number. */
            mobile: string;
            state: string;
            /** @description Whether they may sign in. */
            status: components["schemas"]["UserStatus"];
            /** @description When the account last changed (RFC 3339). */
            updatedAt: string;
            username: string;
        };
        UserEnvelope: {
            user: components["schemas"]["User"];
        };
        /** @description A page of customers. */
        UserList: {
            /** @description The customers on this page. */
            data: components["schemas"]["User"][];
            meta: components["schemas"]["ListMeta"];
        };
        /**
         * @description Whether a customer may sign in.
         * @enum {string}
         */
        UserStatus: "active" | "inactive";
        /** @description `{"user": ..., "jwt": ...}`; `jwt` is absent when an admin created the account. */
        UserWithToken: {
            jwt?: string | null;
            user: components["schemas"]["User"];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    list_admins: {
        parameters: {
            query?: {
                /** @description Records a page (default 10). */
                limit?: number;
                /** @description The page, from 1 (default 1). */
                page?: number;
                /**
                 * @deprecated
                 * @description Deprecated alias of `limit`, still accepted; send `limit`.
                 */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminList"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    get_admin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminEnvelope"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    update_admin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAdmin"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminEnvelope"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    delete_admin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    audit_log: {
        parameters: {
            query?: {
                /** @description Only writes by this admin (`_id`). */
                actor?: string;
                /** @description Only writes to this kind of record. */
                entity?: components["schemas"]["AuditEntity"];
                /** @description From this day, `2026-11-01` (India time). */
                from?: string;
                /** @description Records a page (default 10). */
                limit?: number;
                /** @description The page, from 1 (default 1). */
                page?: number;
                /**
                 * @deprecated
                 * @description Deprecated alias of `limit`, still accepted; send `limit`.
                 */
                pageSize?: number;
                /** @description To this day, included. */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditList"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    forgot_password: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ForgotPassword"];
            };
        };
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Login"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserWithToken"];
                };
            };
            /** @description invalid_credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description account_inactive */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterUser"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserWithToken"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description email_taken or mobile_taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    reset_password: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetPassword"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description invalid_otp or a field refused */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    login_admin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Login"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminWithToken"];
                };
            };
            /** @description invalid_credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    register_admin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterAdmin"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminWithToken"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description registration_closed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description email_taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    list_categories: {
        parameters: {
            query?: {
                /** @description Records a page (default 10). */
                limit?: number;
                /** @description The page, from 1 (default 1). */
                page?: number;
                /**
                 * @deprecated
                 * @description Deprecated alias of `limit`, still accepted; send `limit`.
                 */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CategoryList"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    create_category: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewCategoryInput"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CategoryEnvelope"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description name_taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    get_category: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CategoryEnvelope"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    delete_category: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description category_in_use */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    update_category: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateCategoryInput"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CategoryEnvelope"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description name_taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    list_coupons: {
        parameters: {
            query?: {
                /** @description Records a page (default 10). */
                limit?: number;
                /** @description The page, from 1 (default 1). */
                page?: number;
                /**
                 * @deprecated
                 * @description Deprecated alias of `limit`, still accepted; send `limit`.
                 */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CouponList"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    create_coupon: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CouponInput"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CouponEnvelope"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description code_taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    get_coupon: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CouponAnswer"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description coupon_not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description coupon_unusable (details: {reason}: expired, not_started, used_up, used_by_you or inactive) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    delete_coupon: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    update_coupon: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CouponInput"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CouponEnvelope"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    get_dashboard: {
        parameters: {
            query?: {
                /** @description The period: 7, 30 (the default) or 90 days, the last of them today (India time). */
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dashboard"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The server and its database are up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description The database does not answer within a second */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    list_orders: {
        parameters: {
            query?: {
                /** @description Records a page (default 10). */
                limit?: number;
                /** @description The page, from 1 (default 1). */
                page?: number;
                /**
                 * @deprecated
                 * @description Deprecated alias of `limit`, still accepted; send `limit`.
                 */
                pageSize?: number;
                /**
                 * @description Part of the order number, the ship-to name, e-mail or company, in any case; blank finds
                 *     every order.
                 */
                q?: string;
                /** @description Only orders with this status. */
                status?: components["schemas"]["OrderStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderList"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    create_order: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays return the first order */
                "Idempotency-Key"?: string | null;
            };
            path?: never;
            cookie?: never;
        };
        /** @description A customer's checkout; an admin sends an OrderForCustomerRequest */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOrderRequest"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderEnvelope"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description price_changed (details: [{productId, price}]), out_of_stock (details: {productId, left}), product_unavailable (details: [{productId}]), coupon_unusable (details: {reason}) or too_many_pending_orders (details: {maxPendingOrders}) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    get_order: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderEnvelope"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    delete_order: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    update_order: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderChanges"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderEnvelope"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description out_of_stock, price_changed or product_unavailable */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    get_order_credit_note: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credit note, as an attachment named credit-note-ORD1001.pdf */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": unknown;
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description credit_note_unavailable: the order was not cancelled after its invoice */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    get_order_invoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tax invoice, as an attachment named invoice-ORD1001.pdf */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": unknown;
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invoice_unavailable: not shipped or delivered yet */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    get_order_timeline: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Timeline"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    get_order_upi_qr: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The QR code of the order's upiLink */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": unknown;
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payment_unavailable: not an unpaid UPI order */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    export_orders: {
        parameters: {
            query?: {
                /** @description The first day, `2026-11-01` (India time); default 30 days before `to`. */
                from?: string;
                /** @description Only orders with this status. */
                status?: components["schemas"]["OrderStatus"];
                /** @description The last day, included; default today. */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description orders-2026-11-01-to-2026-11-25.csv */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": unknown;
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    list_products: {
        parameters: {
            query?: {
                /** @description A category name, or `all`. */
                category?: string;
                /** @description A company, or `all`. */
                company?: string;
                /** @description `true` for featured products only. */
                featured?: string;
                /** @description Products a page (default 10, at most 1000). */
                limit?: string;
                /** @description `a-z` (default), `z-a`, `high` or `low` (by selling price). */
                order?: string;
                /** @description The page, from 1. */
                page?: string;
                /**
                 * @deprecated
                 * @description Deprecated alias of `limit`, still accepted; send `limit`.
                 */
                pageSize?: string;
                /** @description The highest selling price to include. */
                price?: string;
                /** @description Part of a title or company, any case. */
                search?: string;
                /** @description Accepted and ignored (the storefront's shipping filter). */
                shipping?: string;
                /**
                 * @deprecated
                 * @description Deprecated alias of `order`, still accepted; send `order`.
                 */
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductList"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    create_product: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["ProductFormSchema"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductEnvelope"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    get_product: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductEnvelope"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    delete_product: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    update_product: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["ProductFormSchema"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductEnvelope"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    export_products: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description products.csv */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": unknown;
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    import_products: {
        parameters: {
            query?: {
                /** @description `true` (the default) only checks the file and reports; `false` writes it. */
                dryRun?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["ImportUpload"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportReport"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description import_invalid: `details` is the report */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    search_products: {
        parameters: {
            query?: {
                /** @description Part of a title or company. */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductMatches"];
                };
            };
        };
    };
    get_shop: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShopEnvelope"];
                };
            };
        };
    };
    list_users: {
        parameters: {
            query?: {
                /** @description Records a page (default 10). */
                limit?: number;
                /** @description The page, from 1 (default 1). */
                page?: number;
                /**
                 * @deprecated
                 * @description Deprecated alias of `limit`, still accepted; send `limit`.
                 */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserList"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    get_user: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserEnvelope"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    update_user: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateUser"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserEnvelope"];
                };
            };
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    delete_user: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    search_users: {
        parameters: {
            query?: {
                /** @description Part of a name, e-mail, mobile or company; blank finds nothing. */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserList"];
                };
            };
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}
