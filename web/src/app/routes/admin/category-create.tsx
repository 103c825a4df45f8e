import { CreateCategoryForm } from '@/features/categories/components/create-category-form'

export function AdminCreateCategoryPage() {
  return (
    <section className="space-y-6">
      <h1 className="text-3xl">Create category</h1>
      <CreateCategoryForm />
    </section>
  )
}
