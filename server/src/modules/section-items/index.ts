import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { batchedWrite } from '../../db/sqlite/write-batch'
import { authPlugin } from '../auth/plugin'
import { indexSoon } from '../search/service'
import { SectionItemModel } from './model'
import { createItem, deleteItem, updateItem } from './service'

export function sectionItemsModule(ctx: AppContext) {
  const detail = { tags: ['section-items'] }
  // Concurrent item writes share one commit (server/src/db/write-batch.ts); their search entries
  // are left pending and applied in one batch soon after (server/src/search/engine.ts).
  const write = <T>(run: () => T) => {
    const done = batchedWrite(ctx.db, run)
    indexSoon(ctx)
    return done
  }
  return new Elysia({ prefix: '/api/section-items' })
    .use(authPlugin(ctx))
    .post('/', ({ user, body }) => write(() => createItem(ctx, user.id, body)), {
      auth: true,
      body: SectionItemModel.create,
      detail,
    })
    .put(
      '/:id',
      ({ user, params, body }) => write(() => updateItem(ctx, user.id, params.id, body)),
      {
        auth: true,
        params: SectionItemModel.params,
        body: SectionItemModel.update,
        detail,
      },
    )
    .delete('/:id', ({ user, params }) => write(() => deleteItem(ctx, user.id, params.id)), {
      auth: true,
      params: SectionItemModel.params,
      detail,
    })
}
