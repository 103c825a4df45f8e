import { useSearchParams } from 'react-router'

import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog'
import { PagedTable } from '@/components/paged-table'
import { ActionsHead, RowActionsCell } from '@/components/row-actions'
import { SearchForm } from '@/components/search-form'
import { TableCell, TableHead, TableRow } from '@/components/ui/table'
import { useConfirmedDelete } from '@/components/use-confirmed-delete'
import { useDeleteProduct } from '@/features/admin-products/api/delete-product'
import { useProducts } from '@/features/admin-products/api/get-products'
import { useSearchProducts } from '@/features/admin-products/api/search-products'
import { gstRateLabel } from '@/features/admin-products/tax-fields'
import { productImages } from '@/features/admin-products/image-slots'
import type { Product } from '@/lib/api-schemas'
import { readPage } from '@/lib/page-search'
import { formatInr } from '@/lib/pricing'

const COLUMNS = 8

/**
 * The products table: search results for the URL's ?q=, otherwise the page at ?page, with Edit
 * links and a confirmed Delete.
 */
export function ProductsList() {
  const [searchParams] = useSearchParams()
  const q = searchParams.get('q')?.trim() ?? ''
  const page = readPage(searchParams)
  const pageQuery = useProducts(page, q === '')
  const searchQuery = useSearchProducts(q)
  const products = q === '' ? pageQuery : searchQuery
  const deletion = useConfirmedDelete(useDeleteProduct(), {
    noun: 'product',
    keyOf: (product: Product) => product._id,
    nameOf: (product) => product.title,
  })

  return (
    <div className="space-y-6">
      <SearchForm q={q} label="Search products" />
      <PagedTable
        query={products}
        page={page}
        pagination={q === '' ? pageQuery.data?.meta.pagination : undefined}
        noun="products"
        columns={COLUMNS}
        head={
          <TableRow>
            <TableHead>Title</TableHead>
            <TableHead>Description</TableHead>
            <TableHead className="text-right">Selling Price</TableHead>
            <TableHead className="text-right">Price</TableHead>
            <TableHead className="text-right">Stock</TableHead>
            <TableHead>Featured</TableHead>
            <TableHead>Images</TableHead>
            <ActionsHead sticky />
          </TableRow>
        }
      >
        {products.data?.data.map((product) => (
          <ProductRow key={product._id} product={product} onDelete={() => deletion.ask(product)} />
        ))}
      </PagedTable>
      <ConfirmDeleteDialog {...deletion.dialog} />
    </div>
  )
}

function ProductRow({ product, onDelete }: { product: Product; onDelete: () => void }) {
  const images = productImages(product)
  return (
    <TableRow>
      <TableCell className="min-w-40">
        <span className="font-medium">{product.title}</span>
        {/* Maker, category and tax facts ride under the title, so the table fits beside the actions. */}
        <span className="block text-sm text-muted-foreground">
          {product.company} · {product.category.name}
        </span>
        <span className="block text-xs whitespace-nowrap text-muted-foreground">
          GST {gstRateLabel(product.gstRate)}
          {product.hsn && ` · HSN ${product.hsn}`}
        </span>
      </TableCell>
      <TableCell className="min-w-40">
        {/* Long descriptions wrap, even unbroken words, and stop at two lines; the title has them whole. */}
        <p className="line-clamp-2 max-w-prose wrap-anywhere" title={product.description || undefined}>
          {product.description}
        </p>
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{formatInr(product.sellingPrice)}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{formatInr(product.price)}</TableCell>
      <TableCell className="text-right tabular-nums">{product.stock}</TableCell>
      <TableCell>{product.featured ? 'Yes' : 'No'}</TableCell>
      <TableCell>
        <div className="flex max-w-36 flex-wrap gap-1">
          {images.map(
            (image, index) =>
              image && (
                <img
                  key={index}
                  src={image.thumbnail}
                  alt={`Image ${index + 1} of ${product.title}`}
                  width={40}
                  height={40}
                  loading="lazy"
                  className="size-10 shrink-0 rounded border object-cover"
                />
              ),
          )}
        </div>
      </TableCell>
      <RowActionsCell sticky editTo={`/admin/products/edit/${encodeURIComponent(product._id)}`} onDelete={onDelete} />
    </TableRow>
  )
}
