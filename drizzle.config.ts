import { defineConfig } from 'drizzle-kit';

// drizzle-kit only generates migrations; the app applies them itself (PGlite needs its contrib
// extensions loaded, which drizzle-kit's own driver cannot do — STACK.md).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
});
