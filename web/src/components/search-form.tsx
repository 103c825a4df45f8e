import type { FormEvent } from 'react'
import { useSearchParams } from 'react-router'

import { FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { formFields } from '@/lib/forms'

/** Puts a non-blank search in the URL as ?q=; a blank one is ignored. 'Clear' takes q out again. */
export function SearchForm({ q, label }: { q: string; label: string }) {
  const [, setSearchParams] = useSearchParams()

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const typed = formFields(new FormData(event.currentTarget), ['q']).q.trim()
    if (typed !== '') setSearchParams({ q: typed })
  }

  function clear() {
    setSearchParams((params) => {
      params.delete('q')
      return params
    })
  }

  return (
    <form role="search" onSubmit={handleSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
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
