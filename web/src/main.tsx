import '@/styles/index.css'

import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'

import { AppErrorBoundary } from '@/app/app-error-boundary'
import { Providers } from '@/app/providers'
import { router } from '@/app/router'

// index.html's description is for the first paint: from here on each page renders its own (PageMeta).
document.head.querySelector('meta[name="description"]')?.remove()

// Anything that fails before React has drawn (this module, a chunk it imports) is shown by
// public/boot-fallback.js; from the first render on, by AppErrorBoundary and RouteErrorPage.
// #root may hold a prerendered shell of this page (src/prerender): React's first render, which
// draws the same, replaces it.
const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <AppErrorBoundary>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </AppErrorBoundary>
  </StrictMode>,
)

// The app has started: the shell is React's now, and boot-fallback.js leaves #root alone.
root.removeAttribute('data-shell')
