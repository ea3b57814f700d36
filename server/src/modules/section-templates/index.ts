import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { SectionTemplateModel } from './model'
import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  reorderTemplates,
  updateTemplate,
} from './service'

export function sectionTemplatesModule(ctx: AppContext) {
  const detail = { tags: ['section-templates'] }
  return new Elysia({ prefix: '/api/section-templates' })
    .use(authPlugin(ctx))
    .get('/', ({ user }) => listTemplates(ctx, user.id), { auth: true, detail })
    .post('/', ({ user, body }) => createTemplate(ctx, user.id, body), {
      auth: true,
      body: SectionTemplateModel.create,
      detail,
    })
    .put('/reorder', ({ user, body }) => reorderTemplates(ctx, user.id, body), {
      auth: true,
      body: SectionTemplateModel.reorder,
      detail,
    })
    .put('/:id', ({ user, params, body }) => updateTemplate(ctx, user.id, params.id, body), {
      auth: true,
      params: SectionTemplateModel.params,
      body: SectionTemplateModel.update,
      detail,
    })
    .delete('/:id', ({ user, params }) => deleteTemplate(ctx, user.id, params.id), {
      auth: true,
      params: SectionTemplateModel.params,
      detail,
    })
}
