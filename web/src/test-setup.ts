// Unit tests run the money math directly, so they start once the pricing wasm has loaded (the
// app itself renders before it arrives; see lib/pricing.ts).
import { loadPricing } from '@/lib/pricing'

// The API client addresses the page's origin; Node has no page, so the tests get one.
globalThis.location ??= new URL('http://localhost/') as unknown as Location

await loadPricing()
