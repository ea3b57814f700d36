// Response schemas of this area of the API (see index.ts): section templates and the section types
// a report's sections take from them.
import { t } from 'elysia'

export const SectionType = t.Union([
  t.Literal('standard'),
  t.Literal('tasks'),
  t.Literal('followups'),
])
export type SectionType = typeof SectionType.static

/** A section template (GET/POST/PUT /api/section-templates): a report's sections are made from them. */
export const SectionTemplate = t.Object({
  id: t.Number(),
  user_id: t.Number(),
  name: t.String(),
  type: SectionType,
  sort_order: t.Number(),
  created_at: t.String(),
  updated_at: t.String(),
})
export type SectionTemplate = typeof SectionTemplate.static
