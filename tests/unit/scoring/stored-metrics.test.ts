import { describe, expect, it } from "vitest";
import { metrics } from "@/domain/scoring/metrics";
import { METRIC_COLUMNS, metricsOfRow, storedMetrics, type MetricColumns } from "@/domain/scoring/storedMetrics";
import type { RunMetrics } from "@/domain/scoring/types";
import { call, trace, turn } from "./build";

const columns = (m: RunMetrics): MetricColumns =>
  Object.fromEntries(METRIC_COLUMNS.map((k) => [k, m[k]])) as MetricColumns;

// A row of the realistic seed as the version before stored it (written out by hand from the database).
const FULL =
  '{"toolCalls":1,"failedToolCalls":1,"turns":2,"firstTtftMs":270,"medianTurnMs":158833,"loadMs":3523,"startupTokens":561,"peakContextTokens":663,"peakContextShare":0.32373046875,"outputTokens":6264,"contextEvents":{"elide":0,"summarize":0,"recall":0,"overflow":0},"unparsedCallTurns":0}';

describe("the metrics JSON of a score row", () => {
  it("keeps only what has no column: the share of the window, the context events, the unparsed turns", () => {
    const m = JSON.parse(FULL) as RunMetrics;
    expect(storedMetrics(m)).toBe(
      '{"peakContextShare":0.32373046875,"contextEvents":{"elide":0,"summarize":0,"recall":0,"overflow":0},"unparsedCallTurns":0}',
    );
    expect(storedMetrics(m).length).toBeLessThan(FULL.length / 2);
  });

  it("reads back as the full metrics, the fields in their order, from the JSON and the columns", () => {
    const m = JSON.parse(FULL) as RunMetrics;
    expect(JSON.stringify(metricsOfRow(storedMetrics(m), columns(m)))).toBe(FULL);
    // Metrics of a scored trace, a null first TTFT and median (no turns) and a fractional median.
    const none = metrics(trace({ turns: [] }), null);
    expect(JSON.stringify(metricsOfRow(storedMetrics(none), columns(none)))).toBe(JSON.stringify(none));
    const two = metrics(
      trace({
        turns: [
          turn({ toolCalls: [call("bash", { command: "ls" }, false)], ttftMs: 100, decodeMs: 1 }),
          turn({ ttftMs: 200, decodeMs: 2 }),
        ],
      }),
      4096,
    );
    expect(two.medianTurnMs).toBe(151.5);
    expect(JSON.stringify(metricsOfRow(storedMetrics(two), columns(two)))).toBe(JSON.stringify(two));
  });

  it("answers a row written before the JSON was slimmed, and an imported run's, as stored", () => {
    const m = JSON.parse(FULL) as RunMetrics;
    // The columns are not read: a full row is its own answer.
    expect(metricsOfRow(FULL, { ...columns(m), toolCalls: 99 })).toEqual(m);
    expect(metricsOfRow('{"imported":true}', columns(m))).toEqual({ imported: true });
  });
});
