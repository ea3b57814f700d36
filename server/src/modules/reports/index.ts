import {
  CarryOverResult,
  Deleted,
  ErrorBody,
  NewReport,
  Report,
  ReportChanges,
  ReportDetail,
  ReportExists,
  ReportSectionRow,
  SectionOrder,
} from '@cadence/contract'
import { Elysia, t } from 'elysia'
import type { AppContext } from '../../context'
import { routeRules } from '../../lib/route-rules'
import { slicedJsonResponse } from '../../lib/sliced-json'
import { authPlugin } from '../auth/plugin'
import { ReportModel } from './model'
import { reportChanges } from './read/changes'
import { ITEM_PAGE, listReports } from './read/find'
import { orderSections } from './section-order'
import { carryIntoReport, createReport, deleteReport, updateReport, updateSection } from './service'
import { addStarterSections } from './starter-sections'
import { reportWithUnsent } from './unsent'

export function reportsModule(ctx: AppContext) {
  const detail = { tags: ['reports'] }
  return new Elysia({ prefix: '/api' })
    .use(authPlugin(ctx))
    .use(routeRules)
    .get('/reports', ({ user }) => listReports(ctx, user.id), {
      auth: true,
      rules: { cachedPerUser: true },
      response: { 200: t.Array(Report), 401: ErrorBody },
      detail,
    })
    .post('/reports', ({ user, body }) => createReport(ctx, user.id, body), {
      auth: true,
      body: ReportModel.create,
      // 403: the account is at the admin's max_reports_per_user.
      response: {
        200: NewReport,
        400: ErrorBody,
        401: ErrorBody,
        403: ErrorBody,
        409: ReportExists,
      },
      detail,
    })
    .get(
      '/reports/:uuid',
      async ({ user, params }) => {
        const detail = await reportWithUnsent(ctx, user.id, params.uuid)
        // A large report is megabytes of JSON: written in time slices, not in one turn (issue
        // 42); lib/http-cache.ts caches and compresses that answer like any other.
        const items = detail.sections.reduce((n, s) => n + s.items.length, 0)
        if (items <= ITEM_PAGE) return detail
        // The same document as text (Elysia types a handler as its schema or a Response, not both).
        return (await slicedJsonResponse(detail)) as unknown as typeof detail
      },
      {
        auth: true,
        rules: { cachedPerUser: true },
        params: ReportModel.params,
        response: { 200: ReportDetail, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        detail,
      },
    )
    .post(
      '/reports/:uuid/carry-over',
      ({ user, params }) => carryIntoReport(ctx, user.id, params.uuid),
      {
        auth: true,
        params: ReportModel.params,
        response: { 200: CarryOverResult, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        detail,
      },
    )
    .post(
      '/reports/:uuid/starter-sections',
      ({ user, params }) => addStarterSections(ctx, user.id, params.uuid),
      {
        auth: true,
        params: ReportModel.params,
        response: { 200: ReportDetail, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        detail: { ...detail, summary: 'Give a report with no sections the three usual ones' },
      },
    )
    .get('/reports/:uuid/changes', ({ user, params }) => reportChanges(ctx, user.id, params.uuid), {
      auth: true,
      params: ReportModel.params,
      response: { 200: ReportChanges, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail,
    })
    .put(
      '/reports/:uuid',
      ({ user, params, body }) => updateReport(ctx, user.id, params.uuid, body),
      {
        auth: true,
        params: ReportModel.params,
        body: ReportModel.update,
        // 429: a Send that e-mails or posts is over the send quota (nothing changed).
        response: {
          200: Report,
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          429: ErrorBody,
        },
        detail,
      },
    )
    .delete('/reports/:uuid', ({ user, params }) => deleteReport(ctx, user.id, params.uuid), {
      auth: true,
      params: ReportModel.params,
      response: { 200: Deleted, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      detail,
    })
    .put(
      '/reports/:uuid/sections/order',
      ({ user, params, body }) => orderSections(ctx, user.id, params.uuid, body),
      {
        auth: true,
        params: ReportModel.params,
        body: ReportModel.sectionOrder,
        // 400: section_ids is not every section of the report exactly once (nothing changed).
        response: { 200: SectionOrder, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        detail: { ...detail, summary: "Put a report's sections in a new order" },
      },
    )
    .put(
      '/report-sections/:id',
      ({ user, params, body }) => updateSection(ctx, user.id, params.id, body),
      {
        auth: true,
        params: ReportModel.sectionParams,
        body: ReportModel.sectionUpdate,
        response: { 200: ReportSectionRow, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        detail,
      },
    )
}
