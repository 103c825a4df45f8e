import { useSetAtom } from 'jotai'
import { useParams } from 'react-router'
import { toast } from 'sonner'

import { NotFoundPage } from '@/app/routes/error'
import { addItemAtom } from '@/features/cart/atoms'
import { useProduct } from '@/features/products/api/get-product'
import { ProductDetail, ProductDetailSkeleton } from '@/features/products/components/product-detail'
import { errorMessage, isNotFound } from '@/lib/api-errors'
import type { CartLine } from '@/lib/pricing'

/** One product; 'Add to bag' puts it in the cart. A missing product is the 404 page. */
export function ProductPage() {
  const { id = '' } = useParams()
  const product = useProduct(id)
  const addItem = useSetAtom(addItemAtom)

  function addToBag(line: CartLine, gstRate: number) {
    addItem({ line, gstRate })
    toast.success('Item added to cart')
  }

  if (isNotFound(product.error)) return <NotFoundPage />
  if (product.data) {
    const { product: shown } = product.data
    return <ProductDetail key={shown._id} product={shown} onAddToBag={(line) => addToBag(line, shown.gstRate)} />
  }
  if (product.isError) {
    return (
      <p role="alert" className="text-destructive">
        {errorMessage(product.error, 'Failed to fetch product')}
      </p>
    )
  }
  return <ProductDetailSkeleton />
}
