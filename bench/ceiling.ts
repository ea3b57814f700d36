// The ceiling: a bare Bun.serve answering fixed bytes, nothing else. Args: port, body file, status, type.
const [port, file, status, type] = process.argv.slice(2)
const body = new Uint8Array(await Bun.file(file).arrayBuffer())
Bun.serve({
  port: Number(port),
  hostname: '127.0.0.1',
  fetch: () => new Response(body, { status: Number(status), headers: { 'content-type': type } }),
})
console.log('up')
