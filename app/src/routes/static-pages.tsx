import { PrivacyView, ReleaseNotesView, TermsView } from './public-views'

type StaticPageProps = { page: 'release-notes' | 'privacy' | 'terms' }

/** The public static pages: release notes, privacy and terms. */
function StaticPage({ page }: StaticPageProps) {
  if (page === 'privacy') return <PrivacyView />
  if (page === 'terms') return <TermsView />
  return <ReleaseNotesView />
}

export default StaticPage
