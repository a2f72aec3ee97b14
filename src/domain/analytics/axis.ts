/**
 * Axis geometry for the charts, computed before drawing so no tick label is clipped. Recharts
 * draws a Y axis in a box of fixed `width` and cuts whatever does not fit on the left (a turn
 * time of "1.35 s" came out as ".35 s" in a 56 px box); it also picks its own ticks, so the
 * box cannot be sized to labels it has not chosen yet. Here the ticks are chosen first (nice
 * steps of 1, 2, 2.5 or 5 × 10ᵏ), their labels formatted, and the box sized to the widest one.
 */

/**
 * Advance widths of the characters that occur in tick labels, in em, for the system sans-serif
 * stacks the dashboard uses (measured in Chromium on DejaVu Sans / Liberation Sans, rounded up so
 * an estimate is never short). Anything else counts as a wide letter.
 */
const EM: Record<string, number> = {
  " ": 0.32,
  ".": 0.32,
  ",": 0.32,
  ":": 0.34,
  "%": 0.96,
  "–": 0.5,
  "−": 0.84,
  "-": 0.36,
  "+": 0.84,
  "(": 0.39,
  ")": 0.39,
  "/": 0.34,
  "…": 1.0,
  "✗": 0.84,
};
const DIGIT = 0.64;
const LOWER = 0.62;
const UPPER = 0.72;
const WIDE = 0.96;

/** Estimated width in px of `text` at `fontSize` px: an upper bound of the drawn width. */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) {
    if (ch in EM) em += EM[ch];
    else if (ch >= "0" && ch <= "9") em += DIGIT;
    else if (ch >= "a" && ch <= "z") em += ch === "m" || ch === "w" ? 0.98 : ch === "i" || ch === "l" ? 0.3 : LOWER;
    else if (ch >= "A" && ch <= "Z") em += UPPER;
    else em += WIDE;
  }
  return em * fontSize;
}

/** Space recharts keeps between the tick label and the axis line (tick line 6 px + gap 2 px). */
const TICK_SPACE = 8;
/** Room left of the tick labels for the rotated axis title: its font size and a gap on each side. */
const titleRoom = (fontSize: number) => fontSize + 10;

/**
 * The `width` a vertical axis needs so its widest tick label and its rotated title both fit:
 * widest label + tick space + (title: font size + 10 px) + 4 px slack, rounded up.
 */
export function axisWidth(labels: readonly string[], opts: { fontSize?: number; titleFontSize?: number | null } = {}) {
  const fontSize = opts.fontSize ?? 12;
  const widest = Math.max(0, ...labels.map((l) => textWidth(l, fontSize)));
  const title = opts.titleFontSize === null ? 0 : titleRoom(opts.titleFontSize ?? 12);
  return Math.ceil(widest + TICK_SPACE + title + 4);
}

/**
 * Nice ticks from 0 (or `min`) to at least `max`: about `count` steps of 1, 2, 2.5 or 5 × 10ᵏ,
 * the last tick the first multiple of the step at or above max. Rounded to the step's decimals so
 * 0.1 + 0.2 prints as 0.3. A max of 0 or less (no data) gives [0, 1].
 */
export function niceTicks(max: number, count = 5, min = 0): number[] {
  const span = max - min;
  if (!Number.isFinite(span) || span <= 0) return [min, min + 1];
  const raw = span / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = niceStep(raw);
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + (step / mag === 2.5 ? 1 : 0));
  const ticks: number[] = [];
  for (let i = 0; ; i++) {
    const v = Number((min + i * step).toFixed(decimals));
    ticks.push(v);
    if (v >= max - step * 1e-9) break;
  }
  return ticks;
}

/** The smallest of 1, 2, 2.5, 5 or 10 × 10ᵏ at or above `raw` (a positive step): 27.2 → 50, 121.8 → 200. */
export function niceStep(raw: number): number {
  const mag = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw * 0.999)!;
}

/** "1.35 s": seconds with as many decimals as the ticks' step needs (all ticks alike). */
export function secondsTicks(ticks: readonly number[]): string[] {
  const decimals = Math.max(0, ...ticks.map((t) => (String(t).split(".")[1] ?? "").length));
  return ticks.map((t) => `${t.toFixed(decimals)} s`);
}

/** A vertical axis drawn from data: its domain, explicit ticks, their labels and the width that fits them. */
export interface AxisSpec {
  domain: [number, number];
  ticks: number[];
  labels: string[];
  width: number;
}

/** An axis for values from 0 to `max`, ticks labelled by `format`, sized to its labels. */
export function valueAxis(
  max: number,
  format: (v: number) => string,
  opts: { count?: number; fontSize?: number } = {},
) {
  const ticks = niceTicks(max, opts.count ?? 5);
  const labels = ticks.map(format);
  return {
    domain: [ticks[0], ticks[ticks.length - 1]],
    ticks,
    labels,
    width: axisWidth(labels, { fontSize: opts.fontSize }),
  } satisfies AxisSpec;
}

/** A seconds axis whose labels all carry the decimals the step needs ("0.25 s", "1.50 s"). */
export function secondsAxis(maxS: number, opts: { count?: number; fontSize?: number } = {}): AxisSpec {
  const ticks = niceTicks(maxS, opts.count ?? 5);
  const labels = secondsTicks(ticks);
  return { domain: [ticks[0], ticks[ticks.length - 1]], ticks, labels, width: axisWidth(labels, opts) };
}

/**
 * A category label cut to `maxChars` with an ellipsis ("bash-plan-examples-su…"), so a long
 * config id under a bar never runs into the next one; the full id goes in the tick's title.
 */
export function truncateLabel(text: string, maxChars: number): string {
  const chars = [...text];
  if (chars.length <= maxChars || maxChars < 2) return text;
  return `${chars.slice(0, maxChars - 1).join("")}…`;
}

/**
 * How many characters a category tick may show. Level ticks get the band each category has
 * (plot width ÷ categories, less 8 px of gap); rotated ticks run diagonally past their
 * neighbours, so their limit is the axis height they may drop into (less 14 px for the tick line
 * and gap) ÷ sin(angle). Either length ÷ an average character (0.6 em), between 4 and 28.
 */
export function categoryChars(
  plotWidth: number,
  categories: number,
  opts: { fontSize?: number; angleDeg?: number; axisHeight?: number } = {},
): number {
  const fontSize = opts.fontSize ?? 11;
  const angle = Math.abs(opts.angleDeg ?? 0);
  if (!(categories > 0) || !(plotWidth > 0)) return 28;
  const room =
    angle > 0 && opts.axisHeight
      ? (opts.axisHeight - 14) / Math.sin((angle * Math.PI) / 180)
      : plotWidth / categories - 8;
  return Math.max(4, Math.min(28, Math.floor(room / (0.6 * fontSize))));
}
