import { SessionEndedDialog } from '@cadence/ui'
import { discardUnsentChanges, exportUnsentChanges, useSessionEnded } from '../state/session-ended'

/** The export offer for unsent changes once the session has ended (state/session-ended.ts). */
export default function SessionEndedPrompt() {
  const { open, count, labels } = useSessionEnded()
  return (
    <SessionEndedDialog
      open={open}
      count={count}
      labels={labels as string[]}
      onExport={() => exportUnsentChanges()}
      onDiscard={discardUnsentChanges}
    />
  )
}
