import { createHash } from "node:crypto";

/**
 * When a dashboard opening its database installs the summaries' maintenance, on either engine.
 *
 * The install records a fingerprint of what it rendered (`facts_definition`: a view on SQLite, a
 * function on PostgreSQL, replaced with the triggers in their transaction). Nothing is replaced
 * when the fingerprint and the objects are already the rendered ones: on PostgreSQL dropping a
 * trigger locks its table (ACCESS EXCLUSIVE), which every process starting on a live database would
 * otherwise take. A different fingerprint means the rows were written by another definition (a
 * column added, an expression changed): the install then recomputes every row in the same
 * transaction, which no migration can do (a migration runs before the new functions exist).
 */
export interface Installed {
  /** The recorded fingerprint, or null when none was. */
  hash: string | null;
  /** The names of the install's triggers present. */
  triggers: readonly string[];
  /** PostgreSQL: each rendered function is present with the rendered body (always true on SQLite). */
  functions: boolean;
}

/**
 * The fingerprints of the definition as it stood when fingerprints were introduced (issue 33.2),
 * which is what a database without one was kept by: the PostgreSQL migrations 0002–0011's
 * functions and SQLite's triggers of before then compute the same rows
 * (tests/integration/postgres/facts-install.test.ts). Such a database is recomputed only if the
 * definition has changed since. Never edit these: they describe the past.
 */
export const FIRST_FINGERPRINT = {
  sqlite: "e563f4d5fca51c1718f414c9e368afe0",
  postgres: "5d7d0f8638ced02bf35a459c0c802794",
} as const;

/**
 * Renderings that compute the same rows as a later one (earlier fingerprint → later fingerprint),
 * so a database kept by the earlier has its triggers replaced without a recomputation. Never edit
 * these: they describe the past.
 * - SQLite c8c5a034… → 4794443a…: trace bodies stored compressed (issue 35.5); the triggers read
 *   `CAST(trace_utf8(NEW.body) AS TEXT)` where they read `NEW.body`, the same text.
 */
export const SAME_ROWS: Readonly<Record<string, string>> = {
  c8c5a034d7f9693e90d033d29ff4b150: "4794443a3d2e95cbc9eef1780f24717e",
};

export interface Plan {
  install: boolean;
  rebuild: boolean;
}

export function installPlan(
  found: Installed,
  want: { hash: string; triggers: readonly string[]; engine: keyof typeof FIRST_FINGERPRINT },
): Plan {
  const kept = found.hash ?? FIRST_FINGERPRINT[want.engine];
  const rebuild = kept !== want.hash && SAME_ROWS[kept] !== want.hash;
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);
  const current = found.hash === want.hash && found.functions && same(found.triggers, want.triggers);
  return { install: !current, rebuild };
}

/** The fingerprint of a rendering: its statements' text. */
export function fingerprint(statements: string[]): string {
  return createHash("sha256").update(statements.join("\n;\n")).digest("hex").slice(0, 32);
}
