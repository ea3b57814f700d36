import { RefreshCw as LucideRefreshCw } from 'lucide-react'
import { cn } from '../lib/cn'
import { Button } from '../primitives/button'
import { icon } from '../primitives/icon'

const RefreshCw = /* @__PURE__ */ icon(LucideRefreshCw)

type UpdateBannerProps = { onUpdate: () => void; onLater: () => void; className?: string }

function UpdateBanner({ onUpdate, onLater, className }: UpdateBannerProps) {
  return (
    <div
      data-slot="update-banner"
      data-print="hide"
      role="status"
      className={cn('cad-banner', className)}
    >
      <RefreshCw size={16} aria-hidden="true" className="cad-banner__icon" />
      <p className="cad-banner__text">
        <strong>App Update Available</strong>
        <span className="cad-update-banner__detail"> A new version of Cadence is ready.</span>
      </p>
      <div className="cad-banner__actions cad-update-banner__actions">
        <Button size="sm" variant="ghost" onClick={onLater}>
          Later
        </Button>
        <Button size="sm" variant="primary" onClick={onUpdate}>
          Update Now
        </Button>
      </div>
    </div>
  )
}

export type { UpdateBannerProps }
export { UpdateBanner }
