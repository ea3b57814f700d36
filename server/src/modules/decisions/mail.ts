import type { BriefDecision } from '@cadence/contract'

/**
 * 'Decided this week' in the report's e-mail (modules/delivery/mail-render.ts): one line per
 * decision (who, the day, the project, the revisit date) and its why. Pure.
 */
const day = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  })

const oneLine = (text: string) => text.replaceAll(/\s*[\r\n]+\s*/g, ' ').trim()

/** Who, when, where and when to revisit: 'Maya Chen · Nov 18, 2026 · Apollo · Revisit …'. */
export const decisionMeta = (d: BriefDecision) =>
  [
    d.decided_by_name,
    day(d.decided_on),
    d.project_name,
    d.revisit_on && `Revisit ${day(d.revisit_on)}`,
  ]
    .filter(Boolean)
    .join(' · ')

/** The plain-text block (nothing without decisions). */
export function decisionsText(decisions: BriefDecision[] | undefined): string[] {
  if (!decisions?.length) return []
  const out = ['Decided this week', '-----------------']
  for (const d of decisions) {
    out.push(`- ${oneLine(d.title)} (${decisionMeta(d)})`)
    if (d.rationale?.trim()) out.push(`  Why: ${oneLine(d.rationale)}`)
  }
  out.push('')
  return out
}

/** The HTML block, with the e-mail's inline styles and its escaping (nothing without decisions). */
export function decisionsHtml(
  decisions: BriefDecision[] | undefined,
  style: { h3: string; ul: string; li: string; small: string },
  escapeText: (text: string) => string,
): string[] {
  if (!decisions?.length) return []
  return [
    `<h3 style="${style.h3}">Decided this week</h3>`,
    `<ul style="${style.ul}">`,
    ...decisions.map(
      (d) =>
        `<li style="${style.li}">${escapeText(d.title)} <small style="${style.small}">${escapeText(decisionMeta(d))}</small>${
          d.rationale?.trim()
            ? `<br><small style="${style.small}">Why: ${escapeText(d.rationale)}</small>`
            : ''
        }</li>`,
    ),
    '</ul>',
  ]
}
