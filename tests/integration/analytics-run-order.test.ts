/**
 * Issue 22 (ADR 12): the two views that order a device's runs in time, cost (battery drops between
 * consecutive runs) and throttling (rates fitted against minutes since the first run), are summed
 * inside the columnar copy from its `started_ms`; the database hands over a row per run and the
 * domain orders them. Both must read a start time as `Date.parse` does, however the phone wrote it:
 * an offset that makes the text sort after a later time, a fraction of a second that makes two
 * texts of one instant differ, more digits than milliseconds, and a tie broken by run id. Checked
 * against hand-worked values and against each other, on each engine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnalyticsFilter } from "@/domain/analytics/filter";
import { Trace } from "@/domain/protocol";
import { CreateSessionRequest } from "@/domain/protocol/api";
import type { Ctx } from "@/server/context";
import { costAnalytics } from "@/server/analytics/cost";
import { throttlingAnalytics } from "@/server/analytics/throttling";
import { claimJob } from "@/server/queue/claimJob";
import { submitResult } from "@/server/queue/submitResult";
import { createSession } from "@/server/sessions/createSession";
import { ENGINES, engineMissing, makeStore, type Engine, type QueueHarness } from "../support/queue-engines";
import { poll } from "../support/analytics-engines";
import { traceFor } from "../support/server";
import { rounded } from "../support/rounded";

interface Planned {
  name: string;
  config: "files" | "bash";
  phone: string;
  startedAt: string;
  battery: number;
  /** Omitted: the trace does not say whether it was charging. */
  charging?: boolean;
  passes: boolean;
  decodeMs: number;
  ttftMs: number;
}

// Phone A in time order: a2 (09:00:00.5Z, written with +02:00, so its text sorts last), a1 and a3
// (one instant written two ways), a4 (the battery rose), a5 (charging not reported), a6 (more
// digits than milliseconds: Date.parse keeps .123), a7. Phone B, which started first: b1, b2, b3.
// Phone C's one run c1 starts at b1's instant, written with +02:00: which of B and C comes first is
// decided by their first runs' ids. Phone A has four runs of files (an even count: a median of two
// middle values) and three of bash.
const PLAN: Planned[] = [
  { name: "a1", config: "files", phone: "phone-a", startedAt: "2026-10-14T09:00:01Z", battery: 0.9, charging: false, passes: true, decodeMs: 1000, ttftMs: 300 },
  { name: "a2", config: "bash", phone: "phone-a", startedAt: "2026-10-14T11:00:00.5+02:00", battery: 0.95, charging: false, passes: true, decodeMs: 900, ttftMs: 280 },
  { name: "a3", config: "files", phone: "phone-a", startedAt: "2026-10-14T09:00:01.000Z", battery: 0.88, charging: false, passes: false, decodeMs: 1100, ttftMs: 310 },
  { name: "a4", config: "files", phone: "phone-a", startedAt: "2026-10-14T09:03:00Z", battery: 0.89, charging: false, passes: false, decodeMs: 1300, ttftMs: 330 },
  { name: "a5", config: "bash", phone: "phone-a", startedAt: "2026-10-14T09:04:00Z", battery: 0.8, passes: false, decodeMs: 1250, ttftMs: 360 },
  { name: "a6", config: "bash", phone: "phone-a", startedAt: "2026-10-14T09:05:00.123956Z", battery: 0.78, charging: false, passes: false, decodeMs: 1400, ttftMs: 390 },
  { name: "a7", config: "files", phone: "phone-a", startedAt: "2026-10-14T09:06:00Z", battery: 0.75, charging: false, passes: false, decodeMs: 1500, ttftMs: 420 },
  { name: "b1", config: "files", phone: "phone-b", startedAt: "2026-10-14T08:59:00Z", battery: 0.5, charging: false, passes: true, decodeMs: 1000, ttftMs: 300 },
  { name: "b2", config: "bash", phone: "phone-b", startedAt: "2026-10-14T09:01:00Z", battery: 0.45, charging: false, passes: false, decodeMs: 1100, ttftMs: 320 },
  { name: "b3", config: "bash", phone: "phone-b", startedAt: "2026-10-14T09:02:00Z", battery: 0.41, charging: false, passes: false, decodeMs: 1250, ttftMs: 310 },
  { name: "c1", config: "files", phone: "phone-c", startedAt: "2026-10-14T10:59:00+02:00", battery: 0.6, charging: false, passes: false, decodeMs: 1200, ttftMs: 350 },
]; // prettier-ignore

