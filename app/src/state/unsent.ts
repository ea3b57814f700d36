// "Changes not sent" (interface §13): GET /api/reports/{uuid} answers `unsent_changes` for a sent
// report edited since its latest edition. The open report's copy is refreshed after each edit
// (debounced: a burst of edits asks once) and after 'Send update', so the notice follows without
// a reload.
import { api, call } from '../api/client'
import { reportState } from './reports'

let timer: ReturnType<typeof setTimeout> | undefined

/** Asks the server again for the open report's unsent changes, `delayMs` after the last call. */
function refreshUnsentChanges(uuid: string, delayMs = 400): void {
  if (reportState.current?.uuid !== uuid || !reportState.current.is_submitted) return
  clearTimeout(timer)
  timer = setTimeout(async () => {
    try {
      const fresh = await call(api.api.reports({ uuid }).get())
      const open = reportState.current
      if (open?.uuid === uuid) open.unsent_changes = fresh.unsent_changes ?? null
    } catch (error) {
      console.error(error)
    }
  }, delayMs)
}

export { refreshUnsentChanges }
