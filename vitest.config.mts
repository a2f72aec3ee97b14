import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "src"),
      "@db": path.resolve(import.meta.dirname, "db"),
      // The protocol package's TypeScript source, as tsconfig `paths` maps it for tsc, tsx and Next.js.
      "@harness-lab/protocol": path.resolve(import.meta.dirname, "packages/protocol/src/index.ts"),
      // `server-only` throws outside a React server bundle; services are tested directly.
      "server-only": path.resolve(import.meta.dirname, "tests/support/server-only-stub.ts"),
    },
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    pool: "forks",
    // One throwaway PostgreSQL server for the run (skipped, with a notice, where there is none).
    globalSetup: ["tests/support/pg-global.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
