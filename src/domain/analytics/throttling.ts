import { centredMoments, olsFromMoments, type Moments } from "../stats/regression";
import { slopeP } from "../stats/slope-test";

/**
 * Throttling detection (docs/api.md § Throttling): a phone that heats up decodes and prefills
 * more slowly as a session goes on, and that must not be mistaken for a slower harness. Per
 * device within a session, in run order, each run's decode rate (output tokens per second of
 * decode) and prefill rate (prompt tokens per second of time to first token) are fitted against
 * the minutes since that device's first run by ordinary least squares. The relative change over
 * the session is `slope × span / intercept`: the fitted rate at the last run against the fitted
 * rate at the first, minus one. A rate is flagged when it falls by more than `drop` (10%) with the
 * slope's two-sided p below `alpha` (0.05).
 *
 * Configs differ in their rates for reasons that are not heat (a prefill rate includes each turn's
 * fixed overhead, so a config with short prompts prefills fewer tokens per second), and a device
 * seldom runs them evenly over time (four phones splitting a session take different configs at
 * different times). So each run's rate is first scaled by its config's median on that device and
 * session, against the median over all its runs: `rate × median(all) / median(config)`. With one
 * config that factor is 1; with several, the fit sees only changes over time.
 */

/** One run's totals over its turns, as the database sums them. */
export interface RunRates {
  sessionId: string;
  /** The id the phone reported. */
  deviceId: string;
  /**
   * The paired token the run came in on (null: imported). A phone is a token × reported id (issue
   * 34.2): two tokens reporting one id are two phones, not one pooled fit.
   */
  tokenDeviceId?: string | null;
  /** The run's config: rates are compared within a config (see above). Absent: one config. */
  configId?: string;
  /** When the run started, ms since the epoch. */
  startedAtMs: number;
  outputTokens: number;
  decodeMs: number;
  promptTokens: number;
  ttftMs: number;
}

export interface RateTrend {
  /** Runs with a measurable rate (time spent > 0). */
  n: number;
  /** Fitted change of the rate per minute of the session (tokens/s per minute), and its 95% interval. */
  slopePerMin: number;
  slopeCi: [number, number];
  /** Fitted rate at the device's first run, tokens/s. */
  startRate: number;
  /** Minutes from the first run to the last. */
  spanMin: number;
  /** `slope × span / intercept`: −0.3 means the fitted rate fell 30% over the session. */
  relativeChange: number;
  p: number;
  flagged: boolean;
}

export interface DeviceThrottling {
  sessionId: string;
  deviceId: string;
  tokenDeviceId: string | null;
  runs: number;
  decode: RateTrend | null;
  prefill: RateTrend | null;
  flagged: boolean;
}

export const THROTTLE_DROP = 0.1;
export const THROTTLE_ALPHA = 0.05;

/** A rate's points as a fit needs them: their centred sums (`Moments`) and the span of x, in minutes. */
export interface RateMoments extends Moments {
  spanMin: number;
}

/** The centred sums of (minutes, rate) points (`centredMoments`) and the span of their minutes; null for none. */
export function rateMoments(points: readonly { x: number; y: number }[]): RateMoments | null {
  if (!points.length) return null;
  // A loop, not Math.max(...xs): a device's runs can pass the engine's limit on arguments.
  let min = Infinity;
  let max = -Infinity;
  for (const p of points) {
    min = Math.min(min, p.x);
    max = Math.max(max, p.x);
  }
  return { ...centredMoments(points), spanMin: max - min };
}

/**
 * The trend of one rate from its points' sums (a database can add them up: the columnar copy
 * does). Null when it cannot be fitted: fewer than three points, all at one instant, or a fitted
 * start rate that is not positive (a relative change needs a positive baseline).
 */
export function trendFromMoments(
  m: RateMoments | null,
  drop = THROTTLE_DROP,
  alpha = THROTTLE_ALPHA,
): RateTrend | null {
  const fit = m && olsFromMoments(m);
  if (!m || !fit || !(fit.intercept > 0)) return null;
  const p = slopeP(fit);
  if (p === null) return null;
  // x is measured from the first run, so the intercept is the fitted rate at the start.
  const relativeChange = (fit.slope * m.spanMin) / fit.intercept;
  return {
    n: fit.n,
    slopePerMin: fit.slope,
    slopeCi: fit.slopeCi,
    startRate: fit.intercept,
    spanMin: m.spanMin,
    relativeChange,
    p,
    flagged: relativeChange < -drop && p < alpha,
  };
}

/** The trend of one rate over (minutes, rate) points (see `trendFromMoments`). */
export function rateTrend(
  points: readonly { x: number; y: number }[],
  drop = THROTTLE_DROP,
  alpha = THROTTLE_ALPHA,
): RateTrend | null {
  return trendFromMoments(rateMoments(points), drop, alpha);
}

