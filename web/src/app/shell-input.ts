/**
 * What a shopper did in a prerendered shell (src/prerender) before the app started: typed into
 * its fields, focused one, pressed its buttons (which do nothing without the app). The app draws
 * over the shell with new elements, which would drop all that; `followShell` keeps it and puts it
 * into the same elements of the app's first screen.
 */
export type ShellInput = {
  /** Changed values by field key. */
  values: Array<[string, string]>
  /** The key of the field that had the focus, if one did. */
  focused?: string
  /** The buttons pressed, by button key, in order. */
  clicks: string[]
}

/**
 * The attribute in which public/start-app.js, which runs long before the app, counts the presses
 * of a shell's button: the press numbers, space-separated.
 */
const PRESSED = 'data-shell-pressed'

/** The most presses replayed: a shopper tapping on and on at an unanswering button wants one. */
const MOST_CLICKS = 4

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

/**
 * `elements` keyed by `name` and their place among the elements so named: the shell and the app's
 * first screen are the same page, so a key names the same element in both (React's generated ids
 * differ between the two renders, names and labels do not).
 */
function byNameAndPlace<E extends Element>(elements: Iterable<E>, name: (element: E) => string): Map<string, E> {
  const seen = new Map<string, number>()
  const keyed = new Map<string, E>()
  for (const element of elements) {
    const named = name(element)
    const place = seen.get(named) ?? 0
    seen.set(named, place + 1)
    keyed.set(`${named}#${place}`, element)
  }
  return keyed
}

/** The named fields under `root`, by name and place. */
function fieldsByKey(root: HTMLElement): Map<string, Field> {
  return byNameAndPlace(root.querySelectorAll<Field>('input[name], select[name], textarea[name]'), (field) => field.name)
}

/**
 * The plain buttons under `root` (a submit button sends its form without the app), by accessible
 * label (or text) and place.
 */
function buttonsByKey(root: HTMLElement): Map<string, HTMLButtonElement> {
  return byNameAndPlace(
    root.querySelectorAll<HTMLButtonElement>('button[type="button"]'),
    (button) => button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '',
  )
}

function changed(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return Array.from(field.options).some((option) => option.selected !== option.defaultSelected)
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return false
  return field.value !== field.defaultValue
}

/** The changed fields, the focus and the button presses in the shell under `root`. */
export function readShellInput(root: HTMLElement): ShellInput {
  const input: ShellInput = { values: [], clicks: [] }
  for (const [key, field] of fieldsByKey(root)) {
    if (changed(field)) input.values.push([key, field.value])
    if (field === document.activeElement) input.focused = key
  }
  const presses: Array<[number, string]> = []
  for (const [key, button] of buttonsByKey(root)) {
    for (const press of button.getAttribute(PRESSED)?.split(' ') ?? []) presses.push([Number(press), key])
  }
  input.clicks = presses
    .sort(([a], [b]) => a - b)
    .slice(0, MOST_CLICKS)
    .map(([, key]) => key)
  return input
}

/**
 * Puts `input` into the app's screen under `root`: values as typing would (through the elements'
 * own value setters and an input event, so the app's state follows), then the focus, then the
 * presses, as clicks.
 */
export function restoreShellInput(root: HTMLElement, input: ShellInput): void {
  if (input.values.length === 0 && input.focused === undefined && input.clicks.length === 0) return
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
  const buttons = buttonsByKey(root)
  for (const key of input.clicks) buttons.get(key)?.click()
}

/**
 * Follows the shell under `root` (marked `data-shell`) while it is on screen. The returned
 * function, called once the app has drawn its first screen over it, stops following, puts what
 * the shopper did into the app's screen and takes the mark off (public/boot-fallback.js reads it: from
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
  // A click: start-app.js has just noted a press on its button, to be read now.
  const events = ['input', 'change', 'focusin', 'click'] as const
  for (const type of events) root.addEventListener(type, remember)
  return () => {
    if (!root.hasAttribute('data-shell')) return
    for (const type of events) root.removeEventListener(type, remember)
    root.removeAttribute('data-shell')
    restoreShellInput(root, input)
  }
}
