// The build's server-side entry (see vite-plugins/prerender-shells.ts): renders a storefront page
// as the browser's first render draws it, before any data: signed out, empty cart, light theme,
// every query still loading. Nothing is fetched here.
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'

import { AppErrorBoundary } from '@/app/app-error-boundary'
import { Providers } from '@/app/providers'
import { routeTree } from '@/app/route-tree'

/** The markup the app renders into #root at `path` (a path such as '/products'). */
export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(routeTree)
  const context = await handler.query(new Request(new URL(path, 'http://localhost')))
  if (context instanceof Response) throw new Error(`${path} answers ${context.status} instead of a page`)
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(
    <StrictMode>
      <AppErrorBoundary>
        <Providers>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </AppErrorBoundary>
    </StrictMode>,
  )
}
