/**
 * Target 5: rescoring through rescoreSession (read traces, parse and validate, score with the
 * newest task version, write a new current score) in runs/s, against just reading and
 * JSON-parsing the same traces. Each repetition rescores `sessions` whole sessions.
 */
import type { Ctx } from "../../src/server/context";
import { rescoreSession } from "../../src/server/runs/rescoreSession";
import { median, pairs, rateFigure, type Figure } from "./measure";
import { sqliteDatabase } from "../../src/server/store/sqlite";

export async function benchRescore(ctx: Ctx, sessionIds: string[], reps: number): Promise<Figure[]> {
  const db = sqliteDatabase(ctx.store);
  const bodies = db
    .prepare(
      "SELECT CAST(trace_utf8(t.body) AS TEXT) FROM runs r JOIN traces t ON t.run_id = r.id WHERE r.session_id = ? ORDER BY r.id",
    )
    .pluck();
  const runs = sessionIds.reduce(
    (a, id) => a + (db.prepare("SELECT COUNT(*) FROM runs WHERE session_id = ?").pluck().get(id) as number),
    0,
  );
  const t = await pairs(
    reps,
    async () => {
      for (const id of sessionIds) await rescoreSession(ctx, id);
    },
    () => sessionIds.forEach((id) => (bodies.all(id) as string[]).forEach((b) => JSON.parse(b))),
    // Warmed up like every other figure: one untimed pass of each side first, so neither the
    // first reading of these sessions' pages from disk nor the scorer's JIT warm-up is timed.
    true,
  );
  const rates = t.s.map((ms) => runs / (ms / 1000));
  return [
    {
      id: "5",
      what: `rescoring (${runs.toLocaleString("en-US")} runs per repetition), runs/s`,
      kind: "abs",
      ratios: rates,
      target: "≥ 5,000 runs/s",
      met: median(rates) >= 5000,
      detail: rateFigure("", "", t, 0, { n: runs, label: "runs" })
        .detail.replace(/^.*\(/, "(rescore vs read+parse: ")
        .replace(/\)$/, `; ratio ${(median(t.b) / median(t.s)).toFixed(3)}×)`),
    },
  ];
}
