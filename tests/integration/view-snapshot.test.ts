import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import type { Ctx } from "@/server/context";
import { getRunView } from "@/server/runs/getRunView";
import { getSessionView } from "@/server/sessions/getSessionView";
import { dashboardPerTest, runQueue, testDashboard } from "../support/server";

let dash: ReturnType<typeof testDashboard>;
let token: string;
dashboardPerTest((d, t) => ((dash = d), (token = t)));

let other: Database.Database | undefined;
let unhook: (() => void) | undefined;
afterEach(() => {
  unhook?.();
  other?.close();
  other = unhook = undefined;
});

/**
 * A second connection to the same file (as a second server process or a restore would have) that
 * lands a copy of `runId` as a new run of the same session, task and config, as a phone's result
 * arriving would: a run row and its current score.
 */
function lander(ctx: Ctx, runId: string) {
  other = new Database(ctx.db.$client.name);
  const cols = (t: string) =>
    (other!.prepare(`PRAGMA table_info(${t})`).all() as { name: string }[]).map((c) => c.name);
  const runCols = cols("runs");
  const scoreCols = cols("scores").filter((c) => c !== "id");
  let n = 0;
  return () => {
    const id = `run_landed_${++n}`;
    const pick = (c: string) => (c === "id" ? "?" : c === "job_id" || c === "lease_token_hash" ? "NULL" : c);
    other!
      .prepare(`INSERT INTO runs (${runCols.join(", ")}) SELECT ${runCols.map(pick).join(", ")} FROM runs WHERE id = ?`)
      .run(id, runId);
    other!
      .prepare(
        `INSERT INTO scores (${scoreCols.join(", ")}) SELECT ${scoreCols.map((c) => (c === "run_id" ? "?" : c)).join(", ")} FROM scores WHERE run_id = ? AND current = 1`,
      )
      .run(id, runId);
  };
}

/** Makes `land` run after every statement the shared connection executes, i.e. between a view's reads. */
function betweenEveryRead(ctx: Ctx, land: () => void) {
  const sqlite = ctx.db.$client;
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((sql: string) => {
    const st = prepare(sql);
    for (const m of ["get", "all"] as const) {
      const f = st[m].bind(st) as (...a: unknown[]) => unknown;
      (st as unknown as Record<string, unknown>)[m] = (...a: unknown[]) => {
        const out = f(...a);
        land();
        return out;
      };
    }
    return st;
  }) as typeof sqlite.prepare;
  unhook = () => (sqlite.prepare = prepare);
}

async function session() {
  const s = await dash.call("POST", "/api/sessions", {
    json: { name: "snap", suite: "mini", configs: ["files", "bash"], tasks: "all", repeats: 2, order: "blocked" },
  });
  await runQueue(dash, token, () => ({}));
  return s.body.session.id as string;
}

describe("page view models are read in one snapshot", () => {
  it("the session page: runs landing between its reads show in neither the counts nor the feed", async () => {
    const id = await session();
    const before = getSessionView(dash.ctx, id);
    expect(before.runs).toHaveLength(8);
    betweenEveryRead(dash.ctx, lander(dash.ctx, before.runs[0].id));
    const view = getSessionView(dash.ctx, id);
    unhook!();
    expect(view).toEqual(before);
    // The writes did land: read again, the feed and the pass counts both have them.
    const after = getSessionView(dash.ctx, id);
    expect(after.runs.length).toBeGreaterThan(8);
    expect(after.configs.reduce((n, c) => n + c.runs, 0)).toBe(after.runs.length);
  });

  it("the run page: a repeat landing between its reads does not change its neighbours", async () => {
    const id = await session();
    const runId = getSessionView(dash.ctx, id).runs.at(-1)!.id;
    const before = getRunView(dash.ctx, runId);
    expect(before.data.neighbours.of).toBe(2);
    betweenEveryRead(dash.ctx, lander(dash.ctx, runId));
    const view = getRunView(dash.ctx, runId);
    unhook!();
    expect(view.data.neighbours).toEqual(before.data.neighbours);
    expect(getRunView(dash.ctx, runId).data.neighbours.of).toBeGreaterThan(2);
  });
});
