import { defineConfig, devices } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

// The harness builds nothing: scripts/test.sh has built web/dist and the release server. Here we
// start that server on a free port with a fresh in-memory database and drive Debian's Chromium.
// Workers evaluate this file again: the port and data folder chosen first are passed on in env.
const port = (process.env.E2E_PORT ??=
  execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ])
    .toString()
    .trim())
const here = path.dirname(fileURLToPath(import.meta.url))
const baseURL = `http://127.0.0.1:${port}`
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'whisk-e2e-')))
// The same default as scripts/env.sh: build caches live outside the clone.
const serverBinary =
  process.env.WHISK_BIN ??
  path.join(process.env.CARGO_TARGET_DIR ?? path.join(homedir(), '.cache/whisk-target'), 'release/whisk')

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: `"${serverBinary}" serve`,
    url: `${baseURL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ...(process.env as Record<string, string>),
      PORT: port,
      HOST: '127.0.0.1',
      DATABASE_URL: 'mem://',
      DATA_DIR: dataDir,
      WEB_DIST: process.env.E2E_WEB_DIST ?? path.resolve(here, 'dist'),
      LOG_LEVEL: 'warn',
      BOOTSTRAP_ADMIN_EMAIL: 'admin@whisk.example',
      BOOTSTRAP_ADMIN_PASSWORD: 'whisk-e2e-admin',
    },
  },
})
