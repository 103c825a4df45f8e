import { CircleCheck, Download, FileUp, Loader2, RotateCw } from 'lucide-react'
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react'
import { toast } from 'sonner'

import { Field } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { focusRing } from '@/components/ui/focus-ring'
import { Input } from '@/components/ui/input'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { useImportProducts } from '@/features/admin-products/api/import-products'
import { UploadProgress } from '@/features/admin-products/components/upload-progress'
import {
  canApply,
  csvFileProblem,
  errorsHeading,
  fileSizeLabel,
  importButtonLabel,
  importedMessage,
  importFailureMessage,
  importSummary,
  importTemplate,
  rejectedImport,
  sortedErrors,
  isFileError,
  NO_COLUMN,
  TEMPLATE_FILE_NAME,
} from '@/features/admin-products/product-import'
import type { ImportReport, ImportRowError } from '@/lib/api-schemas'
import { saveFile } from '@/lib/save-file'
import { capitalize } from '@/lib/text'
import { cn } from '@/lib/utils'

/** Where the dialog is: no file yet, a file refused before sending, a request out, a report, a failed request. */
type Step =
  | { kind: 'empty' }
  | { kind: 'refused'; file: File; message: string }
  | { kind: 'sending'; file: File; dryRun: boolean; percent: number; report: ImportReport | null }
  | { kind: 'checked'; file: File; report: ImportReport; refusedApply?: boolean }
  | { kind: 'failed'; file: File; dryRun: boolean; message: string; report: ImportReport | null }

const EMPTY: Step = { kind: 'empty' }

/** The report the step shows: the dry run's (kept while it is applied), or the 422's of a refused apply. */
function reportOf(step: Step): ImportReport | null {
  return 'report' in step ? step.report : null
}

/** What the status region announces at `step`: the phase while a request is out, then the outcome. */
function liveText(step: Step): string {
  if (step.kind === 'sending') return step.dryRun ? 'Checking the file…' : 'Importing…'
  if (step.kind !== 'checked') return ''
  const { report } = step
  if (report.errors.length > 0) {
    return `${importSummary(report)}. ${errorsHeading(report.errors)}. Nothing will be imported until every row is valid.`
  }
  return `${importSummary(report)}. ${canApply(report) ? 'Every row is valid.' : 'The file has no product rows.'}`
}

/**
 * The products page's 'Import CSV': a dialog that checks a chosen CSV with a dry run (upload
 * progress, then 'Checking rows…'), says what importing it would do and lists every bad row; with
 * no bad rows it applies the file, toasts what was written and closes, the product lists refetched.
 * It stays open while an import is being written, and a failed request keeps the file for 'Try again'.
 */
