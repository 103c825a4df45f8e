// The product form's GST fields: the HSN code as typed, and the GST rate select's choices.

/** Why an HSN code as typed would be refused, or null: 4 to 8 digits, or nothing. */
export function hsnProblem(text: string): string | null {
  const trimmed = text.trim()
  return trimmed === '' || /^\d{4,8}$/.test(trimmed) ? null : 'Enter 4 to 8 digits, or leave it empty'
}

/** A GST rate as the select names it: 18 -> "18%", 0.25 -> "0.25%". */
export function gstRateLabel(rate: number): string {
  return `${rate}%`
}

/**
 * The GST rate select's options, ascending: the shop's slabs, plus the product's own rate if the
 * slabs no longer list it, so that opening and saving the form never changes it unasked.
 */
export function gstRateOptions(slabs: readonly number[], current: number | undefined): number[] {
  if (current === undefined || slabs.includes(current)) return [...slabs]
  return [...slabs, current].sort((a, b) => a - b)
}
