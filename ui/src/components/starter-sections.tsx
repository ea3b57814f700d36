import { LayoutList as LucideLayoutList } from 'lucide-react'
import * as React from 'react'
import { Button } from '../primitives/button'
import { icon } from '../primitives/icon'
import { Link } from '../primitives/link'

const LayoutList = /* @__PURE__ */ icon(LucideLayoutList)

export type StarterSectionsProps = {
  /** Adds the three usual sections (POST /api/reports/{uuid}/starter-sections); resolves when done. */
  onAdd: () => Promise<unknown>
  /** Where the account's section templates are set up. */
  settingsHref: string
}

/**
 * A report with no sections has nothing to type into: this offers, in place, the three usual
 * sections (saved as the account's templates too) in one click, or the template settings.
 */
export function StarterSections({ onAdd, settingsHref }: StarterSectionsProps) {
  const [busy, setBusy] = React.useState(false)
  const titleId = React.useId()
  return (
    <section className="cad-starter" aria-labelledby={titleId}>
      <LayoutList size={20} aria-hidden className="cad-starter__icon" />
      <div className="cad-starter__body">
        <h2 id={titleId} className="cad-starter__title">
          This report has no sections yet
        </h2>
        <p className="cad-starter__text">
          Start with the usual three — Highlights, Action Items and Follow-ups. They are saved as
          your section templates too, so next week's report has them.
        </p>
        <div className="cad-starter__actions">
          <Button
            variant="primary"
            disabled={busy}
            onClick={async () => {
              setBusy(true)
              try {
                await onAdd()
              } finally {
                setBusy(false)
              }
            }}
          >
            Add the usual sections
          </Button>
          <Link href={settingsHref}>Set up sections in Settings</Link>
        </div>
      </div>
    </section>
  )
}
