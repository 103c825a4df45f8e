import { Plus, X } from 'lucide-react'
import { useId, useRef, type ChangeEvent } from 'react'

import { FieldError } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { focusRing } from '@/components/ui/focus-ring'
import { slotView, type ImageSlot } from '@/features/admin-products/image-slots'
import { IMAGE_ACCEPT } from '@/features/admin-products/types'
import { useObjectUrl } from '@/lib/use-object-url'
import { cn } from '@/lib/utils'

type ImageSlotTilesProps = {
  slots: readonly ImageSlot[]
  /** The server's field messages; image N's shows under tile N. */
  errors: Record<string, string>
  onPick: (index: number, file: File) => void
  onClear: (index: number) => void
}

/** The edit form's five image slots as square tiles: click one to pick a file, 'x' to clear it. */
export function ImageSlotTiles({ slots, errors, onPick, onClear }: ImageSlotTilesProps) {
  const noteId = useId()
  return (
    <fieldset className="grid gap-3" aria-describedby={noteId}>
      <legend className="mb-1 text-sm font-medium">Images</legend>
      <p id={noteId} className="text-sm text-muted-foreground">
        Click an image or empty box to add/replace.
      </p>
      <ul className="grid grid-cols-3 gap-4 sm:grid-cols-5">
        {slots.map((slot, index) => {
          const slotNumber = index + 1
          return (
            <li key={slotNumber}>
              <ImageTile
                slotNumber={slotNumber}
                slot={slot}
                error={errors[`image${slotNumber}`] ?? errors[`delete_image${slotNumber}`]}
                onPick={(file) => onPick(index, file)}
                onClear={() => onClear(index)}
              />
            </li>
          )
        })}
      </ul>
    </fieldset>
  )
}

type ImageTileProps = {
  slotNumber: number
  slot: ImageSlot
  error: string | undefined
  onPick: (file: File) => void
  onClear: () => void
}

function ImageTile({ slotNumber, slot, error, onPick, onClear }: ImageTileProps) {
  const inputRef = useRef<HTMLInputElement>(null)
  const id = useId()
  const statusId = `${id}-status`
  const errorId = `${id}-error`
  const view = slotView(slot)
  const previewUrl = useObjectUrl(slot.file)
  const src = view.kind === 'file' ? previewUrl : view.kind === 'current' ? view.image.thumbnail : null
  const filled = view.kind !== 'empty'
  const status = view.kind === 'file' ? 'New, saved on submit' : slot.cleared ? 'Removed on submit' : null
  const describedBy = [status ? statusId : '', error ? errorId : ''].filter(Boolean).join(' ')

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0]
    // Emptied so that picking the same file again, after clearing it, still counts as a change.
    event.currentTarget.value = ''
    if (file) onPick(file)
  }

  return (
    <div className="grid gap-1">
      <div className="relative">
        <button
          type="button"
          aria-label={filled ? `Replace image ${slotNumber}` : `Add image ${slotNumber}`}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
          onClick={() => inputRef.current?.click()}
          className={cn(
            'grid aspect-square w-full place-items-center overflow-hidden rounded-md border bg-muted transition-colors',
            filled ? 'border-border' : 'border-dashed border-input text-muted-foreground hover:bg-accent',
            'aria-invalid:border-destructive',
            focusRing,
          )}
        >
          {src ? (
            <img src={src} alt="" className="size-full object-cover" />
          ) : (
            !filled && <Plus aria-hidden="true" className="size-6" />
          )}
        </button>
        {filled && (
          <Button
            variant="destructive"
            size="icon"
            aria-label={`Clear image ${slotNumber}`}
            onClick={onClear}
            className="absolute top-1 right-1 size-7 rounded-full"
          >
            <X aria-hidden="true" className="size-4" />
          </Button>
        )}
        <input
          ref={inputRef}
          type="file"
          accept={IMAGE_ACCEPT}
          aria-label={`Image ${slotNumber}`}
          tabIndex={-1}
          hidden
          onChange={handleChange}
        />
      </div>
      {status && (
        <p id={statusId} className="text-xs text-muted-foreground">
          {status}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  )
}
