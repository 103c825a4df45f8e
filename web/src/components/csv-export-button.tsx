import { FileSpreadsheet, Loader2 } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { errorMessage } from '@/lib/api-errors'
import { saveFile } from '@/lib/save-file'

type CsvExportButtonProps = {
  /** What the button says, such as "Export CSV". */
  label: string
  /** Fetches the CSV. */
  download: () => Promise<Blob>
  /** The name it is saved under. */
  fileName: string
}

/** Downloads a CSV export, spinning while it does; a failure says why in a toast. */
export function CsvExportButton({ label, download, fileName }: CsvExportButtonProps) {
  const [pending, setPending] = useState(false)

  async function handleClick() {
    // aria-disabled rather than disabled while busy, so keyboard focus stays on the button.
    if (pending) return
    setPending(true)
    try {
      saveFile(await download(), fileName)
      toast.success('Export downloaded')
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to export'))
    } finally {
      setPending(false)
    }
  }

  return (
    <Button variant="outline" onClick={handleClick} aria-disabled={pending || undefined}>
      {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <FileSpreadsheet aria-hidden="true" />}
      {label}
    </Button>
  )
}
