import { focusRing } from '@/components/ui/focus-ring'
import { WhiskMark } from '@/components/whisk-logo'

// Joined as text, not through `cn`: a `cn` call while the module loads would build
// tailwind-merge's class tables (about 60 ms on a 4x slower phone) in the bundle's evaluation
// task, the page's longest; nothing here needs merging.
const linkClass = `rounded-sm underline-offset-4 hover:text-foreground hover:underline ${focusRing}`

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t bg-card text-card-foreground">
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
        <div className="space-y-3">
          <p className="flex items-center gap-2 text-lg font-bold">
            <WhiskMark className="size-7" />
            Whisk Baking Supplies
          </p>
          <p className="text-sm text-muted-foreground">
            Flours, cake mixes, moulds, decorating tools and packaging for home bakers and bakeries across India.
          </p>
        </div>
        <div className="space-y-2 text-sm">
          <h2 className="text-base">Visit us</h2>
          <address className="text-muted-foreground not-italic">
            Whisk Baking Supplies
            <br />
            14, 2nd Floor, 12th Main Road, HAL 2nd Stage
            <br />
            Indiranagar, Bengaluru, Karnataka 560038
          </address>
          <p className="text-muted-foreground">Working hours: Mon-Sat 9:00 AM - 9:00 PM</p>
        </div>
        <div className="space-y-2 text-sm">
          <h2 className="text-base">Contact</h2>
          <ul className="space-y-1 text-muted-foreground">
            <li>
              <a className={linkClass} href="tel:+918041234567">
                +91 80 4123 4567
              </a>
            </li>
            <li>
              <a className={linkClass} href="tel:+919845012345">
                +91 98450 12345
              </a>
            </li>
            <li>
              <a className={linkClass} href="mailto:hello@whisk.example">
                hello@whisk.example
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t">
        <p className="mx-auto w-full max-w-6xl px-4 py-4 text-sm text-muted-foreground sm:px-6">
          © {new Date().getFullYear()} Whisk Baking Supplies. All rights reserved.
        </p>
      </div>
    </footer>
  )
}
