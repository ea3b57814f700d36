// Test support: a real SMTP server (the `smtp-server` package) on 127.0.0.1 and a random port,
// and a small MIME reader for what it receives. Only tests import this file (the server's own
// tests directly, e2e journeys through `@cadence/server/testing`).
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type Received = {
  mailFrom: string
  rcptTo: string[]
  raw: string
  message: MimePart
}

export type TestSmtp = {
  url: string
  port: number
  received: Received[]
  /** While set, every message is refused with this 550 reply. */
  reject: string | null
  /** Resolves when `count` messages have arrived (or throws after `timeoutMs`). */
  waitFor: (count: number, timeoutMs?: number) => Promise<Received[]>
  close: () => Promise<void>
}

export async function startTestSmtp(auth = { user: 'mailer', pass: 'secret' }): Promise<TestSmtp> {
  const state: TestSmtp = {
    url: '',
    port: 0,
    received: [],
    reject: null,
    waitFor: async (count, timeoutMs = 10_000) => {
      const until = Date.now() + timeoutMs
      while (state.received.length < count) {
        if (Date.now() > until) {
          throw new Error(`expected ${count} messages, got ${state.received.length}`)
        }
        await Bun.sleep(20)
      }
      return state.received
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(login, _session, callback) {
      if (login.username === auth.user && login.password === auth.pass) {
        return callback(null, { user: login.username })
      }
      callback(Object.assign(new Error('Invalid credentials'), { responseCode: 535 }))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        if (state.reject) {
          return callback(Object.assign(new Error(state.reject), { responseCode: 550 }))
        }
        const raw = Buffer.concat(chunks).toString('utf8')
        const from = session.envelope.mailFrom
        state.received.push({
          mailFrom: from ? from.address : '',
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw,
          message: parseMime(raw),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  // biome-ignore lint/suspicious/noExplicitAny: the server's net.Server is not in the typings
  const port = ((server as any).server.address() as AddressInfo).port
  state.port = port
  state.url = `smtp://${auth.user}:${auth.pass}@127.0.0.1:${port}`
  return state
}

/** A port nothing listens on: a closed port refuses the connection at once. */
export async function closedPort() {
  const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = probe.port
  probe.stop(true)
  return port
}

// ---- MIME ----

export type MimePart = {
  headers: Map<string, string>
  contentType: string
  /** Decoded body of a leaf part. */
  body: string
  parts: MimePart[]
}

function decodeWords(value: string) {
  // Whitespace between two adjacent encoded words is not part of the text (RFC 2047 6.2).
  return value
    .replaceAll(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([bqBQ])\?([^?]*)\?=/g, (_, _charset, enc, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQp(text.replaceAll('_', ' ')),
    )
}

function decodeQp(text: string) {
  const bytes: number[] = []
  const soft = text.replace(/=\r?\n/g, '')
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3)
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(soft[i], 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

export function parseMime(raw: string): MimePart {
  const split = raw.search(/\r?\n\r?\n/)
  const head = split === -1 ? raw : raw.slice(0, split)
  const rest = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '')
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) {
      headers.set(
        line.slice(0, colon).trim().toLowerCase(),
        decodeWords(line.slice(colon + 1).trim()),
      )
    }
  }
  const type = headers.get('content-type') ?? 'text/plain'
  const contentType = type.split(';')[0].trim().toLowerCase()
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (contentType.startsWith('multipart/') && boundary) {
    const parts = rest
      .split(`--${boundary}`)
      .slice(1)
      .filter((p) => !p.startsWith('--'))
      .map((p) => parseMime(p.replace(/^\r?\n/, '')))
    return { headers, contentType, body: '', parts }
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  const body =
    encoding === 'base64'
      ? Buffer.from(rest.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQp(rest)
        : rest
  return { headers, contentType, body: body.replaceAll('\r\n', '\n'), parts: [] }
}

/** Every leaf part, depth first. */
export function leaves(part: MimePart): MimePart[] {
  return part.parts.length ? part.parts.flatMap(leaves) : [part]
}
