// The ceiling: a bare Bun.serve answering fixed bytes, nothing else.
// Args: port, body file, status, content type, content encoding ('' when none).
const [port, file, status, type, encoding] = process.argv.slice(2)
const body = new Uint8Array(await Bun.file(file).arrayBuffer())
const headers: Record<string, string> = { 'content-type': type }
if (encoding) headers['content-encoding'] = encoding
Bun.serve({
  port: Number(port),
  hostname: '127.0.0.1',
  fetch: () => new Response(body, { status: Number(status), headers }),
})
console.log('up')
