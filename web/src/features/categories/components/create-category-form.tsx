import { useNavigate } from 'react-router'
import { toast } from 'sonner'

import { useCreateCategory } from '@/features/categories/api/create-category'
import { CategoryForm } from '@/features/categories/components/category-form'
import type { CategoryFormValues } from '@/features/categories/types'
import { errorMessage } from '@/lib/api-errors'

/** Creates a category, then returns to the categories list. */
export function CreateCategoryForm() {
  const navigate = useNavigate()
  const createCategory = useCreateCategory()

  function handleSubmit(values: CategoryFormValues) {
    createCategory.mutate(values, {
      onSuccess: () => {
        toast.success('Category created successfully')
        navigate('/admin/category')
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to create category')),
    })
  }

  return (
    <CategoryForm
      pending={createCategory.isPending}
      error={createCategory.error}
      submitLabel="Create category"
      onSubmit={handleSubmit}
    />
  )
}
