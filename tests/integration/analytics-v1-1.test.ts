import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dashboardPerTest, runQueue, type TestDashboard, TEST_ENGINE } from "../support/server";
import { sqliteDatabase } from "@/server/store/sqlite";

/** Protocol v1.1 trace fields the analytics use: cached loads leave the load fit, toolsDropped filters. */
let dash: TestDashboard;
let token: string;
dashboardPerTest((d, t) => {
  dash = d;
  token = t;
});

async function sessionWithRuns(shape: (i: number) => object) {
  const r = await dash.call("POST", "/api/sessions", {
    json: { name: "v1.1", suite: "mini", tasks: ["dentist-todo"], configs: ["files"], repeats: 4, order: "blocked" },
  });
  expect(r.status).toBe(201);
  await runQueue(dash, token, (_job, i) => shape(i));
  return r.body.session.id as string;
}

describe("analytics over protocol v1.1 fields", () => {
  it("a load served from the server's prompt cache stays out of the load fit", async () => {
    // Three cold loads on a line of 2 ms a token, and one cached load (31 ms for 400 tokens) off it.
    const loads = [
      { startupTokens: 300, ms: 600, cachedTokens: 0 },
      { startupTokens: 500, ms: 1000 },
      { startupTokens: 400, ms: 31, cachedTokens: 393 },
      { startupTokens: 700, ms: 1400, cachedTokens: 0 },
    ];
    const id = await sessionWithRuns((i) => ({ load: loads[i] }));
    const { fit } = (await dash.call("GET", `/api/analytics/ttft?session=${id}&points=loads`)).body;
    expect(fit.n).toBe(3);
    expect(fit.slopeMsPerToken).toBeCloseTo(2, 6);
    expect(fit.r2).toBeCloseTo(1, 6);
    const pts = (await dash.call("GET", `/api/analytics/ttft/points?session=${id}&points=loads`)).body;
    expect(JSON.stringify(pts)).not.toContain("31");
  });

  it("runs whose template dropped the tools can be filtered in or out", async () => {
    const id = await sessionWithRuns((i) => (i % 2 === 0 ? { toolsDropped: true } : {}));
    const runs = async (q: string) =>
      (await dash.call("GET", `/api/analytics/configs?session=${id}${q}`)).body.configs[0].runs;
    expect(await runs("")).toBe(4);
    expect(await runs("&toolsDropped=false")).toBe(2);
    expect(await runs("&toolsDropped=true")).toBe(2);
    expect((await dash.call("GET", `/api/analytics/configs?session=${id}&toolsDropped=maybe`)).status).toBe(400);
    // The runs explorer takes the same filter.
    expect((await dash.call("GET", `/api/runs?session=${id}&toolsDropped=true`)).body.total).toBe(2);
  });

  // A SQLite migration (db/migrations); PostgreSQL's schema had both columns from its first migration.
  it.skipIf(TEST_ENGINE === "postgres")(
    "migration 0002 fills both columns from the raw traces of runs stored before it",
    async () => {
      const id = await sessionWithRuns((i) =>
        i === 1 ? { toolsDropped: true, load: { startupTokens: 400, ms: 31, cachedTokens: 393 } } : {},
      );
      const db = sqliteDatabase(dash.ctx.store);
      // As a database migrated before 0002 holds them: the raw traces have the fields, the columns do not.
      db.prepare("UPDATE runs SET tools_dropped = 0, load_cached_tokens = NULL").run();
      db.prepare("UPDATE traces SET body = CAST(trace_utf8(body) AS TEXT)").run(); // stored as text then (db/traceCodec.mjs)
      const sql = fs
        .readFileSync(path.join("db", "migrations", "0002_v1-1-device-fields.sql"), "utf8")
        .split("--> statement-breakpoint")
        .filter((x) => /^\s*(--.*\n)*\s*UPDATE/m.test(x));
      expect(sql).toHaveLength(2);
      for (const q of sql) db.exec(q);
      const rows = db
        .prepare("SELECT tools_dropped AS d, load_cached_tokens AS c FROM runs WHERE session_id = ? ORDER BY d DESC")
        .all(id);
      expect(rows).toEqual([
        { d: 1, c: 393 },
        { d: 0, c: null },
        { d: 0, c: null },
        { d: 0, c: null },
      ]);
    },
  );
});
