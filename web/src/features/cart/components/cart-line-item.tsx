import { useSetAtom } from 'jotai'
import { toast } from 'sonner'

import { AmountField } from '@/components/amount-field'
import { PRICING_UNAVAILABLE } from '@/components/pricing-unavailable'
import { Button } from '@/components/ui/button'
import { editItemAtom, removeItemAtom } from '@/features/cart/atoms'
import { formatInr, useAmountOptions, type CartLine } from '@/lib/pricing'
import { cn } from '@/lib/utils'

type CartLineItemProps = {
  line: CartLine
  /** The product's current stock; undefined until the server said. */
  stock: number | undefined
  /** Called after the line left the cart, so the page can move focus somewhere that still exists. */
  onRemoved: () => void
}

/** One cart line: thumbnail, title, company, its amount (changeable), a remove button and its price. */
export function CartLineItem({ line, stock, onRemoved }: CartLineItemProps) {
  const editItem = useSetAtom(editItemAtom)
  const removeItem = useSetAtom(removeItemAtom)
  const options = useAmountOptions('cart-line', line.amount, stock)

  // The cart's changes go through the pricing wasm: if it cannot be loaded, nothing changes and a toast says why.
  function changeAmount(amount: number) {
    editItem({ cartID: line.cartID, amount }).then(
      () => toast.success('Cart updated'),
      () => toast.error(PRICING_UNAVAILABLE),
    )
  }

  function remove() {
    removeItem(line.cartID).then(
      () => {
        toast.success('Item removed from cart')
        onRemoved()
      },
      () => toast.error(PRICING_UNAVAILABLE),
    )
  }

  return (
    <li
      className={cn(
        'grid grid-cols-[5rem_minmax(0,1fr)] gap-x-4 gap-y-3 py-6',
        'sm:grid-cols-[6rem_minmax(0,1fr)_auto_auto] sm:items-start sm:gap-x-6',
      )}
    >
      <LineThumbnail src={line.image} title={line.title} />
      <div className="min-w-0">
        <h2 className="text-lg break-words">{line.title}</h2>
        <p className="text-sm text-muted-foreground">{line.company}</p>
      </div>
      <div className="col-start-2 flex items-start gap-3 sm:col-start-auto">
        <AmountField options={options} value={line.amount} stock={stock} onChange={changeAmount} className="w-24" />
        {/* Level with the select, under the field's label (14px) and its gap (8px); a stock note may follow it. */}
        <Button variant="outline" aria-label={`Remove ${line.title}`} onClick={remove} className="mt-[1.375rem]">
          Remove
        </Button>
      </div>
      <p className="col-start-2 font-semibold sm:col-start-auto sm:text-right">
        <span className="sr-only">Price </span>
        <span>{formatInr(line.price)}</span>
      </p>
    </li>
  )
}

function LineThumbnail({ src, title }: { src: string; title: string }) {
  const box = 'row-span-2 aspect-square w-full rounded-lg border sm:row-span-1'
  if (src === '') {
    return (
      <div
        role="img"
        aria-label={`${title}: no image`}
        className={cn(box, 'flex items-center justify-center bg-muted text-2xl font-semibold text-muted-foreground')}
      >
        <span aria-hidden="true">{Array.from(title.trim())[0]?.toUpperCase() ?? '?'}</span>
      </div>
    )
  }
  return (
    <img
      src={src}
      alt={title}
      width={96}
      height={96}
      loading="lazy"
      decoding="async"
      className={cn(box, 'bg-muted object-cover')}
    />
  )
}
