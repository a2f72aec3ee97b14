import { TASK_GROUPS, type Task } from "./schema";

/**
 * The suite page shows this many tasks at a time: each task's details (prompt, seed files,
 * checks, fixtures) are in the HTML even while collapsed, and a suite rendered whole grew to
 * 225 MB for 55,000 tasks (issue 14). 50 is two screens of collapsed rows and twice the default suite.
 */
export const TASKS_PER_PAGE = 50;
const MAX_QUERY = 200;

export interface TaskPageRequest {
  /** 1-based; anything else (missing, `abc`, `-1`, past the end) is clamped to a real page. */
  page: number;
  /** Case-insensitive text to find in a task's id, title or prompt; empty for all tasks. */
  query: string;
}

export interface TaskPage<T> {
  tasks: T[];
  page: number;
  pages: number;
  /** Tasks matching the query (all of them without one). */
  matching: number;
  /** 1-based position of the first task shown; 0 when none matches. */
  first: number;
  last: number;
  query: string;
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

/** The page request in a URL's `?page=&q=` (a Next.js `searchParams` object). */
export function parseTaskPageRequest(params: { page?: string | string[]; q?: string | string[] }): TaskPageRequest {
  const page = Number(one(params.page));
  return { page: Number.isInteger(page) && page >= 1 ? page : 1, query: one(params.q).trim().slice(0, MAX_QUERY) };
}

/**
 * The tasks of one page, in the order the page shows them: by group (TASK_GROUPS), then suite
 * order, so a group's tasks stay together across pages.
 */
export function pageTasks<T extends Pick<Task, "id" | "group" | "prompt"> & { title?: string }>(
  tasks: readonly T[],
  req: TaskPageRequest,
  perPage = TASKS_PER_PAGE,
): TaskPage<T> {
  const q = req.query.toLowerCase();
  const hit = (t: T) =>
    !q ||
    t.id.toLowerCase().includes(q) ||
    (t.title ?? "").toLowerCase().includes(q) ||
    t.prompt.toLowerCase().includes(q);
  const ordered = TASK_GROUPS.flatMap((g) => tasks.filter((t) => t.group === g && hit(t)));
  const pages = Math.max(1, Math.ceil(ordered.length / perPage));
  const page = Math.min(Math.max(1, Math.floor(req.page)), pages);
  const shown = ordered.slice((page - 1) * perPage, page * perPage);
  const first = shown.length ? (page - 1) * perPage + 1 : 0;
  return {
    tasks: shown,
    page,
    pages,
    matching: ordered.length,
    first,
    last: first ? first + shown.length - 1 : 0,
    query: req.query,
  };
}
