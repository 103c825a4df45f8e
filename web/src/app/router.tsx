import type { ComponentType } from 'react'
import { createBrowserRouter } from 'react-router'

import { NotFoundPage, RouteErrorPage } from '@/app/routes/error'
import { AboutPage } from '@/app/routes/storefront/about'
import { CartPage } from '@/app/routes/storefront/cart'
import { CheckoutPage } from '@/app/routes/storefront/checkout'
import { HomePage } from '@/app/routes/storefront/home'
import { StorefrontLayout } from '@/app/routes/storefront/layout'
import { LoginPage } from '@/app/routes/storefront/login'
import { OrderPage } from '@/app/routes/storefront/order'
import { OrdersPage } from '@/app/routes/storefront/orders'
import { ProductPage } from '@/app/routes/storefront/product'
import { ProductsPage } from '@/app/routes/storefront/products'
import { RegisterPage } from '@/app/routes/storefront/register'
import { FullScreenSpinner } from '@/components/full-screen-spinner'
import { loadPricing } from '@/lib/pricing'

type AdminPages = typeof import('@/app/routes/admin/pages')

/**
 * Loads a back-office screen from the admin chunk, so storefront visitors never download it,
 * together with the pricing wasm that its order desk, tables and forms compute with.
 */
const adminPage = (name: keyof AdminPages) => async () => {
  const [pages] = await Promise.all([import('@/app/routes/admin/pages'), loadPricing()])
  return { Component: pages[name] }
}

/** A storefront page that is money math throughout (checkout, an order): shown once the wasm is in. */
const afterPricing = (Component: ComponentType) => async () => {
  await loadPricing()
  return { Component }
}

export const router = createBrowserRouter([
  {
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: FullScreenSpinner,
    children: [
      {
        path: '/',
        Component: StorefrontLayout,
        children: [
          { index: true, Component: HomePage },
          { path: 'about', Component: AboutPage },
          { path: 'products', Component: ProductsPage },
          { path: 'products/:id', Component: ProductPage },
          { path: 'cart', Component: CartPage },
          { path: 'checkout', lazy: afterPricing(CheckoutPage) },
          { path: 'orders', Component: OrdersPage },
          { path: 'orders/:id', lazy: afterPricing(OrderPage) },
          { path: 'login', Component: LoginPage },
          { path: 'register', Component: RegisterPage },
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
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
])
