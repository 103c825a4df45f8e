import { useState } from 'react'
import { Link, Navigate, useLocation, useSearchParams } from 'react-router'
import { toast } from 'sonner'

import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog'
import { Pagination } from '@/components/pagination'
import { TableSkeletonRows } from '@/components/table-skeleton-rows'
import { Button } from '@/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { useDeleteCategory } from '@/features/categories/api/delete-category'
import { useCategories } from '@/features/categories/api/get-categories'
import type { Category } from '@/features/categories/types'
import { errorMessage } from '@/lib/api-errors'
import { pageSearch, readPage } from '@/lib/page-search'

const COLUMNS = 3

/** The categories table at the URL's ?page, with Edit links and a confirmed Delete. */
export function CategoriesList({ token }: { token: string | undefined }) {
  const [searchParams] = useSearchParams()
  const { search } = useLocation()
  const page = readPage(searchParams)
  const categories = useCategories(page, token)
  const deleteCategory = useDeleteCategory(token)
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

  const pagination = categories.data?.meta.pagination
  if (pagination && pagination.pageCount > 0 && page > pagination.pageCount) {
    return <Navigate to={{ search: pageSearch(search, pagination.pageCount) }} replace />
  }

  return (
    <div className="space-y-6">
      {categories.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(categories.error, 'Failed to fetch categories')}
        </p>
      ) : categories.data?.data.length === 0 ? (
        <p role="status" className="rounded-lg border bg-card p-6 text-center text-muted-foreground">
          No categories found.
        </p>
      ) : (
        <>
          {categories.isPending && (
            <p role="status" className="sr-only">
              Loading categories
            </p>
          )}
          <div className="rounded-lg border bg-card">
            <Table aria-label="Categories" aria-busy={categories.isFetching || undefined}>
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead>Description</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {categories.data ? (
                  categories.data.data.map((category) => (
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
                  ))
                ) : (
                  <TableSkeletonRows columns={COLUMNS} />
                )}
              </TableBody>
            </Table>
          </div>
          {pagination && <Pagination page={page} pageCount={pagination.pageCount} />}
        </>
      )}
      <ConfirmDeleteDialog
        name={target?.name ?? null}
        pending={deleteCategory.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setTarget(null)}
      />
    </div>
  )
}
