import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { toast } from 'sonner'

import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog'
import { PagedTable } from '@/components/paged-table'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { TableCell, TableHead, TableRow } from '@/components/ui/table'
import { useDeleteCoupon } from '@/features/coupons/api/delete-coupon'
import { useCoupons } from '@/features/coupons/api/get-coupons'
import { couponDiscountText, couponUses, couponValidity, couponWindow } from '@/features/coupons/coupon-display'
import { errorMessage } from '@/lib/api-errors'
import type { Coupon } from '@/lib/api-schemas'
import { readPage } from '@/lib/page-search'
import { formatInr } from '@/lib/pricing'

const COLUMNS = 7

const windowNotes = { 'not-started': 'Not started', expired: 'Expired', open: null } as const

/** The coupons table at the URL's ?page, by code, with Edit links and a confirmed Delete. */
export function CouponsList() {
  const [searchParams] = useSearchParams()
  const page = readPage(searchParams)
  const coupons = useCoupons(page)
  const deleteCoupon = useDeleteCoupon()
  const [target, setTarget] = useState<Coupon | null>(null)
  const [now] = useState(Date.now)

  function confirmDelete() {
    if (!target) return
    deleteCoupon.mutate(target.code, {
      onSuccess: () => toast.success('Coupon deleted'),
      // A staff admin (403) gets the server's reason, which names the role needed.
      onError: (error) => toast.error(errorMessage(error, 'Failed to delete coupon')),
      onSettled: () => setTarget(null),
    })
  }

  if (coupons.data?.meta.pagination.total === 0) {
    return (
      <p role="status" className="rounded-lg border bg-card p-6 text-center text-muted-foreground">
        No coupons yet.
      </p>
    )
  }

  return (
    <div className="space-y-6">
      <PagedTable
        query={coupons}
        page={page}
        pagination={coupons.data?.meta.pagination}
        noun="coupons"
        columns={COLUMNS}
        head={
          <TableRow>
            <TableHead>Code</TableHead>
            <TableHead>Discount</TableHead>
            <TableHead className="text-right">Min. subtotal</TableHead>
            <TableHead>Valid</TableHead>
            <TableHead className="text-right">Uses</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="sticky right-0 bg-card text-right">Actions</TableHead>
          </TableRow>
        }
      >
        {coupons.data?.data.map((coupon) => {
          const note = windowNotes[couponWindow(coupon, now)]
          return (
            <TableRow key={coupon.code}>
              <TableCell className="font-mono font-medium whitespace-nowrap">{coupon.code}</TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">{couponDiscountText(coupon)}</TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">{formatInr(coupon.minSubtotal)}</TableCell>
              <TableCell className="min-w-44">
                {couponValidity(coupon).map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
                {note && <span className="block text-sm text-muted-foreground">{note}</span>}
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">{couponUses(coupon)}</TableCell>
              <TableCell>
                <Badge variant={coupon.active ? 'success' : 'secondary'}>{coupon.active ? 'Active' : 'Inactive'}</Badge>
              </TableCell>
              <TableCell className="sticky right-0 bg-card shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]">
                <div className="flex justify-end gap-2">
                  <Button asChild variant="outline" size="sm">
                    <Link
                      to={`/admin/coupons/edit/${encodeURIComponent(coupon.code)}`}
                      aria-label={`Edit ${coupon.code}`}
                    >
                      Edit
                    </Link>
                  </Button>
                  <Button
                    variant="destructive"
                    size="sm"
                    aria-label={`Delete ${coupon.code}`}
                    onClick={() => setTarget(coupon)}
                  >
                    Delete
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          )
        })}
      </PagedTable>
      <ConfirmDeleteDialog
        name={target ? `the coupon ${target.code}` : null}
        pending={deleteCoupon.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setTarget(null)}
      />
    </div>
  )
}
