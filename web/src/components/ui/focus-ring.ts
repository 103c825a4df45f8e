/** The one focus style every interactive primitive shares: a solid ring, shown for keyboard focus only. */
export const focusRing =
  'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background'
