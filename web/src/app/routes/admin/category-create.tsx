import { PageMeta } from '@/components/page-meta'
import { CreateCategoryForm } from '@/features/categories/components/create-category-form'

export function AdminCreateCategoryPage() {
  return (
    <section className="space-y-6">
      <PageMeta title="Create category · Admin" />
      <h1 className="text-3xl">Create category</h1>
      <CreateCategoryForm />
    </section>
  )
}
