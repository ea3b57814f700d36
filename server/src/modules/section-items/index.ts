import { Deleted, ErrorBody, ItemPosition, SectionItem } from '@cadence/contract'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { SectionItemModel } from './model'
import { moveItem } from './position'
import { createItem, deleteItem, updateItem } from './service'

export function sectionItemsModule(ctx: AppContext) {
  const detail = { tags: ['section-items'] }
  // Concurrent item writes share one commit (src/db/sqlite/write-batch.ts,
  // src/db/pg/write-batch.ts); their search entries are left pending by the write and applied in
  // one batch soon after (src/search/sqlite.ts, src/search/pg.ts), and before any search.
  const write = <T>(run: () => Promise<T>) => {
    const done = run()
    ctx.db.q.search.syncSoon()
    return done
  }
  return (
    new Elysia({ prefix: '/api/section-items' })
      .use(authPlugin(ctx))
      // New items and edits: the session is checked by the write itself when this instance
      // knows its user (writer: modules/auth/session-hints.ts), with no read before it.
      .post(
        '/',
        ({ writer, body }) =>
          write(() => writer.as((userId, session) => createItem(ctx, userId, body, session))),
        {
          writer: true,
          body: SectionItemModel.create,
          // 404: the section, project or team member is not the user's.
          response: { 200: SectionItem, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
          detail,
        },
      )
      .put(
        '/:id',
        ({ writer, params, body }) =>
          write(() =>
            writer.as((userId, session) => updateItem(ctx, userId, params.id, body, session)),
          ),
        {
          writer: true,
          params: SectionItemModel.params,
          body: SectionItemModel.update,
          response: { 200: SectionItem, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
          detail,
        },
      )
      // Her order: the item into a section of the same report, before an item or last (position.ts).
      .put('/:id/position', ({ user, params, body }) => moveItem(ctx, user.id, params.id, body), {
        auth: true,
        params: SectionItemModel.params,
        body: SectionItemModel.position,
        // 400: before_id is not an item of that section; 404: the item or section is not the
        // user's, or the section is another report's; 409: changed by another request meanwhile.
        response: {
          200: ItemPosition,
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
        detail: { ...detail, summary: 'Move an item within or between sections of its report' },
      })
      .delete('/:id', ({ user, params }) => write(() => deleteItem(ctx, user.id, params.id)), {
        auth: true,
        params: SectionItemModel.params,
        response: { 200: Deleted, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        detail,
      })
  )
}
