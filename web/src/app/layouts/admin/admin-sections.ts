import {
  ClipboardList,
  FolderTree,
  History,
  Package,
  ShieldCheck,
  TicketPercent,
  Users,
  type LucideIcon,
} from 'lucide-react'

export type AdminSection = { to: string; label: string; icon: LucideIcon }

export const adminSections: AdminSection[] = [
  { to: '/admin/users', label: 'Users', icon: Users },
  { to: '/admin/admins', label: 'Admins', icon: ShieldCheck },
  { to: '/admin/orders', label: 'Orders', icon: ClipboardList },
  { to: '/admin/coupons', label: 'Coupons', icon: TicketPercent },
  { to: '/admin/products', label: 'Products', icon: Package },
  { to: '/admin/category', label: 'Category', icon: FolderTree },
  { to: '/admin/audit', label: 'Audit log', icon: History },
]

/**
 * The header title: the name of the section the page is in, as the navigation names it, in
 * capitals (ORDERS, AUDIT LOG; the URL's own word for a page outside the sections), or DASHBOARD
 * at /admin.
 */
export function adminSectionTitle(pathname: string) {
  const segment = pathname.split('/')[2]
  if (!segment) return 'DASHBOARD'
  const section = adminSections.find(({ to }) => to === `/admin/${segment}`)
  return (section?.label ?? segment).toUpperCase()
}
