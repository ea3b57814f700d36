// What each step of the onboarding tour (./onboarding-tour) shows between its progress bar and
// its footer: the welcome text, the forms of the setup steps with what is already there, the
// report step and the completion. Drafts and actions come from the tour's controller.
import { CheckCircle2 as LucideCheckCircle2, PartyPopper as LucidePartyPopper } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { Button } from '../primitives/button'
import { Checkbox } from '../primitives/checkbox'
import { Field } from '../primitives/field'
import { icon } from '../primitives/icon'
import { Input } from '../primitives/input'
import { Select } from '../primitives/select'
import type { SortableList as SortableListComponent } from '../primitives/sortable-list'
import type { ReportFrequency, SectionType, Weekday } from '../types'
import type { TourController } from './onboarding-tour-controller'
import {
  DAY_OPTIONS,
  FREQUENCY_OPTIONS,
  type OnboardingStep,
  type OnboardingTourProps,
  TYPE_OPTIONS,
} from './onboarding-tour-steps'

const CheckCircle2 = /* @__PURE__ */ icon(LucideCheckCircle2)
const PartyPopper = /* @__PURE__ */ icon(LucidePartyPopper)

const LIST_LIMIT = 3

// dnd-kit (about 16 KB gzipped) loads when the sections step is reached, not with the tour.
const SortableList = lazy(() =>
  import('../primitives/sortable-list').then((m) => ({ default: m.SortableList })),
) as unknown as typeof SortableListComponent

function ShortList({
  items,
  noun,
}: {
  items: Array<{ key: string; text: string; sub?: string | null }>
  noun: string
}) {
  if (items.length === 0) return <p className="cad-tour__none">No {noun} yet</p>
  const extra = items.length - LIST_LIMIT
  return (
    <ul className="cad-tour__list" aria-label={`Your ${noun}`}>
      {items.slice(0, LIST_LIMIT).map((i) => (
        <li key={i.key}>
          <CheckCircle2 size={14} aria-hidden className="cad-tour__check" />
          <span className="cad-tour__list-text">{i.text}</span>
          {i.sub && <span className="cad-muted cad-tour__list-sub">{i.sub}</span>}
        </li>
      ))}
      {extra > 0 && <li className="cad-tour__more">+{extra} more</li>}
    </ul>
  )
}

type StepBodyProps = Pick<
  OnboardingTourProps,
  'sections' | 'projects' | 'members' | 'onReorderSections'
> & {
  step: OnboardingStep
  hasCurrentReport: boolean
  tour: TourController
}

function WelcomeStep() {
  return (
    <p className="cad-tour__lead">
      Set up your reporting week, sections, a first project and a team member in about two minutes.
      You can change all of it later in Settings.
    </p>
  )
}

function PreferencesStep({ tour: { id, prefs, setPrefs } }: { tour: TourController }) {
  return (
    <div className="cad-tour__grid">
      <Field label="Week starts on" htmlFor={`${id}-start`}>
        <Select
          id={`${id}-start`}
          value={prefs.weekly_start_day}
          onValueChange={(v) => setPrefs({ ...prefs, weekly_start_day: v as Weekday })}
          options={DAY_OPTIONS}
        />
      </Field>
      <Field label="Week ends on" htmlFor={`${id}-end`}>
        <Select
          id={`${id}-end`}
          value={prefs.weekly_end_day}
          onValueChange={(v) => setPrefs({ ...prefs, weekly_end_day: v as Weekday })}
          options={DAY_OPTIONS}
        />
      </Field>
      <Field label="Report frequency" htmlFor={`${id}-freq`}>
        <Select
          id={`${id}-freq`}
          value={prefs.report_frequency}
          onValueChange={(v) => setPrefs({ ...prefs, report_frequency: v as ReportFrequency })}
          options={FREQUENCY_OPTIONS}
        />
      </Field>
    </div>
  )
}

function SectionsStep({
  tour,
  sections,
  onReorderSections,
}: Pick<StepBodyProps, 'tour' | 'sections' | 'onReorderSections'>) {
  const { id, busy, error, sectionName, setSectionName, sectionType, setSectionType } = tour
  const shortList = (
    <ShortList
      items={sections.map((s) => ({ key: String(s.id), text: s.name, sub: s.type }))}
      noun="sections"
    />
  )
  return (
    <>
      <p className="cad-tour__lead">Every report starts with these sections.</p>
      {sections.length === 0 ? (
        <>
          <p className="cad-tour__none">No sections yet</p>
          {/* Skipping says what it means (issue 46): not a silent empty report later. */}
          <p className="cad-tour__note" data-slot="tour-no-sections">
            You can skip this step: your first report will then start without sections and offer the
            usual ones in one click. You can also add them later in Settings › Report Sections.
          </p>
        </>
      ) : onReorderSections ? (
        <Suspense fallback={shortList}>
          <SortableList
            aria-label="Your sections"
            items={sections}
            onReorder={onReorderSections}
            getLabel={(s) => s.name}
            renderItem={(s) => (
              <span className="cad-tour__section">
                <span className="cad-tour__list-text">{s.name}</span>
                <span className="cad-muted">{s.type}</span>
              </span>
            )}
          />
        </Suspense>
      ) : (
        shortList
      )}
      <form className="cad-tour__form" onSubmit={tour.addSection} noValidate>
        <Field label="Section name" htmlFor={`${id}-section`} error={error}>
          <Input
            id={`${id}-section`}
            value={sectionName}
            onChange={(e) => setSectionName(e.target.value)}
          />
        </Field>
        <Field label="Type" htmlFor={`${id}-type`}>
          <Select
            id={`${id}-type`}
            value={sectionType}
            onValueChange={(v) => setSectionType(v as SectionType)}
            options={TYPE_OPTIONS}
          />
        </Field>
        <Button type="submit" loading={busy}>
          Add Section
        </Button>
      </form>
    </>
  )
}

