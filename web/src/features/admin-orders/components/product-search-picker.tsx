import { useState } from 'react'

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
}

/** Finds products by title or company (up to 20) and adds them to the order; out-of-stock ones cannot be added. */
export function ProductSearchPicker({ onAdd }: ProductSearchPickerProps) {
  const [q, setQ] = useState('')
  const results = useSearchProducts(q)

  return (
    <div className="grid gap-4">
      <PickerSearch name="Find products" label="Search products" placeholder="Title or company" onSearch={setQ} />
      {q !== '' &&
        (results.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(results.error, 'Failed to fetch products')}
          </p>
        ) : results.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Searching products…
          </p>
        ) : results.data.data.length === 0 ? (
          <p role="status" className="text-sm text-muted-foreground">
            No products found.
          </p>
        ) : (
          <ul aria-label="Matching products" className="max-h-96 divide-y overflow-y-auto rounded-lg border">
            {results.data.data.map((product) => (
              <li key={product._id} className="flex items-center gap-3 p-3">
                <LineThumbnail src={product.image1?.thumbnail ?? ''} title={product.title} />
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{product.title}</p>
                  <p className="text-sm text-muted-foreground">
                    {product.company} · <span className="tabular-nums">{formatInr(product.sellingPrice)}</span> ·{' '}
                    {product.stock > 0 ? `${product.stock} in stock` : 'Out of stock'}
                  </p>
                </div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`Add ${product.title}`}
                  disabled={product.stock <= 0}
                  onClick={() => onAdd(product)}
                >
                  Add
                </Button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  )
}
