import { useNavigate } from 'react-router'
import { toast } from 'sonner'

import { useUpdateCategory } from '@/features/categories/api/update-category'
import { CategoryForm } from '@/features/categories/components/category-form'
import type { CategoryFormValues } from '@/features/categories/types'
import { errorMessage } from '@/lib/api-errors'
import type { Category } from '@/lib/api-schemas'

/** Edits a category's name and description, then returns to the categories list. */
export function EditCategoryForm({ category }: { category: Category }) {
  const navigate = useNavigate()
  const updateCategory = useUpdateCategory(category._id)

  function handleSubmit(values: CategoryFormValues) {
    updateCategory.mutate(values, {
      onSuccess: () => {
        // Lower-case 'category' as the spec's toast catalogue has it.
        toast.success('category updated')
        navigate('/admin/category')
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to update Category')),
    })
  }

  return (
    <CategoryForm
      category={category}
      pending={updateCategory.isPending}
      error={updateCategory.error}
      submitLabel="Save changes"
      onSubmit={handleSubmit}
    />
  )
}
