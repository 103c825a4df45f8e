type UploadProgressProps = {
  /** How much of the upload has been sent, 0 to 100. */
  percent: number
  /** What the server is doing once all of it is sent, while the bar runs indeterminate. */
  doneLabel?: string
}

/**
 * How much of an upload has been sent, 'Uploading… 40%'; at 100% the server is still at work (saving
 * the product, checking a CSV's rows), so the bar turns indeterminate and says what it is doing.
 */
export function UploadProgress({ percent, doneLabel = 'Uploaded, saving the product…' }: UploadProgressProps) {
  const done = percent >= 100
  return (
    <div className="grid gap-1.5">
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={done ? undefined : percent}
        aria-valuetext={done ? doneLabel : `${percent}%`}
        className="h-2 overflow-hidden rounded-full bg-primary/20"
      >
        {done ? (
          <div className="h-full w-2/5 animate-progress bg-primary" />
        ) : (
          <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        )}
      </div>
      <p className="text-sm text-muted-foreground">{done ? doneLabel : `Uploading… ${percent}%`}</p>
    </div>
  )
}
