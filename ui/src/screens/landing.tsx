import { routes } from '@cadence/core/routes'
import { Button } from '../primitives/button'
import { Link } from '../primitives/link'

export type LandingViewProps = {
  onSignIn: () => void
  onGetStarted?: () => void
  /**
   * Why the last sign-in was refused, as the server said it (an address outside
   * ALLOWED_EMAIL_DOMAINS, sign-ups closed): shown above the page until the next try.
   */
  refusal?: string | null
}

const BENEFITS = [
  [
    'Save Executive Time',
    'Structured sections and templates turn a weekly update into minutes of work.',
  ],
  [
    'Consistent Communication',
    'Every report follows the same shape, so readers know where to look.',
  ],
  ['Track What Matters', 'Week-over-week tracking of projects, tasks and follow-ups.'],
] as const

const FEATURES = [
  [
    'Weekly Report Structure',
    'Customizable sections and templates; draft and preview before sending.',
  ],
  ['Project & Task Tracking', 'Cross-team project visibility with week-over-week history.'],
  ['Team Coordination', 'Task assignments, follow-ups and talking points for every 1:1.'],
  ['Mobile-First Experience', 'An installable, offline-capable app that works on any device.'],
] as const

export function LandingView({ onSignIn, onGetStarted, refusal }: LandingViewProps) {
  return (
    <div className="cad-landing">
      <header className="cad-landing__header">
        <span className="cad-landing__brand">Cadence</span>
        <nav className="cad-landing__nav">
          <a href="#features">Features</a>
          <Button variant="primary" size="sm" onClick={onSignIn}>
            Sign In
          </Button>
        </nav>
      </header>
      {refusal ? (
        <div className="cad-landing__refusal" role="alert">
          <p className="cad-landing__refusal-title">You were not signed in</p>
          <p>{refusal}</p>
          <p className="cad-muted">You can sign in again with another account.</p>
        </div>
      ) : null}
      <section className="cad-landing__hero">
        <h1>Weekly executive reports, without the busywork</h1>
        <p>
          Draft, preview and send a clear weekly report. Track projects, tasks and follow-ups week
          over week.
        </p>
        <Button variant="primary" size="lg" onClick={onGetStarted ?? onSignIn}>
          Start Reporting Today
        </Button>
      </section>
      <section className="cad-landing__grid">
        {BENEFITS.map(([t, d]) => (
          <div key={t} className="cad-landing__card">
            <h2>{t}</h2>
            <p>{d}</p>
          </div>
        ))}
      </section>
      <section id="features" className="cad-landing__features">
        <h2>Features</h2>
        <div className="cad-landing__grid">
          {FEATURES.map(([t, d]) => (
            <div key={t} className="cad-landing__card">
              <h3>{t}</h3>
              <p>{d}</p>
            </div>
          ))}
        </div>
      </section>
      <footer className="cad-landing__footer">
        <nav className="cad-landing__nav" aria-label="Legal">
          <Link href={routes.releaseNotes}>Release Notes</Link>
          <Link href={routes.privacy}>Privacy</Link>
          <Link href={routes.terms}>Terms</Link>
        </nav>
        <Button variant="primary" size="sm" onClick={onGetStarted ?? onSignIn}>
          Get Started
        </Button>
      </footer>
    </div>
  )
}
