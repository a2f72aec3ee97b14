/**
 * Ratio measurement on a shared, noisy machine: the subject and its baseline run alternately in
 * the same process, each pair gives one ratio, and the table shows the median and min–max of the
 * ratios over the repetitions (never a lone absolute time).
 */
export interface Figure {
  id: string;
  what: string;
  /** "time": subject time / baseline time, target is a maximum. "rate": baseline time / subject time, target is a minimum. */
  kind: "time" | "rate" | "abs";
  ratios: number[];
  target: string;
  met: boolean | null;
  /** Absolute context (subject and baseline medians), for reading the ratio. */
  detail: string;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n === 0 ? NaN : n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};

export async function timeIt(fn: () => unknown | Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** Runs (subject, baseline) `reps` times after one untimed warm-up of each; returns both time lists. */
export async function pairs(
  reps: number,
  subject: () => unknown,
  baseline: () => unknown,
  warmup = true,
  measure: (fn: () => unknown) => Promise<number> = timeIt,
) {
  if (warmup) {
    await subject();
    await baseline();
  }
  const s: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < reps; i++) {
    // Alternate which goes first so a slow phase of the machine does not always hit the same side.
    if (i % 2) {
      b.push(await measure(baseline));
      s.push(await measure(subject));
    } else {
      s.push(await measure(subject));
      b.push(await measure(baseline));
    }
  }
  return { s, b };
}

/** For runs that time themselves, leaving untimed preparation out: each resolves to its own ms. */
export const selfTimed = async (fn: () => unknown) => (await fn()) as number;

const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(x < 10 ? 2 : 0)} ms`);
export const fmtMs = ms;

/** A figure whose target is "subject takes at most `max` × the baseline". */
export function timeFigure(id: string, what: string, t: { s: number[]; b: number[] }, max: number): Figure {
  const ratios = t.s.map((x, i) => x / t.b[i]);
  return {
    id,
    what,
    kind: "time",
    ratios,
    target: `≤ ${max}×`,
    met: median(ratios) <= max,
    detail: `${ms(median(t.s))} vs ${ms(median(t.b))}`,
  };
}

/** A figure whose target is "subject reaches at least `min` × the baseline's throughput". */
export function rateFigure(
  id: string,
  what: string,
  t: { s: number[]; b: number[] },
  min: number,
  unit?: { n: number; label: string },
): Figure {
  const ratios = t.s.map((x, i) => t.b[i] / x);
  const per = unit
    ? ` (${Math.round(unit.n / (median(t.s) / 1000))} vs ${Math.round(unit.n / (median(t.b) / 1000))} ${unit.label}/s)`
    : "";
  return {
    id,
    what,
    kind: "rate",
    ratios,
    target: `≥ ${min}×`,
    met: median(ratios) >= min,
    detail: `${ms(median(t.s))} vs ${ms(median(t.b))}${per}`,
  };
}

/** "median (min–max)" of `xs`, each formatted by `fmt`. */
export function spread(xs: number[], fmt: (x: number) => string): string {
  return `${fmt(median(xs))} (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})`;
}

export function fmtRatios(f: Figure): string {
  // A figure whose baseline could not be reproduced has no ratio: its detail says why.
  if (f.ratios.length && f.ratios.every(Number.isNaN)) return "not reproduced";
  return spread(f.ratios, (x) => (f.kind === "abs" ? Math.round(x).toLocaleString("en-US") : `${x.toFixed(2)}×`));
}

/** The figures as a Markdown table. */
export function table(figures: Figure[]): string {
  const rows = figures.map(
    (f) =>
      `| ${f.id} | ${f.what} | ${fmtRatios(f)} | ${f.target} | ${f.met === null ? "—" : f.met ? "yes" : "**no**"} | ${f.detail} |`,
  );
  return [
    "| # | figure | median (min–max) | target | met | subject vs baseline (medians) |",
    "|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

/** `text` with the part between `<!-- name:begin -->` and `<!-- name:end -->` replaced by `body`, or null without both markers. */
export function replaceBetween(text: string, name: string, body: string): string | null {
  const begin = `<!-- ${name}:begin -->`;
  const a = text.indexOf(begin);
  const b = text.indexOf(`<!-- ${name}:end -->`);
  return a >= 0 && b > a ? `${text.slice(0, a + begin.length)}\n${body}\n${text.slice(b)}` : null;
}

/**
 * Whether memory stayed flat through a streamed export: RSS samples taken evenly through it (in
 * order), compared as the peak of the second half against the peak of the first. A buffered
 * export holds what it has written, so its second half peaks at least half its output above the
 * first; a streamed one only wanders with the garbage collector around a working set it reaches
 * early. Met when the second half's peak rose by less than a quarter of that half's output.
 */
export function lateGrowth(samplesMb: number[], outputMb: number): { mb: number; met: boolean } {
  if (samplesMb.length < 2) return { mb: 0, met: true };
  const half = Math.floor(samplesMb.length / 2);
  const peak = (xs: number[]) => xs.reduce((m, x) => Math.max(m, x), -Infinity);
  const mb = peak(samplesMb.slice(half)) - peak(samplesMb.slice(0, half));
  return { mb, met: mb < 0.25 * (outputMb / 2) };
}
