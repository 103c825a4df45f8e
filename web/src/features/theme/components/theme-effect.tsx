import { useAtomValue } from 'jotai'
import { useEffect } from 'react'

import { themeAtom } from '@/features/theme/atoms'

/** Applies the current theme to <html>: the CSS variable set and the native colour scheme. */
export function ThemeEffect() {
  const theme = useAtomValue(themeAtom)
  useEffect(() => {
    const root = document.documentElement
    root.dataset.theme = theme
    root.style.colorScheme = theme === 'dracula' ? 'dark' : 'light'
  }, [theme])
  return null
}
