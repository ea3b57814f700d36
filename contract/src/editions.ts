// Response schemas of this area of the API (see index.ts): a sent report's editions — what its
// readers got at each Send and 'Send update', frozen.
import { t } from 'elysia'
import { EditionInfo, SharedBrief } from './sharing'

/** POST /api/reports/{uuid}/editions (201): the edition just frozen and delivered. */
export const Edition = EditionInfo
export type Edition = EditionInfo

/** GET /api/reports/{uuid}/editions: newest first. */
export const EditionList = t.Array(EditionInfo)
export type EditionList = typeof EditionList.static

/** GET /api/reports/{uuid}/editions/{number}: the frozen brief and which edition it is. */
export const EditionDetail = t.Composite([SharedBrief, EditionInfo])
export type EditionDetail = typeof EditionDetail.static
