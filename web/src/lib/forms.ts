/** The named text fields of a submitted form, each as a string ('' when absent). */
export function formFields<Name extends string>(formData: FormData, names: readonly Name[]): Record<Name, string> {
  const fields = {} as Record<Name, string>
  for (const name of names) {
    const value = formData.get(name)
    fields[name] = typeof value === 'string' ? value : ''
  }
  return fields
}

/** An update payload without `password` when it was left empty, so the current password is kept. */
export function withoutBlankPassword<Values extends { password: string }>(
  values: Values,
): Omit<Values, 'password'> & { password?: string } {
  const { password, ...rest } = values
  return password === '' ? rest : { ...rest, password }
}
