import '@cadence/ui/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { startHelpWidget } from './state/help-widget'
import { registerServiceWorker } from './state/pwa'

const root = document.getElementById('root')
if (!root) throw new Error('No #root element in index.html')

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

void registerServiceWorker()
void startHelpWidget()
