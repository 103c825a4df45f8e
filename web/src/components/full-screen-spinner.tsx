import { Spinner } from '@/components/ui/spinner'

export function FullScreenSpinner() {
  return (
    <div className="grid min-h-dvh place-items-center bg-background">
      <Spinner label="Loading page" className="text-4xl text-primary" />
    </div>
  )
}
