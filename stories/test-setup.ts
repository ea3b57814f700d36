// happy-dom globals for running stories under `bun test`, and a clean DOM after each test.
import { GlobalRegistrator } from '@happy-dom/global-registrator'

GlobalRegistrator.register({ url: 'http://localhost/', width: 1280, height: 800 })

const { afterEach } = await import('bun:test')
const { cleanup } = await import('@testing-library/react')

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

// Storybook's `Story.run()` unmounts the previous story itself; wiping the body here would pull
// portalled nodes out from under React, so only Testing Library's own renders are cleaned up.
afterEach(() => {
  cleanup()
})

// happy-dom has no layout engine. Keyboard reordering in SortableList measures rows, so rows get
// a simple stacked layout (36 px each) here; everything else keeps happy-dom's zero rects.
const ROW = 36
const originalRect = HTMLElement.prototype.getBoundingClientRect
HTMLElement.prototype.getBoundingClientRect = function getBoundingClientRect(this: HTMLElement) {
  if (this.dataset.slot === 'sortable-item' && this.parentElement) {
    const index = Array.prototype.indexOf.call(this.parentElement.children, this)
    const top = index * ROW
    return DOMRect.fromRect({ x: 0, y: top, width: 400, height: ROW })
  }
  // The report editor's rows (item-move.tsx): stacked in document order, across sections.
  if (this.dataset.slot === 'item-row' && this.isConnected) {
    const rows = Array.from(document.querySelectorAll('[data-slot="item-row"]'))
    return DOMRect.fromRect({ x: 0, y: rows.indexOf(this) * ROW, width: 400, height: ROW })
  }
  return originalRect.call(this)
}
