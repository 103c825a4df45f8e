import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { Navigate, Outlet } from 'react-router'
import { toast } from 'sonner'

import { AdminHeader } from '@/app/layouts/admin/admin-header'
import { AdminNav } from '@/app/layouts/admin/admin-nav'
import { NavigationProgress } from '@/components/navigation-progress'
import { SkipLink } from '@/components/skip-link'
import { WhiskLogo } from '@/components/whisk-logo'
import { isAdminAtom } from '@/features/auth/atoms'

/** Guards /admin: only a stored admin with role staff, admin or superadmin gets in. */
export function AdminLayout() {
  const isAdmin = useAtomValue(isAdminAtom)
  return isAdmin ? <AdminShell /> : <RedirectToAdminLogin />
}

function RedirectToAdminLogin() {
  useEffect(() => {
    toast.warning('You must be an admin to access this page', { id: 'admin-required' })
  }, [])
  return <Navigate to="/admin/login" replace />
}

function AdminShell() {
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[15rem_1fr]">
      <SkipLink />
      <NavigationProgress />
      <aside className="hidden border-r bg-card lg:block">
        <div className="sticky top-0 space-y-6 p-4">
          <WhiskLogo to="/admin" />
          <AdminNav />
        </div>
      </aside>
      <div className="flex min-w-0 flex-col">
        <AdminHeader />
        <main id="main" tabIndex={-1} className="w-full flex-1 px-4 py-8 outline-none sm:px-6">
          <Outlet />
        </main>
      </div>
    </div>
  )
}
