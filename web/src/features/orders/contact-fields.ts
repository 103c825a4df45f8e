// The checkout's PIN code and phone, checked as the server checks them (api/src/domain), so the
// customer hears about a typo before the order is sent.

/** A PIN code as typed, spaces dropped: `560 025` is `560025`. */
export function pinCodeInput(text: string): string {
  return text.replace(/\s+/g, '')
}

/** What is wrong with a PIN code, or undefined when it is six digits not starting with 0. */
export function pinCodeMessage(text: string): string | undefined {
  const pin = pinCodeInput(text)
  if (pin === '') return 'Enter the 6-digit PIN code'
  return /^[1-9][0-9]{5}$/.test(pin) ? undefined : 'A PIN code is 6 digits, such as 560025'
}

/** The ten digits of an Indian mobile number, without a +91, 91 or 0 prefix, spaces or dashes; null when it is not one. */
export function mobileDigits(text: string): string | null {
  const compact = text.trim().replace(/[\s\-()]/g, '')
  const digits = compact.startsWith('+91')
    ? compact.slice(3)
    : compact.length === 12 && compact.startsWith('91')
      ? compact.slice(2)
      : compact.length === 11 && compact.startsWith('0')
        ? compact.slice(1)
        : compact
  return /^[6-9][0-9]{9}$/.test(digits) ? digits : null
}

/** What is wrong with a phone number, or undefined when it is an Indian mobile number. */
export function phoneMessage(text: string): string | undefined {
  if (text.trim() === '') return 'Enter a phone number for the delivery'
  return mobileDigits(text) === null ? 'Enter a 10-digit mobile number, such as 98765 43210' : undefined
}
