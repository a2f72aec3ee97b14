import { duration } from "../stats/format";

/** A config's median start-up tokens and load time, with the load the TTFT line predicts. */
export interface LoadRow {
  configId: string;
  startupTokens: number | null;
  measuredLoadMs: number | null;
  predictedLoadMs: number | null;
}

/** Each config's predicted and measured load with measured − predicted (null when either is missing). */
export function loadTable(rows: LoadRow[]) {
  return rows.map((r) => ({
    ...r,
    differenceMs: r.measuredLoadMs !== null && r.predictedLoadMs !== null ? r.measuredLoadMs - r.predictedLoadMs : null,
  }));
}

/** "+5.5 s" / "−320 ms": a difference in time with its sign; "–" when missing. */
export function signedDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return "–";
  return `${ms < 0 ? "−" : "+"}${duration(Math.abs(ms))}`;
}
