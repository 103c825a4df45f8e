import { ClipboardList, FolderTree, Package, ShieldCheck, TicketPercent, Users, type LucideIcon } from 'lucide-react'

export type AdminSection = { to: string; label: string; icon: LucideIcon }

export const adminSections: AdminSection[] = [
  { to: '/admin/users', label: 'Users', icon: Users },
  { to: '/admin/admins', label: 'Admins', icon: ShieldCheck },
  { to: '/admin/orders', label: 'Orders', icon: ClipboardList },
  { to: '/admin/coupons', label: 'Coupons', icon: TicketPercent },
  { to: '/admin/products', label: 'Products', icon: Package },
  { to: '/admin/category', label: 'Category', icon: FolderTree },
]

/** The header title: the section's name uppercased, or DASHBOARD at /admin. */
export function adminSectionTitle(pathname: string) {
  const section = pathname.split('/')[2]
  return (section || 'dashboard').toUpperCase()
}
