import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { toast } from 'sonner'

import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog'
import { PagedTable } from '@/components/paged-table'
import { Button } from '@/components/ui/button'
import { TableCell, TableHead, TableRow } from '@/components/ui/table'
import { useDeleteCategory } from '@/features/categories/api/delete-category'
import { useCategories } from '@/features/categories/api/get-categories'
import { errorMessage } from '@/lib/api-errors'
import type { Category } from '@/lib/api-schemas'
import { readPage } from '@/lib/page-search'

const COLUMNS = 3

/** The categories table at the URL's ?page, with Edit links and a confirmed Delete. */
export function CategoriesList() {
  const [searchParams] = useSearchParams()
  const page = readPage(searchParams)
  const categories = useCategories(page)
  const deleteCategory = useDeleteCategory()
  const [target, setTarget] = useState<Category | null>(null)

  function confirmDelete() {
    if (!target) return
    deleteCategory.mutate(target._id, {
      onSuccess: () => toast.success('Category deleted'),
      // A category still in use (409) or a staff admin (403) gets the server's reason.
      onError: (error) => toast.error(errorMessage(error, 'Failed to delete category')),
      onSettled: () => setTarget(null),
    })
  }

  return (
    <div className="space-y-6">
      <PagedTable
        query={categories}
        page={page}
        pagination={categories.data?.meta.pagination}
        noun="categories"
        columns={COLUMNS}
        head={
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Description</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        }
      >
        {categories.data?.data.map((category) => (
          <TableRow key={category._id}>
            <TableCell className="font-medium whitespace-nowrap">{category.name}</TableCell>
            <TableCell className="min-w-48">
              {/* Long descriptions wrap, even unbroken words, and stop at two lines; the title has them whole. */}
              <p className="line-clamp-2 max-w-prose wrap-anywhere" title={category.description || undefined}>
                {category.description}
              </p>
            </TableCell>
            <TableCell>
              <div className="flex justify-end gap-2">
                <Button asChild variant="outline" size="sm">
                  <Link to={`/admin/category/edit/${encodeURIComponent(category._id)}`}>Edit</Link>
                </Button>
                <Button variant="destructive" size="sm" onClick={() => setTarget(category)}>
                  Delete
                </Button>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
      <ConfirmDeleteDialog
        name={target?.name ?? null}
        pending={deleteCategory.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setTarget(null)}
      />
    </div>
  )
}
