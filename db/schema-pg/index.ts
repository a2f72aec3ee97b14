// The PostgreSQL schema: the same tables, columns and indexes as db/schema (SQLite), checked by
// tests/unit/db/schema-parity.test.ts. Millisecond timestamps are bigint, booleans boolean.
export * from "./suites";
export * from "./devices";
export * from "./sessions";
export * from "./jobs";
export * from "./runs";
export * from "./runFacts";
export * from "./access";
