import { z } from "zod";
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EXPORT_COLUMNS } from "@/domain/export";
import { pollBody, testDashboard, traceFor, type TestDashboard } from "../support/server";
import { sqliteDatabase } from "@/server/store/sqlite";

const GOLDEN = path.join(__dirname, "..", "fixtures", "export");
let dash: TestDashboard;
let token: string;

beforeEach(async () => {
  dash = await testDashboard(undefined, { sequentialIds: true });
  token = (await dash.call("POST", "/api/devices", { json: { name: "p" } })).body.token;
});
afterEach(() => dash.close());

const poll = async (body: object = pollBody) =>
  (await dash.call("POST", "/api/device/v1/poll", { json: body, token })).body.job;
const submit = async (job: any, extra: object) => {
  const r = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, {
    json: { ...traceFor(job), ...extra },
    token,
  });
  expect(r.status).toBe(201);
  return r.body;
};
const text = async (url: string) => {
  const res = await dash.fetch(new URL(url, "http://127.0.0.1:3000"));
  expect(res.status).toBe(200);
  return res.text();
};

/** Two sessions exercising every column: quoting, formula text, late and superseded results, a crash, a trial, unknown charging. */
async function seed() {
  await dash.call("POST", "/api/sessions", {
    json: {
      name: '=Step 1, "files" vs bash',
      suite: "mini",
      configs: ["files", "bash"],
      repeats: 1,
      order: "blocked",
      leaseSeconds: 60,
    },
  });
  const health = { path: "/notes/health.md", content: "Dentist: Tuesday 14 March at 10:30, Dr. Lee.\n" };
  const todo = { path: "/todo.md", content: "- [ ] buy milk\n- [ ] Dentist, Tuesday 14 March 10:30\n" };
  const j1 = await poll();
  await submit(j1, {
    reply: "Added it to your list.",
    turns: [
      {
        promptTokens: 60,
        contextTokens: 1200,
        ttftMs: 480,
        outputTokens: 30,
        decodeMs: 1500,
        text: '<|tool_call>call:read_file{path:<|"|>/notes/health.md<|"|>}<tool_call|>',
        toolCalls: [
          { name: "read_file", args: { path: "/notes/health.md" }, ok: true, result: health.content, ms: 12 },
        ],
      },
      {
        promptTokens: 40,
        contextTokens: 1300,
        ttftMs: 380,
        outputTokens: 35,
        decodeMs: 1700,
        text: "…",
        toolCalls: [
          {
            name: "write_file",
            args: { path: "/todo.md", content: "- [ ] Dentist, Tuesday 14 March 10:30\n", append: true },
            ok: true,
            ms: 9,
            changes: [todo],
          },
        ],
      },
      {
        promptTokens: 20,
        contextTokens: 1350,
        ttftMs: 300,
        outputTokens: 8,
        decodeMs: 400,
        text: "Added it to your list.",
        toolCalls: [],
      },
    ],
    load: { startupTokens: 1138, ms: 6600 },
    peakContextTokens: 1350,
    workspace: { files: [health, todo] },
  });
  const j2 = await poll();
  await submit(j2, { reply: "12 + 19 = 31" });
  const j3a = await poll();
  dash.advance(61_000); // the lease expires; the job is leased again
  const j3b = await poll();
  await submit(j3a, {
    reply: "I couldn't find it.",
    end: { reason: "stop" },
    conditions: { thermalAtStart: "fair", thermalAtEnd: "serious", charging: true, battery: 0.64 },
  });
  await submit(j3b, { reply: "Could you tell me where the note is?" });
  const j4 = await poll();
  await submit(j4, { reply: "", end: { reason: "crash", detail: "ExecuTorch: memory allocation failed" }, turns: [] });

  await dash.call("POST", "/api/sessions", {
    json: { name: "trial run", suite: "mini", configs: ["files"], tasks: ["sum"], trial: true },
  });
  const j5 = await poll({ ...pollBody, device: { id: "pixel-9", model: "Pixel 9 “lab”", os: "Android 16" } });
  const { conditions: _omit, ...noConditions } = traceFor(j5, { reply: "-31? Could you check?" });
  const r = await dash.call("POST", `/api/device/v1/jobs/${j5.id}/result`, {
    json: { ...noConditions, device: { id: "pixel-9", model: "Pixel 9 “lab”", os: "Android 16" } },
    token,
  });
  expect(r.status).toBe(201);
}

