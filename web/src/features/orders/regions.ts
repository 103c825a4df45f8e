import { gstRegions } from '@/lib/pricing'

/** The names of India's states and union territories, A to Z, for the checkout's state select. */
export function stateNames(): string[] {
  return gstRegions()
    .map((region) => region.name)
    .sort((a, b) => a.localeCompare(b, 'en-IN'))
}

/** The state or union territory `text` names in any case, by its proper name; null for none. */
export function regionName(text: string): string | null {
  const wanted = text.trim().toLowerCase()
  if (wanted === '') return null
  return gstRegions().find((region) => region.name.toLowerCase() === wanted)?.name ?? null
}
