import { createHash } from "node:crypto";

/**
 * When a dashboard opening its database installs the summaries' maintenance, on either engine.
 *
 * The install records a fingerprint of what it rendered (`facts_definition`: a view on SQLite, a
 * function on PostgreSQL, replaced with the triggers in their transaction). Nothing is replaced
 * when the fingerprint and the objects are already the rendered ones: on PostgreSQL dropping a
 * trigger locks its table (ACCESS EXCLUSIVE), which every process starting on a live database would
 * otherwise take. A different fingerprint means the definition changed since the rows were written
 * (a column added, an expression changed): the install then recomputes every row, in the same
 * transaction, which no migration can do (a migration runs before the new functions exist). No
 * fingerprint means the objects came from before this install existed (the PostgreSQL migrations
 * 0002–0011, SQLite's triggers of before issue 33): the rendered objects compute the same rows
 * (tests/integration/postgres/facts-install.test.ts), so they replace them without a rebuild.
 */
export interface Installed {
  /** The recorded fingerprint, or null when none was. */
  hash: string | null;
  /** The names of the install's triggers present. */
  triggers: string[];
  /** PostgreSQL: each rendered function is present with the rendered body (always true on SQLite). */
  functions: boolean;
}

export interface Plan {
  install: boolean;
  rebuild: boolean;
}

export function installPlan(found: Installed, want: { hash: string; triggers: string[] }): Plan {
  const rebuild = found.hash !== null && found.hash !== want.hash;
  const same = (a: string[], b: string[]) =>
    a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);
  const current = found.hash === want.hash && found.functions && same(found.triggers, want.triggers);
  return { install: !current, rebuild };
}

/** The fingerprint of a rendering: its statements' text. */
export function fingerprint(statements: string[]): string {
  return createHash("sha256").update(statements.join("\n;\n")).digest("hex").slice(0, 32);
}
