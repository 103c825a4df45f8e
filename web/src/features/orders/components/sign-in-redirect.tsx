import { useEffect } from 'react'
import { Navigate } from 'react-router'
import { toast } from 'sonner'

/** Sends a signed-out visitor of a customer-only screen to /login, with that screen's warning. */
export function SignInRedirect({ warning }: { warning: string }) {
  useEffect(() => {
    // The id keeps a second render (Strict Mode, a quick re-visit) from stacking the same warning.
    toast.warning(warning, { id: 'sign-in-required' })
  }, [warning])
  return <Navigate to="/login" replace />
}
