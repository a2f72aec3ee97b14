/**
 * Issue 22, ADR 10: the analytics summary rows (`run_facts`) must equal a full recomputation from
 * the raw tables after every kind of write: ingest (with turns and battery), a superseded result,
 * rescoring, cancellation and import; and `rebuildSummaries` must repair damaged rows.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { miniSuite } from "../support/fixtures";
import { pollBody, runQueue, testDashboard, traceFor, type TestDashboard } from "../support/server";
import { RUN_FACTS_COLUMNS, TURN_FACTS_COLUMNS, runFactsSelect, turnFactsSelect } from "@db/runFacts";
import { rebuildSummaries } from "@/server/summaries/rebuildSummaries";
import { expectMirrorInSync, mirrorStatus } from "../support/columnar";
import { sqliteDatabase } from "@/server/store/sqlite";

let dash: TestDashboard;
let token: string;
beforeEach(async () => {
  dash = await testDashboard();
  token = (await dash.call("POST", "/api/devices", { json: { name: "p" } })).body.token;
});
afterEach(() => dash.close());

const stored = () => sqliteDatabase(dash.ctx.store).prepare("SELECT * FROM run_facts ORDER BY id").all();
const storedTurns = () => sqliteDatabase(dash.ctx.store).prepare("SELECT * FROM turn_facts ORDER BY run_id, idx").all();
function recomputed() {
  const db = sqliteDatabase(dash.ctx.store);
  db.exec("DROP TABLE IF EXISTS temp.expected; CREATE TEMP TABLE expected AS SELECT * FROM main.run_facts WHERE 0");
  db.prepare(`INSERT INTO temp.expected (${RUN_FACTS_COLUMNS}) ${runFactsSelect("1")}`).run();
  return db.prepare("SELECT * FROM temp.expected ORDER BY id").all();
}
/** turn_facts recomputed from the raw tables: the recomputed runs' rows joined to their turns. */
function recomputedTurns() {
  const db = sqliteDatabase(dash.ctx.store);
  recomputed();
  db.exec(
    "DROP TABLE IF EXISTS temp.expected_turns; CREATE TEMP TABLE expected_turns AS SELECT * FROM main.turn_facts WHERE 0",
  );
  db.prepare(`INSERT INTO temp.expected_turns (${TURN_FACTS_COLUMNS}) ${turnFactsSelect("temp.expected")}`).run();
  return db.prepare("SELECT * FROM temp.expected_turns ORDER BY run_id, idx").all();
}
const turnsOfCurrentRuns = () =>
  (
    sqliteDatabase(dash.ctx.store)
      .prepare("SELECT COUNT(*) AS n FROM turns t JOIN scores sc ON sc.run_id = t.run_id AND sc.current = 1")
      .get() as { n: number }
  ).n;
const currentScores = () =>
  (sqliteDatabase(dash.ctx.store).prepare("SELECT COUNT(*) AS n FROM scores WHERE current = 1").get() as { n: number })
    .n;

/**
 * The summaries equal the recomputation: one row per current score, one per turn of those runs;
 * and the columnar mirror the analytics read (ADR 12) equals them after catching up.
 */
async function expectInSync() {
  const rows = stored();
  expect(rows).toEqual(recomputed());
  expect(rows).toHaveLength(currentScores());
  const turns = storedTurns();
  expect(turns).toEqual(recomputedTurns());
  expect(turns).toHaveLength(turnsOfCurrentRuns());
  await expectMirrorInSync(dash.ctx);
}

async function session(json: object) {
  return (await dash.call("POST", "/api/sessions", { json: { name: "s", suite: "mini", ...json } })).body.session as {
    id: string;
  };
}

/** A trace with `n` turns of distinct timings and a battery reading, so every summed column is exercised. */
const shaped = (job: Parameters<typeof traceFor>[0], i: number, n = 1 + (i % 3)) => ({
  ...traceFor(job, { reply: i % 2 ? "31" : "It is 29." }),
  conditions: { thermalAtStart: "nominal", charging: i % 2 === 0, battery: 0.9 - i / 100 },
  turns: Array.from({ length: n }, (_, k) => ({
    promptTokens: 40 + 7 * k + i,
    contextTokens: 380 + k,
    ttftMs: 300 + 11 * k + i,
    outputTokens: 20 + k,
    decodeMs: 900 + 13 * k + i,
    text: "",
    toolCalls: [],
  })),
});

