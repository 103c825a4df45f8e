import type { FormEvent } from 'react'
import { useSearchParams } from 'react-router'

import { FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { formFields } from '@/lib/forms'
import { cn } from '@/lib/utils'

/**
 * Puts a non-blank search in the URL as ?q=, back on the first page and keeping the list's other
 * filters; a blank one is ignored. 'Clear' takes q out again.
 */
export function SearchForm({ q, label, className }: { q: string; label: string; className?: string }) {
  const [, setSearchParams] = useSearchParams()

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const typed = formFields(new FormData(event.currentTarget), ['q']).q.trim()
    if (typed === '') return
    setSearchParams((params) => {
      params.set('q', typed)
      params.delete('page')
      return params
    })
  }

  function clear() {
    setSearchParams((params) => {
      params.delete('q')
      params.delete('page')
      return params
    })
  }

  return (
    <form role="search" onSubmit={handleSubmit} className={cn('flex flex-col gap-2 sm:flex-row sm:items-end', className)}>
      {/* Keyed by q so the box follows the URL: cleared by 'Clear', refilled by Back. */}
      <FormField
        key={q}
        label={label}
        name="q"
        type="search"
        defaultValue={q}
        autoComplete="off"
        className="flex-1"
      />
      <div className="flex gap-2">
        <Button type="submit">Search</Button>
        {q && (
          <Button variant="outline" onClick={clear}>
            Clear
          </Button>
        )}
      </div>
    </form>
  )
}
