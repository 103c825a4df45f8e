// The storefront pages loaded on the way to them rather than with the app (see router.tsx).
export { AboutPage } from '@/app/routes/storefront/about'
export { CheckoutPage } from '@/app/routes/storefront/checkout'
export { LoginPage } from '@/app/routes/storefront/login'
export { OrderPage } from '@/app/routes/storefront/order'
export { OrdersPage } from '@/app/routes/storefront/orders'
export { RegisterPage } from '@/app/routes/storefront/register'
