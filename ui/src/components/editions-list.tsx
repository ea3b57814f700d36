import { Download as LucideDownload, FileText as LucideFileText } from 'lucide-react'
import type * as React from 'react'
import { cn } from '../lib/cn'
import { Button } from '../primitives/button'
import { icon } from '../primitives/icon'

const Download = /* @__PURE__ */ icon(LucideDownload)
const FileText = /* @__PURE__ */ icon(LucideFileText)

/** One sent edition: its number, when it went out, and the update's note (null: none). */
type EditionSummary = { number: number; sent_at: string; note: string | null }

type EditionsListProps = Omit<React.ComponentProps<'section'>, 'children'> & {
  /** Newest first (GET /api/reports/{uuid}/editions). */
  editions: EditionSummary[]
  /** Opens the frozen brief of an edition. */
  onOpen: (number: number) => void
  /** The address of an edition's PDF; without it no 'Download PDF' link is shown. */
  pdfHref?: (number: number) => string
  /** Formats an ISO time for people. */
  formatDate: (iso: string) => string
}

/**
 * 'Editions' on the report page: what readers got at each Send and 'Send update', newest first,
 * each readable as it was sent and downloadable as a PDF. Nothing is shown before the first send.
 */
function EditionsList({
  editions,
  onOpen,
  pdfHref,
  formatDate,
  className,
  ...props
}: EditionsListProps) {
  if (editions.length === 0) return null
  return (
    <section
      data-slot="editions"
      aria-labelledby="cad-editions-heading"
      className={cn('cad-editions', className)}
      {...props}
    >
      <h2 id="cad-editions-heading" className="cad-editions__heading">
        Editions
      </h2>
      <ol className="cad-editions__list">
        {editions.map((e) => (
          <li key={e.number} className="cad-editions__row">
            <span className="cad-editions__what">
              <span className="cad-editions__number cad-tabular">Edition {e.number}</span>
              <span className="cad-editions__date cad-tabular">{formatDate(e.sent_at)}</span>
              {e.note ? <span className="cad-editions__note">{e.note}</span> : null}
            </span>
            <span className="cad-editions__actions">
              <Button size="sm" variant="ghost" onClick={() => onOpen(e.number)}>
                <FileText size={14} aria-hidden /> Read
                <span className="cad-sr-only"> edition {e.number}</span>
              </Button>
              {pdfHref ? (
                <a
                  className="cad-button cad-button--ghost cad-button--sm"
                  href={pdfHref(e.number)}
                  download
                >
                  <Download size={14} aria-hidden /> Download PDF
                  <span className="cad-sr-only"> of edition {e.number}</span>
                </a>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}

export type { EditionSummary, EditionsListProps }
export { EditionsList }
