// Unit tests run the money math directly, so they start once the pricing wasm has loaded (the
// app itself renders before it arrives; see lib/pricing.ts).
import { loadPricing } from '@/lib/pricing'

await loadPricing()
