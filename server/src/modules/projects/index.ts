import {
  ErrorBody,
  Project,
  ProjectAnalytics,
  ProjectChanges,
  ProjectDeleted,
  ProjectPortfolio,
  ProjectReferenced,
  ProjectsCombined,
  ProjectUpdate,
  ProjectWithCounts,
} from '@cadence/contract'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { BadRequest } from '../../lib/errors'
import { routeRules } from '../../lib/route-rules'
import { authPlugin } from '../auth/plugin'
import { ProjectModel } from './model'
import { projectPortfolio } from './portfolio'
import {
  combineProjects,
  createProject,
  deleteProject,
  getProject,
  listProjects,
  projectAnalytics,
  projectChanges,
  projectUpdates,
  updateProject,
} from './service'

export function projectsModule(ctx: AppContext) {
  const detail = { tags: ['projects'] }
  return new Elysia({ prefix: '/api/projects' })
    .use(authPlugin(ctx))
    .use(routeRules)
    .get('/', ({ user }) => listProjects(ctx, user.id), {
      auth: true,
      rules: { cachedPerUser: true },
      response: { 200: t.Array(ProjectWithCounts), 401: ErrorBody },
      detail,
    })
    .post('/', ({ user, body }) => createProject(ctx, user.id, body), {
      auth: true,
      body: ProjectModel.create,
      // 403: at the account's limit of projects.
      response: { 200: Project, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      detail,
    })
    .get('/analytics', ({ user }) => projectAnalytics(ctx, user.id), {
      auth: true,
      response: { 200: ProjectAnalytics, 401: ErrorBody },
      detail,
    })
    .get('/portfolio', ({ user }) => projectPortfolio(ctx, user.id), {
      auth: true,
      response: { 200: ProjectPortfolio, 401: ErrorBody },
      detail: { ...detail, summary: 'Active projects with their health, trend, update and owner' },
    })
    .post('/combine', ({ user, body }) => combineProjects(ctx, user.id, body), {
      auth: true,
      body: ProjectModel.combine,
      response: { 200: ProjectsCombined, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail,
    })
    .get('/:uuid', ({ user, params }) => getProject(ctx, user.id, params.uuid), {
      auth: true,
      params: ProjectModel.params,
      response: { 200: ProjectWithCounts, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail,
    })
    .get('/:uuid/updates', ({ user, params }) => projectUpdates(ctx, user.id, params.uuid), {
      auth: true,
      params: ProjectModel.params,
      response: { 200: t.Array(ProjectUpdate), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail,
    })
    .get('/:uuid/changes', ({ user, params }) => projectChanges(ctx, user.id, params.uuid), {
      auth: true,
      params: ProjectModel.params,
      response: { 200: ProjectChanges, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail,
    })
    .put('/:uuid', ({ user, params, body }) => updateProject(ctx, user.id, params.uuid, body), {
      auth: true,
      params: ProjectModel.params,
      body: ProjectModel.update,
      response: { 200: Project, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail,
    })
    .delete('/:uuid', ({ user, params, body }) => deleteProject(ctx, user.id, params.uuid, body), {
      auth: true,
      params: ProjectModel.params,
      body: ProjectModel.remove,
      // 404: the project or the destination; 409: it has references and no destination.
      response: {
        200: ProjectDeleted,
        400: ErrorBody,
        401: ErrorBody,
        404: ErrorBody,
        409: ProjectReferenced,
      },
      // The body is optional, and Elysia reads an unparsable optional body as none: that would
      // turn a malformed "move here" into a plain delete. Parse it strictly instead.
      parse: async ({ request }) => {
        const text = await request.text()
        if (!text.trim()) return {}
        try {
          return JSON.parse(text)
        } catch {
          throw new BadRequest('Malformed request body')
        }
      },
      detail,
    })
}
