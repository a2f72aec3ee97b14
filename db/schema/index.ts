// SQLite's drizzle tables: the one definition of db/tables, rendered for SQLite (db/tables/render.ts).
import * as tables from "../tables";
import { sqliteTables } from "../tables/render";

export const {
  suites,
  tasks,
  configs,
  devices,
  sessions,
  jobs,
  leases,
  runs,
  turns,
  traces,
  scores,
  runFacts,
  turnFacts,
  settings,
  loginAttempts,
  adminLogouts,
} = sqliteTables(tables);
