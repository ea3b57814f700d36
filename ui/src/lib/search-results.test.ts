import { describe, expect, test } from 'bun:test'
import type { SearchResult } from '../types'
import { filterResults, resultTitle, searchResultHref } from './search-results'

const results: SearchResult[] = [
  { type: 'report', id: 1, uuid: 'r1', title: 'Week 1', status: 'submitted' },
  { type: 'report', id: 2, uuid: 'r2', title: null, status: 'draft' },
  { type: 'project', id: 1, uuid: 'p1', name: 'Atlas', status: 'active' },
  {
    type: 'task',
    id: 1,
    content: 'Ship it',
    is_completed: false,
    report_uuid: 'r1',
    source: 'report',
  },
  {
    type: 'followup',
    id: 2,
    content: 'Call back',
    is_completed: true,
    report_uuid: 'r2',
    source: 'report',
  },
  { type: 'team_member', id: 1, uuid: 'm1', name: 'Ada', email: 'ada@x.io' },
]

describe('filterResults', () => {
  test('keeps everything with status all and no types chosen', () => {
    expect(filterResults(results, { status: 'all', types: [] })).toHaveLength(6)
  })
  test('narrows to the chosen content types', () => {
    const shown = filterResults(results, { status: 'all', types: ['tasks', 'team_members'] })
    expect(shown.map((r) => r.type)).toEqual(['task', 'team_member'])
  })
  test('active keeps active projects and open items; completed keeps completed items', () => {
    expect(filterResults(results, { status: 'active', types: [] }).map((r) => r.type)).toEqual([
      'project',
      'task',
    ])
    expect(filterResults(results, { status: 'completed', types: [] }).map((r) => r.type)).toEqual([
      'followup',
    ])
  })
  test('submitted and draft match the report status', () => {
    expect(filterResults(results, { status: 'draft', types: [] }).map((r) => r.uuid)).toEqual([
      'r2',
    ])
  })
})

describe('resultTitle', () => {
  test('truncates task text to 60 characters plus an ellipsis', () => {
    const title = resultTitle({ type: 'task', id: 1, content: 'x'.repeat(80) })
    expect(title).toBe(`${'x'.repeat(60)}…`)
  })
  test("an untitled teammate's report is named after them", () => {
    expect(
      resultTitle({
        type: 'report',
        id: 4,
        title: null,
        source: 'team_update',
        team_member_name: 'Tom',
      }),
    ).toBe("Tom's report")
  })
  test("falls back to 'Untitled Report' for a report without a title", () => {
    expect(resultTitle(results[1])).toBe('Untitled Report')
  })
})

describe('searchResultHref', () => {
  test("an ask opens its report; a reader's question opens its report at the questions", () => {
    const ask: SearchResult = {
      type: 'ask',
      id: 9,
      content: 'Approve the budget',
      report_uuid: 'r1',
      source: 'report',
    }
    expect(searchResultHref(ask)).toBe('/reports/r1')
    const question: SearchResult = { type: 'question', id: 10, name: 'Maria', report_uuid: 'r1' }
    expect(searchResultHref(question)).toBe('/reports/r1#questions')
    expect(resultTitle({ ...question, content: 'Why?' })).toBe('Why?')
  })
  test('opens tasks and follow-ups in their report', () => {
    expect(searchResultHref(results[3])).toBe('/reports/r1')
    expect(searchResultHref(results[5])).toBe('/team-members/m1')
  })
  test("opens a team member's own task on that member's page, never as a report", () => {
    const own: SearchResult = {
      type: 'task',
      id: 1,
      content: 'Member task Narwhal',
      source: 'team_member',
      team_member_uuid: 'm1',
      team_member_name: 'Ada',
    }
    expect(searchResultHref(own)).toBe('/team-members/m1')
  })
  test('a teammate’s report opens in Team updates at its week; an assigned item on the dashboard', () => {
    const update: SearchResult = {
      type: 'task',
      id: 3,
      source: 'team_update',
      team_member_name: 'Tom',
      report_uuid: 'tom-report',
      week_start_date: '2026-11-23',
    }
    expect(searchResultHref(update)).toBe('/team-updates?week=2026-11-23')
    expect(searchResultHref({ ...update, type: 'report', uuid: 'tom-report' })).toBe(
      '/team-updates?week=2026-11-23',
    )
    expect(searchResultHref({ type: 'task', id: 3, source: 'assigned' })).toBe(
      '/dashboard#assigned-to-me',
    )
  })
})
