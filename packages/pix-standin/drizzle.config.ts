import { defineConfig } from 'drizzle-kit';

/** The stand-in's own tables and migrations (applied when the app mounts it, in their own migrations table). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/pix-standin/src/schema.ts',
  out: './packages/pix-standin/drizzle',
  casing: 'snake_case',
});
