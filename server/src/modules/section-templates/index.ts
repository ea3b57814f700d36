import { Deleted, ErrorBody, SectionTemplate } from '@cadence/contract'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { routeRules } from '../../lib/route-rules'
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
    .use(routeRules)
    .get('/', ({ user }) => listTemplates(ctx, user.id), {
      auth: true,
      rules: { cachedPerUser: true },
      response: { 200: t.Array(SectionTemplate), 401: ErrorBody },
      detail,
    })
    .post('/', ({ user, body }) => createTemplate(ctx, user.id, body), {
      auth: true,
      body: SectionTemplateModel.create,
      // 403: at the account's limit of section templates.
      response: { 200: SectionTemplate, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      detail,
    })
    .put('/reorder', ({ user, body }) => reorderTemplates(ctx, user.id, body), {
      auth: true,
      body: SectionTemplateModel.reorder,
      response: { 200: t.Array(SectionTemplate), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail,
    })
    .put('/:id', ({ user, params, body }) => updateTemplate(ctx, user.id, params.id, body), {
      auth: true,
      params: SectionTemplateModel.params,
      body: SectionTemplateModel.update,
      response: { 200: SectionTemplate, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail,
    })
    .delete('/:id', ({ user, params }) => deleteTemplate(ctx, user.id, params.id), {
      auth: true,
      params: SectionTemplateModel.params,
      response: { 200: Deleted, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail,
    })
}
