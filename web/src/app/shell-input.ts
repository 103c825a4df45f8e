/**
 * What a shopper typed into a prerendered shell's fields (src/prerender) before the app started.
 * The app draws over the shell with new elements, which would drop it; main.tsx reads it just
 * before and puts it back into the same fields of the app's first screen.
 */
export type ShellInput = {
  /** Changed values by field key. */
  values: Array<[string, string]>
  /** The key of the field that had the focus, if one did. */
  focused?: string
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

/**
 * The named fields under `root`, each keyed by its name and its place among the fields of that
 * name: the shell and the app's first screen are the same page, so a key names the same field in
 * both (React's generated ids differ between the two renders, names do not).
 */
function fieldsByKey(root: HTMLElement): Map<string, Field> {
  const seen = new Map<string, number>()
  const fields = new Map<string, Field>()
  for (const field of root.querySelectorAll<Field>('input[name], select[name], textarea[name]')) {
    const place = seen.get(field.name) ?? 0
    seen.set(field.name, place + 1)
    fields.set(`${field.name}#${place}`, field)
  }
  return fields
}

function changed(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return Array.from(field.options).some((option) => option.selected !== option.defaultSelected)
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return false
  return field.value !== field.defaultValue
}

/** The changed fields and the focus in the shell under `root`. */
export function readShellInput(root: HTMLElement): ShellInput {
  const input: ShellInput = { values: [] }
  for (const [key, field] of fieldsByKey(root)) {
    if (changed(field)) input.values.push([key, field.value])
    if (field === document.activeElement) input.focused = key
  }
  return input
}

/**
 * Puts `input` into the fields of the app's screen under `root`, as typing would: through the
 * elements' own value setters and an input event, so the app's state follows.
 */
export function restoreShellInput(root: HTMLElement, input: ShellInput): void {
  if (input.values.length === 0 && input.focused === undefined) return
  const fields = fieldsByKey(root)
  for (const [key, value] of input.values) {
    const field = fields.get(key)
    if (!field || field.value === value) continue
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set
    setter?.call(field, value)
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }))
  }
  const focused = input.focused === undefined ? undefined : fields.get(input.focused)
  if (focused && document.activeElement !== focused) {
    focused.focus()
    if (focused instanceof HTMLSelectElement) return
    try {
      focused.setSelectionRange(focused.value.length, focused.value.length)
    } catch {
      // A field without a caret (an email or number input): the focus is enough.
    }
  }
}

/**
 * Follows the shell under `root` (marked `data-shell`) while it is on screen. The returned
 * function, called once the app has drawn its first screen over it, stops following, puts what
 * was typed into the app's fields and takes the mark off (public/boot-fallback.js reads it: from
 * then on the app's own error screens take over).
 */
export function followShell(root: HTMLElement): () => void {
  if (!root.hasAttribute('data-shell')) return () => {}
  let input = readShellInput(root)
  // A field loses the focus as the app removes it, firing its change event then: only a focusin
  // moves the remembered focus.
  const shell = root.firstElementChild
  const remember = (event: Event) => {
    if (!shell || root.firstElementChild !== shell) return
    const now = readShellInput(root)
    input = event.type === 'focusin' ? now : { ...now, focused: input.focused }
  }
  const events = ['input', 'change', 'focusin'] as const
  for (const type of events) root.addEventListener(type, remember)
  return () => {
    if (!root.hasAttribute('data-shell')) return
    for (const type of events) root.removeEventListener(type, remember)
    root.removeAttribute('data-shell')
    restoreShellInput(root, input)
  }
}
