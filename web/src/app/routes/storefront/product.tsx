import { useSetAtom } from 'jotai'
import { useParams } from 'react-router'
import { toast } from 'sonner'

import { NotFoundPage } from '@/app/routes/error'
import { PageMeta } from '@/components/page-meta'
import { PRICING_UNAVAILABLE } from '@/components/pricing-unavailable'
import { addItemAtom } from '@/features/cart/atoms'
import { useProduct } from '@/features/products/api/get-product'
import { ProductDetail, ProductDetailSkeleton } from '@/features/products/components/product-detail'
import { productDescription } from '@/features/products/page-meta'
import { errorMessage, isNotFound } from '@/lib/api-errors'
import { PricingUnavailableError, type CartLine } from '@/lib/pricing'

/** One product; 'Add to bag' puts it in the cart. A missing product is the 404 page. */
export function ProductPage() {
  const { id = '' } = useParams()
  const product = useProduct(id)
  const addItem = useSetAtom(addItemAtom)

  /** The success toast only when the whole amount went in; a line held back by the stock says so itself. */
  async function addToBag(line: CartLine, gstRate: number) {
    try {
      if (await addItem({ line, gstRate })) toast.success('Item added to cart')
    } catch (error) {
      if (!(error instanceof PricingUnavailableError)) throw error
      // Nothing was added; clicking again loads the pricing wasm again.
      toast.error(`The item was not added. ${PRICING_UNAVAILABLE}`)
    }
  }

  if (isNotFound(product.error)) return <NotFoundPage />
  const shown = product.data?.product
  return (
    <>
      <PageMeta title={shown?.title ?? 'Product'} description={shown && productDescription(shown)} />
      {shown ? (
        <ProductDetail key={shown._id} product={shown} onAddToBag={(line) => void addToBag(line, shown.gstRate)} />
      ) : product.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(product.error, 'Failed to fetch product')}
        </p>
      ) : (
        <ProductDetailSkeleton />
      )}
    </>
  )
}
