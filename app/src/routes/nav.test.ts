import { describe, expect, test } from 'bun:test'
import { activeNav, sidebarTab } from './nav'

describe('active nav item', () => {
  test('settings wins over everything, then report, project and team member pages', () => {
    expect(activeNav('/settings', '?sidebar=team')).toBe('settings')
    expect(activeNav('/reports/abc', '?sidebar=projects')).toBe('reports')
    expect(activeNav('/reports/abc/draft', '')).toBe('reports')
    expect(activeNav('/projects/p1', '?sidebar=team')).toBe('projects')
    expect(activeNav('/team-members/m1', '?sidebar=reports')).toBe('team')
  })

  test("a member's Prepare 1:1 page is part of team", () => {
    expect(activeNav('/team-members/m1/prep', '')).toBe('team')
    expect(activeNav('/team-members/m1/prep', '?sidebar=projects')).toBe('team')
  })

  test('the Admin Dashboard highlights no item of the top navigation', () => {
    expect(activeNav('/admin', '')).toBe('admin')
    expect(activeNav('/admin', '?sidebar=reports')).toBe('admin')
    expect(activeNav('/administrator', '')).toBe('none')
  })

  test('otherwise the sidebar query value decides', () => {
    expect(activeNav('/dashboard', '?sidebar=reports')).toBe('reports')
    expect(activeNav('/dashboard', '?sidebar=projects')).toBe('projects')
    expect(activeNav('/dashboard', '?sidebar=team')).toBe('team')
  })

  test('each overview page highlights its own item; a page not found highlights none', () => {
    expect(activeNav('/projects', '')).toBe('projects')
    expect(activeNav('/team', '?sidebar=reports')).toBe('team')
    expect(activeNav('/reports', '')).toBe('reports')
    expect(activeNav('/settings', '')).toBe('settings')
    expect(activeNav('/nope', '')).toBe('none')
    expect(activeNav('/nope', '?sidebar=team')).toBe('none')
  })

  test('otherwise dashboard, including unknown sidebar values', () => {
    expect(activeNav('/dashboard', '?sidebar=nope')).toBe('dashboard')
    expect(activeNav('/dashboard', '')).toBe('dashboard')
    expect(sidebarTab('?sidebar=nope')).toBeNull()
  })
})
