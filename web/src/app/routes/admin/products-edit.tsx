import { useParams } from 'react-router'

import { NotFoundPage } from '@/app/routes/error'
import { FormSkeleton } from '@/components/form-skeleton'
import { PageMeta } from '@/components/page-meta'
import { useProduct } from '@/features/admin-products/api/get-product'
import { EditProductForm } from '@/features/admin-products/components/edit-product-form'
import { errorMessage, isNotFound } from '@/lib/api-errors'

/** A missing product is a 404 page, like an unknown route. */
export function AdminEditProductPage() {
  const { id = '' } = useParams()
  const product = useProduct(id)

  if (isNotFound(product.error)) return <NotFoundPage />
  return (
    <section className="space-y-6">
      <PageMeta title="Edit product · Admin" />
      <h1 className="text-3xl">Edit product</h1>
      {product.data ? (
        <EditProductForm key={product.data.product._id} product={product.data.product} />
      ) : product.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(product.error, 'Failed to fetch product')}
        </p>
      ) : (
        <FormSkeleton fields={9} label="Loading product" />
      )}
    </section>
  )
}
