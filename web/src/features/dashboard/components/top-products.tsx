import { Link } from 'react-router'

import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatCount } from '@/features/dashboard/dashboard-display'
import { DashboardCard } from '@/features/dashboard/components/dashboard-card'
import type { Dashboard } from '@/lib/api-schemas'
import { formatInr } from '@/lib/pricing'

export const productEditPath = (id: string) => `/admin/products/edit/${encodeURIComponent(id)}`

/** The period's five best sellers by revenue: title (to its edit page), units and revenue. */
export function TopProducts({ dashboard }: { dashboard: Dashboard }) {
  return (
    <DashboardCard title="Top products" description="Best sellers by revenue, after discounts.">
      {dashboard.topProducts.length === 0 ? (
        <p className="py-6 text-center text-muted-foreground">No products sold in the last {dashboard.days} days</p>
      ) : (
        <Table aria-label="Top products">
          <TableHeader>
            <TableRow>
              <TableHead scope="col" className="pl-0">
                Product
              </TableHead>
              <TableHead scope="col" className="text-right">
                Units
              </TableHead>
              <TableHead scope="col" className="pr-0 text-right">
                Revenue
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {dashboard.topProducts.map((product) => (
              <TableRow key={product._id}>
                <TableCell className="pl-0 wrap-anywhere">
                  {product._id ? (
                    <Link to={productEditPath(product._id)} className="font-medium text-primary hover:underline">
                      {product.title}
                    </Link>
                  ) : (
                    product.title
                  )}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatCount(product.units)}</TableCell>
                <TableCell className="pr-0 text-right whitespace-nowrap tabular-nums">{formatInr(product.revenue)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </DashboardCard>
  )
}
