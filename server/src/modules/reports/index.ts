import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { authPlugin } from '../auth/plugin'
import { reportChanges } from './changes'
import { ReportModel } from './model'
import {
  carryIntoReport,
  createReport,
  deleteReport,
  getReport,
  listReports,
  updateReport,
  updateSection,
} from './service'

export function reportsModule(ctx: AppContext) {
  const detail = { tags: ['reports'] }
  return new Elysia({ prefix: '/api' })
    .use(authPlugin(ctx))
    .get('/reports', ({ user }) => listReports(ctx, user.id), { auth: true, detail })
    .post('/reports', ({ user, body }) => createReport(ctx, user.id, body), {
      auth: true,
      body: ReportModel.create,
      detail,
    })
    .get('/reports/:uuid', ({ user, params }) => getReport(ctx, user.id, params.uuid), {
      auth: true,
      params: ReportModel.params,
      detail,
    })
    .post(
      '/reports/:uuid/carry-over',
      ({ user, params }) => carryIntoReport(ctx, user.id, params.uuid),
      { auth: true, params: ReportModel.params, response: ReportModel.carried, detail },
    )
    .get('/reports/:uuid/changes', ({ user, params }) => reportChanges(ctx, user.id, params.uuid), {
      auth: true,
      params: ReportModel.params,
      response: ReportModel.changes,
      detail,
    })
    .put(
      '/reports/:uuid',
      ({ user, params, body }) => updateReport(ctx, user.id, params.uuid, body),
      {
        auth: true,
        params: ReportModel.params,
        body: ReportModel.update,
        detail,
      },
    )
    .delete('/reports/:uuid', ({ user, params }) => deleteReport(ctx, user.id, params.uuid), {
      auth: true,
      params: ReportModel.params,
      detail,
    })
    .put(
      '/report-sections/:id',
      ({ user, params, body }) => updateSection(ctx, user.id, params.id, body),
      {
        auth: true,
        params: ReportModel.sectionParams,
        body: ReportModel.sectionUpdate,
        detail,
      },
    )
}
