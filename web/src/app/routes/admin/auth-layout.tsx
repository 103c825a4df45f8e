import { Outlet } from 'react-router'

import { WhiskLogo } from '@/components/whisk-logo'
import { ThemeToggle } from '@/features/theme/components/theme-toggle'

/** The bare frame around /admin/login and /admin/register, which sit outside the guarded admin layout. */
export function AdminAuthLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-16 items-center justify-between border-b bg-card px-4 sm:px-6">
        <WhiskLogo to="/admin/login" />
        <ThemeToggle />
      </header>
      <main id="main" className="mx-auto w-full max-w-md flex-1 px-4 py-12">
        <Outlet />
      </main>
    </div>
  )
}
