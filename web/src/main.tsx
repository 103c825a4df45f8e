import '@/styles/index.css'

import { startTransition, StrictMode, useLayoutEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'

import { AppErrorBoundary } from '@/app/app-error-boundary'
import { Providers } from '@/app/providers'
import { createRouter } from '@/app/router'
import { followShell } from '@/app/shell-input'
import { prepareClassMerging } from '@/lib/utils'

// index.html's description is for the first paint: from here on each page renders its own (PageMeta).
document.head.querySelector('meta[name="description"]')?.remove()

// Anything that fails before React has drawn (this module, a chunk it imports) is shown by
// public/boot-fallback.js; from the first render on, by AppErrorBoundary and RouteErrorPage.
// #root may hold a prerendered shell of this page (src/prerender): React's first render, which
// draws the same, replaces it.
const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const shellTakenOver = followShell(root)

/** Runs when the app's first screen is on the page, over the shell if there was one. */
function ShellTakeover() {
  useLayoutEffect(shellTakenOver, [])
  return null
}

/**
 * Ends the current task: what follows runs in a new one, after the browser had its turn (input,
 * paint). The app starts in several tasks rather than one, since a phone answers no tap during a
 * long task (Lighthouse's Total Blocking Time counts each task's time beyond 50 ms).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

// After the bundle's evaluation: the router (it matches the location and asks for the page's
// chunk), then tailwind-merge's tables, then the first render, itself time-sliced.
await nextTask()
const router = createRouter()
await nextTask()
prepareClassMerging()
await nextTask()

const app = createRoot(root)
// A transition: the first render yields to the browser every few milliseconds instead of holding
// the main thread for its whole length, so a tap on the shell is answered meanwhile.
startTransition(() => {
  app.render(
    <StrictMode>
      <ShellTakeover />
      <AppErrorBoundary>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </AppErrorBoundary>
    </StrictMode>,
  )
})