/** One session × device's runs, summed: what `throttlingFromSums` needs. */
export interface DeviceRateSums {
  sessionId: string;
  deviceId: string;
  tokenDeviceId?: string | null;
  runs: number;
  decode: RateMoments | null;
  prefill: RateMoments | null;
}

/** Per session × device, in the order given: the decode and prefill trends and whether either is flagged. */
export function throttlingFromSums(
  groups: readonly DeviceRateSums[],
  drop = THROTTLE_DROP,
  alpha = THROTTLE_ALPHA,
): DeviceThrottling[] {
  return groups.map((g) => {
    const decode = trendFromMoments(g.decode, drop, alpha);
    const prefill = trendFromMoments(g.prefill, drop, alpha);
    return {
      sessionId: g.sessionId,
      deviceId: g.deviceId,
      tokenDeviceId: g.tokenDeviceId ?? null,
      runs: g.runs,
      decode,
      prefill,
      flagged: !!decode?.flagged || !!prefill?.flagged,
    };
  });
}

/** Per session × device, in first-seen order: the decode and prefill trends and whether either is flagged. */
export function throttling(
  runs: readonly RunRates[],
  drop = THROTTLE_DROP,
  alpha = THROTTLE_ALPHA,
): DeviceThrottling[] {
  const groups = new Map<string, RunRates[]>();
  for (const r of [...runs].sort((a, b) => a.startedAtMs - b.startedAtMs)) {
    const key = `${r.sessionId}\u0000${r.tokenDeviceId ?? ""}\u0000${r.deviceId}`;
    const g = groups.get(key);
    if (g) g.push(r);
    else groups.set(key, [r]);
  }
  const sums = [...groups.values()].map((g): DeviceRateSums => {
    const t0 = g[0].startedAtMs;
    const minutes = (r: RunRates) => (r.startedAtMs - t0) / 60_000;
    const decode = withinConfig(
      g.filter((r) => r.decodeMs > 0),
      (r) => r.outputTokens / (r.decodeMs / 1000),
      minutes,
    );
    const prefill = withinConfig(
      g.filter((r) => r.ttftMs > 0),
      (r) => r.promptTokens / (r.ttftMs / 1000),
      minutes,
    );
    return {
      sessionId: g[0].sessionId,
      deviceId: g[0].deviceId,
      tokenDeviceId: g[0].tokenDeviceId ?? null,
      runs: g.length,
      decode: rateMoments(decode),
      prefill: rateMoments(prefill),
    };
  });
  return throttlingFromSums(sums, drop, alpha);
}

/** (minutes, rate) points with each rate scaled by its config's median against the median of all (see the top). */
function withinConfig(
  runs: readonly RunRates[],
  rate: (r: RunRates) => number,
  x: (r: RunRates) => number,
): { x: number; y: number }[] {
  const all = median(runs.map(rate));
  const byConfig = new Map<string, number[]>();
  for (const r of runs) {
    const k = r.configId ?? "";
    const list = byConfig.get(k);
    if (list) list.push(rate(r));
    else byConfig.set(k, [rate(r)]);
  }
  const configMedian = new Map([...byConfig].map(([k, v]) => [k, median(v)]));
  return runs.map((r) => {
    const m = configMedian.get(r.configId ?? "") ?? 0;
    return { x: x(r), y: m > 0 ? (rate(r) * all) / m : rate(r) };
  });
}

function median(xs: readonly number[]): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * The sentence a flagged device gets wherever its timings are shown, naming the phone by `label`
 * (phoneLabel: its token's name and reported id; the reported id when not given).
 */
export function throttlingAdvice(d: DeviceThrottling, label: string = d.deviceId): string | null {
  if (!d.flagged) return null;
  const parts = [
    d.decode?.flagged && `decode ${pct(d.decode.relativeChange)}`,
    d.prefill?.flagged && `prefill ${pct(d.prefill.relativeChange)}`,
  ].filter(Boolean);
  return (
    `${label} slowed down during this session (${parts.join(", ")} from its first run to its last, p < ${THROTTLE_ALPHA}): ` +
    "it was probably heating up. Compare configs within its early runs only, or re-run with longer rest between runs (protocol.rest) and the phone unplugged."
  );
}

/** "−30%" / "+4%": a trend's relative change over the session, for tables; "–" without a fit. */
export function changeText(t: RateTrend | null): string {
  return t ? pct(t.relativeChange) : "–";
}

const pct = (x: number) => `${x > 0 ? "+" : "−"}${Math.round(Math.abs(x) * 100)}%`;
