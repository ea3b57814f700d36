import type { BriefAsk } from '@cadence/contract'

/**
 * 'Asks of you' in the report's e-mail (modules/delivery/mail-render.ts), right after the health
 * table: one line per open ask with its project. Readers answer on the private link. Pure.
 */
const oneLine = (text: string) => text.replaceAll(/\s*[\r\n]+\s*/g, ' ').trim()

/** The plain-text block (nothing without asks). */
export function asksText(asks: BriefAsk[] | undefined): string[] {
  if (!asks?.length) return []
  return [
    'Asks of you',
    '-----------',
    ...asks.map(
      (a, i) => `${i + 1}. ${oneLine(a.content)}${a.project_name ? ` (${a.project_name})` : ''}`,
    ),
    '',
  ]
}

/** The HTML block, with the e-mail's inline styles and its escaping (nothing without asks). */
export function asksHtml(
  asks: BriefAsk[] | undefined,
  style: { h3: string; small: string },
  esc: (text: string) => string,
): string[] {
  if (!asks?.length) return []
  return [
    `<h3 style="${style.h3}">Asks of you</h3>`,
    '<ol style="margin:0 0 8px;padding-left:20px">',
    ...asks.map(
      (a) =>
        `<li style="margin:0 0 4px">${esc(a.content)}${
          a.project_name ? ` <small style="${style.small}">${esc(a.project_name)}</small>` : ''
        }</li>`,
    ),
    '</ol>',
  ]
}
