import { FILTER_FIELDS, type AnalyticsFilter, type FilterKey } from "./filterFields";

// Apart from filter.ts so the browser's filter forms (FilterBar, RunsFilterForm) write a query
// string without loading zod and the suite and protocol schemas the filter's parser is built from.

/** The filter's parameters as they arrive: a list's values as an array, any other's as its text. */
export type FilterWire = Partial<Record<string, string | string[]>>;

/** The filter's parameters of a query string; empty values count as absent (as every reader did before). */
export function filterWire(params: URLSearchParams): FilterWire {
  return Object.fromEntries(
    FILTER_FIELDS.map((f) => [
      f.param,
      f.kind === "list" ? params.getAll(f.param).filter(Boolean) : params.get(f.param) || undefined,
    ]),
  );
}

/** A boolean's text read; one that is not leaves as text, so the schema's 400 names its parameter. */
const bool = (v: string | undefined): boolean | string | undefined => {
  if (v === undefined) return undefined;
  if (v === "1" || v === "true") return true;
  if (v === "0" || v === "false") return false;
  return v;
};
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The filter's raw values from its parameters, defaults filled in, ready for `AnalyticsFilter`. */
export function filterValues(w: FilterWire): Record<FilterKey, unknown> {
  const out: Partial<Record<FilterKey, unknown>> = {};
  for (const f of FILTER_FIELDS) {
    const v = w[f.param];
    if (f.kind === "list") out[f.key] = v ?? [];
    else if (f.kind === "flag") out[f.key] = bool(one(v)) ?? false;
    else if (f.kind === "boolean") out[f.key] = bool(one(v));
    else out[f.key] = one(v);
  }
  return out as Record<FilterKey, unknown>;
}

/** The query string for a filter (for links from a count to the runs behind it, and downloads). */
export function filterToParams(f: Partial<AnalyticsFilter>): URLSearchParams {
  const p = new URLSearchParams();
  const values: Partial<Record<FilterKey, unknown>> = f;
  for (const field of FILTER_FIELDS) {
    const v = values[field.key];
    if (field.kind === "list") for (const s of (v as string[] | undefined) ?? []) p.append(field.param, s);
    else if (field.kind === "flag") v && p.set(field.param, "1");
    else if (field.kind === "boolean") v !== undefined && p.set(field.param, v ? "true" : "false");
    else if (v) p.set(field.param, String(v));
  }
  return p;
}
