/**
 * Every table, written once in the neutral words of vocabulary.ts. db/schema and db/schema-pg
 * render them for SQLite and PostgreSQL (render.ts) and export each under the name it has here.
 */
export { suites, tasks, configs } from "./suites";
export { devices } from "./devices";
export { sessions } from "./sessions";
export { jobs, leases } from "./jobs";
export { runs, turns, traces, scores } from "./runs";
export { runFacts, turnFacts } from "./runFacts";
export { settings, loginAttempts, adminLogouts } from "./access";
