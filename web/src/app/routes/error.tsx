import type { ReactNode } from 'react'
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router'

import { PageMeta } from '@/components/page-meta'
import { Button } from '@/components/ui/button'

/** errorElement of the whole route tree: a 404 page for unknown routes, a plain message otherwise. */
export function RouteErrorPage() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  return (
    <ErrorFrame>
      <PageMeta title="Error" />
      <h1 className="text-3xl">there was an error...</h1>
      <Button asChild>
        <Link to="/">go back home</Link>
      </Button>
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

function ErrorFrame({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="grid min-h-dvh place-items-center bg-background px-4 py-16">
      <div className="flex flex-col items-center gap-6 text-center">{children}</div>
    </main>
  )
}
