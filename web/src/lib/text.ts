/** The text with its first letter upper case ('users' -> 'Users'). */
export function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
