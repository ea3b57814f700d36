import { defineConfig } from 'drizzle-kit'

// PostgreSQL migrations (DATABASE_URL=postgres://…): generated from src/db/pg/schema.ts like the
// SQLite ones; triggers and search are hand-written migrations in the same folder.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/pg/schema.ts',
  out: './drizzle-pg',
})
