import '@cadence/ui/styles.css'
import { installLeaveGuard } from '@cadence/ui'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { startHelpWidget } from './state/help-widget'
import { registerServiceWorker } from './state/pwa'

// Before the router listens: a page with unsaved changes hears the browser's Back first.
installLeaveGuard()

const root = document.getElementById('root')
if (!root) throw new Error('No #root element in index.html')

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

void registerServiceWorker()
void startHelpWidget()
