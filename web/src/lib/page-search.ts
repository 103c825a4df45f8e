/** The page a list shows, from the URL's `page` param: a whole number from 1, else 1. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'))
  return Number.isInteger(page) && page >= 1 ? page : 1
}

/** The query string of the same list at `page`: every other param of `search` is kept. */
export function pageSearch(search: string, page: number): string {
  const params = new URLSearchParams(search)
  params.set('page', String(page))
  return `?${params.toString()}`
}
