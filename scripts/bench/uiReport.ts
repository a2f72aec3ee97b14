/** The Markdown tables of targets 6 and 7 (pure: numbers in, text out). */
import { median, spread } from "./measure";

export interface PageVisit {
  ttfb: number;
  domInteractive: number;
  loadEventEnd: number;
  content: number;
  complete: number;
  hydrated: number;
  interactive: number;
  longTasks: number;
  longTaskMs: number;
  longestTask: number;
  htmlKb: number;
  elements: number;
}

const ms = (x: number) => Math.round(x).toLocaleString("en-US");
const times = (x: number) => `${x.toFixed(2)}×`;

/**
 * One row per page: interactive as median (min–max) in ms and as a ratio to the "baseline"
 * page's visit of the same round, then the medians of the other moments and of the long tasks.
 */
export function pageRows(visits: Map<string, PageVisit[]>, labels: Record<string, string>): string {
  const base = visits.get("baseline") ?? [];
  const rows = [...visits.entries()].map(([name, v]) => {
    const m = (f: (x: PageVisit) => number) => median(v.map(f));
    const ratio =
      base.length === v.length
        ? spread(
            v.map((x, i) => x.interactive / base[i].interactive),
            times,
          )
        : "—";
    return `| ${labels[name] ?? name} | ${spread(
      v.map((x) => x.interactive),
      ms,
    )} | ${ratio} | ${ms(m((x) => x.ttfb))} | ${ms(m((x) => x.domInteractive))} | ${ms(m((x) => x.content))} | ${ms(m((x) => x.hydrated))} | ${ms(m((x) => x.complete))} | ${ms(m((x) => x.loadEventEnd))} | ${m((x) => x.longTasks)} · ${ms(m((x) => x.longTaskMs))} · ${ms(m((x) => x.longestTask))} | ${ms(m((x) => x.htmlKb))} | ${ms(m((x) => x.elements))} |`;
  });
  return [
    "| page | interactive, ms: median (min–max) | × baseline | TTFB | domInteractive | content visible | hydrated | all content in DOM | loadEventEnd | long tasks: n · total · longest ms | HTML KB | elements |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

export interface ServerFacts {
  starts: { s: number[]; b: number[]; rss: number[]; group: number[] };
  rssIdle: { serverMb: number; groupMb: number };
  dbMbPer1000: number;
  runs: number;
}

export function serverRows(f: ServerFacts): string {
  const mb = (x: number) => `${Math.round(x)} MB`;
  const mbs = (xs: number[]) => `${spread(xs, (x) => String(Math.round(x)))} MB`;
  const mss = (xs: number[]) => `${spread(xs, ms)} ms`;
  return [
    "| figure | median (min–max) | beside it |",
    "|---|---|---|",
    `| start-up: \`npx tsx server/main.ts\` until /api/health is 200 and / has rendered | ${mss(f.starts.s)} | the same command running a bare HTTP server: ${mss(f.starts.b)}; ratio ${spread(
      f.starts.s.map((x, i) => x / f.starts.b[i]),
      times,
    )} |`,
    `| RSS of the server process just after start | ${mbs(f.starts.rss)} | whole process group (npm exec, tsx, esbuild, server) ${mbs(f.starts.group)} |`,
    `| RSS of the server process idle after the page visits | ${mb(f.rssIdle.serverMb)} | whole process group ${mb(f.rssIdle.groupMb)} |`,
    `| database size per 1,000 runs (this ${f.runs.toLocaleString("en-US")}-run database) | ${f.dbMbPer1000.toFixed(2)} MB | the 100k-run figure is in the seed line above |`,
  ].join("\n");
}
