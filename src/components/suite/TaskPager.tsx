import type { TaskPage } from "@/domain/suite/page";
import s from "./suite.module.css";

const href = (query: string, page: number) => {
  const p = new URLSearchParams();
  if (query) p.set("q", query);
  if (page > 1) p.set("page", String(page));
  const q = p.toString();
  return q ? `?${q}` : "?";
};

/** A search box for the suite's tasks (a plain GET form: works without JavaScript). */
export function TaskSearch({ query }: { query: string }) {
  return (
    <form method="get" className={s.search} data-testid="task-search" role="search">
      <input
        type="search"
        name="q"
        defaultValue={query}
        placeholder="Find a task by id, title or prompt"
        aria-label="Find a task"
        maxLength={200}
      />
      <button className="btn" type="submit">
        Find
      </button>
      {query && (
        <a href="?" data-testid="task-search-clear">
          Show all tasks
        </a>
      )}
    </form>
  );
}

/** Which tasks are shown and links to the pages before and after. */
export function TaskPager({ page, bottom = false }: { page: TaskPage<unknown>; bottom?: boolean }) {
  const { first, last, matching, pages, query } = page;
  return (
    <nav
      className={s.pager}
      data-testid={bottom ? "task-pager-bottom" : "task-pager"}
      aria-label={bottom ? "Task pages (bottom)" : "Task pages"}
    >
      <span data-testid={bottom ? undefined : "task-range"}>
        {matching === 0
          ? `No task matches “${query}”.`
          : `Tasks ${first}–${last} of ${matching.toLocaleString("en-US")}${query ? ` matching “${query}”` : ""} · page ${page.page} of ${pages}`}
      </span>
      {page.page > 1 && (
        <a href={href(query, page.page - 1)} rel="prev" data-testid={bottom ? undefined : "pager-prev"}>
          ← Previous
        </a>
      )}
      {page.page < pages && (
        <a href={href(query, page.page + 1)} rel="next" data-testid={bottom ? undefined : "pager-next"}>
          Next →
        </a>
      )}
    </nav>
  );
}
