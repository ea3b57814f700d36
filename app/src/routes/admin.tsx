import { PageSkeleton } from '@cadence/ui'
import { useEffect } from 'react'
import { endUserSessions, loadAdmin, updateSystemSetting, useAdmin } from '../state/admin'
import { checkAdmin, useAuth } from '../state/auth'
import { AccessDeniedView, AdminView } from './views'

const NO_STATS = { totalUsers: 0, activeUsers: 0, totalReports: 0, onboardingCompletionRate: 0 }
const NO_ANALYTICS = {
  totalSessions: 0,
  completionRate: 0,
  averageCompletionTime: 0,
  stepAnalytics: [],
}

/** `/admin`: the admin panel for admins, 'Access Denied' for everyone else. */
function AdminPage() {
  const { isAdmin } = useAuth()
  const admin = useAdmin()
  useEffect(() => {
    checkAdmin().then((yes) => {
      if (yes) void loadAdmin()
    })
  }, [])
  if (isAdmin === null) return <PageSkeleton />
  if (!isAdmin) return <AccessDeniedView />
  if (admin.loading && !admin.stats) return <PageSkeleton />
  return (
    <AdminView
      stats={admin.stats ?? NO_STATS}
      users={admin.users}
      onboarding={admin.analytics ?? NO_ANALYTICS}
      settings={admin.settings}
      activity={admin.activity}
      onUpdateSetting={(key, value) => void updateSystemSetting(key, value)}
      onRefresh={() => void loadAdmin()}
      onEndSessions={(user) => void endUserSessions(user)}
      refreshing={admin.loading}
    />
  )
}

export default AdminPage
