import { useEffect } from 'react'
import { loadPublicConfig, publicConfig } from '../state/help-widget'
import { useResource } from '../state/resource'

/**
 * Whether the server sends e-mail (GET /api/config's mailEnabled, asked once per page load);
 * undefined until known.
 */
export function useMailEnabled() {
  const config = useResource(publicConfig)
  useEffect(() => {
    void loadPublicConfig()
  }, [])
  return config.data?.mailEnabled
}
