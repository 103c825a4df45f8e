import { useAtomValue, useSetAtom } from 'jotai'
import { Moon, Sun } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { themeAtom, toggleThemeAtom } from '@/features/theme/atoms'

export function ThemeToggle() {
  const theme = useAtomValue(themeAtom)
  const toggleTheme = useSetAtom(toggleThemeAtom)
  return (
    <Button variant="ghost" size="icon" aria-label="Toggle theme" onClick={toggleTheme}>
      {theme === 'winter' ? <Moon aria-hidden="true" /> : <Sun aria-hidden="true" />}
    </Button>
  )
}
