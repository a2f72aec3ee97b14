import { z } from "zod";
import { MAX_SEARCH_LENGTH } from "../runs/search";

/** Columns the runs explorer sorts by, and the SQL each stands for (a whitelist: never user text). */
export const RUN_SORTS = {
  received: "r.received_at",
  started: "r.started_at",
  task: "r.task_id",
  config: "r.config_id",
  outcome: "sc.outcome",
  passed: "sc.passed",
  calls: "sc.tool_calls",
  turns: "sc.turn_count",
  ttft: "sc.first_ttft_ms",
  load: "sc.load_ms",
  peak: "sc.peak_context_tokens",
} as const;
export type RunSort = keyof typeof RUN_SORTS;

export const RunsPage = z.object({
  sort: z.enum(Object.keys(RUN_SORTS) as [RunSort, ...RunSort[]]).default("received"),
  dir: z.enum(["asc", "desc"]).default("desc"),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(10).max(500).default(50),
  /** Text search (src/domain/runs/search.ts): run id, final reply, tool calls' arguments, error text. */
  q: z
    .string()
    .max(MAX_SEARCH_LENGTH, `a search is at most ${MAX_SEARCH_LENGTH} characters`)
    .transform((s) => s.trim())
    .default(""),
});
export type RunsPage = z.infer<typeof RunsPage>;

export function parseRunsPage(params: URLSearchParams) {
  return RunsPage.safeParse({
    sort: params.get("sort") || undefined,
    dir: params.get("dir") || undefined,
    page: params.get("page") || undefined,
    pageSize: params.get("pageSize") || undefined,
    q: params.get("q") || undefined,
  });
}

/** Pages for `total` rows: how many, and the 1-based rows shown on `page` ("51–100 of 1,234"). */
export function pageWindow(total: number, page: number, pageSize: number) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(page, pages);
  const first = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const last = Math.min(total, current * pageSize);
  return { pages, current, first, last, offset: (current - 1) * pageSize };
}
