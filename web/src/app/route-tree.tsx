import type { RouteObject } from 'react-router'

import { NotFoundPage, RouteErrorPage } from '@/app/routes/error'
import { CartPage } from '@/app/routes/storefront/cart'
import { HomePage } from '@/app/routes/storefront/home'
import { StorefrontLayout } from '@/app/routes/storefront/layout'
import { ProductPage } from '@/app/routes/storefront/product'
import { ProductsPage } from '@/app/routes/storefront/products'
import { FullScreenSpinner } from '@/components/full-screen-spinner'
import { loadPricing } from '@/lib/pricing'

/**
 * The loader of a page that computes money throughout: it waits for the pricing wasm. When that
 * cannot be loaded it throws PricingUnavailableError, which RouteErrorPage explains with a "Try
 * again" that loads the wasm again and opens the same address (so this runs again). It is a
 * loader rather than part of `lazy` because React Router keeps a failed `lazy` for good.
 */
async function pricingLoader() {
  await loadPricing()
  return null
}

/** Starts the pricing wasm alongside a page's chunk; pricingLoader waits for it and reports a failure. */
function prefetchPricing() {
  loadPricing().catch(() => undefined)
}

type AdminPages = typeof import('@/app/routes/admin/pages')

/**
 * Loads a back-office screen from the admin chunk, so storefront visitors never download it,
 * together with the pricing wasm that its order desk, tables and forms compute with.
 */
const adminPage = (name: keyof AdminPages) => async () => {
  prefetchPricing()
  const pages = await import('@/app/routes/admin/pages')
  return { Component: pages[name], loader: pricingLoader }
}

type StorefrontPages = typeof import('@/app/routes/storefront/later-pages')

/**
 * A storefront page one rarely lands on first (signing in, checkout, orders, about): loaded on
 * the way there, so the first page of a visit downloads less. `withPricing` pages are money math
 * throughout (checkout, an order) and are shown once the pricing wasm is in as well.
 */
const laterPage =
  (name: keyof StorefrontPages, { withPricing = false } = {}) =>
  async () => {
    if (withPricing) prefetchPricing()
    const pages = await import('@/app/routes/storefront/later-pages')
    return { Component: pages[name], loader: withPricing ? pricingLoader : undefined }
  }

/**
 * The app's whole route tree. The browser's router (router.tsx) runs it, and the build renders the
 * storefront's first pages from it (src/prerender), so both draw the same pages.
 */
export const routeTree: RouteObject[] = [
  {
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: FullScreenSpinner,
    children: [
      {
        path: '/',
        Component: StorefrontLayout,
        children: [
          { index: true, Component: HomePage },
          { path: 'about', lazy: laterPage('AboutPage') },
          { path: 'products', Component: ProductsPage },
          { path: 'products/:id', Component: ProductPage },
          { path: 'cart', Component: CartPage },
          { path: 'checkout', lazy: laterPage('CheckoutPage', { withPricing: true }) },
          { path: 'orders', lazy: laterPage('OrdersPage') },
          { path: 'orders/:id', lazy: laterPage('OrderPage', { withPricing: true }) },
          { path: 'login', lazy: laterPage('LoginPage') },
          { path: 'register', lazy: laterPage('RegisterPage') },
        ],
      },
      {
        lazy: adminPage('AdminAuthLayout'),
        children: [
          { path: 'admin/login', lazy: adminPage('AdminLoginPage') },
          { path: 'admin/register', lazy: adminPage('AdminRegisterPage') },
        ],
      },
      {
        path: 'admin',
        lazy: adminPage('AdminLayout'),
        children: [
          { index: true, lazy: adminPage('AdminDashboardPage') },
          { path: 'users', lazy: adminPage('AdminUsersPage') },
          { path: 'users/create', lazy: adminPage('AdminCreateUserPage') },
          { path: 'users/edit/:id', lazy: adminPage('AdminEditUserPage') },
          { path: 'admins', lazy: adminPage('AdminAdminsPage') },
          { path: 'admins/create', lazy: adminPage('AdminCreateAdminPage') },
          { path: 'admins/edit/:id', lazy: adminPage('AdminEditAdminPage') },
          { path: 'products', lazy: adminPage('AdminProductsPage') },
          { path: 'products/create', lazy: adminPage('AdminCreateProductPage') },
          { path: 'products/edit/:id', lazy: adminPage('AdminEditProductPage') },
          { path: 'orders', lazy: adminPage('AdminOrdersPage') },
          { path: 'orders/create', lazy: adminPage('AdminCreateOrderPage') },
          { path: 'orders/edit/:id', lazy: adminPage('AdminEditOrderPage') },
          { path: 'category', lazy: adminPage('AdminCategoriesPage') },
          { path: 'category/create', lazy: adminPage('AdminCreateCategoryPage') },
          { path: 'category/edit/:id', lazy: adminPage('AdminEditCategoryPage') },
          { path: 'coupons', lazy: adminPage('AdminCouponsPage') },
          { path: 'coupons/create', lazy: adminPage('AdminCreateCouponPage') },
          { path: 'coupons/edit/:code', lazy: adminPage('AdminEditCouponPage') },
          { path: 'audit', lazy: adminPage('AdminAuditPage') },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
]
