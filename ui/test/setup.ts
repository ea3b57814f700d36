// happy-dom globals for component tests, and a clean DOM after each test.
import { GlobalRegistrator } from '@happy-dom/global-registrator'

GlobalRegistrator.register({ url: 'http://localhost/', width: 1280, height: 800 })

const { afterEach } = await import('bun:test')
const { cleanup } = await import('@testing-library/react')

// React's act() environment flag, so state updates inside tests are flushed without warnings.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})
