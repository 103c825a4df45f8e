import { RotateCw } from 'lucide-react'
import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { retryPricing } from '@/lib/pricing'
import { cn } from '@/lib/utils'

/** The sentence every screen uses when the pricing wasm could not be loaded. */
export const PRICING_UNAVAILABLE = 'We couldn’t load our price calculator. Check your connection and try again.'

/**
 * Says that prices could not be worked out because the pricing wasm failed to load, with a
 * "Try again" button that loads it again. An alert, so a screen reader hears it when it appears.
 * While the new attempt runs the button says so (and keeps the focus); on success the figures
 * replace this notice. Show it while usePricingStatus() is 'failed'.
 */
export function PricingUnavailable({ className }: { className?: string }) {
  const [trying, setTrying] = useState(false)
  function tryAgain() {
    if (trying) return
    setTrying(true)
    void retryPricing().then(() => setTrying(false))
  }
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-start gap-3 rounded-md border border-destructive/40 bg-card p-3 text-sm text-card-foreground',
        className,
      )}
    >
      <p>
        <span className="font-semibold">Prices can’t be worked out right now.</span> {PRICING_UNAVAILABLE}
      </p>
      <Button variant="outline" size="sm" aria-disabled={trying} onClick={tryAgain}>
        <RotateCw aria-hidden="true" className={cn(trying && 'animate-spin motion-reduce:animate-none')} />
        {trying ? 'Trying again…' : 'Try again'}
      </Button>
    </div>
  )
}

/** Stands in for a figure the pricing wasm would have worked out: a dash, read as "unavailable". */
export function PriceUnavailable() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">unavailable</span>
    </>
  )
}
