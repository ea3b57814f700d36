// Stories for ui/src/components/search-dialog.tsx and search-dialog-parts.tsx
import { SearchDialog, type SearchFilters, type SearchResult } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import * as React from 'react'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import { history, searchResults, sharedSearchResults } from './composite-fixtures'

const meta = {
  title: 'Components/SearchDialog',
  component: SearchDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    query: 'migration',
    onQueryChange: fn(),
    results: searchResults,
    status: 'done',
    filters: { status: 'all', types: [] },
    onFiltersChange: fn(),
    recent: history,
    saved: history.slice(0, 2),
    onSaveSearch: fn(),
    onSelectHistory: fn(),
    onOpen: fn(),
    onQuickAction: fn(),
  },
  render: function Render(args) {
    const [query, setQuery] = React.useState(args.query)
    const [filters, setFilters] = React.useState<SearchFilters | undefined>(args.filters)
    return (
      <SearchDialog
        {...args}
        query={query}
        onQueryChange={(q) => {
          setQuery(q)
          args.onQueryChange(q)
        }}
        filters={filters}
        onFiltersChange={(f) => {
          setFilters(f)
          args.onFiltersChange?.(f)
        }}
      />
    )
  },
} satisfies Meta<typeof SearchDialog>

export default meta
type Story = StoryObj<typeof meta>

const open = () => screen.findByRole('dialog', { name: 'Search' })

export const Empty: Story = {
  args: { query: '', results: [], status: 'idle' },
  play: async ({ args }) => {
    const dialog = await open()
    await expect(within(dialog).getByText('Type at least 2 characters to search')).toBeVisible()
    await expect(within(dialog).getByText('type:task')).toBeVisible()
    await expect(within(dialog).getByRole('button', { name: 'Save search' })).toBeDisabled()
    // five recent and the saved searches, reachable with the arrow keys
    const recent = within(dialog).getByRole('group', { name: 'Recent searches' })
    await expect(within(recent).getAllByRole('option')).toHaveLength(5)
    await userEvent.type(
      within(dialog).getByRole('combobox', { name: 'Search' }),
      '{ArrowDown}{Enter}',
    )
    await expect(args.onSelectHistory).toHaveBeenCalledWith(history[1])
  },
}

