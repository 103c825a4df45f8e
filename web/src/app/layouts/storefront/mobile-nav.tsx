import { Menu } from 'lucide-react'
import { useState } from 'react'
import { NavLink } from 'react-router'

import { navLinkClass } from '@/app/layouts/nav-link-class'
import { useStorefrontLinks } from '@/app/layouts/storefront/use-storefront-links'
import { Button } from '@/components/ui/button'
import { Sheet, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet'
import { cn } from '@/lib/utils'

/** Below md the main navigation lives in a drawer. */
export function MobileNav() {
  const links = useStorefrontLinks()
  const [open, setOpen] = useState(false)
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu" className="md:hidden">
          <Menu aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" aria-describedby={undefined}>
        <SheetHeader>
          <SheetTitle>Whisk</SheetTitle>
        </SheetHeader>
        <nav aria-label="Main" className="px-4">
          <ul className="flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === '/'}
                  onClick={() => setOpen(false)}
                  className={(state) => cn(navLinkClass(state), 'w-full justify-start')}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </SheetContent>
    </Sheet>
  )
}
