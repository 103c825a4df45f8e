import { NavLink } from 'react-router'

import { adminSections } from '@/app/layouts/admin/admin-sections'
import { navLinkClass } from '@/app/layouts/nav-link-class'
import { cn } from '@/lib/utils'

/** The admin sections as a vertical list; `onNavigate` lets the drawer close on a click. */
export function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Admin">
      <ul className="flex flex-col gap-1">
        {adminSections.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              onClick={onNavigate}
              className={(state) => cn(navLinkClass(state), 'w-full justify-start')}
            >
              <Icon aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
