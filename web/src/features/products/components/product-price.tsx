import type { Product } from '@/lib/api-schemas'
import { formatInr } from '@/lib/pricing'
import { cn } from '@/lib/utils'

type ProductPriceProps = {
  product: Pick<Product, 'price' | 'sellingPrice' | 'discountPercent'>
  /** 'page' is the product page's large block; 'card' fits a grid card or a list row. */
  size?: 'card' | 'page'
  className?: string
}

/**
 * The selling price and, when the MRP is higher, the MRP struck through and the saving as
 * "x% off". Screen readers hear which figure is which.
 */
export function ProductPrice({ product, size = 'card', className }: ProductPriceProps) {
  // The server works the percent out with the pricing crate (percent_off), rounded down.
  const { price: mrp, sellingPrice, discountPercent: off } = product
  const page = size === 'page'
  return (
    <div className={cn('flex flex-wrap items-baseline gap-y-0.5', page ? 'gap-x-3' : 'gap-x-2', className)}>
      <p className={cn('font-semibold text-primary tabular-nums', page ? 'text-2xl' : 'sm:text-lg')}>
        <span className="sr-only">Selling price </span>
        <span>{formatInr(sellingPrice)}</span>
      </p>
      {mrp > sellingPrice && (
        <s className={cn('text-muted-foreground tabular-nums', page ? 'text-lg' : 'text-sm')}>
          <span className="sr-only">Original price </span>
          <span>{formatInr(mrp)}</span>
        </s>
      )}
      {off > 0 && <p className={cn('font-medium text-success', page ? 'text-lg' : 'text-sm')}>{`${off}% off`}</p>}
    </div>
  )
}
