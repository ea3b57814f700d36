import { afterEach, describe, expect, test } from 'bun:test'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { authState } from './auth'
import { profileBodies, saveProfile } from './profile'

afterEach(() => restoreFetch())

describe('Settings › Profile and organisation', () => {
  test('the name and title go to the profile, the rest to the settings; a blank text clears', () => {
    expect(
      profileBodies({
        name: ' Dana Whitfield ',
        display_title: '  ',
        organisation_name: 'Northwind',
        confidentiality_line: '',
        paper_size: 'a4',
        email_attach_pdf: true,
      }),
    ).toEqual({
      profile: { name: 'Dana Whitfield', display_title: null },
      settings: {
        organisation_name: 'Northwind',
        confidentiality_line: null,
        paper_size: 'a4',
        email_attach_pdf: true,
      },
    })
  })

  test('a name is never sent empty (the server keeps one once given)', () => {
    expect(profileBodies({ name: '  ' }).profile).toEqual({})
  })

  test('only the changed side is asked: a title alone is one PUT of the profile', async () => {
    Object.assign(authState, { user: null })
    const calls = stubFetch(() =>
      json({ id: 1, name: 'Dana', display_title: 'Chief Executive', email: 'd@example.com' }),
    )
    await saveProfile({ display_title: 'Chief Executive' })
    expect(calls).toEqual([
      { method: 'PUT', path: '/api/users/me', body: { display_title: 'Chief Executive' } },
    ])
    expect(authState.user?.display_title).toBe('Chief Executive')
  })
})
