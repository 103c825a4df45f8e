import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import wasm from 'vite-plugin-wasm'

import { prerenderShells } from './vite-plugins/prerender-shells'

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|wasm|txt|webmanifest)$/

/**
 * Writes every text asset of the build also as `.br` (brotli at its best level) and `.gz`
 * (gzip at 9), so the server sends compressed files as they are instead of compressing each
 * request. Files under 1 KB, or that would not shrink, are left alone.
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'whisk-precompress',
    // Not the prerender's own server build (vite-plugins/prerender-shells.ts), which is thrown away.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name)
          return statSync(file).isDirectory() ? walk(file) : [file]
        })
      for (const file of walk(outDir).filter((name) => COMPRESSIBLE.test(name))) {
        const content = readFileSync(file)
        if (content.length < 1024) continue
        const brotli = brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        })
        const gzip = gzipSync(content, { level: 9 })
        if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli)
        if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip)
      }
    },
  }
}

// The API serves the built app; during `npm run dev` it proxies API calls to a running server.
export default defineConfig({
  plugins: [wasm(), react(), tailwindcss(), prerenderShells(), precompress()],
  resolve: { alias: { '@': path.resolve(__dirname, 'src') } },
  build: { target: 'es2022', assetsInlineLimit: 0 },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:5000',
      '/uploads': 'http://127.0.0.1:5000',
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['src/test-setup.ts'],
  },
})
