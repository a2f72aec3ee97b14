/**
 * Issue 34.8: the runs explorer's text search at scale, on either engine (the SQLite FTS5 index or
 * PostgreSQL's GIN-indexed tsvector, both read through listRuns as the page and `GET /api/runs`
 * do). Each search is timed against the explorer's first page without one (the page as it opens:
 * a count and a sorted page of 50), and the index against what a search without one would do: a
 * case-insensitive LIKE over every trace body for the same words, counting the runs.
 *
 * The words come from the seed itself: a run's id (one run), two words of a reply (a few percent of the runs),
 * and the first tool the run called (a quarter of the runs in the seed: every match counted and sorted).
 */
import { z } from "zod";
import { dialectOf } from "../../src/server/store/dialect";
import type { Ctx } from "../../src/server/context";
import { listRuns } from "../../src/server/runs/listRuns";
import { parseFilter } from "../../src/domain/analytics/filter";
import { RunsPage } from "../../src/domain/analytics/runs-query";
import { pairs, rateFigure, timeFigure, type Figure } from "./measure";

const Pick = z.object({ id: z.string(), body: z.string() });
const Count = z.object({ n: z.coerce.number() });

export async function benchSearch(ctx: Ctx, runs: number, reps: number, log: (l: string) => void): Promise<Figure[]> {
  const { sql } = ctx.store;
  const filter = parseFilter(new URLSearchParams());
  if (!filter.success) throw new Error("the empty filter did not parse");
  const page = RunsPage.parse({});
  const explorer = (q: string) => listRuns(ctx, filter.data, { ...page, q });
  // A run from the middle of the seed, with a reply of at least two long words and a tool call.
  let pick: { id: string; reply: string[]; tool: string } | null = null;
  for (let off = Math.floor(runs / 2); !pick && off < runs; off += 97) {
    const r = await sql.get(
      Pick,
      `SELECT r.id, ${dialectOf(sql).traceText("t.body")} AS body FROM runs r JOIN traces t ON t.run_id = r.id LIMIT 1 OFFSET ?`,
      [off],
    );
    if (!r) break;
    const trace = JSON.parse(r.body) as { reply: string; turns: { toolCalls: { name: string }[] }[] };
    const words = [...new Set(trace.reply.toLowerCase().match(/\p{L}{6,}/gu) ?? [])];
    const tool = trace.turns.flatMap((t) => t.toolCalls)[0]?.name;
    if (words.length >= 2 && tool) pick = { id: r.id, reply: words.slice(0, 2), tool };
  }
  if (!pick) throw new Error("no seeded run has a reply of two long words and a tool call");
  const searches = [
    { id: "S1", what: "a run id", q: pick.id },
    { id: "S2", what: `two words of a reply ("${pick.reply.join(" ")}")`, q: pick.reply.join(" ") },
    { id: "S3", what: `a tool's name ("${pick.tool}")`, q: pick.tool },
  ];
  const figures: Figure[] = [];
  for (const s of searches) {
    const found = await explorer(s.q);
    if (!found.total) throw new Error(`the search "${s.q}" found nothing`);
    log(`  search ${s.id} "${s.q}": ${found.total} runs`);
    const t = await pairs(
      reps,
      () => explorer(s.q),
      () => explorer(""),
    );
    figures.push(
      timeFigure(
        s.id,
        `runs explorer, search for ${s.what}: ${found.total.toLocaleString("en-US")} of ${runs.toLocaleString("en-US")} runs, vs the first page unsearched`,
        t,
        2,
      ),
    );
  }
  // The index against a scan: the reply's words as LIKE patterns over every trace body.
  const like = sql.dialect === "postgres" ? "ILIKE" : "LIKE";
  const scan = () =>
    sql.get(
      Count,
      `SELECT COUNT(*) AS n FROM traces WHERE ${pick.reply.map(() => `${dialectOf(sql).traceText("body")} ${like} ?`).join(" AND ")}`,
      [...pick.reply.map((w) => `%${w}%`)],
    );
  const indexed = await explorer(searches[1].q);
  log(
    `  LIKE scan finds ${(await scan())?.n} traces holding both words (as substrings), the index ${indexed.total} runs`,
  );
  const t = await pairs(
    Math.min(reps, 3),
    () => explorer(searches[1].q),
    () => scan(),
  );
  figures.push(
    rateFigure(
      "S4",
      `search S2 through the index vs a LIKE scan of every trace body for the same words (${runs.toLocaleString("en-US")} traces)`,
      t,
      10,
    ),
  );
  return figures;
}