function compareGolden(name: string, actual: string) {
  const file = path.join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN) fs.writeFileSync(file, actual);
  expect(actual).toBe(fs.readFileSync(file, "utf8"));
}

describe("runs.csv and runs.json", () => {
  it("match the committed golden files byte for byte", async () => {
    await seed();
    compareGolden("runs.csv", await text("/api/export/runs.csv?includeTrial=1&includeSuperseded=1"));
    compareGolden("runs.json", await text("/api/export/runs.json?includeTrial=1&includeSuperseded=1"));
  });

  it("regenerate identically from the stored raw traces after every derived row is rebuilt", async () => {
    await seed();
    const before = [
      await text("/api/export/runs.csv?includeTrial=1&includeSuperseded=1"),
      await text("/api/export/runs.json?includeTrial=1&includeSuperseded=1"),
    ];
    // Drop every derived row and rebuild it from the raw traces alone.
    await dash.exec("DELETE FROM scores");
    await dash.exec("DELETE FROM turns");
    const { rebuildDerived } = await import("@/server/runs/rebuildDerived");
    expect(await rebuildDerived(dash.ctx)).toBe(6);
    const after = [
      await text("/api/export/runs.csv?includeTrial=1&includeSuperseded=1"),
      await text("/api/export/runs.json?includeTrial=1&includeSuperseded=1"),
    ];
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
  });

  it("follow protocol.md §4: header, CRLF, formula neutralised, booleans, empty cells for null", async () => {
    await seed();
    const csv = await text("/api/export/runs.csv?includeTrial=1&includeSuperseded=1");
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(EXPORT_COLUMNS.join(","));
    expect(lines.at(-1)).toBe("");
    expect(lines).toHaveLength(1 + 6 + 1);
    expect(csv).not.toMatch(/[^\r]\n/);
    expect(lines[1]).toContain(`"'=Step 1, ""files"" vs bash"`);
    const json = JSON.parse(await text("/api/export/runs.json?includeTrial=1&includeSuperseded=1"));
    expect(json.version).toBe(1);
    expect(json.runs).toHaveLength(6);
    expect(Object.keys(json.runs[0]).slice(0, 3)).toEqual(["runId", "sessionId", "sessionName"]);
    const trial = json.runs.find((r: { trial: boolean }) => r.trial);
    expect(trial).toMatchObject({
      charging: null,
      thermalAtStart: null,
      deviceModel: "Pixel 9 “lab”",
      outcome: "finished",
      passed: true,
    });
    expect(json.runs.filter((r: { superseded: boolean }) => r.superseded)).toHaveLength(1);
    // Without the include flags, trial and superseded runs are left out.
    expect(JSON.parse(await text("/api/export/runs.json")).runs).toHaveLength(4);
  });
});

describe("turns.csv and calls.csv", () => {
  /** runs.csv as objects, to check the notebook tables against it. */
  const runsCsv = async (query: string) => {
    const [header, ...lines] = (await text(`/api/export/runs.csv?${query}`)).split("\r\n").filter(Boolean);
    const cols = header.split(",");
    // Only the leading id column and the counts are read below; none of these cells is quoted.
    return lines.map((l) => {
      const id = l.slice(0, l.indexOf(","));
      const cells = l.split(",");
      const at = (c: string) => Number(cells[cells.length - (cols.length - cols.indexOf(c))]);
      return { id, turns: at("turn_count"), calls: at("tool_call_count") };
    });
  };
  const table = async (name: string, query: string) =>
    (await text(`/api/export/${name}?${query}`)).split("\r\n").filter(Boolean);

  it("hold one row per turn and per call of every exported run, in runs.csv's run order", async () => {
    await seed();
    const all = "includeTrial=1&includeSuperseded=1";
    const runs = await runsCsv(all);
    const turns = await table("turns.csv", all);
    const calls = await table("calls.csv", all);
    expect(turns[0]).toBe("run_id,turn,prompt_tokens,context_tokens,ttft_ms,output_tokens,decode_ms,tool_calls");
    expect(calls[0]).toBe("run_id,turn,call,tool,args,ok,ms,files_changed");
    const order = (lines: string[]) => [...new Set(lines.slice(1).map((l) => l.slice(0, l.indexOf(","))))];
    expect(order(turns)).toEqual(runs.filter((r) => r.turns > 0).map((r) => r.id));
    for (const r of runs) {
      expect(
        turns.filter((l) => l.startsWith(`${r.id},`)),
        r.id,
      ).toHaveLength(r.turns);
      expect(
        calls.filter((l) => l.startsWith(`${r.id},`)),
        r.id,
      ).toHaveLength(r.calls);
    }
    // The first run's second turn wrote /todo.md: its call row says which turn, and the file.
    expect(calls).toContain(
      'run_0001,2,2,write_file,"{""path"":""/todo.md"",""content"":""- [ ] Dentist, Tuesday 14 March 10:30\\n"",""append"":true}",true,9,/todo.md',
    );
    expect(turns).toContain("run_0001,1,60,1200,480,30,1500,1");
  });

  it("take the same filters as runs.csv", async () => {
    await seed();
    const runs = await runsCsv("config=bash&passed=false");
    const turns = await table("turns.csv", "config=bash&passed=false");
    expect(turns.length - 1).toBe(runs.reduce((n, r) => n + r.turns, 0));
    expect(new Set(turns.slice(1).map((l) => l.slice(0, l.indexOf(","))))).toEqual(
      new Set(runs.filter((r) => r.turns > 0).map((r) => r.id)),
    );
    expect((await dash.call("GET", "/api/export/calls.csv?thermal=boiling")).status).toBe(400);
  });
});

