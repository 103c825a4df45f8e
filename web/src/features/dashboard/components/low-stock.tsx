import { Link } from 'react-router'

import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatCount } from '@/features/dashboard/dashboard-display'
import { DashboardCard } from '@/features/dashboard/components/dashboard-card'
import { productEditPath } from '@/features/dashboard/components/top-products'
import type { Dashboard } from '@/lib/api-schemas'

/** Products at or under the low-stock threshold, fewest first: title (to its edit page) and stock. */
export function LowStock({ dashboard }: { dashboard: Dashboard }) {
  const threshold = formatCount(dashboard.lowStockThreshold)
  return (
    <DashboardCard title="Low stock" description={`${threshold} or fewer left, fewest first.`}>
      {dashboard.lowStock.length === 0 ? (
        <p className="py-6 text-center text-muted-foreground">No products with {threshold} or fewer left</p>
      ) : (
        <Table aria-label="Low stock">
          <TableHeader>
            <TableRow>
              <TableHead scope="col" className="pl-0">
                Product
              </TableHead>
              <TableHead scope="col" className="pr-0 text-right">
                Stock
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {dashboard.lowStock.map((product) => (
              <TableRow key={product._id}>
                <TableCell className="pl-0 wrap-anywhere">
                  <Link to={productEditPath(product._id)} className="font-medium text-primary hover:underline">
                    {product.title}
                  </Link>
                </TableCell>
                <TableCell className="pr-0 text-right tabular-nums">
                  {formatCount(product.stock)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </DashboardCard>
  )
}
