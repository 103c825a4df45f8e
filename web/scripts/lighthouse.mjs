// Runs Lighthouse (mobile preset, simulated throttling) on the storefront pages of a running
// shop and prints each page's median over several runs. Exits non-zero when a median score is
// below the floor. Used by scripts/lighthouse.sh, which starts the shop.
//   node scripts/lighthouse.mjs <base-url> [runs=3] [floor=80]
// THROTTLING=devtools throttles the browser itself (the same mobile network and 4x CPU) instead
// of estimating from an unthrottled load: what a phone sees when the page paints before its
// script has arrived, which the estimate cannot tell.
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'

const [base, runsArg = '3', floorArg = '80'] = process.argv.slice(2)
if (!base) {
  console.error('usage: node scripts/lighthouse.mjs <base-url> [runs] [floor]')
  process.exit(2)
}
const runs = Number(runsArg)
const throttling = process.env.THROTTLING ?? 'simulate'
if (!['simulate', 'devtools'].includes(throttling)) {
  console.error(`THROTTLING must be simulate or devtools, not ${throttling}`)
  process.exit(2)
}
const floor = Number(floorArg)

const products = await (await fetch(`${base}/api/v1/products?page=1`)).json()
const productId = products.data?.[0]?._id
if (!productId) throw new Error('the shop lists no product to open')
const pages = { home: '/', products: '/products', product: `/products/${productId}`, cart: '/cart' }

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
})
const measure = (url) =>
  lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    formFactor: 'mobile',
    screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
    throttlingMethod: throttling,
  })
let failed = false
try {
  for (const [name, path] of Object.entries(pages)) {
    const seen = []
    for (let run = 0; run < runs; run += 1) {
      // A run Lighthouse could not measure (its trace broke, e.g. NO_NAVSTART on a busy
      // machine) says why and is run again once; a second failure counts as a score of 0.
      const unmeasured = (result) => {
        if (!result.lhr.runtimeError) return false
        const { code, message } = result.lhr.runtimeError
        console.log(`LIGHTHOUSE page=${name} run=${run + 1} not measured: ${code} ${message}`)
        return true
      }
      let result = await measure(`${base}${path}`)
      if (unmeasured(result)) {
        result = await measure(`${base}${path}`)
        unmeasured(result)
      }
      const audits = result.lhr.audits
      seen.push({
        score: Math.round((result.lhr.categories.performance.score ?? 0) * 100),
        lcp: audits['largest-contentful-paint'].numericValue,
        fcp: audits['first-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
        js: audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script')
          ?.transferSize,
        lcpElement: audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
      })
    }
    const pick = (key) => median(seen.map((run) => run[key] ?? 0))
    const score = pick('score')
    console.log(
      `LIGHTHOUSE page=${name} path=${path} throttling=${throttling} runs=${runs} score=${score} lcp_ms=${pick('lcp').toFixed(0)} ` +
        `fcp_ms=${pick('fcp').toFixed(0)} tbt_ms=${pick('tbt').toFixed(0)} cls=${pick('cls').toFixed(3)} ` +
        `script_bytes=${pick('js')} scores=${seen.map((run) => run.score).join(',')}`,
    )
    if (process.env.LIGHTHOUSE_DETAIL) console.log(`  LCP element: ${seen[0].lcpElement}`)
    if (score < floor) failed = true
  }
} finally {
  await chrome.kill()
}
if (failed) {
  console.error(`a page scored below the floor of ${floor}`)
  process.exit(1)
}
