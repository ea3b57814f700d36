import { t } from 'elysia'

export namespace AuthModel {
  /** PUT /api/users/me: the profile fields the user sets (the memo header shows the title). */
  export const profile = t.Object({
    // The author's name as the memo header shows it ('From <name>, <title>'); a sign-in
    // keeps it (the provider's is provider_name).
    name: t.Optional(
      t.String({
        minLength: 1,
        maxLength: 120,
        error: 'name must be text of 1 to 120 characters',
      }),
    ),
    display_title: t.Optional(
      t.Nullable(t.String({ maxLength: 120 }), {
        error: 'display_title must be text of at most 120 characters',
      }),
    ),
  })
  export type profile = typeof profile.static
  export const exchange = t.Object({
    code: t.Optional(t.String({ maxLength: 500 })),
    state: t.Optional(t.String({ maxLength: 500 })),
  })
  export type exchange = typeof exchange.static

  export const devQuery = t.Object({
    state: t.String({ minLength: 1, maxLength: 500, error: 'state is required' }),
    code_challenge: t.String({
      minLength: 43,
      maxLength: 128,
      error: 'code_challenge is required',
    }),
    code_challenge_method: t.Literal('S256', { error: 'code_challenge_method must be S256' }),
    redirect_uri: t.Optional(t.String()),
  })
  export type devQuery = typeof devQuery.static

  // The e-mail format is checked in the handler, so a person at the form gets the page back with
  // the message instead of a JSON error.
  export const devForm = t.Object({
    email: t.String({ maxLength: 320, error: 'Valid email is required' }),
    name: t.Optional(t.String({ maxLength: 200 })),
  })
  export type devForm = typeof devForm.static
}
