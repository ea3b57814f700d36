import { paths } from '@cadence/core/paths'
import { Link } from '../primitives/link'

export type ReleaseNotesViewProps = Record<string, never>
export type PrivacyViewProps = Record<string, never>
export type TermsViewProps = Record<string, never>
export type NotFoundViewProps = Record<string, never>

const RELEASES = [
  ['1.2.0', '26 Sep 2025', ['Installable offline app', 'Loading skeletons']],
  ['1.1.0', '25 Sep 2025', ['Team management', 'Dashboard analytics']],
  ['1.0.0', '20 Sep 2025', ['Core reporting', 'Templates']],
] as const

export function ReleaseNotesView(_p: ReleaseNotesViewProps) {
  return (
    <article className="cad-screen cad-prose">
      <h1>Release Notes</h1>
      {RELEASES.map(([v, d, notes]) => (
        <section key={v}>
          <h2>
            {v} <small>({d})</small>
          </h2>
          <ul>
            {notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  )
}

export function PrivacyView(_p: PrivacyViewProps) {
  return (
    <article className="cad-screen cad-prose">
      <h1>Privacy Policy</h1>
      <p>Last updated: 26 Sep 2025</p>
      <h2>What we collect</h2>
      <p>
        When you sign in we store your name, e-mail address and profile picture from your identity
        provider, and the reports, projects, team members and settings you create. We do not sell
        your data or use it for advertising.
      </p>
      <h2>How we use it</h2>
      <p>
        Your data is used only to provide the service: to show, search, export and back up your
        reports.
      </p>
      <h2>Retention</h2>
      <p>
        You can download or delete your data at any time. After you delete your account, your data
        is removed from our systems and backups within 90 days.
      </p>
      <h2>Changes</h2>
      <p>We will give you 30-day notice by e-mail before any material change to this policy.</p>
    </article>
  )
}

export function TermsView(_p: TermsViewProps) {
  return (
    <article className="cad-screen cad-prose">
      <h1>Terms of Service</h1>
      <p>Last updated: 26 Sep 2025</p>
      <h2>The service</h2>
      <p>
        Cadence helps you write and track weekly executive reports. We aim for 99.9% uptime,
        measured monthly, excluding announced maintenance.
      </p>
      <h2>Your content</h2>
      <p>
        You own what you write. You grant us only the rights needed to store and display it to you.
      </p>
      <h2>Termination</h2>
      <p>
        You may stop using the service at any time. We may end the service with 30-day notice; your
        data remains downloadable for 90 days afterwards.
      </p>
      <h2>Liability</h2>
      <p>
        To the extent permitted by law, our total liability is limited to the fees you paid in the
        last 12 months.
      </p>
      <h2>Changes</h2>
      <p>We will give 30-day notice before material changes to these terms take effect.</p>
    </article>
  )
}

export function NotFoundView(_p: NotFoundViewProps) {
  return (
    <div className="cad-screen-center">
      <h1 className="cad-screen__title">Page not found</h1>
      <p className="cad-screen__muted">The page you are looking for does not exist.</p>
      <Link href={paths.landing()}>Return to Dashboard</Link>
    </div>
  )
}