describe("run_facts", () => {
  it("equals a full recomputation after ingest, a superseded result, rescoring, cancellation and import", async () => {
    const s = await session({ configs: ["files", "bash"], tasks: ["sum", "dentist-todo"], repeats: 2 });
    expect(await runQueue(dash, token, shaped)).toBe(8);
    await expectInSync();
    const facts = stored() as { turn_rows: number; battery: number | null; turn_prompt_tokens: number }[];
    expect(facts.map((f) => f.turn_rows).sort()).toEqual([1, 1, 1, 2, 2, 2, 3, 3]);
    expect(facts.every((f) => typeof f.battery === "number")).toBe(true);

    // A late result completes a re-leased job; the second holder's result is stored as superseded.
    await session({ configs: ["files"], tasks: ["sum"], repeats: 1, leaseSeconds: 10 });
    const a1 = (await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token })).body.job;
    dash.advance(10_001);
    const a2 = (await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token })).body.job;
    for (const [job, i] of [
      [a1, 20],
      [a2, 21],
    ] as const)
      expect(
        (await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: shaped(job, i), token })).status,
      ).toBe(201);
    expect((stored() as { superseded: number }[]).filter((f) => f.superseded)).toHaveLength(1);
    await expectInSync();

    // Rescoring retires every current score and inserts new ones: the summary follows the verdicts.
    const v2 = miniSuite();
    v2.version = 2;
    v2.tasks[1] = {
      ...v2.tasks[1],
      version: 2,
      checks: [{ kind: "reply_regex", pattern: "\\b29\\b" }],
      fixtures: [
        { name: "right", expect: "pass", reply: "29", workspace: { files: [] } },
        { name: "wrong", expect: "fail", reply: "31", workspace: { files: [] } },
      ],
    };
    expect((await dash.call("POST", "/api/suites", { json: v2 })).status).toBe(201);
    const passedBefore = (stored() as { passed: number }[]).map((f) => f.passed);
    expect((await dash.call("POST", `/api/sessions/${s.id}/rescore`)).status).toBe(200);
    expect((stored() as { passed: number }[]).map((f) => f.passed)).not.toEqual(passedBefore);
    await expectInSync();

    // A cancelled session keeps the runs it had.
    const c = await session({ configs: ["bash"], tasks: ["sum"], repeats: 3 });
    const job = (await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token })).body.job;
    await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: shaped(job, 30), token });
    expect((await dash.call("POST", `/api/sessions/${c.id}/cancel`)).status).toBe(200);
    await expectInSync();

    // Import: the exported session comes back as a new one, without raw traces (no battery).
    const exported = await (
      await dash.fetch(new URL(`http://127.0.0.1:3000/api/export/runs.json?session=${s.id}`))
    ).text();
    const imp = await dash.call("POST", "/api/import/runs", {
      body: exported,
      headers: { "content-type": "application/json" },
    });
    expect(imp.status).toBe(201);
    const imported = (stored() as { session_id: string; battery: number | null }[]).filter(
      (f) => f.session_id === imp.body.session.id,
    );
    expect(imported).toHaveLength(8);
    await expectInSync();
  });

  it("is rebuilt from the raw tables by rebuildSummaries after damage", async () => {
    await session({ configs: ["files", "bash"], tasks: ["sum"], repeats: 2 });
    await runQueue(dash, token, shaped);
    const good = stored();
    const goodTurns = storedTurns();
    expect(goodTurns.length).toBeGreaterThan(good.length);
    await expectMirrorInSync(dash.ctx); // loaded now, so it has the rebuild below to follow
    const db = sqliteDatabase(dash.ctx.store);
    db.exec("DROP TRIGGER run_facts_score_current"); // written outside the triggers' reach
    db.exec(
      "UPDATE run_facts SET passed = 1 - passed, turn_rows = 99; DELETE FROM run_facts WHERE rowid = (SELECT MIN(rowid) FROM run_facts)",
    );
    db.exec(
      // turn_facts has no rowid (ADR 21): its last row by (run, index).
      "UPDATE turn_facts SET turn_ms = turn_ms + 1; DELETE FROM turn_facts WHERE (run_id, idx) = (SELECT run_id, idx FROM turn_facts ORDER BY run_id DESC, idx DESC LIMIT 1)",
    );
    expect(stored()).not.toEqual(good);
    expect(storedTurns()).not.toEqual(goodTurns);
    const reloads = mirrorStatus(dash.ctx)!.reloads;
    expect(await rebuildSummaries(dash.ctx)).toEqual({ runFacts: 4 });
    expect(stored()).toEqual(good);
    expect(storedTurns()).toEqual(goodTurns);
    await expectInSync();
    // The rebuild logs one reset, not an entry per run: the mirror loaded itself again.
    expect(mirrorStatus(dash.ctx)).toMatchObject({ reloads: reloads + 1, fallbacks: 0 });
  });
});
