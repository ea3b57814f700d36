import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { BadRequest } from '../../lib/errors'
import { authPlugin } from '../auth/plugin'
import { ProjectModel } from './model'
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
    .get('/', ({ user }) => listProjects(ctx, user.id), { auth: true, detail })
    .post('/', ({ user, body }) => createProject(ctx, user.id, body), {
      auth: true,
      body: ProjectModel.create,
      detail,
    })
    .get('/analytics', ({ user }) => projectAnalytics(ctx, user.id), { auth: true, detail })
    .post('/combine', ({ user, body }) => combineProjects(ctx, user.id, body), {
      auth: true,
      body: ProjectModel.combine,
      detail,
    })
    .get('/:uuid', ({ user, params }) => getProject(ctx, user.id, params.uuid), {
      auth: true,
      params: ProjectModel.params,
      detail,
    })
    .get('/:uuid/updates', ({ user, params }) => projectUpdates(ctx, user.id, params.uuid), {
      auth: true,
      params: ProjectModel.params,
      detail,
    })
    .get('/:uuid/changes', ({ user, params }) => projectChanges(ctx, user.id, params.uuid), {
      auth: true,
      params: ProjectModel.params,
      response: ProjectModel.changes,
      detail,
    })
    .put('/:uuid', ({ user, params, body }) => updateProject(ctx, user.id, params.uuid, body), {
      auth: true,
      params: ProjectModel.params,
      body: ProjectModel.update,
      detail,
    })
    .delete('/:uuid', ({ user, params, body }) => deleteProject(ctx, user.id, params.uuid, body), {
      auth: true,
      params: ProjectModel.params,
      body: ProjectModel.remove,
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
