import { RotateCw } from 'lucide-react'
import { useState } from 'react'
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router'

import { AppErrorScreen, ErrorFrame } from '@/components/app-error-screen'
import { PageMeta } from '@/components/page-meta'
import { PRICING_UNAVAILABLE } from '@/components/pricing-unavailable'
import { Button } from '@/components/ui/button'
import { PricingUnavailableError, retryPricing } from '@/lib/pricing'

/**
 * errorElement of the whole route tree: a 404 page for unknown routes; for a page that needs the
 * pricing wasm when it could not be loaded, what happened and a way to try again; otherwise a
 * plain message with a reload (also for a page whose chunk did not download).
 */
export function RouteErrorPage() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  if (error instanceof PricingUnavailableError) return <PricingErrorPage />
  return <AppErrorScreen error={error} />
}

/**
 * The pricing wasm did not load, so a page that computes money throughout (checkout, an order,
 * the back office) cannot be shown. "Try again" loads it again and, once it is in, opens the same
 * address again, so the route's loaders run and the page shows; if it fails again it says so.
 */
function PricingErrorPage() {
  const navigate = useNavigate()
  const location = useLocation()
  const [state, setState] = useState<'idle' | 'trying' | 'failed-again'>('idle')
  const trying = state === 'trying'

  async function tryAgain() {
    if (trying) return
    setState('trying')
    if (!(await retryPricing())) return setState('failed-again')
    // The same URL again: its loaders run once more, and the new location makes React Router drop
    // this error (a revalidation that settles before React renders can leave it showing).
    await navigate(location, { replace: true, state: location.state })
  }

  return (
    <ErrorFrame>
      <PageMeta title="Prices unavailable" />
      <h1 className="text-3xl sm:text-4xl">Prices can’t be worked out right now</h1>
      <p className="text-lg text-muted-foreground">{PRICING_UNAVAILABLE}</p>
      <p role="status" className={state === 'failed-again' ? 'font-medium text-destructive' : 'sr-only'}>
        {state === 'failed-again' ? 'It still didn’t load. Check your connection, then try again.' : ''}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button size="lg" aria-disabled={trying} onClick={() => void tryAgain()}>
          <RotateCw aria-hidden="true" className={trying ? 'animate-spin motion-reduce:animate-none' : undefined} />
          {trying ? 'Trying again…' : 'Try again'}
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/">Go to the home page</Link>
        </Button>
      </div>
    </ErrorFrame>
  )
}

/** The '*' route. The way home is the login of the area the user was in. */
export function NotFoundPage() {
  const { pathname } = useLocation()
  const home = pathname.startsWith('/admin') ? '/admin/login' : '/login'
  return (
    <ErrorFrame>
      <PageMeta title="Page not found" />
      <p className="text-7xl font-bold text-primary sm:text-9xl">404</p>
      <h1 className="text-3xl sm:text-5xl">page not found</h1>
      <p className="text-lg text-muted-foreground">Sorry, we couldn’t find the page you’re looking for.</p>
      <Button asChild size="lg">
        <Link to={home}>go back home</Link>
      </Button>
    </ErrorFrame>
  )
}