export function ImportProductsDialog() {
  const [open, setOpen] = useState(false)
  const [step, setStep] = useState<Step>(EMPTY)
  const [dragging, setDragging] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  // Each request's number: an answer or progress report from an older one (another file was
  // chosen, or the dialog closed) is dropped.
  const latest = useRef(0)
  const importProducts = useImportProducts()
  const headingId = useId()

  const applying = step.kind === 'sending' && !step.dryRun
  const report = reportOf(step)
  const file = step.kind === 'empty' ? null : step.file

  function changeOpen(next: boolean) {
    if (!next && applying) return
    latest.current += 1
    setOpen(next)
    setStep(EMPTY)
    setDragging(false)
  }

  function send(file: File, dryRun: boolean, previous: ImportReport | null) {
    const id = ++latest.current
    const current = () => latest.current === id
    setStep({ kind: 'sending', file, dryRun, percent: 0, report: previous })
    importProducts.mutate(
      {
        file,
        dryRun,
        onProgress: (percent) => {
          if (current()) setStep((now) => (now.kind === 'sending' ? { ...now, percent } : now))
        },
      },
      {
        onSuccess: (result) => {
          if (!current()) return
          if (dryRun) {
            setStep({ kind: 'checked', file, report: result })
            return
          }
          toast.success(importedMessage(result))
          latest.current += 1
          setOpen(false)
          setStep(EMPTY)
        },
        onError: (error) => {
          if (!current()) return
          const rejected = rejectedImport(error)
          if (rejected) {
            setStep({ kind: 'checked', file, report: rejected, refusedApply: !dryRun })
            return
          }
          const fallback = dryRun ? 'Failed to check the file' : 'Failed to import the products'
          setStep({ kind: 'failed', file, dryRun, message: importFailureMessage(error, fallback), report: previous })
        },
      },
    )
  }

  function choose(file: File | undefined) {
    if (!file) {
      latest.current += 1
      setStep(EMPTY)
      return
    }
    const problem = csvFileProblem(file)
    if (problem) {
      latest.current += 1
      setStep({ kind: 'refused', file, message: problem })
      return
    }
    send(file, true, null)
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    choose(event.target.files?.[0])
  }

  // A file dragged over the dialog is always caught, so a drop never makes the browser open it
  // instead; it is only taken while no import is being written.
  function handleDragOver(event: DragEvent) {
    if (!event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    event.dataTransfer.dropEffect = applying ? 'none' : 'copy'
    setDragging(!applying)
  }

  function handleDrop(event: DragEvent) {
    if (!event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    setDragging(false)
    if (applying || event.dataTransfer.files.length === 0) return
    // The input shows the dropped file's name, as if it had been chosen there.
    if (inputRef.current) inputRef.current.files = event.dataTransfer.files
    choose(event.dataTransfer.files[0])
  }

  function retry() {
    if (step.kind === 'failed') send(step.file, step.dryRun, step.report)
  }

  function apply() {
    if (step.kind === 'checked' && canApply(step.report)) send(step.file, false, step.report)
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <FileUp aria-hidden="true" />
          Import CSV
        </Button>
      </DialogTrigger>
      <DialogContent
        className="sm:max-w-2xl"
        onDragOver={handleDragOver}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
        }}
        onDrop={handleDrop}
        onEscapeKeyDown={(event) => applying && event.preventDefault()}
        onInteractOutside={(event) => applying && event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>Import products</DialogTitle>
          <DialogDescription>
            Add new products and update existing ones from a CSV file. The file is checked first, and nothing is
            imported until every row is valid.
          </DialogDescription>
        </DialogHeader>

        <div
          className={cn(
            'grid gap-3 rounded-lg border-2 border-dashed p-4 transition-colors',
            dragging ? 'border-primary bg-accent' : 'border-border',
          )}
        >
          <Field
            label="CSV file"
            hint="Up to 10 MB. You can also drop the file here."
            error={step.kind === 'refused' ? step.message : undefined}
          >
            {(control) => (
              <Input
                {...control}
                ref={inputRef}
                type="file"
                name="file"
                accept=".csv,text/csv"
                disabled={applying}
                onChange={handleChange}
                className="h-auto cursor-pointer py-1.5"
              />
            )}
          </Field>
        </div>

        <TemplateHelp />

        {/* What screen readers hear as the dialog moves on; the alert below speaks for failures. */}
        <p role="status" className="sr-only">
          {liveText(step)}
        </p>

        {file && report && <Summary file={file} report={report} headingId={headingId} />}

        {step.kind === 'sending' && (
          <UploadProgress percent={step.percent} doneLabel={step.dryRun ? 'Checking rows…' : 'Importing…'} />
        )}

        {step.kind === 'failed' && (
          <div
            role="alert"
            className="flex flex-col items-start gap-3 rounded-md border border-destructive/40 p-3 text-sm"
          >
            <p>
              <span className="font-semibold">
                {step.dryRun ? 'The file couldn’t be checked.' : 'The products couldn’t be imported.'}
              </span>{' '}
              {step.message}
            </p>
            {/* After a failed apply the import button is disabled, so focus moves here rather than to the page. */}
            <Button variant="outline" size="sm" onClick={retry} autoFocus={!step.dryRun}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        )}

        {step.kind === 'checked' && step.report.errors.length > 0 && (
          <ErrorList errors={step.report.errors} labelledBy={headingId} autoFocus={step.refusedApply} />
        )}

        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={applying}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            onClick={apply}
            disabled={!applying && !(step.kind === 'checked' && canApply(step.report))}
            aria-disabled={applying || undefined}
            aria-busy={applying || undefined}
          >
            {applying && <Loader2 aria-hidden="true" className="animate-spin" />}
            {report && report.created + report.updated > 0 ? importButtonLabel(report) : 'Import products'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** The template download, and how the export's own file can be edited and imported back. */
function TemplateHelp() {
  function downloadTemplate() {
    saveFile(new Blob([importTemplate()], { type: 'text/csv' }), TEMPLATE_FILE_NAME)
  }

  return (
    <div className="grid gap-2 text-sm text-muted-foreground">
      <p>
        Use the columns of the products export: export the products with Export CSV, edit the file and import it
        back. Leave <code className="font-mono text-foreground">_id</code> empty to add a product;{' '}
        <code className="font-mono text-foreground">category</code> is the name of an existing category.
      </p>
      <Button variant="link" size="sm" className="h-auto justify-self-start p-0 text-sm" onClick={downloadTemplate}>
        <Download aria-hidden="true" />
        Download a template
      </Button>
    </div>
  )
}

type SummaryProps = { file: File; report: ImportReport; headingId: string }

/**
 * What importing the checked file would do, and whether it can be imported; scrolled into view as
 * it appears, as on a phone it is below the fold.
 */
function Summary({ file, report, headingId }: SummaryProps) {
  const valid = report.errors.length === 0
  const summary = useRef<HTMLDivElement>(null)
  useEffect(() => {
    summary.current?.scrollIntoView({ block: 'nearest' })
  }, [report])
  return (
    <div ref={summary} className="grid gap-1">
      <p className="flex items-center gap-2 font-medium">
        {valid && canApply(report) && <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-success" />}
        {importSummary(report)}
      </p>
      <p className="text-sm wrap-anywhere text-muted-foreground">
        Checked {file.name} ({fileSizeLabel(file.size)}).{' '}
        {valid && (canApply(report) ? 'Every row is valid.' : 'The file has no product rows.')}
      </p>
      {!valid && (
        <>
          <p id={headingId} className="mt-2 font-semibold text-destructive">
            {errorsHeading(report.errors)}
          </p>
          <p className="text-sm">
            Nothing will be imported until every row is valid. Correct the file and choose it again.
          </p>
        </>
      )}
    </div>
  )
}

type ErrorListProps = {
  errors: ImportRowError[]
  labelledBy: string
  /** Takes focus when it appears: after a refused apply, whose button is now disabled. */
  autoFocus?: boolean
}

/**
 * Every bad row: a table of row, column and problem, or under 640 px a list of the same as cards.
 * From 640 px it scrolls on its own (focusable, so by keyboard too), keeping the footer in view; on
 * a phone the dialog scrolls instead, as one scroll inside another is hard to use there.
 */
function ErrorList({ errors, labelledBy, autoFocus }: ErrorListProps) {
  const rows = sortedErrors(errors)
  const region = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (autoFocus) region.current?.focus()
  }, [autoFocus])
  return (
    <div
      ref={region}
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
      className={cn('rounded-md border sm:max-h-72 sm:overflow-y-auto', focusRing)}
    >
      <ul className="divide-y sm:hidden">
        {rows.map((error, index) => (
          <li key={index} className="grid gap-1 p-3 text-sm">
            <p className="font-medium">
              {isFileError(error) ? 'Whole file' : `Row ${error.row}`}
              {error.field !== NO_COLUMN && (
                <>
                  {' · '}
                  <code className="font-mono">{error.field}</code>
                </>
              )}
            </p>
            <p>{capitalize(error.message)}</p>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-16 text-right">Row</TableHead>
              <TableHead className="w-36">Column</TableHead>
              <TableHead>Problem</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((error, index) => (
              <TableRow key={index}>
                <TableCell className="text-right align-top tabular-nums">
                  {isFileError(error) ? 'File' : error.row}
                </TableCell>
                <TableCell className="align-top font-mono wrap-anywhere">
                  {error.field === NO_COLUMN ? (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">None</span>
                    </>
                  ) : error.field}
                </TableCell>
                <TableCell className="align-top">{capitalize(error.message)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  )
}
