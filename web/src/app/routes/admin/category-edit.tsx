import { useParams } from 'react-router'

import { NotFoundPage } from '@/app/routes/error'
import { FormSkeleton } from '@/components/form-skeleton'
import { PageMeta } from '@/components/page-meta'
import { useCategory } from '@/features/categories/api/get-category'
import { EditCategoryForm } from '@/features/categories/components/edit-category-form'
import { errorMessage, isNotFound } from '@/lib/api-errors'

/** A missing category is a 404 page, like an unknown route. */
export function AdminEditCategoryPage() {
  const { id = '' } = useParams()
  const category = useCategory(id)

  if (isNotFound(category.error)) return <NotFoundPage />
  return (
    <section className="space-y-6">
      <PageMeta title="Edit category · Admin" />
      <h1 className="text-3xl">Edit category</h1>
      {category.data ? (
        <EditCategoryForm key={category.data.category._id} category={category.data.category} />
      ) : category.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(category.error, 'Failed to fetch category')}
        </p>
      ) : (
        <FormSkeleton fields={2} label="Loading category" />
      )}
    </section>
  )
}
