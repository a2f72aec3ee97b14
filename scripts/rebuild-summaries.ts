/**
 * `npm run rebuild-summaries [-- --db PATH|postgres://…]`: recomputes the analytics summary rows
 * (`run_facts` and `turn_facts`, ADR 10 and 11) from the raw tables. Safe while the dashboard runs (one write
 * transaction). Default database `DATABASE_URL` when it is a PostgreSQL URL, else `DB_PATH` or
 * ./data/harness-lab.db.
 */
import { isPostgresUrl } from "../db/engine";
import { createContext, createPgContext } from "../src/server/context";
import { rebuildSummaries } from "../src/server/summaries/rebuildSummaries";

const args = process.argv.slice(2);
const i = args.indexOf("--db");
const db =
  i >= 0
    ? args[i + 1]
    : isPostgresUrl(process.env.DATABASE_URL)
      ? process.env.DATABASE_URL!
      : process.env.DB_PATH || "./data/harness-lab.db";

async function main() {
  const t = performance.now();
  const ctx = isPostgresUrl(db) ? await createPgContext(db) : createContext(db);
  try {
    const r = await rebuildSummaries(ctx);
    // A URL may carry a password: name only its host and database.
    const where = isPostgresUrl(db) ? new URL(db).host + new URL(db).pathname : db;
    console.log(
      `rebuilt ${r.runFacts} run summary rows in ${where} in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
  } finally {
    await ctx.store.close();
  }
}

main().catch((e) => {
  console.error(`rebuild-summaries: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
