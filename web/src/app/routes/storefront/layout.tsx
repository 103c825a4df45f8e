import { Outlet } from 'react-router'

import { SiteFooter } from '@/app/layouts/storefront/site-footer'
import { SiteHeader } from '@/app/layouts/storefront/site-header'
import { NavigationProgress } from '@/components/navigation-progress'
import { SkipLink } from '@/components/skip-link'

export function StorefrontLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <NavigationProgress />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none sm:px-6 sm:py-10">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  )
}
