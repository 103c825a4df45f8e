// What the listing and a product page say about themselves in the document title and description.
import { readListingFilters } from '@/features/products/listing-search'
import type { Product } from '@/lib/api-schemas'

export type PageText = { title: string; description: string }

/** Search engines show about this many characters of a description. */
const DESCRIPTION_LENGTH = 155

/** The listing's title and description, naming the search and the category it is narrowed to. */
export function listingPageText(params: URLSearchParams): PageText {
  const { search, category } = readListingFilters(params)
  const inCategory = category === 'all' ? '' : ` in ${category}`
  if (search.trim() !== '') {
    return {
      title: `Search: ${search.trim()}${inCategory}`,
      description: `Baking supplies matching “${search.trim()}”${inCategory} at Whisk, delivered across India.`,
    }
  }
  if (inCategory !== '') {
    return { title: category, description: `${category}: baking supplies at Whisk, delivered across India.` }
  }
  return {
    title: 'Products',
    description: 'Flours, cake mixes, moulds, decorating tools, packaging and party accessories, delivered across India.',
  }
}

/** A product page's description: who makes it, then the start of its own description. */
export function productDescription(product: Pick<Product, 'title' | 'company' | 'description'>): string {
  const text = `${product.title} by ${product.company}. ${product.description}`.replace(/\s+/g, ' ').trim()
  return shorten(text, DESCRIPTION_LENGTH)
}

/** The text cut at the last word that fits in `length` characters, with an ellipsis when cut. */
function shorten(text: string, length: number): string {
  if (text.length <= length) return text
  const cut = text.slice(0, length - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:]+$/, '')}…`
}
