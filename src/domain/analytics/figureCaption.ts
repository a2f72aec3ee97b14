/**
 * The context a figure carries into a paper (issue 34.6): a title, n (runs and tasks), the
 * sessions it reads and the date of its data, as the SVG's <title>, <desc> and visible lines.
 */
/** What every figure of a page shares: its data's n, sessions and date. */
export interface FigureContext {
  runs: number;
  tasks: number;
  /** Session names, newest first; empty when every session is pooled. */
  sessions: readonly string[];
  /** Whether every session is pooled on purpose ("all sessions"). */
  allSessions?: boolean;
  /** When the newest run in the figure started (ms since the epoch, UTC); null without runs. */
  lastRunAt: number | null;
}

export interface FigureFacts extends FigureContext {
  title: string;
}

export interface FigureCaption {
  /** The SVG's <title> and the first visible line. */
  title: string;
  /** Visible lines under the title: n, sessions, date. */
  lines: string[];
  /** The SVG's <desc>: every line, sessions in full. */
  desc: string;
}

/** Sessions named on a visible line before "and k more". */
export const CAPTION_SESSIONS = 3;

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** "2026-12-04" (UTC) */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function sessionsLine(names: readonly string[], all: boolean, max: number): string {
  if (all) return "Sessions: all sessions pooled";
  if (!names.length) return "Sessions: none";
  const shown = names.slice(0, max).join(", ");
  const rest = names.length - Math.min(max, names.length);
  return `${names.length === 1 ? "Session" : "Sessions"}: ${shown}${rest ? ` and ${rest} more` : ""}`;
}

/** The caption of a figure from its facts. Pure: the date is the data's, never the clock's. */
export function figureCaption(f: FigureFacts): FigureCaption {
  const n = `n = ${plural(f.runs, "run", "runs")}, ${plural(f.tasks, "task", "tasks")}`;
  const date = f.lastRunAt === null ? "No runs yet" : `Runs up to ${isoDate(f.lastRunAt)} (UTC)`;
  const lines = [n, sessionsLine(f.sessions, f.allSessions ?? false, CAPTION_SESSIONS), date];
  const desc = [f.title, n, sessionsLine(f.sessions, f.allSessions ?? false, Infinity), date].join(". ") + ".";
  return { title: f.title, lines, desc };
}

/** "pass-rate-per-config" → "Pass rate per config": a title for a figure that was given none. */
export function titleFromName(name: string): string {
  const words = name.replace(/[-_]+/g, " ").trim();
  return words ? words[0].toUpperCase() + words.slice(1) : "Figure";
}
