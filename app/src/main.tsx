import '@cadence/ui/styles.css'
import { installLeaveGuard } from '@cadence/ui'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, opensSignedIn } from './app'
import { holdPageCache } from './offline/fetch'
import { afterFirstScreen, watchFirstScreen } from './state/first-screen'
import { startHelpWidget } from './state/help-widget'
import { keepAnswersUntilWorker, registerServiceWorker } from './state/pwa'

// Before the router listens: a page with unsaved changes hears the browser's Back first.
installLeaveGuard()

const root = document.getElementById('root')
if (!root) throw new Error('No #root element in index.html')

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

keepAnswersUntilWorker()
// The page's CacheStorage work (the user's record, the answers it keeps) after the first screen.
afterFirstScreen(holdPageCache())
watchFirstScreen(opensSignedIn(window.location.pathname))
afterFirstScreen(() => {
  void registerServiceWorker()
  void startHelpWidget()
})
