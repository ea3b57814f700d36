import { formatWeekRange, ImportReportDialog } from '@cadence/ui'
import { useEffect, useState } from 'react'
import { useLocation, useParams } from 'wouter'
import { cache, useProjects, useSettings, useTeamMembers } from '../state/cache'
import {
  addItem,
  deleteItem,
  deleteReport,
  importIntoReport,
  loadReport,
  markAsDraft,
  markAsSent,
  previewImport,
  sendReport,
  toggleItem,
  updateItem,
  updateReport,
  updateSectionContent,
  useReport,
} from '../state/reports'
import { toast } from '../state/toasts'
import { ReportView } from './views'

/** `/reports/:uuid`: the report editor. */
function ReportPage() {
  const { uuid = '' } = useParams<{ uuid: string }>()
  const [, navigate] = useLocation()
  const { current, loading } = useReport()
  const projects = useProjects()
  const members = useTeamMembers()
  const settings = useSettings()
  const [importOpen, setImportOpen] = useState(false)

  useEffect(() => {
    void loadReport(uuid)
    cache.projects.load().catch(() => {})
    cache.teamMembers.load().catch(() => {})
  }, [uuid])

  const report = current?.uuid === uuid ? current : null
  const weekRange = report
    ? formatWeekRange(
        report.week_start_date,
        settings.data?.weekly_start_day ?? 'monday',
        settings.data?.weekly_end_day ?? 'friday',
      )
    : ''
  const failEdit = (message: string) => (error: unknown) => {
    console.error(error)
    toast.error(message)
  }

  return (
    <>
      <ReportView
        loading={loading && !report}
        report={report}
        weekRange={weekRange}
        projects={(projects.data ?? []).filter((p) => p.status === 'active')}
        members={members.data ?? []}
        onTitleChange={(title) =>
          void updateReport({ title }).catch(failEdit('Failed to update report'))
        }
        onSummaryChange={(summary) =>
          void updateReport({ summary }).catch(failEdit('Failed to update report'))
        }
        onDraft={() => navigate(`/reports/${uuid}/draft`)}
        onSend={() => void sendReport()}
        onStatusChange={(status, sentDate) =>
          void (status === 'sent' ? markAsSent(sentDate ?? '') : markAsDraft())
        }
        onImport={() => setImportOpen(true)}
        onDelete={async () => {
          if (await deleteReport(uuid)) navigate('/dashboard', { replace: true })
        }}
        onAddItem={(sectionId, item) =>
          void addItem({ ...item, section_id: sectionId }).catch(failEdit('Failed to add item'))
        }
        onUpdateItem={(id, changes) => {
          const keys = Object.keys(changes)
          // A lone completion toggle gets the task toasts of product-spec §8.
          if (keys.length === 1 && changes.is_completed !== undefined) {
            void toggleItem(id, changes.is_completed)
            return
          }
          void updateItem(id, changes).catch(failEdit('Failed to update task'))
        }}
        onDeleteItem={(id) => void deleteItem(id)}
        onSectionContentChange={(sectionId, content) =>
          void updateSectionContent(sectionId, content).catch(() => {})
        }
      />
      <ImportReportDialog
        open={importOpen}
        onOpenChange={setImportOpen}
        onPreview={previewImport}
        onImport={async (_structure, text) => {
          await importIntoReport(uuid, text)
          setImportOpen(false)
        }}
      />
    </>
  )
}

export default ReportPage
