import { useSearchParams } from 'react-router'

import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog'
import { PagedTable } from '@/components/paged-table'
import { RecordCard, RecordField } from '@/components/record-card'
import { ActionsHead, RowActions, RowActionsCell } from '@/components/row-actions'
import { TableCell, TableHead, TableRow } from '@/components/ui/table'
import { useConfirmedDelete } from '@/components/use-confirmed-delete'
import { useDeleteCategory } from '@/features/categories/api/delete-category'
import { useCategories } from '@/features/categories/api/get-categories'
import type { Category } from '@/lib/api-schemas'
import { readPage } from '@/lib/page-search'

const COLUMNS = 3

const editPath = (category: Category) => `/admin/category/edit/${encodeURIComponent(category._id)}`

/** The categories table at the URL's ?page, with Edit links and a confirmed Delete. */
export function CategoriesList() {
  const [searchParams] = useSearchParams()
  const page = readPage(searchParams)
  const categories = useCategories(page)
  const deletion = useConfirmedDelete(useDeleteCategory(), {
    noun: 'category',
    keyOf: (category: Category) => category._id,
    nameOf: (category) => category.name,
  })

  return (
    <div className="space-y-6">
      <PagedTable
        query={categories}
        page={page}
        pagination={categories.data?.meta.pagination}
        noun="categories"
        columns={COLUMNS}
        cards={categories.data?.data.map((category) => (
          <RecordCard
            key={category._id}
            title={category.name}
            actions={
              <RowActions editTo={editPath(category)} onDelete={() => deletion.ask(category)} label={category.name} />
            }
          >
            <RecordField label="Description">
              {/* Long descriptions stop at three lines; the title has them whole. */}
              <p className="line-clamp-3" title={category.description || undefined}>
                {category.description || '—'}
              </p>
            </RecordField>
          </RecordCard>
        ))}
        head={
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Description</TableHead>
            <ActionsHead />
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
            <RowActionsCell editTo={editPath(category)} onDelete={() => deletion.ask(category)} label={category.name} />
          </TableRow>
        ))}
      </PagedTable>
      <ConfirmDeleteDialog {...deletion.dialog} />
    </div>
  )
}
