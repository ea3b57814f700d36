import { ArrowLeft as LucideArrowLeft, Folder as LucideFolder } from 'lucide-react'
import * as React from 'react'
import { Button } from '../primitives/button'
import { Dialog, DialogContent, DialogFooter } from '../primitives/dialog'
import { Field } from '../primitives/field'
import { icon } from '../primitives/icon'
import { Textarea } from '../primitives/input'
import type { ImportStructure } from '../types'

const ArrowLeft = /* @__PURE__ */ icon(LucideArrowLeft)
const Folder = /* @__PURE__ */ icon(LucideFolder)

type ImportReportDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Parses the pasted text; a rejection shows 'Failed to parse report content'. */
  onPreview: (text: string) => Promise<ImportStructure>
  /** Imports the previewed structure; a rejection keeps the dialog open. */
  onImport: (structure: ImportStructure, text: string) => void | Promise<void>
}

/** The first step: the pasted text, and Preview. */
function PasteStep({
  text,
  error,
  busy,
  actions,
}: {
  text: string
  error: string | null
  busy: boolean
  actions: { setText: (text: string) => void; cancel: () => void; preview: () => void }
}) {
  const id = React.useId()
  return (
    <div className="cad-form">
      <Field label="Report content" htmlFor={`${id}-text`} error={error ?? undefined}>
        <Textarea
          id={`${id}-text`}
          rows={10}
          value={text}
          className="cad-import__text"
          placeholder={
            'Tasks\n- Finish the Q3 plan [Project Atlas]\n\nFollow-ups\n- Call the vendor'
          }
          onChange={(e) => actions.setText(e.target.value)}
        />
      </Field>
      <DialogFooter>
        <Button variant="ghost" onClick={actions.cancel}>
          Cancel
        </Button>
        <Button variant="primary" onClick={actions.preview} loading={busy}>
          Preview
        </Button>
      </DialogFooter>
    </div>
  )
}

/** What the parse found: each section by name with its items and their projects. */
function PreviewSections({ sections }: { sections: ImportStructure['sections'] }) {
  return (
    <section
      className="cad-import__preview"
      data-slot="import-preview"
      tabIndex={0}
      aria-label="Import preview"
    >
      {sections.length === 0 && <p className="cad-muted">Nothing to import was found.</p>}
      {sections.map((section, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a static preview, never reordered
        <section key={`${section.sectionName}-${i}`} className="cad-import__section">
          <h3 className="cad-import__section-title">{section.sectionName}</h3>
          {section.items.length === 0 ? (
            <p className="cad-muted">None</p>
          ) : (
            <ul className="cad-import__items">
              {section.items.map((item, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a static preview, never reordered
                <li key={`${j}-${item.content}`}>
                  <span>{item.content}</span>
                  {item.projectName && (
                    <span className="cad-tag">
                      <Folder size={12} aria-hidden />
                      {item.projectName}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </section>
  )
}

/** The second step: the counts, the preview, and Import (none when nothing was found). */
function PreviewStep({
  preview,
  error,
  busy,
  actions,
}: {
  preview: ImportStructure
  error: string | null
  busy: boolean
  actions: { back: () => void; import: () => void }
}) {
  const itemCount = preview.sections.reduce((n, s) => n + s.items.length, 0)
  return (
    <div className="cad-form">
      <p className="cad-import__summary cad-tabular">
        {preview.sections.length} {preview.sections.length === 1 ? 'section' : 'sections'},{' '}
        {itemCount} {itemCount === 1 ? 'item' : 'items'}
      </p>
      <PreviewSections sections={preview.sections} />
      {error && (
        <p className="cad-form__error" role="alert">
          {error}
        </p>
      )}
      <DialogFooter>
        <Button variant="ghost" onClick={actions.back}>
          <ArrowLeft size={14} aria-hidden /> Back
        </Button>
        <Button
          variant="primary"
          onClick={actions.import}
          loading={busy}
          disabled={itemCount === 0}
        >
          Import
        </Button>
      </DialogFooter>
    </div>
  )
}

function ImportReportDialog({ open, onOpenChange, onPreview, onImport }: ImportReportDialogProps) {
  const [text, setText] = React.useState('')
  const [preview, setPreview] = React.useState<ImportStructure | null>(null)
  const [error, setError] = React.useState<string | null>(null)
  const [busy, setBusy] = React.useState(false)

  const change = (next: boolean) => {
    if (!next) {
      setText('')
      setPreview(null)
      setError(null)
    }
    onOpenChange(next)
  }
  const runPreview = async () => {
    if (!text.trim()) {
      setError('Please paste report content to preview')
      return
    }
    setBusy(true)
    setError(null)
    try {
      setPreview(await onPreview(text))
    } catch {
      setError('Failed to parse report content')
    } finally {
      setBusy(false)
    }
  }
  const runImport = async () => {
    if (!preview) return
    setBusy(true)
    setError(null)
    try {
      await onImport(preview, text)
      change(false)
    } catch {
      setError('Failed to import report')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        title="Import Report"
        description={
          preview
            ? 'Check what will be imported, then import it into this report.'
            : 'Paste a report written elsewhere. Sections are matched by name.'
        }
        size="lg"
      >
        {!preview ? (
          <PasteStep
            text={text}
            error={error}
            busy={busy}
            actions={{ setText, cancel: () => change(false), preview: runPreview }}
          />
        ) : (
          <PreviewStep
            preview={preview}
            error={error}
            busy={busy}
            actions={{ back: () => setPreview(null), import: runImport }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

export type { ImportReportDialogProps }
export { ImportReportDialog }