/** Writes the plan through the queue services; returns each planned run's id by name. */
async function writePlan(h: QueueHarness): Promise<Map<string, string>> {
  const req = CreateSessionRequest.parse({
    name: "Times",
    suite: "mini",
    order: "blocked",
    tasks: ["sum"],
    configs: ["files", "bash"],
    // Blocked order: six files jobs, then bash; the plan's six files runs and five bash runs.
    repeats: 6,
  });
  await createSession(h.ctx, req);
  const left = [...PLAN];
  const ids = new Map<string, string>();
  // One paired token per phone (issue 34.2: a phone is its token and the id it reports).
  const tokens = new Map<string, string>();
  for (const phone of new Set(PLAN.map((x) => x.phone))) tokens.set(phone, await h.device(`dev_${phone}`));
  for (let i = 0; i < PLAN.length; i++) {
    // Blocked order: the six files jobs come first, then the five bash jobs.
    const p = left.splice(
      left.findIndex((x) => x.config === (i < 6 ? "files" : "bash")),
      1,
    )[0];
    const device = tokens.get(p.phone)!;
    const job = await claimJob(h.ctx, device, { ...poll, device: { ...poll.device, id: p.phone } });
    if (job?.config.id !== p.config) throw new Error("every planned run needs a job of its config");
    const base = traceFor(job, { reply: p.passes ? "31" : "It is 29." });
    const trace = Trace.parse({
      ...base,
      device: { ...base.device, id: p.phone },
      startedAt: p.startedAt,
      conditions: {
        thermalAtStart: "nominal",
        battery: p.battery,
        ...(p.charging === undefined ? {} : { charging: p.charging }),
      },
      turns: [{ ...base.turns[0], decodeMs: p.decodeMs, ttftMs: p.ttftMs, outputTokens: 40, promptTokens: 45 }],
    });
    const out = await submitResult(h.ctx, job.id, device, trace, JSON.stringify(trace));
    if (out.status !== 201) throw new Error(JSON.stringify(out.body));
    ids.set(p.name, (out.body as { runId: string }).runId);
  }
  return ids;
}

/** The same context, its analytics read from the database instead of the copy. */
const fromDatabase = (ctx: Ctx): Ctx =>
  Object.create(ctx, {
    store: { value: Object.create(ctx.store, { facts: { value: async () => ctx.store.sql } }) },
  });

const all = AnalyticsFilter.parse({ allSessions: true });

describe.each(ENGINES)("runs ordered in time on %s", (engine: Engine) => {
  let h: QueueHarness | undefined;
  let ids: Map<string, string>;
  beforeAll(async () => {
    if (engineMissing(engine)) return;
    h = await makeStore(engine);
    ids = await writePlan(h);
  });
  afterAll(() => h?.close());

  it.skipIf(engineMissing(engine))("the copy answers, and gives the database's numbers", async () => {
    expect((await h!.ctx.store.facts()).dialect).toBe("duckdb");
    const db = fromDatabase(h!.ctx);
    expect((await db.store.facts()).dialect).toBe(engine);
    expect(rounded(await costAnalytics(h!.ctx, all))).toEqual(rounded(await costAnalytics(db, all)));
    expect(rounded(await throttlingAnalytics(h!.ctx, all))).toEqual(rounded(await throttlingAnalytics(db, all)));
  });

  it.skipIf(engineMissing(engine))("battery drops pair each run with its device's next in time", async () => {
    const cost = await costAnalytics(h!.ctx, all);
    const byConfig = Object.fromEntries(cost.configs.map((c) => [c.configId, c]));
    // a1 and a3 start at one instant: run id order decides which comes first.
    const a1First = ids.get("a1")! < ids.get("a3")!;
    // bash: a2 → the first of a1/a3, 5 or 7 points (a2 passed); a6 → a7, 3; b2 → b3, 4.
    // files: a1 → a3, 2 points, or a1 → a4, 1 (a1 passed); b1 → b2, 5 (b1 passed).
    // Not counted: a3 → a4 (the battery rose), a4 → a5 and a5 → a6 (a5 did not report charging), the
    // last runs (c1 is phone C's only one).
    const a2 = a1First ? 5 : 7;
    expect(byConfig.bash.battery).toMatchObject({ runs: 3 });
    expect(byConfig.bash.battery!.pointsPerRun).toBeCloseTo((a2 + 3 + 4) / 3, 9);
    expect(byConfig.bash.battery!.pointsPerSuccess).toBeCloseTo(a2 + 3 + 4, 9);
    expect(byConfig.files.battery).toMatchObject({ runs: 2 });
    expect(byConfig.files.battery!.pointsPerRun).toBeCloseTo(((a1First ? 2 : 1) + 5) / 2, 9);
    expect(byConfig.files.battery!.pointsPerSuccess).toBeCloseTo(((a1First ? 2 : 1) + 5) / 2, 9);
    expect(byConfig.files).toMatchObject({ runs: 6, passed: 2 });
    expect(byConfig.bash).toMatchObject({ runs: 5, passed: 1 });
  });

  it.skipIf(engineMissing(engine))("throttling measures minutes from each device's first run", async () => {
    const { devices } = await throttlingAnalytics(h!.ctx, all);
    // In the order the devices first ran: phones B and C at 08:59 (the smaller first run id
    // first), phone A at 09:00:00.5.
    const bc: [string, number][] = [
      ["phone-b", 3],
      ["phone-c", 1],
    ];
    if (ids.get("c1")! < ids.get("b1")!) bc.reverse();
    expect(devices.map((d) => [d.deviceId, d.runs])).toEqual([...bc, ["phone-a", 7]]);
    // The database's path orders them so too.
    const fromDb = await throttlingAnalytics(fromDatabase(h!.ctx), all);
    expect(fromDb.devices.map((d) => d.deviceId)).toEqual(devices.map((d) => d.deviceId));
    // From b1 (08:59:00) to b3 (09:02:00); from a2 (09:00:00.500) to a7 (09:06:00): 359,500 ms.
    const of = (id: string) => devices.find((d) => d.deviceId === id)!;
    expect(of("phone-b").decode!.spanMin).toBe(3);
    expect(of("phone-a").decode!.spanMin).toBeCloseTo(359_500 / 60_000, 12);
    expect(of("phone-a").decode!.n).toBe(7);
  });
});
