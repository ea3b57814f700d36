// Stories for ui/src/components/sources.tsx (Settings › Sources) and sources-tray.tsx (the report
// page's suggestions tray and the draft summary).
import {
  DraftSummaryPanel,
  type DraftSummaryPanelProps,
  SourcesSettings,
  type SourcesSettingsProps,
  SuggestionsTray,
  type SuggestionsTrayProps,
} from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor } from 'storybook/test'

const meta = {
  title: 'Components/Sources',
  parameters: { layout: 'padded' },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

type Source = SourcesSettingsProps['sources'][number]
type Suggestion = NonNullable<SuggestionsTrayProps['suggestions']>[number]
type Draft = NonNullable<DraftSummaryPanelProps['draft']>

const projects = [
  { uuid: 'p-apollo', name: 'Apollo' },
  { uuid: 'p-billing', name: 'Billing revamp' },
]

const sources: Source[] = [
  {
    id: 1,
    kind: 'github',
    base_url: 'https://api.github.com',
    filter: 'acme/api, acme/web',
    project_uuid: 'p-apollo',
    created_at: '2026-11-20T09:00:00.000Z',
  },
  {
    id: 2,
    kind: 'jira',
    base_url: 'https://acme.atlassian.net',
    filter: null,
    project_uuid: null,
    created_at: '2026-11-21T09:00:00.000Z',
  },
]

const suggestion = (over: Partial<Suggestion>): Suggestion => ({
  id: 's1-0123456789abcdef',
  source_id: 1,
  kind: 'github',
  title: 'Add retry to the webhook sender',
  url: 'https://github.com/acme/api/pull/412',
  occurred_at: '2026-11-24T15:02:00Z',
  project_uuid: 'p-apollo',
  section_type: 'standard',
  ...over,
})

const suggestions: Suggestion[] = [
  suggestion({}),
  suggestion({
    id: 's1-1111111111111111',
    title: 'Fix the invoice rounding on yearly plans',
    url: 'https://github.com/acme/api/issues/398',
  }),
  suggestion({
    id: 's2-2222222222222222',
    source_id: 2,
    kind: 'jira',
    title: 'OPS-77 Rotate the on-call schedule',
    url: 'https://acme.atlassian.net/browse/OPS-77',
    project_uuid: null,
  }),
]

const connect = fn(async (_input: unknown) => {})
const revoke = fn(async (_id: number) => {})
const accept = fn(async (_id: string) => {})
const dismiss = fn(async (_id: string) => {})

export const SettingsEmpty: Story = {
  render: () => (
    <SourcesSettings sources={[]} projects={projects} onConnect={connect} onRevoke={revoke} />
  ),
  play: async ({ canvas }) => {
    connect.mockClear()
    await expect(canvas.getByRole('heading', { name: 'Sources' })).toBeVisible()
    await expect(canvas.getByText(/No sources yet/)).toBeVisible()
    // A token is required.
    await userEvent.click(canvas.getByRole('button', { name: 'Connect' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Token is required')
    await expect(connect).not.toHaveBeenCalled()
    await userEvent.type(canvas.getByLabelText('Token'), 'ghp_example')
    await userEvent.type(canvas.getByLabelText('Limit to'), 'acme/api')
    await userEvent.click(canvas.getByRole('button', { name: 'Connect' }))
    await waitFor(() =>
      expect(connect).toHaveBeenCalledWith({
        kind: 'github',
        token: 'ghp_example',
        filter: 'acme/api',
        project_uuid: null,
      }),
    )
    // The token is never left on screen.
    await waitFor(() => expect(canvas.getByLabelText('Token')).toHaveValue(''))
  },
}

export const SettingsConnected: Story = {
  render: () => (
    <SourcesSettings sources={sources} projects={projects} onConnect={connect} onRevoke={revoke} />
  ),
  play: async ({ canvas }) => {
    revoke.mockClear()
    await expect(canvas.getByText('GitHub · api.github.com')).toBeVisible()
    await expect(canvas.getByText(/Only acme\/api, acme\/web · into Apollo/)).toBeVisible()
    await expect(canvas.getByText(/Everything the token sees · into General/)).toBeVisible()
    await userEvent.click(canvas.getAllByRole('button', { name: 'Revoke' })[0])
    await expect(canvas.getByText(/Revoke GitHub\? Its token is deleted\./)).toBeVisible()
    await expect(revoke).not.toHaveBeenCalled()
  },
}

const tray = (over: Partial<SuggestionsTrayProps>) => (
  <SuggestionsTray
    suggestions={suggestions}
    errors={[]}
    sources={sources}
    projects={projects}
    onAccept={accept}
    onDismiss={dismiss}
    onRefresh={() => {}}
    {...over}
  />
)

export const TrayGroupedByProject: Story = {
  render: () => tray({}),
  play: async ({ canvas }) => {
    accept.mockClear()
    dismiss.mockClear()
    const groups = canvas.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)
    await expect(groups).toEqual(['Apollo', 'General'])
    await expect(
      canvas.getByRole('link', { name: 'Add retry to the webhook sender' }),
    ).toHaveAttribute('href', 'https://github.com/acme/api/pull/412')
    await userEvent.click(
      canvas.getByRole('button', { name: 'Add Add retry to the webhook sender' }),
    )
    await waitFor(() => expect(accept).toHaveBeenCalledWith('s1-0123456789abcdef'))
    await userEvent.click(
      canvas.getByRole('button', { name: 'Dismiss OPS-77 Rotate the on-call schedule' }),
    )
    await waitFor(() => expect(dismiss).toHaveBeenCalledWith('s2-2222222222222222'))
  },
}

export const TrayLoading: Story = {
  render: () => tray({ suggestions: null }),
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Looking at this week in your tools/)).toBeVisible()
  },
}

