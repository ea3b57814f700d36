// Expand, then contract: the migrations check passes on this repository's migrations since the
// baseline, finds the non-additive migrations of issue 43 before it, and fails on each kind of
// contract statement (drop, rename, type change, NOT NULL without default, replaced function or
// trigger) unless its file is marked as a contract step.
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BASELINE, checkMigrations, statements } from './migration-check'

const server = join(import.meta.dir, '..', '..')
const work = mkdtempSync(join(tmpdir(), 'cadence-migration-check-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

let folders = 0
/** A migrations folder of the given files, in order (the first is the baseline). */
function folder(files: string[]) {
  const dir = join(work, `m${++folders}`)
  mkdirSync(join(dir, 'meta'), { recursive: true })
  const entries = files.map((_, i) => ({ idx: i, tag: `000${i}_m`, when: i, breakpoints: true }))
  files.forEach((text, i) => {
    writeFileSync(join(dir, `000${i}_m.sql`), text)
  })
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ entries }))
  return dir
}

const BASE = `CREATE TABLE "items" ("id" integer PRIMARY KEY, "body" text, "n" integer);
CREATE FUNCTION put_item(rid integer, body text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN INSERT INTO items (id, body) VALUES (rid, body); END; $$;
CREATE TRIGGER items_search AFTER INSERT ON items FOR EACH ROW EXECUTE FUNCTION put_item();`

const rulesOf = (sql: string) => checkMigrations(folder([BASE, sql]), '0000_m').map((v) => v.rule)

describe('migrations check', () => {
  test("this repository's migrations since the baseline are additive on both engines", () => {
    for (const [dir, baseline] of Object.entries(BASELINE)) {
      expect(checkMigrations(join(server, dir), baseline)).toEqual([])
    }
  })

  test('finds the migrations issue 43 named as not additive (before the baseline)', () => {
    const files = (dir: string) => new Set(checkMigrations(join(server, dir)).map((v) => v.file))
    const pg = files('drizzle-pg')
    for (const f of [
      '0005_exactly_once_and_user_locks.sql',
      '0009_share_views.sql',
      '0017_item_write_batches.sql',
      '0018_partial_item_indexes.sql',
      '0019_batch_declared_users.sql',
    ])
      expect(pg.has(f)).toBe(true)
    expect(files('drizzle').has('0018_partial_item_indexes.sql')).toBe(true)
  })

  test('additive statements pass', () => {
    expect(
      rulesOf(`ALTER TABLE "items" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "size" integer DEFAULT 0 NOT NULL;
ALTER TABLE \`items\` ADD \`flag\` integer DEFAULT false NOT NULL;
CREATE TABLE "extra" ("id" integer PRIMARY KEY);
ALTER TABLE "extra" ADD COLUMN "must" text NOT NULL;
CREATE INDEX "items_n" ON "items" USING btree ("n");
CREATE OR REPLACE FUNCTION put_item(rid integer, body text, extra text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN DROP TABLE nothing; END; $$;
ALTER TABLE "items" ADD CONSTRAINT "items_fk" FOREIGN KEY ("n") REFERENCES "extra"("id");`),
    ).toEqual([])
  })

  test('fails on each contract statement', () => {
    expect(rulesOf('DROP INDEX IF EXISTS "items_n";')).toEqual([
      'drops an object the running version may use',
    ])
    expect(rulesOf('DROP TRIGGER items_search ON items;')).toHaveLength(1)
    expect(rulesOf('DROP TABLE `items`;')).toHaveLength(1)
    expect(rulesOf('ALTER TABLE "items" DROP COLUMN "n";')).toEqual([
      'drops a column or constraint',
    ])
    expect(rulesOf('ALTER TABLE `items` RENAME TO `things`;')).toEqual(['renames'])
    expect(rulesOf('ALTER TABLE "items" RENAME COLUMN "n" TO "m";')).toEqual(['renames'])
    expect(rulesOf('ALTER TABLE "items" ALTER COLUMN "n" SET DATA TYPE bigint;')).toEqual([
      "changes a column's type",
    ])
    expect(rulesOf('ALTER TABLE "items" ALTER COLUMN "n" TYPE bigint;')).toEqual([
      "changes a column's type",
    ])
    expect(rulesOf('ALTER TABLE "items" ALTER COLUMN "body" SET NOT NULL;')).toEqual([
      'makes a column NOT NULL',
    ])
    expect(rulesOf('ALTER TABLE "items" ALTER COLUMN "n" DROP DEFAULT;')).toEqual([
      "removes a column's default",
    ])
    expect(rulesOf('ALTER TABLE "items" ADD COLUMN "must" text NOT NULL;')).toEqual([
      'adds a NOT NULL column without a DEFAULT to an existing table',
    ])
    expect(
      rulesOf(`CREATE OR REPLACE FUNCTION put_item(other integer, name text) RETURNS void
LANGUAGE plpgsql AS $$ BEGIN END; $$;`),
    ).toEqual(['replaces the existing function PUT_ITEM(INTEGER,TEXT)'])
    expect(
      rulesOf(
        'CREATE OR REPLACE TRIGGER items_search AFTER UPDATE ON items FOR EACH ROW EXECUTE FUNCTION put_item();',
      ),
    ).toEqual(['replaces the existing trigger ITEMS_SEARCH'])
  })

  test('a drop in a migration marked as a contract step passes; the next unmarked one fails', () => {
    const dir = folder([
      BASE,
      '-- contract: no released version reads items.n since 2.3\nALTER TABLE "items" DROP COLUMN "n";',
      'DROP INDEX "items_body";',
    ])
    expect(checkMigrations(dir, '0000_m').map((v) => v.file)).toEqual(['0002_m.sql'])
  })

  test('statements split at semicolons outside quotes, comments and $$ bodies', () => {
    expect(
      statements(`-- a comment; with a semicolon
CREATE FUNCTION f() RETURNS void AS $body$ BEGIN PERFORM 1; END; $body$ LANGUAGE plpgsql;--> statement-breakpoint
INSERT INTO t VALUES ('a;b', "c;d");`),
    ).toEqual([
      'CREATE FUNCTION f() RETURNS void AS $body$ BEGIN PERFORM 1; END; $body$ LANGUAGE plpgsql',
      `INSERT INTO t VALUES ('a;b', "c;d")`,
    ])
  })

  test('a baseline not in the journal is an error, not a silent pass', () => {
    expect(() => checkMigrations(folder([BASE]), '0099_gone')).toThrow('not in the journal')
  })
})
