/**
 * The path and query of a request URL, without building a URL object: every request reads its
 * path (app.ts, http-cache.ts), and `new URL` was a measurable part of a cached answer. Request
 * URLs are absolute (`http://host/path?query`), as Bun gives them.
 */
export function pathAndQuery(url: string): { pathname: string; search: string } {
  const scheme = url.indexOf('//')
  const start = url.indexOf('/', scheme < 0 ? 0 : scheme + 2)
  if (start < 0) return { pathname: '/', search: '' }
  const hash = url.indexOf('#', start)
  const end = hash < 0 ? url.length : hash
  const query = url.indexOf('?', start)
  if (query < 0 || query > end) return { pathname: url.slice(start, end), search: '' }
  return {
    pathname: url.slice(start, query),
    search: query + 1 === end ? '' : url.slice(query, end),
  }
}
