import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'

import { Pagination } from '@/components/pagination'
import { RecordCardSkeletons } from '@/components/record-card'
import { TableSkeletonRows } from '@/components/table-skeleton-rows'
import { Table, TableBody, TableHeader } from '@/components/ui/table'
import { errorMessage } from '@/lib/api-errors'
import { pageSearch } from '@/lib/page-search'
import { capitalize } from '@/lib/text'

/** What a back-office table reads of its page query. */
type PageQuery = {
  data?: { data: unknown[] }
  error: unknown
  isError: boolean
  isPending: boolean
  isFetching: boolean
}

type PagedTableProps = {
  query: PageQuery
  /** The URL's page. */
  page: number
  /** The server's page meta, or undefined when the list has no pages (a search). */
  pagination: { pageCount: number } | undefined
  /** What the table lists, plural and lower case: names the table, its loading, empty and error texts. */
  noun: string
  columns: number
  /** The header row. */
  head: ReactNode
  /** The rows, rendered once the data is there. */
  children: ReactNode
  /** The same records as RecordCards, for screens narrower than 640 px; rendered once the data is there. */
  cards: ReactNode
  /** What an empty page says, when 'No … found.' does not fit (a filtered list). */
  empty?: string
}

/**
 * A back-office table at the URL's ?page: a page past the end goes to the last one; the server's
 * message (or 'Failed to fetch …') on failure; 'No … found.' (or `empty`) when empty; skeleton
 * rows while loading; the pagination control below. Under 640 px the records are a list of cards
 * instead (`cards`), so nothing needs a sideways scroll; the other form is display:none, so a
 * screen reader meets the records once.
 */
export function PagedTable({ query, page, pagination, noun, columns, head, children, cards, empty }: PagedTableProps) {
  const { search } = useLocation()
  if (pagination && pagination.pageCount > 0 && page > pagination.pageCount) {
    return <Navigate to={{ search: pageSearch(search, pagination.pageCount) }} replace />
  }
  if (query.isError) {
    return (
      <p role="alert" className="text-destructive">
        {errorMessage(query.error, `Failed to fetch ${noun}`)}
      </p>
    )
  }
  if (query.data?.data.length === 0) {
    return (
      <p role="status" className="rounded-lg border bg-card p-6 text-center text-muted-foreground">
        {empty ?? `No ${noun} found.`}
      </p>
    )
  }
  return (
    <>
      {query.isPending && (
        <p role="status" className="sr-only">
          Loading {noun}
        </p>
      )}
      {query.data ? (
        <ul aria-label={capitalize(noun)} aria-busy={query.isFetching || undefined} className="space-y-3 sm:hidden">
          {cards}
        </ul>
      ) : (
        <div className="space-y-3 sm:hidden">
          <RecordCardSkeletons />
        </div>
      )}
      <div className="hidden rounded-lg border bg-card sm:block">
        <Table aria-label={capitalize(noun)} aria-busy={query.isFetching || undefined}>
          <TableHeader>{head}</TableHeader>
          <TableBody>{query.data ? children : <TableSkeletonRows columns={columns} />}</TableBody>
        </Table>
      </div>
      {pagination && <Pagination page={page} pageCount={pagination.pageCount} />}
    </>
  )
}
