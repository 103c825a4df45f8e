/** The fields of the create and edit forms, in payload order. */
export const CATEGORY_FORM_FIELDS = ['name', 'description'] as const

export type CategoryFormValues = Record<(typeof CATEGORY_FORM_FIELDS)[number], string>
