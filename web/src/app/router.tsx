import { createBrowserRouter } from 'react-router'

import { AdminAuthLayout } from '@/app/routes/admin/auth-layout'
import { AdminAdminsPage } from '@/app/routes/admin/admins'
import { AdminCreateAdminPage } from '@/app/routes/admin/admins-create'
import { AdminEditAdminPage } from '@/app/routes/admin/admins-edit'
import { AdminCategoriesPage } from '@/app/routes/admin/category'
import { AdminCreateCategoryPage } from '@/app/routes/admin/category-create'
import { AdminEditCategoryPage } from '@/app/routes/admin/category-edit'
import { AdminDashboardPage } from '@/app/routes/admin/dashboard'
import { AdminLayout } from '@/app/routes/admin/layout'
import { AdminLoginPage } from '@/app/routes/admin/login'
import { AdminOrdersPage } from '@/app/routes/admin/orders'
import { AdminCreateOrderPage } from '@/app/routes/admin/orders-create'
import { AdminEditOrderPage } from '@/app/routes/admin/orders-edit'
import { AdminProductsPage } from '@/app/routes/admin/products'
import { AdminCreateProductPage } from '@/app/routes/admin/products-create'
import { AdminEditProductPage } from '@/app/routes/admin/products-edit'
import { AdminRegisterPage } from '@/app/routes/admin/register'
import { AdminUsersPage } from '@/app/routes/admin/users'
import { AdminCreateUserPage } from '@/app/routes/admin/users-create'
import { AdminEditUserPage } from '@/app/routes/admin/users-edit'
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
          { path: 'checkout', Component: CheckoutPage },
          { path: 'orders', Component: OrdersPage },
          { path: 'orders/:id', Component: OrderPage },
          { path: 'login', Component: LoginPage },
          { path: 'register', Component: RegisterPage },
        ],
      },
      {
        Component: AdminAuthLayout,
        children: [
          { path: 'admin/login', Component: AdminLoginPage },
          { path: 'admin/register', Component: AdminRegisterPage },
        ],
      },
      {
        path: 'admin',
        Component: AdminLayout,
        children: [
          { index: true, Component: AdminDashboardPage },
          { path: 'users', Component: AdminUsersPage },
          { path: 'users/create', Component: AdminCreateUserPage },
          { path: 'users/edit/:id', Component: AdminEditUserPage },
          { path: 'admins', Component: AdminAdminsPage },
          { path: 'admins/create', Component: AdminCreateAdminPage },
          { path: 'admins/edit/:id', Component: AdminEditAdminPage },
          { path: 'products', Component: AdminProductsPage },
          { path: 'products/create', Component: AdminCreateProductPage },
          { path: 'products/edit/:id', Component: AdminEditProductPage },
          { path: 'orders', Component: AdminOrdersPage },
          { path: 'orders/create', Component: AdminCreateOrderPage },
          { path: 'orders/edit/:id', Component: AdminEditOrderPage },
          { path: 'category', Component: AdminCategoriesPage },
          { path: 'category/create', Component: AdminCreateCategoryPage },
          { path: 'category/edit/:id', Component: AdminEditCategoryPage },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
])
