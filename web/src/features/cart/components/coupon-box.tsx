import { useAtomValue, useSetAtom } from 'jotai'
import { TicketPercent } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { SubmitButton } from '@/components/ui/submit-button'
import { useLookUpCoupon } from '@/features/cart/api/get-coupon'
import { applyCouponAtom, cartCouponAtom, removeCouponAtom } from '@/features/cart/atoms'
import {
  COUPON_EMPTY_MESSAGE,
  COUPON_SIGN_IN_MESSAGE,
  couponLookupMessage,
  couponTerms,
} from '@/features/cart/coupon'

type CouponBoxProps = {
  /** Whether a customer is signed in: only customers may look coupons up. */
  signedIn: boolean
  /** Whether the kept coupon takes something off the cart now (the totals say why not). */
  applies: boolean
}

/**
 * The cart's coupon: a code box with 'Apply' (Enter applies too) that looks the code up as the
 * signed-in customer, or the kept coupon with 'Remove'. Why a code cannot be used shows under
 * the box.
 */
export function CouponBox({ signedIn, applies }: CouponBoxProps) {
  const coupon = useAtomValue(cartCouponAtom)
  const applyCoupon = useSetAtom(applyCouponAtom)
  const removeCoupon = useSetAtom(removeCouponAtom)
  const lookUp = useLookUpCoupon()
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const removeRef = useRef<HTMLButtonElement>(null)
  // Where focus goes once the box has switched, so it never falls back to the page.
  const focusNext = useRef<'input' | 'remove' | null>(null)

  useEffect(() => {
    const target = focusNext.current === 'remove' ? removeRef.current : focusNext.current === 'input' ? inputRef.current : null
    focusNext.current = null
    target?.focus()
  }, [coupon])

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (lookUp.isPending) return
    const wanted = code.trim()
    if (wanted === '') return setProblem(COUPON_EMPTY_MESSAGE)
    if (!signedIn) return setProblem(COUPON_SIGN_IN_MESSAGE)
    setProblem(null)
    lookUp.mutate(wanted, {
      onSuccess: (view) => {
        const terms = couponTerms(view)
        if (!terms) return setProblem('This coupon cannot be used')
        focusNext.current = 'remove'
        applyCoupon(terms)
        setCode('')
        toast.success(`Coupon ${terms.code} added`)
      },
      onError: (error) => setProblem(couponLookupMessage(error)),
    })
  }

  function handleRemove() {
    focusNext.current = 'input'
    removeCoupon()
    toast.success('Coupon removed')
  }

  if (coupon) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-md border border-dashed p-3 text-sm">
        <p className="flex min-w-0 items-center gap-2">
          <TicketPercent aria-hidden="true" className="size-4 shrink-0 text-success" />
          <span className="break-words">
            Coupon <span className="font-semibold">{coupon.code}</span> {applies ? 'applied' : 'added'}
          </span>
        </p>
        <Button ref={removeRef} variant="outline" size="sm" aria-label={`Remove coupon ${coupon.code}`} onClick={handleRemove}>
          Remove
        </Button>
      </div>
    )
  }

  const problemId = `${id}-problem`
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Coupon" className="grid gap-2">
      <Label htmlFor={id}>Coupon code</Label>
      <div className="flex gap-2">
        <Input
          ref={inputRef}
          id={id}
          name="couponCode"
          value={code}
          onChange={(event) => {
            setCode(event.target.value)
            setProblem(null)
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={24}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          className="uppercase placeholder:normal-case"
        />
        <SubmitButton pending={lookUp.isPending} variant="outline">
          Apply
        </SubmitButton>
      </div>
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </form>
  )
}
