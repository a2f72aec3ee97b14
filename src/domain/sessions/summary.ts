import { percent } from "../stats/format";

/** A device that returned runs for a session: the id and model its runs report, and its name (phoneLabel). */
export interface SessionDevice {
  id: string;
  model: string;
  runs: number;
  /** The token's name · the reported id (issue 34.2), as every page names a phone. */
  label: string;
}

/**
 * "62% (5/8)": a session's pass rate with its n, over its scored, current runs; "no runs yet"
 * when none is scored. The n is always shown so 1/1 never reads like 40/40.
 */
export function passRateText(passed: number, scored: number): string {
  if (scored <= 0) return "no runs yet";
  return `${percent(passed / scored)} (${passed}/${scored})`;
}

/**
 * The devices of a session in one short phrase: "iPhone 15 Pro ×2, Pixel 9". Phones of one model
 * are counted rather than listed (a fleet of 20 simulated phones is one phrase); "–" before any run.
 * Models are ordered by runs, most first, then by name, so the phrase is stable.
 */
export function devicesText(devices: readonly SessionDevice[]): string {
  if (!devices.length) return "–";
  const byModel = new Map<string, { phones: number; runs: number }>();
  for (const d of devices) {
    const m = byModel.get(d.model) ?? { phones: 0, runs: 0 };
    m.phones++;
    m.runs += d.runs;
    byModel.set(d.model, m);
  }
  return [...byModel.entries()]
    .sort((a, b) => b[1].runs - a[1].runs || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([model, m]) => (m.phones > 1 ? `${model} ×${m.phones}` : model))
    .join(", ");
}

/** "Pixel 8 (lab A) · sim-1 (iPhone 15 Pro, 12 runs); …": every phone by name, for a tooltip under {@link devicesText}. */
export function devicesTitle(devices: readonly SessionDevice[]): string {
  return devices.map((d) => `${d.label} (${d.model}, ${d.runs} run${d.runs === 1 ? "" : "s"})`).join("; ");
}

/** What an imported session's runs carried over from their source dashboard (an import has no jobs or settings of its own). */
export interface ImportedSource {
  runs: number;
  tasks: number;
  configs: number;
  /** The highest repeat number among the runs (the source's repeats, as far as the runs show). */
  repeats: number;
  models: string[];
  builds: string[];
  /** First and last run start as the source recorded it (ISO), null when there are no runs. */
  from: string | null;
  to: string | null;
}

/** One imported run's fields that {@link importedSource} reads. */
export interface ImportedRunFacts {
  taskId: string;
  configId: string;
  repeat: number;
  model: string;
  buildCommit: string;
  startedAt: string;
}

const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** The source settings an imported session shows in place of the job, lease and order settings it never had. */
export function importedSource(runs: readonly ImportedRunFacts[]): ImportedSource {
  const starts = sorted(runs.map((r) => r.startedAt).filter((s) => s !== ""));
  return {
    runs: runs.length,
    tasks: new Set(runs.map((r) => r.taskId)).size,
    configs: new Set(runs.map((r) => r.configId)).size,
    repeats: runs.reduce((m, r) => Math.max(m, r.repeat), 0),
    models: sorted(runs.map((r) => r.model).filter((s) => s !== "")),
    builds: sorted(runs.map((r) => r.buildCommit).filter((s) => s !== "")),
    from: starts[0] ?? null,
    to: starts.at(-1) ?? null,
  };
}

/**
 * "12 runs · 3 tasks × 2 configs · up to 2 repeats · gemma-4-e2b · build 3f2c1e9 · run 2026-10-14 09:00–09:40 UTC":
 * an imported session's settings line, every part taken from what its runs carried.
 */
export function importedSourceText(s: ImportedSource): string {
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;
  const parts = [
    plural(s.runs, "run"),
    `${plural(s.tasks, "task")} × ${plural(s.configs, "config")}`,
    s.repeats > 1 ? `up to ${s.repeats} repeats` : "1 repeat",
  ];
  if (s.models.length) parts.push(s.models.join(", "));
  if (s.builds.length) parts.push(`build${s.builds.length > 1 ? "s" : ""} ${s.builds.join(", ")}`);
  if (s.from && s.to) {
    const day = (iso: string) => iso.slice(0, 10);
    const time = (iso: string) => iso.slice(11, 16);
    parts.push(
      day(s.from) === day(s.to)
        ? `run ${day(s.from)} ${time(s.from)}–${time(s.to)} UTC`
        : `run ${day(s.from)} ${time(s.from)} – ${day(s.to)} ${time(s.to)} UTC`,
    );
  }
  return parts.join(" · ");
}
