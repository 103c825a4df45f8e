import { useState, type Ref } from 'react'

import { Field } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'

type PickerSearchProps = {
  /** The search landmark's name, e.g. 'Find a customer'. */
  name: string
  /** The box's visible label. */
  label: string
  placeholder?: string
  /** What the box holds when it appears: the search on screen, if any. */
  initialQuery?: string
  inputRef?: Ref<HTMLInputElement>
  /** Called with the trimmed text; blank input is ignored. */
  onSearch: (q: string) => void
}

/**
 * A search box for a picker that sits inside a larger form. It is not a <form> of its own (forms
 * cannot nest): Enter in the box or the Search button runs the search and never submits the form.
 */
export function PickerSearch({ name, label, placeholder, initialQuery = '', inputRef, onSearch }: PickerSearchProps) {
  const [typed, setTyped] = useState(initialQuery)

  function run() {
    const q = typed.trim()
    if (q !== '') onSearch(q)
  }

  return (
    <div role="search" aria-label={name} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <Field label={label} className="flex-1">
        {(control) => (
          <Input
            {...control}
            ref={inputRef}
            type="search"
            value={typed}
            placeholder={placeholder}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                run()
              }
            }}
          />
        )}
      </Field>
      <Button type="button" variant="secondary" onClick={run}>
        Search
      </Button>
    </div>
  )
}
