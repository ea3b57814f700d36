import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { batchedWrite } from '../../db/write-batch'
import { authPlugin } from '../auth/plugin'
import { SectionItemModel } from './model'
import { createItem, deleteItem, updateItem } from './service'

export function sectionItemsModule(ctx: AppContext) {
  const detail = { tags: ['section-items'] }
  // Concurrent item writes share one commit (server/src/db/write-batch.ts).
  return new Elysia({ prefix: '/api/section-items' })
    .use(authPlugin(ctx))
    .post('/', ({ user, body }) => batchedWrite(ctx.db, () => createItem(ctx, user.id, body)), {
      auth: true,
      body: SectionItemModel.create,
      detail,
    })
    .put(
      '/:id',
      ({ user, params, body }) =>
        batchedWrite(ctx.db, () => updateItem(ctx, user.id, params.id, body)),
      {
        auth: true,
        params: SectionItemModel.params,
        body: SectionItemModel.update,
        detail,
      },
    )
    .delete(
      '/:id',
      ({ user, params }) => batchedWrite(ctx.db, () => deleteItem(ctx, user.id, params.id)),
      {
        auth: true,
        params: SectionItemModel.params,
        detail,
      },
    )
}
