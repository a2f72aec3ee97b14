/**
 * runs.parquet, turns.parquet and calls.parquet read back by pandas and polars (issue 35.4): a
 * simulated session is exported as Parquet and CSV into a folder; the Parquet examples of
 * docs/notebook-data.md run as written (their BASE pointed at that folder) and must print every
 * column with its type, and every row pandas and polars read, written back as CSV, must equal the
 * CSV export byte for byte. Needs a Python with pandas, pyarrow and polars (`.ci/run` installs them;
 * or PYTHON=/path/to/python); without one the tests are skipped and `npm test` says why.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvLine } from "@/domain/export/csv";
import { PARQUET_TABLES, type ColumnType, type ParquetTable } from "@/domain/export/parquet";
import type { Cell } from "@/domain/export/columns";
import { testDashboard, type TestDashboard } from "../support/server";
import { findPython, pythonSkip } from "../support/python";
import { simulatedSession } from "../support/simulate";

const python = findPython(["pandas", "pyarrow", "polars"]);
const skip = pythonSkip(
  python,
  "export-parquet-python",
  "no Python with pandas, pyarrow and polars (.ci/run installs them; or `pip install pandas pyarrow polars` and set PYTHON)",
);

const doc = fs.readFileSync(path.join(__dirname, "..", "..", "docs", "notebook-data.md"), "utf8");
const blocks = [...doc.matchAll(/```python\n([\s\S]*?)```/g)].map((m) => m[1]);
const TABLES = Object.keys(PARQUET_TABLES) as ParquetTable[];

/** The dtype each reader prints for a column type (pandas 2 says `object` for text, pandas 3 `str`). */
const PANDAS: Record<ColumnType, RegExp> = {
  text: /^(object|str)$/,
  boolean: /^bool$/,
  bigint: /^int64$/,
  double: /^float64$/,
  timestamp: /^datetime64\[(ns|us), UTC\]$/,
};
const POLARS: Record<ColumnType, RegExp> = {
  text: /^String$/,
  boolean: /^Boolean$/,
  bigint: /^Int64$/,
  double: /^Float64$/,
  timestamp: /^Datetime\(time_unit='us', time_zone='UTC'\)$/,
};

/** Each `<name>.parquet: N rows` heading of an example's output, with the `column  type` lines under it. */
function readOutput(out: string) {
  const tables: Record<string, { rows: number; types: Record<string, string> }> = {};
  let current: Record<string, string> = {};
  for (const line of out.split("\n")) {
    const head = line.match(/^(\w+)\.parquet: (\d+) rows$/);
    if (head) tables[head[1]] = { rows: Number(head[2]), types: (current = {}) };
    else if (line.trim()) {
      const [column, ...type] = line.trim().split(/\s+/);
      current[column] = type.join(" ");
    }
  }
  return tables;
}

describe.skipIf(!python)("the Parquet exports in pandas and polars", skip, () => {
  let dash: TestDashboard;
  let dir: string;
  let session: string;
  const csv: Record<string, string> = {};

  beforeAll(async () => {
    dash = await testDashboard(path.join(__dirname, "..", "..", "suites"));
    session = await simulatedSession(dash, { name: "parquet", configs: ["files", "bash"], repeats: 2, seed: 11 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-parquet-"));
    for (const name of TABLES) {
      for (const ext of ["parquet", "csv"]) {
        const url = new URL(`/api/export/${name}.${ext}?session=${session}`, "http://127.0.0.1:3000");
        const res = await dash.fetch(url);
        expect(res.status).toBe(200);
        fs.writeFileSync(path.join(dir, `${name}.${ext}`), Buffer.from(await res.arrayBuffer()));
      }
      csv[name] = fs.readFileSync(path.join(dir, `${name}.csv`), "utf8");
    }
  }, 300_000);
  afterAll(() => {
    dash?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const run = (script: string) => {
    const out = spawnSync(python!, ["-c", script], { encoding: "utf8" });
    expect(out.stderr).toBe("");
    expect(out.status).toBe(0);
    return out.stdout;
  };
  const rowsInCsv = (name: string) => csv[name].split("\r\n").length - 2;
  /** Each table's missing values per column, as polars counts them in the Parquet file. */
  let nullCounts: Record<string, Record<string, number>> | undefined;
  const nulls = () =>
    (nullCounts ??= JSON.parse(
      run(`
import json, polars as pl
print(json.dumps({n: pl.read_parquet(${JSON.stringify(dir)} + f"/{n}.parquet").null_count().row(0, named=True) for n in ("runs", "turns", "calls")}))
`),
    ) as Record<string, Record<string, number>>);

  for (const [reader, uses, types] of [
    ["pandas", "pd.read_parquet", PANDAS],
    ["polars", "pl.read_parquet", POLARS],
  ] as const)
    it(`docs/notebook-data.md's ${reader} example prints every column with its type`, () => {
      const script = blocks.find((b) => b.includes(uses));
      expect(script, `a python block calling ${uses}`).toBeDefined();
      const local = script!
        .replace(/^BASE = .*$/m, `BASE = ${JSON.stringify(`file://${dir}`)}`)
        .replace(/^QUERY = .*$/m, 'QUERY = ""');
      const printed = readOutput(run(local));
      expect(Object.keys(printed)).toEqual(TABLES);
      for (const name of TABLES) {
        expect(printed[name].rows, name).toBe(rowsInCsv(name));
        expect(printed[name].rows, name).toBeGreaterThan(0);
        expect(Object.keys(printed[name].types), name).toEqual(PARQUET_TABLES[name].map((c) => c.name));
        for (const c of PARQUET_TABLES[name])
          expect(printed[name].types[c.name], `${name}.${c.name}`).toMatch(
            // As docs/notebook-data.md says: pandas reads an integer column with a gap as float64.
            reader === "pandas" && c.type === "bigint" && nulls()[name][c.name] > 0 ? /^float64$/ : types[c.type],
          );
      }
    }, 60_000);

  it("pandas and polars read the rows of the CSVs, value for value", () => {
    // Every row as JSON, `started_at` as epoch milliseconds, from each reader.
    const out = run(`
import json, sys
import pandas as pd, polars as pl
out = {}
for name in ("runs", "turns", "calls"):
    path = ${JSON.stringify(dir)} + f"/{name}.parquet"
    p = pd.read_parquet(path)
    for c in p.select_dtypes("datetimetz"):
        p[c] = (p[c] - pd.Timestamp(0, tz="UTC")) // pd.Timedelta(milliseconds=1)
    l = pl.read_parquet(path).with_columns(pl.col(pl.Datetime).dt.epoch("ms"))
    out[name] = {
        "pandas": json.loads(p.to_json(orient="values")),
        "polars": [list(r) for r in l.iter_rows()],
    }
json.dump(out, sys.stdout)
`);
    const read = JSON.parse(out) as Record<string, Record<"pandas" | "polars", Cell[][]>>;
    for (const name of TABLES) {
      const startedAt = PARQUET_TABLES[name].findIndex((c) => c.type === "timestamp");
      for (const reader of ["pandas", "polars"] as const) {
        const rows = read[name][reader];
        expect(rows, `${name} in ${reader}`).toHaveLength(rowsInCsv(name));
        const body = rows
          .map((r) => {
            const cells = [...r];
            if (startedAt >= 0) cells[startedAt] = new Date(cells[startedAt] as number).toISOString();
            return csvLine(cells);
          })
          .join("");
        expect(csvLine(PARQUET_TABLES[name].map((c) => c.name)) + body, `${name} in ${reader}`).toBe(csv[name]);
      }
    }
  }, 60_000);
});
