import { defineConfig } from 'drizzle-kit';

/** The stand-in's own tables and migrations (applied when the app mounts it, in their own migrations table). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/payments-standin/src/schema.ts',
  out: './packages/payments-standin/drizzle',
  casing: 'snake_case',
});
