/** How much of a product upload has been sent; at 100% the server is still saving the images. */
export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="grid gap-1.5">
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-2 overflow-hidden rounded-full bg-primary/20"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-muted-foreground">
        {percent < 100 ? `Uploading… ${percent}%` : 'Uploaded, saving the product…'}
      </p>
    </div>
  )
}
