import { useEffect, useRef, useState, type Ref } from 'react'

import { Field } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'

/** How long typing pauses before a search-as-you-type picker searches. */
const TYPING_PAUSE_MS = 250

type PickerSearchProps = {
  /** The search landmark's name, e.g. 'Find a customer'. */
  name: string
  /** The box's visible label. */
  label: string
  placeholder?: string
  /** What the box holds when it appears: the search on screen, if any. */
  initialQuery?: string
  inputRef?: Ref<HTMLInputElement>
  /**
   * Called with the trimmed text. Blank input is ignored, unless the picker searches as the admin
   * types (`searchAsYouType`): then a cleared box clears the search.
   */
  onSearch: (q: string) => void
  /** Search once typing pauses, besides on Enter and the Search button. */
  searchAsYouType?: boolean
  /** Arrow Down in the box: e.g. to move into the results. */
  onArrowDown?: () => void
}

/**
 * A search box for a picker that sits inside a larger form. It is not a <form> of its own (forms
 * cannot nest): Enter in the box or the Search button runs the search and never submits the form.
 */
export function PickerSearch({
  name,
  label,
  placeholder,
  initialQuery = '',
  inputRef,
  onSearch,
  searchAsYouType = false,
  onArrowDown,
}: PickerSearchProps) {
  const [typed, setTyped] = useState(initialQuery)
  const pause = useRef<number | undefined>(undefined)

  useEffect(() => () => window.clearTimeout(pause.current), [])

  function run(text = typed) {
    window.clearTimeout(pause.current)
    const q = text.trim()
    if (q !== '' || searchAsYouType) onSearch(q)
  }

  function type(text: string) {
    setTyped(text)
    if (!searchAsYouType) return
    window.clearTimeout(pause.current)
    pause.current = window.setTimeout(() => run(text), TYPING_PAUSE_MS)
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
            onChange={(event) => type(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                run()
              } else if (event.key === 'ArrowDown' && onArrowDown) {
                event.preventDefault()
                onArrowDown()
              }
            }}
          />
        )}
      </Field>
      <Button type="button" variant="secondary" onClick={() => run()}>
        Search
      </Button>
    </div>
  )
}
