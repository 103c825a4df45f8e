import { useSetAtom } from 'jotai'
import { Moon, Sun } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { toggleThemeAtom } from '@/features/theme/atoms'

export function ThemeToggle() {
  const toggleTheme = useSetAtom(toggleThemeAtom)
  return (
    <Button variant="ghost" size="icon" aria-label="Toggle theme" onClick={toggleTheme}>
      {/* The theme's CSS picks the icon rather than the theme atom, so the page prerendered at
          build time (light) shows the right one in the dark theme too, before the app runs. */}
      <Moon aria-hidden="true" className="dark:hidden" />
      <Sun aria-hidden="true" className="hidden dark:block" />
    </Button>
  )
}