export const Typical: Story = {
  play: async ({ args }) => {
    const dialog = await open()
    for (const heading of ['Reports', 'Projects', 'Tasks', 'Follow-ups', 'Team Members']) {
      await expect(within(dialog).getByText(heading)).toBeVisible()
    }
    await expect(within(dialog).getByText('7 results')).toBeVisible()
    // long task text is cut at 60 characters
    const long = searchResults[3].content ?? ''
    await expect(within(dialog).getByText(`${long.slice(0, 60)}…`)).toBeVisible()
    // Down then Enter opens the second result
    const input = within(dialog).getByRole('combobox', { name: 'Search' })
    input.focus()
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await expect(args.onOpen).toHaveBeenCalledWith(searchResults[1])
    // quick actions: archive only for active projects, complete only for open tasks
    // (hover shows them per row; the keyboard gets them for the highlighted result in the footer)
    const actionsFor = (name: RegExp) =>
      within(within(dialog).getByRole('group', { name })).getAllByRole('button')
    await userEvent.keyboard('{ArrowDown}')
    await expect(
      actionsFor(/^Actions for Platform Migration/).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Copy link', 'Open in new tab', 'Archive project'])
    await userEvent.keyboard('{ArrowDown}')
    const taskActions = actionsFor(/^Actions for Finalise vendor/)
    await expect(taskActions.map((b) => b.getAttribute('aria-label'))).toContain('Mark completed')
    await userEvent.click(
      taskActions.find((b) => b.getAttribute('aria-label') === 'Mark completed')!,
    )
    await expect(args.onQuickAction).toHaveBeenCalledWith('complete', searchResults[3])
    await userEvent.keyboard('{ArrowDown}')
    await expect(
      actionsFor(/^Actions for Prepare the Q1/).map((b) => b.getAttribute('aria-label')),
    ).toContain('Mark completed')
    await userEvent.keyboard('{ArrowDown}')
    await expect(
      actionsFor(/^Actions for Check in/).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Copy link', 'Open in new tab'])
    // the hover shortcut on a row does the same with the pointer
    const row = within(dialog).getByRole('option', { name: /^Priya Natarajan/ })
    await userEvent.click(row.querySelector('[data-action="copy-link"]') as HTMLElement)
    await expect(args.onQuickAction).toHaveBeenCalledWith('copy-link', searchResults[6])
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save search' }))
    await expect(args.onSaveSearch).toHaveBeenCalledOnce()
    // filters
    await userEvent.click(within(dialog).getByRole('button', { name: 'Filters' }))
    const status = within(dialog).getByRole('group', { name: 'Status' })
    await expect(
      within(status)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Active', 'Completed', 'Submitted', 'Draft'])
    await userEvent.click(within(dialog).getByRole('button', { name: 'Team Members' }))
    await expect(args.onFiltersChange).toHaveBeenCalledWith({
      status: 'all',
      types: ['team_members'],
    })
    await expect(await within(dialog).findByText('1 result')).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await expect(args.onOpenChange).toHaveBeenCalledWith(false)
  },
}

/**
 * A team member's own task (not a report item) is shown with its member, and its quick action
 * carries the result as it is, source included: the app completes the member's task, never the
 * report item that happens to have the same id.
 */
export const MemberTask: Story = {
  play: async ({ args }) => {
    const dialog = await open()
    const row = within(dialog).getByRole('option', { name: /^Prepare the Q1 hiring plan/ })
    await expect(row).toHaveTextContent('Priya Natarajan · Open')
    await userEvent.click(row.querySelector('[data-action="complete"]') as HTMLElement)
    await expect(args.onQuickAction).toHaveBeenCalledWith('complete', searchResults[5])
    await expect(searchResults[5]).toMatchObject({ source: 'team_member', id: 1 })
    await expect(searchResults[3]).toMatchObject({ source: 'report', id: 1 })
  },
}

/**
 * Team roll-up: a teammate's sent report and an item someone assigned to the user come after the
 * user's own results, each in a group of its own and labelled with whose it is. A teammate's report
 * is read-only (no 'Mark completed'); an item assigned to the user can be completed.
 */
export const SharedWithMe: Story = {
  args: { results: [...searchResults.slice(0, 3), ...sharedSearchResults] },
  play: async ({ args }) => {
    const dialog = await open()
    await expect(within(dialog).getByText('Team updates')).toBeVisible()
    await expect(within(dialog).getByText('Assigned to me')).toBeVisible()
    const report = within(dialog).getByRole('option', { name: /^Platform team, week 47/ })
    await expect(report).toHaveTextContent('From Tom Reed · Week of Nov 23, 2026')
    const update = within(dialog).getByRole('option', { name: /^Write the migration runbook/ })
    await expect(update).toHaveTextContent('From Tom Reed · Week of Nov 23, 2026 · Open')
    await expect(update.querySelector('[data-action="complete"]')).toBeNull()
    const assigned = within(dialog).getByRole('option', { name: /^Sign off the migration budget/ })
    await expect(assigned).toHaveTextContent(
      'From Maria Chen · Platform Migration · Week of Nov 16, 2026 · Open',
    )
    await userEvent.click(assigned.querySelector('[data-action="complete"]') as HTMLElement)
    await expect(args.onQuickAction).toHaveBeenCalledWith('complete', sharedSearchResults[2])
    // Own results first, then Team updates, then Assigned to me (the keyboard order too).
    const options = within(dialog).getAllByRole('option')
    await expect(options.map((o) => o.getAttribute('data-value'))).toEqual([
      'report--report-1',
      'report--report-2',
      'project--project-1',
      'report-team_update-tom-report',
      'task-team_update-41',
      'task-assigned-42',
    ])
  },
}

export const NoResults: Story = {
  args: { query: 'zebra', results: [] },
  play: async () => {
    const dialog = await open()
    await expect(within(dialog).getByText(/No results found for/)).toHaveTextContent(
      'No results found for zebra',
    )
    await expect(within(dialog).getByText('0 results')).toBeVisible()
    // What to try next: the start of the word, or a kind.
    const tips = within(dialog).getByRole('list', { name: 'Try' })
    await expect(tips).toHaveTextContent('Try the start of the word (bud finds budget)')
    await expect(tips).toHaveTextContent(
      'Or pick a kind with type:task, type:report or type:project.',
    )
  },
}

export const NoResultsManyWords: Story = {
  args: { query: 'type:task "zebra budget" crossing', results: [] },
  play: async () => {
    const dialog = await open()
    await expect(within(dialog).getByText(/No results found for/)).toHaveTextContent(
      'No results found for type:task "zebra budget" crossing',
    )
    const tips = within(dialog).getByRole('list', { name: 'Try' })
    await expect(tips).toHaveTextContent('Try fewer words: results match every word.')
    await expect(tips).toHaveTextContent('Drop the quotes to find the words anywhere.')
    await expect(tips).toHaveTextContent('Remove type:task to search everything.')
    await expect(tips).not.toHaveTextContent('Or pick a kind')
  },
}

export const NoResultsDark: Story = {
  ...NoResults,
  globals: { theme: 'dark' },
}

export const NoResultsMobile: Story = {
  ...NoResultsManyWords,
  globals: { viewport: { value: 'mobile', isRotated: false } },
}

export const Failed: Story = {
  args: { results: [], status: 'error' },
  play: async () => {
    const dialog = await open()
    const alert = within(dialog).getByRole('alert')
    await expect(alert).toHaveTextContent('Search failed. Please try again.')
    await expect(alert).toHaveTextContent('Please check your connection and try again')
  },
}

export const Loading: Story = {
  args: { results: [], status: 'loading' },
  play: async () => {
    const dialog = await open()
    await expect(within(dialog).getByText('Searching...')).toBeInTheDocument()
  },
}

const many = Array.from({ length: 40 }, (_, i) => ({
  type: (['report', 'project', 'task', 'followup', 'team_member'] as const)[i % 5],
  uuid: `u${i}`,
  id: i,
  title: `Report ${i} — Übergabe 東京`,
  name:
    i === 1
      ? 'Überarbeitung der Kundenplattform für Nordeuropa — Phase 2 (東京 pilot)'
      : `Name ${i}`,
  content: `Follow up on item ${i} with a fairly long description that keeps going and going`,
  status: i % 2 ? 'active' : 'draft',
  is_completed: i % 3 === 0,
  email: `person${i}@example.com`,
}))

export const LongContent: Story = {
  args: { results: many, query: '"cut-over" type:task project:"Platform Migration"' },
  play: async () => {
    const dialog = await open()
    await expect(within(dialog).getByText('40 results')).toBeVisible()
    await expect(within(dialog).getAllByRole('option')).toHaveLength(40)
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ args }) => {
    const dialog = await open()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close search' }))
    await waitFor(() => expect(args.onOpenChange).toHaveBeenCalledWith(false))
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ args }) => {
    const dialog = await open()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Search history' }))
    const saved = within(dialog).getByRole('group', { name: 'Saved searches' })
    await userEvent.click(within(saved).getByText('migration'))
    await expect(args.onSelectHistory).toHaveBeenCalledWith(history[0])
  },
}

/** One result of every kind the server answers (issue 46): each is drawn, and counted once. */
const everyKind = [
  {
    type: 'decision',
    id: 71,
    title: 'Meridian: go with the annual contract',
    decided_on: '2026-11-20',
    project_name: 'Meridian',
    team_member_name: 'Rob Chen',
    content: 'Cheaper over two years',
  },
  {
    type: 'report',
    id: 72,
    uuid: 'r72',
    title: 'Meridian week',
    week_start_date: '2026-11-23',
    status: 'draft',
  },
  { type: 'project', id: 73, uuid: 'p73', name: 'Meridian', title: 'Meridian', status: 'active' },
  {
    type: 'task',
    id: 74,
    content: 'Meridian pricing call',
    is_completed: false,
    status: 'active',
    report_uuid: 'r72',
    report_title: 'Meridian week',
    source: 'report',
  },
  {
    type: 'followup',
    id: 75,
    content: 'Meridian legal review',
    is_completed: false,
    status: 'active',
    report_uuid: 'r72',
    report_title: 'Meridian week',
    source: 'report',
  },
  {
    type: 'team_member',
    id: 76,
    uuid: 'm76',
    name: 'Mira Meridian',
    title: 'CFO',
    email: 'mira@example.com',
  },
  { type: 'metric', id: 77, name: 'ARR', title: 'ARR' },
  {
    type: 'ask',
    id: 78,
    title: 'Approve the Meridian budget',
    content: 'Approve the Meridian budget',
    status: 'active',
    is_completed: false,
    report_uuid: 'r72',
    report_title: 'Meridian week',
    source: 'report',
  },
  {
    type: 'question',
    id: 79,
    title: 'Does the Meridian slip move the launch?',
    content: 'Does the Meridian slip move the launch?',
    name: 'Maria Lindqvist',
    report_uuid: 'r72',
    report_title: 'Meridian week',
    week_start_date: '2026-11-23',
  },
] satisfies SearchResult[]

export const EveryKind: Story = {
  args: { query: 'meridian', results: everyKind },
  play: async ({ args }) => {
    const dialog = await open()
    for (const heading of [
      'Reports',
      'Projects',
      'Tasks',
      'Follow-ups',
      'Team Members',
      'Decisions',
      'Metrics',
      'Asks',
      "Readers' questions",
    ])
      await expect(
        within(dialog).getByText(heading, { selector: '[cmdk-group-heading]' }),
      ).toBeVisible()
    // The count is the number of rows drawn.
    await expect(within(dialog).getByText('9 results')).toBeVisible()
    await expect(within(dialog).getAllByRole('option')).toHaveLength(everyKind.length)
    const decision = within(dialog).getByRole('option', { name: /go with the annual contract/ })
    await expect(decision).toHaveTextContent('Decided Nov 20, 2026 · Rob Chen · Meridian')
    await userEvent.click(decision)
    await expect(args.onOpen).toHaveBeenCalledWith(everyKind[0])
    const metric = within(dialog).getByRole('option', { name: /ARR/ })
    await expect(metric).not.toHaveTextContent('Open')
    await userEvent.click(metric)
    await expect(args.onOpen).toHaveBeenCalledWith(everyKind[6])
    const ask = within(dialog).getByRole('option', { name: /Approve the Meridian budget/ })
    await expect(ask).toHaveTextContent('Meridian week · Open')
    const question = within(dialog).getByRole('option', { name: /slip move the launch/ })
    await expect(question).toHaveTextContent('Asked by Maria Lindqvist · Meridian week')
    await userEvent.click(question)
    await expect(args.onOpen).toHaveBeenCalledWith(everyKind[8])
  },
}

/** `type:decision` answered by decisions only: three counted, three drawn. */
export const TypeDecision: Story = {
  args: {
    query: 'type:decision',
    results: [0, 1, 2].map((i) => ({ ...everyKind[0], id: 80 + i, title: `Decision ${i + 1}` })),
  },
  play: async () => {
    const dialog = await open()
    await expect(within(dialog).getByText('3 results')).toBeVisible()
    await expect(within(dialog).getAllByRole('option')).toHaveLength(3)
    await expect(within(dialog).getByText('Decision 3')).toBeVisible()
  },
}

export const EveryKindDark: Story = { ...EveryKind, globals: { theme: 'dark' } }
