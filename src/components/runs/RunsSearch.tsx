import Link from "next/link";
import { MAX_SEARCH_LENGTH } from "@/domain/runs/search";

/**
 * The runs explorer's text search (issue 34.8): a plain GET form to /runs that carries the page's
 * other parameters (filters, sort, page size) as hidden fields and starts again at page 1, so the
 * address holds `?q=` and a search is a link. Works before any script has loaded.
 */
export function RunsSearch({ q, keep, clearHref }: { q: string; keep: URLSearchParams; clearHref: string }) {
  return (
    // key: a new search (or none) after a navigation shows its own text, not what was typed before.
    <form key={q} action="/runs" method="get" role="search" className="row runs-search" data-testid="runs-search">
      {[...keep].map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      <input
        aria-label="Search runs"
        type="search"
        name="q"
        defaultValue={q}
        maxLength={MAX_SEARCH_LENGTH}
        placeholder="Search run id, final reply, tool arguments, errors"
        data-testid="runs-search-input"
      />
      <button type="submit" className="btn" data-testid="runs-search-submit">
        Search
      </button>
      {q && (
        <Link prefetch={false} href={clearHref} data-testid="runs-search-clear">
          Clear search
        </Link>
      )}
      <span className="hint">Every word must appear; case is ignored; the last word may be cut short.</span>
    </form>
  );
}
