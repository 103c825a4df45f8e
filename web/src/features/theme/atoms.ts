import { atom } from 'jotai'
import { atomWithStorage } from 'jotai/utils'

export type Theme = 'winter' | 'dracula'

// Same key and default as public/before-paint.js, which applies the theme before the first paint.
const storedThemeAtom = atomWithStorage<Theme>('whisk.theme.v1', 'winter', undefined, { getOnInit: true })

export const themeAtom = atom((get): Theme => (get(storedThemeAtom) === 'dracula' ? 'dracula' : 'winter'))

export const toggleThemeAtom = atom(null, (get, set) => {
  set(storedThemeAtom, get(themeAtom) === 'winter' ? 'dracula' : 'winter')
})
