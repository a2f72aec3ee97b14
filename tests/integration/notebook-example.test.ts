/**
 * The pandas example of docs/notebook-data.md, run for real: a simulated session's runs.csv,
 * turns.csv and calls.csv are written to a folder, the doc's Python block reads them (its BASE
 * pointed at that folder), and its config table must equal `GET /api/analytics/configs`. Needs a
 * Python with pandas (Debian: `apt-get install python3-pandas`; or PYTHON=/path/to/python); without
 * one the test is skipped and `npm test` says why.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDashboard, type TestDashboard } from "../support/server";
import { findPython, pythonSkip } from "../support/python";
import { simulatedSession } from "../support/simulate";

const python = findPython(["pandas", "numpy"]);
const skip = pythonSkip(
  python,
  "notebook-example",
  "no Python with pandas (apt-get install python3-pandas; or set PYTHON)",
);

const doc = fs.readFileSync(path.join(__dirname, "..", "..", "docs", "notebook-data.md"), "utf8");
// The CSV example: the python block that reads the CSVs (the Parquet ones follow it).
const script =
  [...doc.matchAll(/```python\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => b.includes("read_csv")) ?? "";

describe.skipIf(!python)("the pandas example of docs/notebook-data.md", skip, () => {
  let dash: TestDashboard;
  let dir: string;
  let session: string;

  beforeAll(async () => {
    dash = await testDashboard(path.join(__dirname, "..", "..", "suites"));
    session = await simulatedSession(dash, {
      name: "notebook",
      configs: ["files", "bash", "bash-plan"],
      repeats: 2,
      seed: 11,
    });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-notebook-"));
    for (const name of ["runs.csv", "turns.csv", "calls.csv"]) {
      const res = await dash.fetch(new URL(`/api/export/${name}?session=${session}`, "http://127.0.0.1:3000"));
      fs.writeFileSync(path.join(dir, name), await res.text());
    }
  }, 300_000);
  afterAll(() => {
    dash?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("reproduces the config table of /api/analytics/configs", async () => {
    expect(script).toContain("groupby");
    const local = script
      .replace(/^BASE = .*$/m, `BASE = ${JSON.stringify(`file://${dir}`)}`)
      .replace(/^QUERY = .*$/m, 'QUERY = ""')
      .replace(
        /^print\(.*\)$/m,
        "print(table_.fillna(0).sort_index().reset_index().to_json(orient='records', double_precision=15))",
      );
    const out = spawnSync(python!, ["-c", local], { encoding: "utf8" });
    expect(out.stderr).toBe("");
    const fromPandas = JSON.parse(out.stdout) as Record<string, number | string>[];
    const api = (await dash.call("GET", `/api/analytics/configs?session=${session}`)).body.configs;
    expect(fromPandas.map((r) => r.config_id)).toEqual(api.map((c: { configId: string }) => c.configId));
    for (const [i, c] of api.entries()) {
      const p = fromPandas[i];
      expect(p.runs, c.configId).toBe(c.runs);
      expect(p.passed, c.configId).toBe(c.passed);
      expect(p.pass_rate).toBeCloseTo(c.passRate, 12);
      expect(p.wilson_lo).toBeCloseTo(c.wilson[0], 12);
      expect(p.wilson_hi).toBeCloseTo(c.wilson[1], 12);
      expect(p.median_ttft_ms).toBe(c.medianTtftMs);
      expect(p.median_turn_ms).toBe(c.medianTurnMs);
      expect(p.tool_calls).toBe(c.toolCalls);
      expect(p.failed_tool_calls).toBe(c.failedToolCalls);
    }
  }, 60_000);
});
