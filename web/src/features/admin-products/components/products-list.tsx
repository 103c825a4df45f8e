import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { toast } from 'sonner'

import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog'
import { PagedTable } from '@/components/paged-table'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { TableCell, TableHead, TableRow } from '@/components/ui/table'
import { useDeleteProduct } from '@/features/admin-products/api/delete-product'
import { useProducts } from '@/features/admin-products/api/get-products'
import { useSearchProducts } from '@/features/admin-products/api/search-products'
import { ProductsSearchForm } from '@/features/admin-products/components/products-search-form'
import { gstRateLabel } from '@/features/admin-products/tax-fields'
import { productImages } from '@/features/admin-products/image-slots'
import type { Product } from '@/lib/api-schemas'
import { errorMessage } from '@/lib/api-errors'
import { readPage } from '@/lib/page-search'
import { formatInr } from '@/lib/pricing'

const COLUMNS = 10

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
  const deleteProduct = useDeleteProduct()
  const [target, setTarget] = useState<Product | null>(null)

  function confirmDelete() {
    if (!target) return
    deleteProduct.mutate(target._id, {
      onSuccess: () => toast.success('Product deleted'),
      // A staff admin (403) gets the server's reason, which names the role needed.
      onError: (error) => toast.error(errorMessage(error, 'Failed to delete product')),
      onSettled: () => setTarget(null),
    })
  }

  return (
    <div className="space-y-6">
      <ProductsSearchForm q={q} />
      <PagedTable
        query={products}
        page={page}
        pagination={q === '' ? pageQuery.data?.meta.pagination : undefined}
        noun="products"
        columns={COLUMNS}
        head={
          <TableRow>
            <TableHead>Title</TableHead>
            <TableHead>Company</TableHead>
            <TableHead>Description</TableHead>
            <TableHead className="text-right">Selling Price</TableHead>
            <TableHead className="text-right">Price</TableHead>
            <TableHead className="text-right">Stock</TableHead>
            <TableHead>Featured</TableHead>
            <TableHead>Category</TableHead>
            <TableHead>Images</TableHead>
            <TableHead className="sticky right-0 bg-card text-right">Actions</TableHead>
          </TableRow>
        }
      >
        {products.data?.data.map((product) => (
          <ProductRow key={product._id} product={product} onDelete={() => setTarget(product)} />
        ))}
      </PagedTable>
      <ConfirmDeleteDialog
        name={target?.title ?? null}
        pending={deleteProduct.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setTarget(null)}
      />
    </div>
  )
}

function ProductRow({ product, onDelete }: { product: Product; onDelete: () => void }) {
  const images = productImages(product)
  return (
    <TableRow>
      <TableCell className="min-w-40">
        <span className="font-medium">{product.title}</span>
        {/* The tax facts ride under the title rather than in two more columns. */}
        <span className="block text-xs whitespace-nowrap text-muted-foreground">
          GST {gstRateLabel(product.gstRate)}
          {product.hsn && ` · HSN ${product.hsn}`}
        </span>
      </TableCell>
      <TableCell className="whitespace-nowrap">{product.company}</TableCell>
      <TableCell className="min-w-48">
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
        <Badge variant="secondary">{product.category.name}</Badge>
      </TableCell>
      <TableCell>
        <div className="flex gap-1">
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
      <TableCell className="sticky right-0 bg-card shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]">
        <div className="flex justify-end gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={`/admin/products/edit/${encodeURIComponent(product._id)}`}>Edit</Link>
          </Button>
          <Button variant="destructive" size="sm" onClick={onDelete}>
            Delete
          </Button>
        </div>
      </TableCell>
    </TableRow>
  )
}
