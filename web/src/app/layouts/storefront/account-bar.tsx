import { useQueryClient } from '@tanstack/react-query'
import { useAtomValue, useSetAtom } from 'jotai'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'

import { customerSignOutAtom } from '@/app/sign-out'
import { Button } from '@/components/ui/button'
import { sessionAtom } from '@/features/auth/atoms'

/** The strip above the navbar: sign-in links, or the greeting and Logout. */
export function AccountBar() {
  const session = useAtomValue(sessionAtom)
  return (
    <div className="bg-secondary text-secondary-foreground">
      <div className="mx-auto flex min-h-10 w-full max-w-6xl items-center justify-end gap-2 px-4 text-sm sm:px-6">
        {session ? <SignedIn username={session.user.username} /> : <SignedOut />}
      </div>
    </div>
  )
}

function SignedOut() {
  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to="/login">Sign in</Link>
      </Button>
      <Button asChild variant="ghost" size="sm">
        <Link to="/register">Create Account</Link>
      </Button>
    </>
  )
}

function SignedIn({ username }: { username: string }) {
  const signOut = useSetAtom(customerSignOutAtom)
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  // Leave first, so no signed-in-only page reacts to the session ending.
  async function logout() {
    await navigate('/', { flushSync: true })
    signOut(queryClient)
    toast.success('Logged out successfully')
  }

  return (
    <>
      <p className="min-w-0 truncate">Hello, {username}</p>
      <Button variant="outline" size="sm" onClick={logout}>
        Logout
      </Button>
    </>
  )
}
