import { useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { useLocation, useNavigate } from 'react-router'

import { AdminMobileNav } from '@/app/layouts/admin/admin-mobile-nav'
import { adminSectionTitle } from '@/app/layouts/admin/admin-sections'
import { adminSignOutAtom } from '@/app/sign-out'
import { Button } from '@/components/ui/button'
import { ThemeToggle } from '@/features/theme/components/theme-toggle'

export function AdminHeader() {
  const { pathname } = useLocation()
  const signOut = useSetAtom(adminSignOutAtom)
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  // Leave first, so the admin guard does not see the session end and warn.
  async function logout() {
    await navigate('/admin/login', { flushSync: true })
    signOut(queryClient)
  }

  return (
    <header className="sticky top-0 z-40 flex h-16 items-center gap-2 border-b bg-card px-4 sm:px-6">
      <AdminMobileNav />
      <p className="flex-1 truncate font-semibold tracking-wide">{adminSectionTitle(pathname)}</p>
      <ThemeToggle />
      <Button variant="outline" size="sm" onClick={logout}>
        Logout
      </Button>
    </header>
  )
}
