import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createStore, Provider as JotaiProvider, useAtomValue } from 'jotai'
import { useLayoutEffect, useState, type ReactNode } from 'react'

import { PAGE_DATA_ID, seedPageData } from '@/app/page-data'
import { adminSignOutAtom, customerSignOutAtom } from '@/app/sign-out'
import { Toaster } from '@/components/ui/sonner'
import { adminSessionAtom, sessionAtom } from '@/features/auth/atoms'
import { themeAtom } from '@/features/theme/atoms'
import { ThemeEffect } from '@/features/theme/components/theme-effect'
import { setOnUnauthorized, setTokenSource } from '@/lib/api-session'
import { retryUnlessClientError } from '@/lib/query-retry'

/** The app's query cache, holding from the start the answer the server embedded in the page, if any. */
function createQueryClient() {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: 5 * 60 * 1000, retry: retryUnlessClientError } },
  })
  // No document while the build prerenders the shells, which show no data.
  if (typeof document !== 'undefined') seedPageData(client, document.getElementById(PAGE_DATA_ID)?.textContent)
  return client
}

function ThemedToaster() {
  const theme = useAtomValue(themeAtom)
  return <Toaster theme={theme === 'dracula' ? 'dark' : 'light'} />
}

export function Providers({ children }: { children: ReactNode }) {
  const [store] = useState(createStore)
  const [queryClient] = useState(createQueryClient)

  // The API client reads the sessions' tokens from the store at each call, and any 401 logs out
  // whoever sent the rejected token: the customer or the admin. Bound in a layout effect, which
  // runs before the effects in which the queries below start.
  useLayoutEffect(() => {
    setTokenSource((session) =>
      session === 'admin' ? store.get(adminSessionAtom)?.token : store.get(sessionAtom)?.token,
    )
    setOnUnauthorized((token) => {
      if (!token) return
      if (token === store.get(sessionAtom)?.token) store.set(customerSignOutAtom, queryClient)
      else if (token === store.get(adminSessionAtom)?.token) store.set(adminSignOutAtom, queryClient)
    })
  }, [store, queryClient])

  return (
    <JotaiProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <ThemeEffect />
        {children}
        <ThemedToaster />
      </QueryClientProvider>
    </JotaiProvider>
  )
}
