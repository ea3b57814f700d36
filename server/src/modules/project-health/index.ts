import { ErrorBody, ProjectHealth, ProjectHealthHistory } from '@cadence/contract'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { ProjectHealthModel } from './model'
import { projectHealthHistory, setProjectHealth } from './service'

/** Project health: set on a report, per project; a project's history (signed in, own objects only). */
export function projectHealthModule(ctx: AppContext) {
  return new Elysia({ prefix: '/api' })
    .use(authPlugin(ctx))
    .put(
      '/reports/:uuid/project-health/:project_uuid',
      ({ user, params, body }) =>
        setProjectHealth(ctx, user.id, params.uuid, params.project_uuid, body),
      {
        auth: true,
        params: ProjectHealthModel.reportParams,
        body: ProjectHealthModel.setHealth,
        response: { 200: ProjectHealth, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        detail: { tags: ['reports'] },
      },
    )
    .get(
      '/projects/:uuid/health',
      ({ user, params }) => projectHealthHistory(ctx, user.id, params.uuid),
      {
        auth: true,
        params: ProjectHealthModel.projectParams,
        response: { 200: ProjectHealthHistory, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        detail: { tags: ['projects'] },
      },
    )
}
