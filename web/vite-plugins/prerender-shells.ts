import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Plugin, type ResolvedConfig } from 'vite'

import { shellDocument } from '../src/prerender/shell-document'

type PrerenderEntry = typeof import('../src/prerender/entry')

/**
 * The pages that get a shell, by file name under dist/shells/, which the server (api/src/web/landing.rs)
 * answers `/`, `/products`, `/products/{id}` and `/cart` with. A product's shell is its page still
 * loading, the same for every product, so any id will do here. The cart's is drawn empty, since
 * its lines live in the browser: with lines saved, public/before-paint.js and index.css keep its
 * page hidden until the app draws them.
 */
const SHELLS = [
  { file: 'home.html', path: '/' },
  { file: 'products.html', path: '/products' },
  { file: 'product.html', path: '/products/shell' },
  { file: 'cart.html', path: '/cart' },
] as const

const ENTRY = 'src/prerender/entry.tsx'

/**
 * After the client build, writes dist/shells/*.html: index.html with the first render of a
 * storefront page already in #root, so the page paints before its script has run. The page is
 * rendered by React's server renderer from the app's own route tree, built for Node by a second,
 * SSR build of src/prerender/entry.tsx.
 */
export function prerenderShells(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'whisk-prerender-shells',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved
    },
    // Sequential: the plugins after this one (precompress) see the shells.
    closeBundle: {
      sequential: true,
      async handler(error) {
        // A failed client build has no index.html to build on, and its own error to report.
        if (error) return
        const outDir = path.resolve(config.root, config.build.outDir)
        // Inside node_modules so that Node finds the packages the server bundle leaves external.
        const cacheDir = path.join(config.root, 'node_modules/.cache')
        mkdirSync(cacheDir, { recursive: true })
        const serverDir = mkdtempSync(path.join(cacheDir, 'whisk-prerender-'))
        try {
          await build({
            configFile: config.configFile,
            root: config.root,
            mode: config.mode,
            logLevel: config.logLevel,
            build: {
              ssr: ENTRY,
              outDir: serverDir,
              copyPublicDir: false,
              minify: false,
              reportCompressedSize: false,
              // Run once in Node and thrown away: its size matters to nobody.
              chunkSizeWarningLimit: Infinity,
              rollupOptions: { output: { entryFileNames: 'entry.js' } },
            },
          })
          const entry = pathToFileURL(path.join(serverDir, 'entry.js')).href
          const { renderPage } = (await import(entry)) as PrerenderEntry
          const indexHtml = readFileSync(path.join(outDir, 'index.html'), 'utf8')
          mkdirSync(path.join(outDir, 'shells'), { recursive: true })
          for (const shell of SHELLS) {
            const html = shellDocument(indexHtml, await renderPage(shell.path))
            writeFileSync(path.join(outDir, 'shells', shell.file), html)
          }
        } finally {
          rmSync(serverDir, { recursive: true, force: true })
        }
      },
    },
  }
}
