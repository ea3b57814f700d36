import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { SectionItemModel } from './model'
import { createItem, deleteItem, updateItem } from './service'

export function sectionItemsModule(ctx: AppContext) {
  const detail = { tags: ['section-items'] }
  return new Elysia({ prefix: '/api/section-items' })
    .use(authPlugin(ctx))
    .post('/', ({ user, body }) => createItem(ctx, user.id, body), {
      auth: true,
      body: SectionItemModel.create,
      detail,
    })
    .put('/:id', ({ user, params, body }) => updateItem(ctx, user.id, params.id, body), {
      auth: true,
      params: SectionItemModel.params,
      body: SectionItemModel.update,
      detail,
    })
    .delete('/:id', ({ user, params }) => deleteItem(ctx, user.id, params.id), {
      auth: true,
      params: SectionItemModel.params,
      detail,
    })
}
