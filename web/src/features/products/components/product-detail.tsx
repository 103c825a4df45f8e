import { ChevronRight } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'

import { AmountField } from '@/components/amount-field'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { productCartLine } from '@/features/products/cart-line'
import { PictureSlot } from '@/features/products/components/picture-slot'
import { GALLERY_PICTURE_SIZES, ProductGallery } from '@/features/products/components/product-gallery'
import { ProductPrice } from '@/features/products/components/product-price'
import type { Product } from '@/lib/api-schemas'
import { useAmountOptions, type CartLine } from '@/lib/pricing'

type ProductDetailProps = {
  product: Product
  /** Called with the cart line 'Add to bag' makes: the product at its selling price, times the chosen amount. */
  onAddToBag: (line: CartLine) => void
}

/** The product page: breadcrumb, gallery, title, company, prices, description, amount and 'Add to bag'. */
export function ProductDetail({ product, onAddToBag }: ProductDetailProps) {
  const [amount, setAmount] = useState(1)
  const options = useAmountOptions('product-page', 1, product.stock)
  const outOfStock = product.stock <= 0

  return (
    <div className="space-y-6">
      <ProductBreadcrumb />
      <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        <ProductGallery key={product._id} product={product} />
        <div className="space-y-6">
          <div className="space-y-2">
            <h1 className="text-3xl break-words sm:text-4xl">{product.title}</h1>
            <p className="text-lg text-muted-foreground">{product.company}</p>
          </div>
          <div className="space-y-1">
            <ProductPrice product={product} size="page" />
            <p className="text-sm text-muted-foreground">Inclusive of all taxes</p>
          </div>
          <p className="leading-relaxed whitespace-pre-line">{product.description}</p>
          <form
            className="grid max-w-xs gap-4"
            onSubmit={(event) => {
              event.preventDefault()
              if (!outOfStock) onAddToBag(productCartLine(product, amount))
            }}
          >
            {outOfStock ? (
              <p className="font-medium text-destructive">Out of stock</p>
            ) : (
              <AmountField options={options} value={amount} stock={product.stock} onChange={setAmount} />
            )}
            <Button type="submit" size="lg" disabled={outOfStock}>
              Add to bag
            </Button>
          </form>
        </div>
      </div>
    </div>
  )
}

const crumbClass = 'text-muted-foreground underline-offset-4 hover:text-foreground hover:underline'

/** Home > Products, above the product. */
export function ProductBreadcrumb() {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        <li>
          <Link to="/" className={crumbClass}>
            Home
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRight className="size-4 text-muted-foreground" />
        </li>
        <li>
          <Link to="/products" className={crumbClass}>
            Products
          </Link>
        </li>
      </ol>
    </nav>
  )
}

/** Stands in for the product page while the product loads. */
export function ProductDetailSkeleton() {
  return (
    <div className="space-y-6">
      <ProductBreadcrumb />
      <p role="status" className="sr-only">
        Loading product
      </p>
      <div aria-hidden="true" className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        <PictureSlot sizes={GALLERY_PICTURE_SIZES} fit="cover" className="aspect-square w-full rounded-xl" />
        <div className="space-y-4">
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-8 w-1/4" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-10 w-full max-w-xs" />
          <Skeleton className="h-11 w-full max-w-xs" />
        </div>
      </div>
    </div>
  )
}
