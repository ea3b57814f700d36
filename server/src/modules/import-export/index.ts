import {
  ErrorBody,
  ExportDocument,
  ImportCounts,
  ImportStructure,
  ReportImportResult,
} from '@cadence/contract'
import { Elysia } from 'elysia'
import type { AppContext } from '../../context'
import { BadRequest } from '../../lib/errors'
import { MB, routeRules } from '../../lib/route-rules'
import { streamedResponse } from '../../lib/sliced-text'
import { authPlugin } from '../auth/plugin'
import { checkedDocument } from './document-check'
import { ImportExportModel } from './model'
import {
  exportAccountChunks,
  exportReport,
  importAccount,
  importIntoReport,
  previewImport,
} from './service'

export function importExportModule(ctx: AppContext) {
  const detail = { tags: ['import-export'] }
  // The document is written as a stream (account-export.ts), gzipped off the event loop when the
  // client accepts it; its type is still the route's 200.
  const exportDocument = (request: Request, userId: number) =>
    streamedResponse(request, exportAccountChunks(ctx, userId), {
      'content-type': 'application/json; charset=utf-8',
    }) as unknown as ExportDocument
  // Documents come in larger than JSON edits: a report's Markdown up to 2 MB, an account's 8 MB.
  const reportDocument = { bodyLimit: 2 * MB }
  // The account document is checked against its schema in steps (document-check.ts), not by
  // Elysia in one turn; the schema is still the route's documented body.
  const checked = checkedDocument
  const documentBody = {
    required: true,
    content: { 'application/json': { schema: ImportExportModel.document as never } },
  }
  // Validators compiled at start: the account document's is large, and compiling it on the first
  // import held the event loop for that request.
  return new Elysia({ prefix: '/api', precompile: true })
    .use(authPlugin(ctx))
    .use(routeRules)
    .post('/reports/import/preview', ({ user, body }) => previewImport(ctx, user.id, body), {
      auth: true,
      rules: reportDocument,
      body: ImportExportModel.preview,
      response: {
        200: ImportStructure,
        400: ErrorBody,
        401: ErrorBody,
        404: ErrorBody,
        413: ErrorBody,
      },
      detail,
    })
    .post(
      '/reports/:uuid/import',
      ({ user, params, body }) => importIntoReport(ctx, user.id, params.uuid, body.text),
      {
        auth: true,
        rules: reportDocument,
        params: ImportExportModel.params,
        body: ImportExportModel.text,
        response: {
          200: ReportImportResult,
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          413: ErrorBody,
        },
        detail,
      },
    )
    .get(
      '/reports/:uuid/export',
      async ({ request, user, params, query }) => {
        const format = query.format ?? 'md'
        if (format !== 'md' && format !== 'html' && format !== 'text')
          throw new BadRequest("format must be 'md', 'html' or 'text'")
        // md: 'Copy as Markdown'; html and text: the report e-mail's two parts ('Copy for e-mail').
        // Written as it is made (markdown-export.ts): a report at its item limit is megabytes.
        const { filename, contentType, chunks } = await exportReport(
          ctx,
          user.id,
          params.uuid,
          format,
        )
        return streamedResponse(request, chunks, {
          'content-type': contentType,
          'content-disposition': `attachment; filename="${filename}"`,
        })
      },
      {
        auth: true,
        params: ImportExportModel.params,
        query: ImportExportModel.exportQuery,
        detail,
      },
    )
    .get('/export', ({ request, user }) => exportDocument(request, user.id), {
      auth: true,
      response: { 200: ExportDocument, 401: ErrorBody },
      detail,
    })
    .post('/import', async ({ user, body }) => importAccount(ctx, user.id, await checked(body)), {
      auth: true,
      rules: { bodyLimit: 8 * MB },
      response: {
        200: ImportCounts,
        400: ErrorBody,
        401: ErrorBody,
        403: ErrorBody,
        413: ErrorBody,
      },
      detail: { ...detail, requestBody: documentBody },
    })
}
