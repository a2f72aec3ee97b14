import type { PoolClient } from "pg";
import { OWNED } from "./definition";
import { createFunction, fingerprintFunction, functionName, renderPg, type PgRendering, type Shape } from "./postgres";
import { installPlan, type Plan } from "./plan";

/**
 * Installs the rendered maintenance (db/facts/postgres.ts) on `conn`, which holds the migrations'
 * advisory lock (db/pg-client.ts): after the migrations, so it renders against the tables they
 * built, and once per change however many processes start together (the next one finds it current,
 * db/facts/plan.ts). One transaction: the functions replaced, the install's triggers dropped and
 * created again, the fingerprint, and the rebuild when the definition changed; a process that
 * fails halfway leaves the previous install whole.
 */
export async function installPgFacts(conn: PoolClient): Promise<Plan> {
  const want = renderPg(await shapes(conn));
  const found = await installed(conn, want);
  const plan = installPlan(found, {
    hash: want.hash,
    triggers: want.triggers.map((t) => t.name),
    engine: "postgres",
  });
  if (!plan.install) return plan;
  await conn.query("BEGIN");
  try {
    for (const t of found.triggerRows) await conn.query(`DROP TRIGGER IF EXISTS ${t.name} ON ${t.on}`);
    // Trigger functions nothing renders any more: the migrations' (run_facts_on_score, …, facts_log_write).
    for (const name of found.orphans) await conn.query(`DROP FUNCTION IF EXISTS ${name}()`);
    for (const f of want.functions) await conn.query(createFunction(f));
    for (const t of want.triggers) await conn.query(t.sql);
    await conn.query(createFunction(fingerprintFunction(want.hash)));
    if (plan.rebuild) await conn.query("SELECT run_facts_rebuild()");
    await conn.query("COMMIT");
  } catch (err) {
    await conn.query("ROLLBACK").catch(() => {});
    throw err;
  }
  return plan;
}

/** run_facts' and turn_facts' columns and types, in the tables' order. */
export async function shapes(conn: PoolClient): Promise<{ run_facts: Shape; turn_facts: Shape }> {
  const r = await conn.query<{ t: string; name: string; type: string }>(
    `SELECT table_name AS t, column_name AS name, data_type AS type FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name IN ('run_facts', 'turn_facts') ORDER BY ordinal_position`,
  );
  const of = (t: string) => r.rows.filter((c) => c.t === t).map(({ name, type }) => ({ name, type }));
  return { run_facts: of("run_facts"), turn_facts: of("turn_facts") };
}

/** What the database holds of the install's objects now. */
async function installed(conn: PoolClient, want: PgRendering) {
  const triggerRows = (
    await conn.query<{ name: string; on: string }>(
      `SELECT t.tgname AS name, c.relname AS "on" FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace`,
    )
  ).rows.filter((t) => OWNED.test(t.name));
  const procs = (
    await conn.query<{ name: string; src: string; trigger: boolean }>(
      `SELECT proname AS name, prosrc AS src, prorettype = 'trigger'::regtype AS trigger FROM pg_proc
        WHERE pronamespace = current_schema()::regnamespace`,
    )
  ).rows;
  const recorded = procs.find((p) => p.name === "facts_definition")?.src.match(/'([^']*)'/)?.[1] ?? null;
  const rendered = new Set(want.functions.map(functionName));
  return {
    hash: recorded,
    triggers: triggerRows.map((t) => t.name),
    functions: want.functions.every((f) => procs.some((p) => p.name === functionName(f) && p.src === f.body)),
    triggerRows,
    orphans: procs.filter((p) => p.trigger && OWNED.test(p.name) && !rendered.has(p.name)).map((p) => p.name),
  };
}
