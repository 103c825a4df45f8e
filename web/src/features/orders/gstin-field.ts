import { checkGstin } from '@/lib/pricing'
import { capitalize } from '@/lib/text'

/** GSTINs are written in capitals; the field turns what is typed into them. */
export function gstinInput(text: string): string {
  return text.toUpperCase()
}

/**
 * The message under the GSTIN field, or undefined when there is nothing to say: an empty field
 * (a GSTIN is optional) or a valid GSTIN. While the customer is still typing the first 15
 * characters it stays quiet, unless the field was `touched` (left, or the form submitted).
 */
export function gstinMessage(text: string, touched: boolean): string | undefined {
  const compact = text.replace(/\s+/g, '')
  if (compact === '') return undefined
  if (!touched && compact.length < 15) return undefined
  const check = checkGstin(compact)
  if ('gstin' in check) return undefined
  return capitalize(check.error)
}
