/** The API's list envelope: `{data, meta: {pagination}}`. */
export type ListResponse<Item> = {
  data: Item[]
  meta: { pagination: { page: number; pageSize: number; pageCount: number; total: number } }
}