describe("the exports that carry raw traces", () => {
  it("keep runs.csv's run order; on SQLite the runs' keys are sorted before their traces are read, on PostgreSQL each trace is parsed once", async () => {
    await seed();
    // A session whose jobs run interleaved, so the order runs were stored in is not the export's.
    await dash.call("POST", "/api/sessions", {
      json: {
        name: "interleaved",
        suite: "mini",
        configs: ["files", "bash"],
        repeats: 3,
        order: "interleaved",
        seed: 9,
      },
    });
    for (;;) {
      const p = await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token });
      if (p.status === 204) break;
      await submit(p.body.job, {});
    }
    const texts: [string, readonly unknown[]][] = [];
    const exp = dash.ctx.store.export;
    const stream = exp.stream;
    exp.stream = (text, params, batch) => {
      texts.push([text, params]);
      return stream.call(exp, text, params, batch);
    };
    const all = "includeTrial=1&includeSuperseded=1";
    const csvIds = (await text(`/api/export/runs.csv?${all}`))
      .split("\r\n")
      .slice(1)
      .filter(Boolean)
      .map((l) => l.slice(0, l.indexOf(",")));
    const jsonIds = (JSON.parse(await text(`/api/export/runs.json?${all}`)).runs as { runId: string }[]).map(
      (r) => r.runId,
    );
    const turnIds = [
      ...new Set(
        (await text(`/api/export/turns.csv?${all}`))
          .split("\r\n")
          .slice(1)
          .filter(Boolean)
          .map((l) => l.slice(0, l.indexOf(","))),
      ),
    ];
    expect(csvIds.length).toBeGreaterThan(12);
    expect([...csvIds].sort()).not.toEqual(csvIds);
    expect(jsonIds).toEqual(csvIds);
    expect(turnIds).toEqual(csvIds.filter((id) => turnIds.includes(id)));
    expect(turnIds.length).toBeGreaterThan(12);
    // The statements whose select list ends with the trace's text (Dialect.traceText: trace_utf8 on SQLite).
    const selectsBody = (t: string) => /(\bt\.body|AS TEXT\)) AS body\s*$/.test(t.split(" FROM ")[0]);
    if (dash.engine === "postgres") {
      // runs.csv's four trace values come from one parse of each trace (Dialect.jsonFields): a
      // node outputs the parsed trace alone, and no value casts the text itself (one parse each).
      const csv = texts.find(([t]) => !selectsBody(t));
      expect(csv).toBeDefined();
      const [plan] = await dash.ctx.store.sql.all(
        z.object({ "QUERY PLAN": z.unknown() }),
        `EXPLAIN (VERBOSE, FORMAT JSON) ${csv![0]}`,
        csv![1],
      );
      const outputs = JSON.stringify(plan).match(/"Output":\[[^\]]*\]/g) ?? [];
      expect(
        outputs.some((o) => o.includes('"(t.body)::jsonb"')),
        outputs.join("\n"),
      ).toBe(true);
      expect(outputs.filter((o) => o.includes("(t.body)::jsonb #>>"))).toEqual([]);
      return;
    }
    // runs.json's and turns.csv's statements: SQLite's only sort is inside the co-routine of the
    // keys (an ORDER BY over the joined rows put every trace body into its sorter).
    const withTraces = texts.filter(([t]) => selectsBody(t));
    expect(withTraces).toHaveLength(2);
    for (const [t, params] of withTraces) {
      const plan = sqliteDatabase(dash.ctx.store)
        .prepare(`EXPLAIN QUERY PLAN ${t}`)
        .all(...params.map((p) => (p === true ? 1 : p === false ? 0 : p))) as {
        id: number;
        parent: number;
        detail: string;
      }[];
      const byId = new Map(plan.map((r) => [r.id, r]));
      const ancestors = (r: (typeof plan)[number]) => {
        const out: string[] = [];
        for (let p = byId.get(r.parent); p; p = byId.get(p.parent)) out.push(p.detail);
        return out;
      };
      const sorts = plan.filter((r) => r.detail.startsWith("USE TEMP B-TREE"));
      expect(sorts.length, JSON.stringify(plan)).toBeGreaterThan(0);
      for (const r of sorts) expect(ancestors(r).some((d) => /^(CO-ROUTINE|MATERIALIZE) o$/.test(d))).toBe(true);
      expect(plan.map((r) => r.detail)).toContain("SCAN o");
    }
  });
});

