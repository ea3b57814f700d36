import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'

export function adminProfileModule(ctx: AppContext) {
  return new Elysia({ prefix: '/api/admin' })
    .use(authPlugin(ctx))
    .get('/profile', ({ user }) => ({ is_admin: user.is_admin }), {
      auth: true,
      response: { 200: t.Object({ is_admin: t.Boolean() }) },
      detail: { tags: ['admin'] },
    })
}
