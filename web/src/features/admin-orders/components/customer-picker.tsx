import { useEffect, useRef, useState } from 'react'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { useSearchCustomers } from '@/features/admin-orders/api/search-customers'
import { PickerSearch } from '@/features/admin-orders/components/picker-search'
import type { CustomerOption } from '@/features/admin-orders/types'
import { errorMessage } from '@/lib/api-errors'

type CustomerPickerProps = {
  /** The chosen customer; while there is none the search is shown. */
  customer: CustomerOption | null
  onChange: (customer: CustomerOption | null) => void
  /** The server's message about the customer (`userId`). */
  error?: string
}

/**
 * Finds a customer by name, e-mail, mobile or company and chooses one. Once chosen, the customer is
 * shown with a 'Change customer' button that brings the search back. Focus follows both moves.
 */
export function CustomerPicker({ customer, onChange, error }: CustomerPickerProps) {
  const [q, setQ] = useState('')
  const results = useSearchCustomers(q)
  const searchRef = useRef<HTMLInputElement>(null)
  const changeRef = useRef<HTMLButtonElement>(null)
  const moved = useRef(false)

  useEffect(() => {
    if (!moved.current) return
    moved.current = false
    if (customer) changeRef.current?.focus()
    else searchRef.current?.focus()
  }, [customer])

  function choose(next: CustomerOption | null) {
    moved.current = true
    onChange(next)
  }

  return (
    <div className="grid gap-4">
      {customer ? (
        <div className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-center sm:justify-between">
          <CustomerSummary customer={customer} />
          <Button ref={changeRef} type="button" variant="outline" onClick={() => choose(null)}>
            Change customer
          </Button>
        </div>
      ) : (
        <>
          <PickerSearch
            name="Find a customer"
            label="Search customers"
            placeholder="Name, e-mail, mobile or company"
            initialQuery={q}
            inputRef={searchRef}
            onSearch={setQ}
          />
          {q !== '' &&
            (results.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(results.error, 'Failed to fetch users')}
              </p>
            ) : results.isPending ? (
              <p role="status" className="text-sm text-muted-foreground">
                Searching customers…
              </p>
            ) : results.data.data.length === 0 ? (
              <p role="status" className="text-sm text-muted-foreground">
                No users found.
              </p>
            ) : (
              <ul aria-label="Matching customers" className="divide-y rounded-lg border">
                {results.data.data.map((option) => (
                  <li key={option._id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                    <CustomerSummary customer={option} />
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-label={`Select ${option.username}, ${option.email}`}
                      onClick={() => choose(option)}
                    >
                      Select
                    </Button>
                  </li>
                ))}
              </ul>
            ))}
        </>
      )}
      {error && <p className="text-sm text-destructive">{error}</p>}
    </div>
  )
}

function CustomerSummary({ customer }: { customer: CustomerOption }) {
  const where = [customer.company, customer.city, customer.state].filter(Boolean).join(' · ')
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-2 font-medium break-words">
        {customer.username}
        {customer.status === 'inactive' && <Badge variant="secondary">inactive</Badge>}
      </p>
      <p className="text-sm break-all text-muted-foreground">{customer.email}</p>
      {where && <p className="text-sm text-muted-foreground">{where}</p>}
    </div>
  )
}
