import { useEffect } from 'react'
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router'
import { toast } from 'sonner'

import { Pagination } from '@/components/pagination'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useOrders } from '@/features/orders/api/get-orders'
import { OrdersTable } from '@/features/orders/components/orders-table'
import { errorMessage } from '@/lib/api-errors'
import { pageSearch, readPage } from '@/lib/page-search'

/**
 * The signed-in customer's orders at the URL's ?page: a count, the table and the page control, or
 * an invitation to order when there are none. A failed load says why and goes to /login.
 */
export function OrdersList() {
  const [searchParams] = useSearchParams()
  const { search } = useLocation()
  const navigate = useNavigate()
  const page = readPage(searchParams)
  const orders = useOrders(page)

  useEffect(() => {
    if (!orders.isError) return
    toast.error(errorMessage(orders.error, 'there was an error placing your order'), { id: 'orders-failed' })
    navigate('/login', { replace: true })
  }, [orders.isError, orders.error, navigate])

  const pagination = orders.data?.meta.pagination
  if (pagination && pagination.pageCount > 0 && page > pagination.pageCount) {
    return <Navigate to={{ search: pageSearch(search, pagination.pageCount) }} replace />
  }

  if (pagination && pagination.total < 1) {
    return (
      <div className="space-y-6">
        <h1 className="border-b pb-4 text-3xl sm:text-4xl">please make an order</h1>
        <Button asChild>
          <Link to="/products">Browse products</Link>
        </Button>
      </div>
    )
  }

  return (
    <div className="space-y-6">
      <h1 className="border-b pb-4 text-3xl sm:text-4xl">Your Orders</h1>
      {pagination ? (
        <h2 className="text-lg font-semibold">total orders : {pagination.total}</h2>
      ) : (
        <>
          <p role="status" className="sr-only">
            Loading your orders
          </p>
          <Skeleton className="h-7 w-40" />
        </>
      )}
      <OrdersTable orders={orders.data?.data} busy={orders.isFetching} />
      {pagination && <Pagination page={page} pageCount={pagination.pageCount} />}
    </div>
  )
}
