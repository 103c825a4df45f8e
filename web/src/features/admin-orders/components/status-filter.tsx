import { useSearchParams } from 'react-router'

import { Field } from '@/components/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { ORDER_STATUS_OPTIONS } from '@/features/admin-orders/types'
import type { OrderStatus } from '@/lib/api-schemas'
import { capitalize } from '@/lib/text'

/** The URL's ?status when it names a status an order can have. */
export function readStatus(params: URLSearchParams): OrderStatus | undefined {
  const status = params.get('status')
  return ORDER_STATUS_OPTIONS.find((option) => option === status)
}

/** Narrows the orders list to one status through the URL (?status=), back on its first page. */
export function StatusFilter({ status }: { status: OrderStatus | undefined }) {
  const [, setSearchParams] = useSearchParams()

  function choose(value: string) {
    setSearchParams((params) => {
      if (value) params.set('status', value)
      else params.delete('status')
      params.delete('page')
      return params
    })
  }

  return (
    <Field label="Status" className="sm:w-48">
      {(control) => (
        <NativeSelect {...control} value={status ?? ''} onChange={(event) => choose(event.target.value)}>
          <option value="">All statuses</option>
          {ORDER_STATUS_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {capitalize(option)}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  )
}
