import { useState } from 'react'
import { useSearchParams } from 'react-router'

import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog'
import { PagedTable } from '@/components/paged-table'
import { RecordCard, RecordField } from '@/components/record-card'
import { ActionsHead, RowActions, RowActionsCell } from '@/components/row-actions'
import { Badge } from '@/components/ui/badge'
import { TableCell, TableHead, TableRow } from '@/components/ui/table'
import { useConfirmedDelete } from '@/components/use-confirmed-delete'
import { useDeleteCoupon } from '@/features/coupons/api/delete-coupon'
import { useCoupons } from '@/features/coupons/api/get-coupons'
import { couponDiscountText, couponUses, couponValidity, couponWindow } from '@/features/coupons/coupon-display'
import type { Coupon } from '@/lib/api-schemas'
import { readPage } from '@/lib/page-search'
import { formatInr } from '@/lib/pricing'

const COLUMNS = 7

const windowNotes = { 'not-started': 'Not started', expired: 'Expired', open: null } as const

const editPath = (coupon: Coupon) => `/admin/coupons/edit/${encodeURIComponent(coupon.code)}`

function StatusBadge({ coupon }: { coupon: Coupon }) {
  return <Badge variant={coupon.active ? 'success' : 'secondary'}>{coupon.active ? 'Active' : 'Inactive'}</Badge>
}

/** The coupon's validity lines, and a note when its window is not open now. */
function Validity({ coupon, now }: { coupon: Coupon; now: number }) {
  const note = windowNotes[couponWindow(coupon, now)]
  return (
    <>
      {couponValidity(coupon).map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
      {note && <span className="block text-sm text-muted-foreground">{note}</span>}
    </>
  )
}

/** The coupons table at the URL's ?page, by code, with Edit links and a confirmed Delete. */
export function CouponsList() {
  const [searchParams] = useSearchParams()
  const page = readPage(searchParams)
  const coupons = useCoupons(page)
  const deletion = useConfirmedDelete(useDeleteCoupon(), {
    noun: 'coupon',
    keyOf: (coupon: Coupon) => coupon.code,
    nameOf: (coupon) => `the coupon ${coupon.code}`,
  })
  const [now] = useState(Date.now)

  return (
    <div className="space-y-6">
      <PagedTable
        query={coupons}
        page={page}
        pagination={coupons.data?.meta.pagination}
        noun="coupons"
        columns={COLUMNS}
        cards={coupons.data?.data.map((coupon) => (
          <RecordCard
            key={coupon.code}
            title={<span className="font-mono">{coupon.code}</span>}
            badge={<StatusBadge coupon={coupon} />}
            actions={<RowActions editTo={editPath(coupon)} onDelete={() => deletion.ask(coupon)} label={coupon.code} />}
          >
            <RecordField label="Discount">
              <span className="tabular-nums">{couponDiscountText(coupon)}</span>
            </RecordField>
            <RecordField label="Min. subtotal">
              <span className="tabular-nums">{formatInr(coupon.minSubtotal)}</span>
            </RecordField>
            <RecordField label="Valid">
              <Validity coupon={coupon} now={now} />
            </RecordField>
            <RecordField label="Uses">
              <span className="tabular-nums">{couponUses(coupon)}</span>
            </RecordField>
          </RecordCard>
        ))}
        head={
          <TableRow>
            <TableHead>Code</TableHead>
            <TableHead>Discount</TableHead>
            <TableHead className="text-right">Min. subtotal</TableHead>
            <TableHead>Valid</TableHead>
            <TableHead className="text-right">Uses</TableHead>
            <TableHead>Status</TableHead>
            <ActionsHead sticky />
          </TableRow>
        }
      >
        {coupons.data?.data.map((coupon) => (
          <TableRow key={coupon.code}>
            <TableCell className="font-mono font-medium whitespace-nowrap">{coupon.code}</TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">{couponDiscountText(coupon)}</TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">{formatInr(coupon.minSubtotal)}</TableCell>
            <TableCell className="min-w-44">
              <Validity coupon={coupon} now={now} />
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">{couponUses(coupon)}</TableCell>
            <TableCell>
              <StatusBadge coupon={coupon} />
            </TableCell>
            <RowActionsCell sticky editTo={editPath(coupon)} onDelete={() => deletion.ask(coupon)} label={coupon.code} />
          </TableRow>
        ))}
      </PagedTable>
      <ConfirmDeleteDialog {...deletion.dialog} />
    </div>
  )
}