function ProjectStep({ tour, projects }: Pick<StepBodyProps, 'tour' | 'projects'>) {
  const { id, busy, error, projectName, setProjectName } = tour
  return (
    <>
      <p className="cad-tour__lead">Tag report items to projects to follow them week over week.</p>
      <ShortList items={projects.map((p) => ({ key: p.uuid, text: p.name }))} noun="projects" />
      <form className="cad-tour__form" onSubmit={tour.addProject} noValidate>
        <Field label="Project name" htmlFor={`${id}-project`} error={error}>
          <Input
            id={`${id}-project`}
            value={projectName}
            maxLength={255}
            onChange={(e) => setProjectName(e.target.value)}
          />
        </Field>
        <Button type="submit" loading={busy}>
          Add Project
        </Button>
      </form>
    </>
  )
}

function TeamMemberStep({ tour, members }: Pick<StepBodyProps, 'tour' | 'members'>) {
  const { id, busy, error, member, setMember } = tour
  // The error at the field it is about: the name while it is blank, else the e-mail.
  const nameError = error && !member.name.trim() ? error : null
  const emailError = error && !nameError ? error : null
  return (
    <>
      <p className="cad-tour__lead">Assign tasks and follow-ups to people with @mentions.</p>
      <ShortList
        items={members.map((m) => ({ key: m.uuid, text: m.name, sub: m.title }))}
        noun="team members"
      />
      <form className="cad-tour__form cad-tour__form--member" onSubmit={tour.addMember} noValidate>
        <Field label="Name" htmlFor={`${id}-mname`} error={nameError}>
          <Input
            id={`${id}-mname`}
            value={member.name}
            onChange={(e) => setMember({ ...member, name: e.target.value })}
          />
        </Field>
        <Field label="Title (optional)" htmlFor={`${id}-mtitle`}>
          <Input
            id={`${id}-mtitle`}
            value={member.title}
            onChange={(e) => setMember({ ...member, title: e.target.value })}
          />
        </Field>
        <Field
          label="Email (optional)"
          htmlFor={`${id}-memail`}
          hint="Needed only to invite them to Cadence"
          error={emailError}
        >
          <Input
            id={`${id}-memail`}
            type="email"
            value={member.email}
            onChange={(e) => setMember({ ...member, email: e.target.value })}
          />
        </Field>
        <Button type="submit" loading={busy}>
          Add Team Member
        </Button>
      </form>
    </>
  )
}

function ReportStep({
  tour,
  hasCurrentReport,
  sections,
}: Pick<StepBodyProps, 'tour' | 'hasCurrentReport' | 'sections'>) {
  const { id, busy, carryOver, setCarryOver } = tour
  return (
    <>
      <p className="cad-tour__lead">
        {hasCurrentReport
          ? "You already have a report for this week. We'll open it for you."
          : sections.length === 0
            ? "We'll create this week's report. You skipped the sections: it starts without any, and offers the usual ones in one click."
            : "We'll create this week's report from your sections."}
      </p>
      {hasCurrentReport ? null : (
        <label className="cad-form__check" htmlFor={`${id}-carry`}>
          <Checkbox
            id={`${id}-carry`}
            checked={carryOver}
            onCheckedChange={(v) => setCarryOver(v === true)}
          />
          Carry over open items from the previous report
        </label>
      )}
      <Button variant="primary" loading={busy} onClick={tour.createReport} data-tour-primary="">
        {hasCurrentReport ? "Open This Week's Report" : "Create This Week's Report"}
      </Button>
    </>
  )
}

function CompletionStep() {
  return (
    <div className="cad-tour__done">
      <PartyPopper size={28} aria-hidden />
      <p className="cad-tour__lead">
        Your workspace is ready. Write this week's report like a list: Enter adds the next item, @
        assigns it.
      </p>
    </div>
  )
}

/** The body of `step`. */
function StepBody(props: StepBodyProps) {
  switch (props.step) {
    case 'welcome':
      return <WelcomeStep />
    case 'preferences':
      return <PreferencesStep tour={props.tour} />
    case 'sections':
      return <SectionsStep {...props} />
    case 'project':
      return <ProjectStep {...props} />
    case 'team-member':
      return <TeamMemberStep {...props} />
    case 'report':
      return <ReportStep {...props} />
    case 'completion':
      return <CompletionStep />
  }
}

export { StepBody }
