import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { AppContext } from '../../context'
import { HttpError } from '../../lib/errors'

/**
 * Sources' tokens at rest: AES-256-GCM under a key derived (HKDF-SHA256) from SECRET_KEY or, on
 * SQLite without it, from a key file made beside the database at first need (mode 0600). On
 * PostgreSQL (several instances) SECRET_KEY is required: without it no source can be made.
 * Stored as `v1.<base64url(iv ‖ ciphertext ‖ tag)>`.
 */

export const NO_SECRET_KEY = 'Sources need SECRET_KEY set on the server (PostgreSQL)'
export const KEY_FILE = 'cadence-secret.key'

const derive = (secret: string | Buffer) =>
  Buffer.from(hkdfSync('sha256', secret, 'cadence', 'sources-token-v1', 32))

const keys = new Map<string, Buffer>()

/** Where the key file of a SQLite database lives (null: an in-memory database). */
export const keyFilePath = (databasePath: string) =>
  databasePath === ':memory:' ? null : join(dirname(databasePath), KEY_FILE)

function fileSecret(path: string): Buffer {
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true })
    try {
      // `wx`: two starts at once keep the first file.
      writeFileSync(path, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    chmodSync(path, 0o600)
  }
  return Buffer.from(readFileSync(path, 'utf8').trim())
}

/** The token key of this deployment; 503 on PostgreSQL without SECRET_KEY. */
export function tokenKey({ db, config }: AppContext): Buffer {
  const id = config.secretKey
    ? `secret:${config.secretKey}`
    : db.kind === 'pg'
      ? null
      : `file:${config.databasePath}`
  if (!id) throw new HttpError(503, NO_SECRET_KEY)
  let key = keys.get(id)
  if (!key) {
    const path = keyFilePath(config.databasePath)
    key = derive(
      config.secretKey
        ? config.secretKey
        : path
          ? fileSecret(path)
          : // An in-memory database dies with the process: so may its key.
            randomBytes(32),
    )
    keys.set(id, key)
  }
  return key
}

export function encryptToken(key: Buffer, token: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
  return `v1.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`
}

/** The token, or null when it was not encrypted under `key` (the key changed) or is damaged. */
export function decryptToken(key: Buffer, stored: string): string | null {
  if (!stored.startsWith('v1.')) return null
  const raw = Buffer.from(stored.slice(3), 'base64url')
  if (raw.length < 12 + 16) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
    decipher.setAuthTag(raw.subarray(raw.length - 16))
    return Buffer.concat([
      decipher.update(raw.subarray(12, raw.length - 16)),
      decipher.final(),
    ]).toString('utf8')
  } catch {
    return null
  }
}
