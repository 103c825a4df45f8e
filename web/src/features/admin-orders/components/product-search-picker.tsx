import { useRef, useState, type KeyboardEvent } from 'react'

import { Button } from '@/components/ui/button'
import { useSearchProducts } from '@/features/admin-orders/api/search-products'
import { LineThumbnail } from '@/features/admin-orders/components/line-thumbnail'
import { PickerSearch } from '@/features/admin-orders/components/picker-search'
import type { ProductOption } from '@/features/admin-orders/types'
import { errorMessage } from '@/lib/api-errors'
import { formatInr } from '@/lib/pricing'

type ProductSearchPickerProps = {
  /** Called with the product whose 'Add' was pressed; the caller decides whether it is a repeat. */
  onAdd: (product: ProductOption) => void
  /** The products the order has already, marked as such in the results. */
  addedIds: ReadonlySet<string>
}

/**
 * Finds products by title or company as the admin types (up to 20) and adds them to the order;
 * out-of-stock ones cannot be added. From the box, Arrow Down moves to the results' Add buttons,
 * Arrow Up and Down move between them, and Escape goes back to the box.
 */
export function ProductSearchPicker({ onAdd, addedIds }: ProductSearchPickerProps) {
  const [q, setQ] = useState('')
  const results = useSearchProducts(q)
  const searchRef = useRef<HTMLInputElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const products = q !== '' && results.isSuccess ? results.data.data : []

  const status =
    q === '' || results.isError
      ? ''
      : results.isPending
        ? 'Searching products…'
        : products.length === 0
          ? 'No products found.'
          : products.length === 1
            ? '1 product found.'
            : `${products.length} products found.`

  function addButtons(): HTMLButtonElement[] {
    return Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])
  }

  function moveInList(event: KeyboardEvent<HTMLUListElement>) {
    const buttons = addButtons()
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement)
    if (at === -1) return
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      buttons[Math.min(at + 1, buttons.length - 1)]?.focus()
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      if (at === 0) searchRef.current?.focus()
      else buttons[at - 1]?.focus()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      searchRef.current?.focus()
    }
  }

  return (
    <div className="grid gap-3">
      <PickerSearch
        name="Find products"
        label="Search products"
        placeholder="Title or company"
        inputRef={searchRef}
        onSearch={setQ}
        searchAsYouType
        onArrowDown={() => addButtons()[0]?.focus()}
      />
      <p role="status" className="text-sm text-muted-foreground">
        {status}
      </p>
      {q !== '' && results.isError && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(results.error, 'Failed to fetch products')}
        </p>
      )}
      {products.length > 0 && (
        <ul
          ref={listRef}
          aria-label="Matching products"
          onKeyDown={moveInList}
          className="max-h-80 divide-y overflow-y-auto rounded-lg border"
        >
          {products.map((product) => {
            const added = addedIds.has(product._id)
            return (
              <li
                key={product._id}
                className="grid grid-cols-[3rem_minmax(0,1fr)] items-start gap-x-3 gap-y-2 p-3 sm:grid-cols-[3rem_minmax(0,1fr)_auto] sm:items-center"
              >
                <LineThumbnail src={product.image1?.thumbnail ?? ''} title={product.title} />
                <div className="min-w-0">
                  <p className="font-medium break-words">{product.title}</p>
                  <p className="text-sm text-muted-foreground">{product.company}</p>
                  <p className="text-sm text-muted-foreground">
                    <span className="tabular-nums">{formatInr(product.sellingPrice)}</span> ·{' '}
                    {product.stock > 0 ? `${product.stock} in stock` : 'Out of stock'}
                    {added && ' · in the order'}
                  </p>
                </div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`Add ${product.title}`}
                  disabled={product.stock <= 0}
                  onClick={() => onAdd(product)}
                  className="col-start-2 justify-self-start sm:col-start-auto"
                >
                  Add
                </Button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
