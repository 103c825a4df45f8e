import { AccountBar } from '@/app/layouts/storefront/account-bar'
import { CartLink } from '@/app/layouts/storefront/cart-link'
import { MainNav } from '@/app/layouts/storefront/main-nav'
import { MobileNav } from '@/app/layouts/storefront/mobile-nav'
import { WhiskLogo } from '@/components/whisk-logo'
import { ThemeToggle } from '@/features/theme/components/theme-toggle'

export function SiteHeader() {
  return (
    <header className="border-b bg-card">
      <AccountBar />
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-4 sm:px-6">
        <MobileNav />
        <WhiskLogo to="/" />
        <div className="flex flex-1 justify-center">
          <MainNav />
        </div>
        <CartLink />
        <ThemeToggle />
      </div>
    </header>
  )
}
