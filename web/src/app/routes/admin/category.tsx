import { Link } from 'react-router'

import { PageMeta } from '@/components/page-meta'
import { Button } from '@/components/ui/button'
import { CategoriesList } from '@/features/categories/components/categories-list'

export function AdminCategoriesPage() {
  return (
    <section className="space-y-6">
      <PageMeta title="Category · Admin" />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl">Category</h1>
        <Button asChild>
          <Link to="/admin/category/create">+ Add category</Link>
        </Button>
      </div>
      <CategoriesList />
    </section>
  )
}
