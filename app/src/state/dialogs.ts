import { proxy, useSnapshot } from 'valtio'

// App-wide modals opened from several places (sidebar, overviews, dashboard).
type DialogState = {
  createReport: boolean
  addProject: boolean
  addTeamMember: boolean
}

const dialogState = proxy<DialogState>({
  createReport: false,
  addProject: false,
  addTeamMember: false,
})

function setDialog(name: keyof DialogState, open: boolean) {
  dialogState[name] = open
}

function useDialogs() {
  return useSnapshot(dialogState) as DialogState
}

export type { DialogState }
export { dialogState, setDialog, useDialogs }
