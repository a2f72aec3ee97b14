/**
 * `npm run rebuild-summaries [-- --db PATH]`: recomputes the analytics summary rows (`run_facts`,
 * ADR 10) from the raw tables. Safe while the dashboard runs (one write transaction). Default
 * database `DB_PATH` or ./data/harness-lab.db.
 */
import { createContext } from "../src/server/context";
import { rebuildSummaries } from "../src/server/summaries/rebuildSummaries";

const args = process.argv.slice(2);
const i = args.indexOf("--db");
const db = i >= 0 ? args[i + 1] : process.env.DB_PATH || "./data/harness-lab.db";
try {
  const t = performance.now();
  const ctx = createContext(db);
  const r = rebuildSummaries(ctx);
  ctx.db.$client.close();
  console.log(`rebuilt ${r.runFacts} run summary rows in ${db} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
} catch (e) {
  console.error(`rebuild-summaries: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
