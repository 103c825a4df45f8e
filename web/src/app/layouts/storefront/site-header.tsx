import { AccountBar } from '@/app/layouts/storefront/account-bar'
import { CartLink } from '@/app/layouts/storefront/cart-link'
import { HeaderSearch } from '@/app/layouts/storefront/header-search'
import { MainNav } from '@/app/layouts/storefront/main-nav'
import { MobileNav } from '@/app/layouts/storefront/mobile-nav'
import { WhiskLogo } from '@/components/whisk-logo'
import { ThemeToggle } from '@/features/theme/components/theme-toggle'

export function SiteHeader() {
  return (
    <header className="border-b bg-card">
      <AccountBar />
      {/* The search sits in the row from lg up and in a second row of its own below lg. */}
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-2 gap-y-3 px-4 py-3 sm:px-6">
        <MobileNav />
        <WhiskLogo to="/" />
        {/* Next to the logo rather than centred: a signed-in customer's Checkout and Orders come
            after the others, which stay where the page drawn before sign-in had them. */}
        <div className="flex flex-1 justify-start">
          <MainNav />
        </div>
        <HeaderSearch className="order-last w-full lg:order-none lg:w-64" />
        <CartLink />
        <ThemeToggle />
      </div>
    </header>
  )
}
