import { describe, expect, test } from 'bun:test'
import { displayName, navKeyFromPath } from './app-shell'

describe('displayName', () => {
  test('prefers the provider name over the own name', () => {
    expect(displayName({ provider_name: 'Ada L.', name: 'Ada', email: 'a@x.io' })).toBe('Ada L.')
  })
  test('falls back to the own name, then the e-mail', () => {
    expect(displayName({ provider_name: null, name: 'Ada', email: 'a@x.io' })).toBe('Ada')
    expect(displayName({ provider_name: null, name: null, email: 'a@x.io' })).toBe('a@x.io')
  })
  test("falls back to 'User' when nothing is known", () => {
    expect(displayName({ provider_name: null, name: null, email: '' })).toBe('User')
    expect(displayName(null)).toBe('User')
  })
})

describe('navKeyFromPath', () => {
  test('settings wins over everything, including a sidebar query', () => {
    expect(navKeyFromPath('/settings', 'team')).toBe('settings')
  })
  test('detail routes give their section', () => {
    expect(navKeyFromPath('/reports/abc', 'team')).toBe('reports')
    expect(navKeyFromPath('/projects/abc', null)).toBe('projects')
    expect(navKeyFromPath('/team-members/abc')).toBe('team')
  })
  test('otherwise the sidebar query value decides', () => {
    expect(navKeyFromPath('/dashboard', 'projects')).toBe('projects')
    expect(navKeyFromPath('/dashboard', 'reports')).toBe('reports')
  })
  test('an unknown query or no query gives dashboard on the dashboard', () => {
    expect(navKeyFromPath('/dashboard', 'bogus')).toBe('dashboard')
    expect(navKeyFromPath('/dashboard')).toBe('dashboard')
    expect(navKeyFromPath('/')).toBe('dashboard')
  })
  test('each overview page is its own section, whatever the sidebar says', () => {
    expect(navKeyFromPath('/reports')).toBe('reports')
    expect(navKeyFromPath('/projects', 'team')).toBe('projects')
    expect(navKeyFromPath('/team', 'reports')).toBe('team')
    expect(navKeyFromPath('/team-updates')).toBe('team')
    expect(navKeyFromPath('/admin')).toBe('admin')
  })
  test('a page of no section (not found) highlights nothing', () => {
    expect(navKeyFromPath('/no-such-page')).toBe('none')
    expect(navKeyFromPath('/teams')).toBe('none')
    expect(navKeyFromPath('/administrator', 'reports')).toBe('none')
  })
})
