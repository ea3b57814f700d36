import { createHmac, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Engine } from '../db'
import { appSecrets } from '../db/schema'

/**
 * A secret every instance of the deployment shares, made (256 random bits) by the first that
 * needs it; in the database, so a value signed by one instance is checked by any other.
 */
export async function sharedSecret(db: Engine, name: string): Promise<string> {
  const read = async () =>
    (await db.orm.select().from(appSecrets).where(eq(appSecrets.name, name)))[0]?.value
  const found = await read()
  if (found) return found
  const bytes = new Uint8Array(32)
  crypto.getRandomValues(bytes)
  await db.orm
    .insert(appSecrets)
    .values({ name, value: Buffer.from(bytes).toString('base64url') })
    .onConflictDoNothing()
  // Another instance may have made it at the same moment: everyone uses the one stored.
  return (await read()) as string
}

const mac = (key: string, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url')

/** `payload.signature`: the payload (base64url JSON) and its HMAC-SHA256 under `key`. */
export function sign(key: string, value: unknown): string {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${payload}.${mac(key, payload)}`
}

/** The value of a signed string, or null when it was not signed with `key` (or is malformed). */
export function verify(key: string, signed: unknown): unknown {
  if (typeof signed !== 'string' || signed.length > 4000) return null
  const dot = signed.lastIndexOf('.')
  if (dot <= 0) return null
  const payload = signed.slice(0, dot)
  const given = Buffer.from(signed.slice(dot + 1))
  const expected = Buffer.from(mac(key, payload))
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString())
  } catch {
    return null
  }
}
