import type { CSSProperties } from 'react'
import { Toaster as Sonner, type ToasterProps } from 'sonner'

/** Toast colours come from the theme tokens, so every toast meets the same contrast as the rest of the UI. */
const themeColors = {
  '--normal-bg': 'var(--popover)',
  '--normal-text': 'var(--popover-foreground)',
  '--normal-border': 'var(--border)',
  '--success-bg': 'var(--success)',
  '--success-text': 'var(--success-foreground)',
  '--success-border': 'var(--success)',
  '--info-bg': 'var(--primary)',
  '--info-text': 'var(--primary-foreground)',
  '--info-border': 'var(--primary)',
  '--warning-bg': 'var(--warning)',
  '--warning-text': 'var(--warning-foreground)',
  '--warning-border': 'var(--warning)',
  '--error-bg': 'var(--destructive)',
  '--error-text': 'var(--destructive-foreground)',
  '--error-border': 'var(--destructive)',
  '--border-radius': 'var(--radius)',
} as CSSProperties

function Toaster(props: ToasterProps) {
  return (
    <Sonner
      duration={5000}
      position="top-center"
      richColors
      closeButton
      style={themeColors}
      {...props}
    />
  )
}

export { Toaster }
