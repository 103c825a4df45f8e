/** A category as GET /categories and GET /categories/{id} return it. */
export type Category = {
  _id: string
  name: string
  description: string
  createdAt: string
  updatedAt: string
}

/** The fields of the create and edit forms, in payload order. */
export const CATEGORY_FORM_FIELDS = ['name', 'description'] as const

export type CategoryFormValues = Record<(typeof CATEGORY_FORM_FIELDS)[number], string>
