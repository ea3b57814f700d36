import { AdminProfile, ErrorBody } from '@cadence/contract'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'

export function adminProfileModule(ctx: AppContext) {
  return new Elysia({ prefix: '/api/admin' })
    .use(authPlugin(ctx))
    .get('/profile', ({ user }) => ({ is_admin: user.is_admin }), {
      auth: true,
      response: { 200: AdminProfile, 401: ErrorBody },
      detail: { tags: ['admin'] },
    })
}