describe("GET /api/runs/{id}", () => {
  it("returns the run's export fields, raw trace, score, task and neighbours", async () => {
    await seed();
    const r = await dash.call("GET", "/api/runs/run_0001");
    expect(r.status).toBe(200);
    const csv = await text("/api/export/runs.json?includeTrial=1&includeSuperseded=1");
    const exported = JSON.parse(csv).runs.find((x: { runId: string }) => x.runId === "run_0001");
    for (const k of Object.keys(r.body.run)) expect(r.body.run[k]).toEqual(exported[k]);
    expect(r.body.trace.turns).toHaveLength(3);
    expect(r.body.score).toMatchObject({
      passed: true,
      outcome: "finished",
      milestonesReached: 2,
      progress: [1, 2],
      looping: false,
    });
    expect(r.body.score.checks[0]).toMatchObject({ id: "c1", passed: true, reason: expect.any(String) });
    expect(r.body.task.milestones.map((m: { id: string }) => m.id)).toEqual(["read", "todo"]);
    expect(r.body.neighbours).toEqual({ previous: null, next: null, index: 1, of: 1 });
    const late = await dash.call("GET", "/api/runs/run_0003");
    expect(late.body.neighbours).toEqual({ previous: null, next: "run_0004", index: 1, of: 2 });
    expect((await dash.call("GET", "/api/runs/run_nope")).status).toBe(404);
  });
});

describe("GET /api/runs", () => {
  it("filters, sorts and paginates in SQL", async () => {
    await seed();
    const all = await dash.call("GET", "/api/runs?includeTrial=1&includeSuperseded=1&sort=task&dir=asc&pageSize=10");
    expect(all.body).toMatchObject({ total: 6, page: 1, pages: 1, first: 1, last: 6 });
    expect(all.body.runs.map((r: { taskId: string }) => r.taskId)).toEqual([
      "dentist-todo",
      "dentist-todo",
      "dentist-todo",
      "sum",
      "sum",
      "sum",
    ]);
    const failedBash = await dash.call("GET", "/api/runs?config=bash&passed=false");
    expect(failedBash.body.runs.map((r: { id: string }) => r.id).sort()).toEqual(["run_0003", "run_0005"]);
    const crashed = await dash.call("GET", "/api/runs?outcome=crashed");
    expect(crashed.body.runs).toHaveLength(1);
    expect(crashed.body.runs[0]).toMatchObject({ id: "run_0005", outcome: "crashed", passed: false, charging: false });
    const paged = await dash.call(
      "GET",
      "/api/runs?includeTrial=1&includeSuperseded=1&sort=ttft&dir=desc&pageSize=10&page=1",
    );
    expect(paged.body.runs[0].id).toBe("run_0001");
    expect((await dash.call("GET", "/api/runs?sort=nonsense")).status).toBe(400);
    // The export honours the same narrower filters.
    const csv = await text("/api/export/runs.csv?config=bash&passed=false");
    expect(csv.split("\r\n").filter(Boolean)).toHaveLength(3);
  });
});
