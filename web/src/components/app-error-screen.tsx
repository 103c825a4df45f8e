import type { ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import { isChunkLoadError } from '@/lib/load-errors'

/** A whole screen for an error, centred; it needs no router or providers (see AppErrorScreen). */
export function ErrorFrame({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="grid min-h-dvh place-items-center bg-background px-4 py-16 text-foreground">
      <div className="flex max-w-xl flex-col items-center gap-6 text-center">{children}</div>
    </main>
  )
}

/**
 * What the shop shows instead of a blank page when something broke: a part of the app that did
 * not download (offline, or the shop was updated since the page opened), or an unexpected error.
 * A reload fixes both as a rule; a plain link leads home. It uses no router, query client or
 * store, so it can stand in for all of them (AppErrorBoundary, RouteErrorPage).
 */
export function AppErrorScreen({ error }: { error: unknown }) {
  const missingChunk = isChunkLoadError(error)
  const home = window.location.pathname.startsWith('/admin') ? '/admin' : '/'
  return (
    <ErrorFrame>
      <title>{missingChunk ? 'Page not loaded · Whisk' : 'Error · Whisk'}</title>
      <h1 className="text-3xl sm:text-4xl">{missingChunk ? 'This page couldn’t be loaded' : 'Something went wrong'}</h1>
      <p className="text-lg text-muted-foreground">
        {missingChunk
          ? 'Part of Whisk did not download: your connection may have dropped, or the shop was updated since you opened it. Reloading the page usually fixes it.'
          : 'Whisk ran into a problem showing this page. Reloading the page usually fixes it; if not, start again from the home page.'}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button size="lg" onClick={() => window.location.reload()}>
          Reload page
        </Button>
        <Button asChild size="lg" variant="outline">
          <a href={home}>Go to the home page</a>
        </Button>
      </div>
    </ErrorFrame>
  )
}
