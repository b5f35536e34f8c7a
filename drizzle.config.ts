import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` is used: migrations are applied from code (src/server/db/migrate.ts),
// because drizzle-kit's own migrate does not create the extensions the schema needs.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
