import { useEffect, useState } from 'react'
import { loadPublicConfig } from '../state/help-widget'

/**
 * Whether the server sends e-mail (GET /api/config's mailEnabled, asked once per page load);
 * undefined until known.
 */
export function useMailEnabled() {
  const [mailEnabled, setMailEnabled] = useState<boolean | undefined>(undefined)
  useEffect(() => {
    let live = true
    void loadPublicConfig().then((config) => {
      if (live && config) setMailEnabled(config.mailEnabled)
    })
    return () => {
      live = false
    }
  }, [])
  return mailEnabled
}
