import { defineConfig } from "drizzle-kit";

// Generates SQL migrations from the schema; never used to push. `npm run db:generate`.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema/index.ts",
  out: "./server/db/migrations",
  casing: undefined,
});
