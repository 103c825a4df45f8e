import { useSearchParams } from 'react-router'

import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog'
import { PagedTable } from '@/components/paged-table'
import { RecordCard, RecordField } from '@/components/record-card'
import { ActionsHead, RowActions, RowActionsCell } from '@/components/row-actions'
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
import { cn } from '@/lib/utils'

const COLUMNS = 8

const editPath = (product: Product) => `/admin/products/edit/${encodeURIComponent(product._id)}`

type ProductRowProps = { product: Product; onDelete: () => void }

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
        cards={products.data?.data.map((product) => (
          <ProductCard key={product._id} product={product} onDelete={() => deletion.ask(product)} />
        ))}
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

function ProductRow({ product, onDelete }: ProductRowProps) {
  return (
    <TableRow>
      <TableCell className="min-w-40">
        <span className="font-medium">{product.title}</span>
        {/* Maker, category and tax facts ride under the title, so the table fits beside the actions. */}
        <span className="block text-sm text-muted-foreground">
          {product.company} · {product.category.name}
        </span>
        <span className="block text-xs whitespace-nowrap text-muted-foreground">GST {taxFacts(product)}</span>
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
        <Thumbnails product={product} className="max-w-36" />
      </TableCell>
      <RowActionsCell sticky editTo={editPath(product)} onDelete={onDelete} label={product.title} />
    </TableRow>
  )
}

/** A phone's product: title, maker and category, prices, stock, tax, featured, images and the row's actions. */
function ProductCard({ product, onDelete }: ProductRowProps) {
  return (
    <RecordCard
      title={product.title}
      subtitle={`${product.company} · ${product.category.name}`}
      actions={<RowActions editTo={editPath(product)} onDelete={onDelete} label={product.title} />}
    >
      <RecordField label="Selling Price">
        <span className="font-medium tabular-nums">{formatInr(product.sellingPrice)}</span>
      </RecordField>
      <RecordField label="Price">
        <span className="tabular-nums">{formatInr(product.price)}</span>
      </RecordField>
      <RecordField label="Stock">
        <span className="tabular-nums">{product.stock}</span>
      </RecordField>
      <RecordField label="GST">{taxFacts(product)}</RecordField>
      <RecordField label="Featured">{product.featured ? 'Yes' : 'No'}</RecordField>
      {product.description && (
        <RecordField label="Description">
          <p className="line-clamp-2" title={product.description}>
            {product.description}
          </p>
        </RecordField>
      )}
      {productImages(product).some(Boolean) && (
        <RecordField label="Images">
          <Thumbnails product={product} />
        </RecordField>
      )}
    </RecordCard>
  )
}

/** The product's GST rate, and its HSN code when it has one: '18% · HSN 19059020'. */
function taxFacts(product: Product) {
  return `${gstRateLabel(product.gstRate)}${product.hsn ? ` · HSN ${product.hsn}` : ''}`
}

/** The product's image thumbnails, in slot order. */
function Thumbnails({ product, className }: { product: Product; className?: string }) {
  return (
    <div className={cn('flex flex-wrap gap-1', className)}>
      {productImages(product).map(
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
  )
}
