import { ArrowDownUp as LucideArrowDownUp } from 'lucide-react'
import { Button } from '../primitives/button'
import { icon } from '../primitives/icon'

const ArrowDownUp = /* @__PURE__ */ icon(LucideArrowDownUp)

type SectionOrderOfferProps = {
  /** 'Apply to this report': the draft's sections take Settings' order. */
  onApply: () => void
  /** 'Not now': the banner goes, the report keeps its order. */
  onDismiss?: () => void
  /** Why applying is not possible now (offline): the button is disabled and says so. */
  disabledReason?: string
}

/**
 * On this week's unsent report, after the sections were reordered in Settings: the offer to give
 * the draft the same order (PUT /api/reports/{uuid}/sections/order). A report created afterwards
 * takes the new order by itself. Drawn as the banner (styles/components/update-banner.css).
 */
function SectionOrderOffer({ onApply, onDismiss, disabledReason }: SectionOrderOfferProps) {
  return (
    <div data-slot="section-order-offer" data-print="hide" role="status" className="cad-banner">
      <ArrowDownUp size={16} aria-hidden="true" className="cad-banner__icon" />
      <p className="cad-banner__text">Your sections are in a new order in Settings.</p>
      <div className="cad-banner__actions">
        {onDismiss ? (
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            Not now
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="primary"
          onClick={onApply}
          disabled={Boolean(disabledReason)}
          title={disabledReason}
        >
          Apply to this report
        </Button>
      </div>
    </div>
  )
}

export type { SectionOrderOfferProps }
export { SectionOrderOffer }
