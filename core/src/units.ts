// A metric's number written with its unit the way a reader writes it (issue 46): a currency
// symbol before the number with its scale glued after ('$17.9M', '€410k'), a multiple as '2.9×',
// a percentage or a bare scale glued ('12%', '40k'), and any other word after a space
// ('12 customers', '42.5 k€').

let numberFormat: Intl.NumberFormat | undefined
/**
 * A number with at most two decimals, grouped ('1,234.5'). Made on first use: a first
 * Intl.NumberFormat costs a page tens of milliseconds at load (its locale data), and most pages
 * format no number.
 */
export function plainNumber(n: number) {
  numberFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })
  return numberFormat.format(n)
}

const CURRENCY = /^[$€£¥₹₩₽₺₪₫฿]|^(?:US|A|C|NZ|HK|S)\$/
/** Scales written straight after a number: 40k, 1.2M, 3B, 2bn. */
const SCALE = /^(?:k|K|M|B|bn|mm|T)$/
/** Units written straight after a number with no space. */
const GLUED = new Set(['%', '‰', '°', '×'])

/** The unit as it is written after a number: 'x' and 'X' become the multiplication sign. */
function normalUnit(unit: string) {
  const u = unit.trim()
  return u === 'x' || u === 'X' ? '×' : u
}

/**
 * `n` with its unit: '$17.9M' for (17.9, '$M'), '2.9×' for (2.9, 'x'), '12%', '40k',
 * '−$1.2M' for a negative amount, '12 customers'; '—' for a number that is not finite.
 */
export function formatWithUnit(n: number, unit: string | null | undefined): string {
  if (!Number.isFinite(n)) return '—'
  const text = plainNumber(Math.abs(n))
  const sign = n < 0 ? '-' : ''
  const u = unit ? normalUnit(unit) : ''
  if (!u) return sign + text
  const currency = u.match(CURRENCY)?.[0]
  if (currency) {
    const rest = u.slice(currency.length).trim()
    // '$M' → '$17.9M'; '$ per seat' → '$17.9 per seat'
    const after = !rest ? '' : SCALE.test(rest) ? rest : ` ${rest}`
    return `${sign}${currency}${text}${after}`
  }
  if (GLUED.has(u) || SCALE.test(u)) return `${sign}${text}${u}`
  return `${sign}${text} ${u}`
}
