import { describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { dashboardPerTest, runQueue, type TestDashboard } from "../support/server";

let dash: TestDashboard;
let token: string;
dashboardPerTest((d, t) => {
  dash = d;
  token = t;
});

const todo = [
  { path: "/notes/health.md", content: "Dentist: Tuesday 14 March at 10:30, Dr. Lee.\n" },
  { path: "/todo.md", content: "- [ ] buy milk\n- [ ] Dentist 14 March 10:30\n" },
];

/** Downloads an export route and reads it back with DuckDB: the column types and every row. */
async function readParquet(url: string) {
  const res = await dash.fetch(new Request(`http://127.0.0.1:3000${url}`));
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/vnd.apache.parquet");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pq-")), "t.parquet");
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  const db = await DuckDBInstance.create(":memory:");
  const conn = await db.connect();
  try {
    const types = Object.fromEntries(
      (await (await conn.runAndReadAll(`DESCRIBE SELECT * FROM '${file}'`)).getRowObjectsJS()).map((r) => [
        r.column_name as string,
        r.column_type as string,
      ]),
    );
    const rows = await (await conn.runAndReadAll(`SELECT * FROM '${file}'`)).getRowObjectsJS();
    return { types, rows };
  } finally {
    conn.closeSync();
    db.closeSync();
  }
}

describe("runs.parquet, turns.parquet, calls.parquet (issue 35.4)", () => {
  it("hold the CSVs' rows and columns, typed, in the export's order", async () => {
    const created = await dash.call("POST", "/api/sessions", {
      json: { name: "pq =1+1", suite: "mini", configs: ["files"], repeats: 2, order: "blocked" },
    });
    const id = created.body.session.id;
    await runQueue(dash, token, (job) => ({
      reply: job.task.id === "sum" ? "31" : '=HYPERLINK("x")',
      workspace: { files: todo },
      turns: [
        {
          promptTokens: 45,
          contextTokens: 380,
          ttftMs: 320,
          outputTokens: 40,
          decodeMs: 2000,
          text: "…",
          toolCalls: [{ name: "bash", args: { command: "cat /todo.md" }, ok: true, ms: 12 }],
        },
        {
          promptTokens: 20,
          contextTokens: 420,
          ttftMs: 101,
          outputTokens: 9,
          decodeMs: 300,
          text: "done",
          toolCalls: [],
        },
      ],
    }));
    const json = (await dash.call("GET", `/api/export/runs.json?session=${id}`)).body.runs as Record<string, unknown>[];
    const runs = await readParquet(`/api/export/runs.parquet?session=${id}`);
    expect(runs.types).toMatchObject({
      run_id: "VARCHAR",
      trial: "BOOLEAN",
      repeat: "BIGINT",
      started_at: "TIMESTAMP WITH TIME ZONE",
      passed: "BOOLEAN",
      median_turn_ms: "DOUBLE",
      wall_ms: "BIGINT",
      reply: "VARCHAR",
    });
    expect(Object.keys(runs.types)).toHaveLength(40);
    expect(runs.rows.map((r) => r.run_id)).toEqual(json.map((r) => r.runId));
    for (const [i, r] of runs.rows.entries()) {
      expect(r.passed).toBe(json[i].passed);
      expect(r.repeat).toBe(BigInt(json[i].repeat as number));
      expect(r.median_turn_ms).toBe(json[i].medianTurnMs);
      expect((r.started_at as Date).getTime()).toBe(Date.parse(json[i].startedAt as string));
      // The value itself: the CSV's formula quote is a spreadsheet defence, not data.
      expect(r.reply).toBe(json[i].reply);
      expect(r.session_name).toBe("pq =1+1");
    }
    expect(runs.rows.some((r) => r.reply === '=HYPERLINK("x")')).toBe(true);

    const turns = await readParquet(`/api/export/turns.parquet?session=${id}`);
    expect(turns.types).toEqual({
      run_id: "VARCHAR",
      turn: "BIGINT",
      prompt_tokens: "BIGINT",
      context_tokens: "BIGINT",
      ttft_ms: "BIGINT",
      output_tokens: "BIGINT",
      decode_ms: "BIGINT",
      tool_calls: "BIGINT",
    });
    expect(turns.rows).toHaveLength(2 * json.length);
    expect(turns.rows.slice(0, 2)).toEqual([
      expect.objectContaining({ run_id: json[0].runId, turn: 1n, ttft_ms: 320n, tool_calls: 1n }),
      expect.objectContaining({ run_id: json[0].runId, turn: 2n, ttft_ms: 101n, tool_calls: 0n }),
    ]);

    const calls = await readParquet(`/api/export/calls.parquet?session=${id}`);
    expect(calls.types).toMatchObject({ ok: "BOOLEAN", ms: "BIGINT", args: "VARCHAR" });
    expect(calls.rows).toHaveLength(json.length);
    expect(calls.rows[0]).toMatchObject({
      turn: 1n,
      call: 1n,
      tool: "bash",
      args: '{"command":"cat /todo.md"}',
      ok: true,
      ms: 12n,
    });
  }, 60_000);

  it("write an empty, typed file for a selection with no runs", async () => {
    const created = await dash.call("POST", "/api/sessions", {
      json: { name: "none", suite: "mini", configs: ["files"] },
    });
    const runs = await readParquet(`/api/export/runs.parquet?session=${created.body.session.id}`);
    expect(runs.rows).toEqual([]);
    expect(runs.types.passed).toBe("BOOLEAN");
  });
});
