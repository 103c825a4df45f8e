import { NavLink } from 'react-router'

import { navLinkClass } from '@/app/layouts/nav-link-class'
import { useStorefrontLinks } from '@/app/layouts/storefront/use-storefront-links'

export function MainNav() {
  const links = useStorefrontLinks()
  return (
    <nav aria-label="Main" className="hidden md:block">
      <ul className="flex items-center gap-1">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.to === '/'} className={navLinkClass}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
