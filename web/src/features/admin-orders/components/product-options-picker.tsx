import { useMemo, useState } from 'react'

import { Field } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import { useProductOptions } from '@/features/admin-orders/api/get-product-options'
import type { ProductOption } from '@/features/admin-orders/types'
import { errorMessage } from '@/lib/api-errors'
import { formatInr } from '@/lib/pricing'

type ProductOptionsPickerProps = {
  /** Called with the chosen product; the caller decides whether it is a repeat. */
  onAdd: (product: ProductOption) => void
}

/** A select of every product (GET /products?limit=1000) and an Add button, for the edit screen. */
export function ProductOptionsPicker({ onAdd }: ProductOptionsPickerProps) {
  const products = useProductOptions()
  const [chosen, setChosen] = useState('')
  const list = products.data?.data
  // A thousand options are built once per load, not on every keystroke elsewhere in the form.
  const options = useMemo(
    () =>
      list?.map((product) => (
        <option key={product._id} value={product._id} disabled={product.stock <= 0}>
          {product.title} · {product.company} · {formatInr(product.sellingPrice)}
          {product.stock <= 0 ? ' (out of stock)' : ''}
        </option>
      )),
    [list],
  )

  function add() {
    const product = list?.find((option) => option._id === chosen)
    if (!product) return
    onAdd(product)
    setChosen('')
  }

  if (products.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(products.error, 'Failed to fetch products')}
      </p>
    )
  }
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <Field label="Add product" className="min-w-0 flex-1">
        {(control) => (
          <NativeSelect
            {...control}
            value={chosen}
            disabled={!list}
            onChange={(event) => setChosen(event.target.value)}
          >
            <option value="">{list ? 'Choose a product' : 'Loading products…'}</option>
            {options}
          </NativeSelect>
        )}
      </Field>
      <Button type="button" variant="secondary" onClick={add} disabled={chosen === ''}>
        Add
      </Button>
    </div>
  )
}
