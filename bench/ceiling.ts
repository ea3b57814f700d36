// The ceiling: a bare Bun.serve answering fixed bytes, nothing else.
// Args: port, body file, status, content type, content encoding ('' when none), and optionally a
// JSON file of the headers the measured answer carried (all of them but Date and Content-Length,
// which Bun writes): then the ceiling answers the same bytes on the wire, head and body.
const [port, file, status, type, encoding, headersFile] = process.argv.slice(2)
const body = new Uint8Array(await Bun.file(file).arrayBuffer())
const headers: Record<string, string> = headersFile
  ? await Bun.file(headersFile).json()
  : { 'content-type': type }
if (encoding && !headersFile) headers['content-encoding'] = encoding
Bun.serve({
  port: Number(port),
  hostname: '127.0.0.1',
  fetch: () => new Response(body, { status: Number(status), headers }),
})
console.log('up')