export const TrayEmpty: Story = {
  render: () => tray({ suggestions: [] }),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Nothing new from your tools this week.')).toBeVisible()
  },
}

export const TrayOneSourceFailing: Story = {
  render: () =>
    tray({
      suggestions: suggestions.filter((s) => s.source_id === 1),
      errors: [{ source_id: 2, error: 'The token was refused (401): connect it again' }],
    }),
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('Jira · acme.atlassian.net: The token was refused (401): connect it again'),
    ).toBeVisible()
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2)
  },
}

export const TrayDark: Story = {
  render: () => tray({}),
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('link')).toHaveLength(3)
  },
}

const items = new Map([
  [11, 'Shipped the onboarding emails'],
  [12, 'Hired the designer'],
  [13, 'Draft the Q1 plan'],
])

const modelDraft: Draft = {
  source: 'model',
  model: 'llama3.1:8b',
  summary: 'Onboarding emails shipped and the designer hired. Apollo is at risk.',
  sentences: [
    { text: 'Onboarding emails shipped and the designer hired.', item_ids: [11, 12] },
    { text: 'Apollo is at risk while the Q1 plan is drafted.', item_ids: [13] },
  ],
  dropped: [
    {
      text: 'Revenue grew 42% this week.',
      reason: 'It states 42, which none of its cited items holds',
    },
  ],
}

const draftPanel = (over: Partial<DraftSummaryPanelProps>) => (
  <DraftSummaryPanel
    draft={modelDraft}
    loading={false}
    items={items}
    onDraft={() => {}}
    onUse={fn()}
    {...over}
  />
)

export const DraftByModel: Story = {
  render: () => draftPanel({}),
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Drafted by llama3.1:8b/)).toBeVisible()
    await expect(canvas.getAllByRole('list', { name: 'Rests on' })[0]).toHaveTextContent(
      'Shipped the onboarding emails',
    )
    // The dropped sentence, with why.
    await userEvent.click(canvas.getByText('1 sentence left out'))
    await expect(canvas.getByText(/none of its cited items holds/)).toBeVisible()
  },
}

export const DraftExtractive: Story = {
  render: () =>
    draftPanel({
      draft: {
        source: 'extractive',
        model: null,
        summary: 'Apollo: done: Shipped the onboarding emails; Hired the designer.',
        sentences: [
          {
            text: 'Apollo: done: Shipped the onboarding emails; Hired the designer.',
            item_ids: [11, 12],
          },
        ],
        dropped: [],
        notice:
          'The model did not answer within 20 s; this is the draft made from your items without a model',
      },
    }),
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/no model/)).toBeVisible()
    await expect(canvas.getByRole('status')).toHaveTextContent('did not answer within 20 s')
    await expect(canvas.queryByText(/left out/)).toBeNull()
  },
}

export const DraftNotYet: Story = {
  render: () => draftPanel({ draft: null }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Draft summary' })).toBeEnabled()
  },
}
