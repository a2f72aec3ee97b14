import { defineConfig } from "drizzle-kit";

// PostgreSQL migrations (drizzle.config.ts is SQLite's): `npx drizzle-kit generate --config drizzle.pg.config.ts`.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema-pg/index.ts",
  out: "./db/migrations-pg",
});
