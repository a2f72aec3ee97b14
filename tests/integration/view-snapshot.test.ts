import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import type { Ctx } from "@/server/context";
import { getRunView } from "@/server/runs/getRunView";
import { getSessionView } from "@/server/sessions/getSessionView";
import { dashboardPerTest, runQueue, type TestDashboard } from "../support/server";
import { sqliteDatabase } from "@/server/store/sqlite";
import { installTraceCodec } from "@db/traceCodec.mjs";

let dash: TestDashboard;
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
  other = new Database(sqliteDatabase(ctx.store).name);
  installTraceCodec(other); // the summaries' triggers read trace bodies through trace_utf8
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

/**
 * Makes `land` run after every read any connection of this process executes (the view's reads run
 * on the store's snapshot connection, not the shared one), i.e. between a view's reads. The lander's
 * own writes are `run`, so they do not re-enter.
 */
function betweenEveryRead(ctx: Ctx, land: () => void) {
  const proto = Object.getPrototypeOf(sqliteDatabase(ctx.store).prepare("SELECT 1")) as Record<"get" | "all", unknown>;
  const saved = { get: proto.get, all: proto.all };
  for (const m of ["get", "all"] as const) {
    const f = saved[m] as (this: unknown, ...a: unknown[]) => unknown;
    proto[m] = function (this: unknown, ...a: unknown[]) {
      const out = f.apply(this, a);
      land();
      return out;
    };
  }
  unhook = () => Object.assign(proto, saved);
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
    const before = await getSessionView(dash.ctx, id);
    expect(before.runs).toHaveLength(8);
    betweenEveryRead(dash.ctx, lander(dash.ctx, before.runs[0].id));
    const view = await getSessionView(dash.ctx, id);
    unhook!();
    expect(view).toEqual(before);
    // The writes did land: read again, the feed and the pass counts both have them.
    const after = await getSessionView(dash.ctx, id);
    expect(after.runs.length).toBeGreaterThan(8);
    expect(after.configs.reduce((n, c) => n + c.runs, 0)).toBe(after.runs.length);
  });

  it("the run page: a repeat landing between its reads does not change its neighbours", async () => {
    const id = await session();
    const runId = (await getSessionView(dash.ctx, id)).runs.at(-1)!.id;
    const before = await getRunView(dash.ctx, runId);
    expect(before.data.neighbours.of).toBe(2);
    betweenEveryRead(dash.ctx, lander(dash.ctx, runId));
    const view = await getRunView(dash.ctx, runId);
    unhook!();
    expect(view.data.neighbours).toEqual(before.data.neighbours);
    expect((await getRunView(dash.ctx, runId)).data.neighbours.of).toBeGreaterThan(2);
  });
});
