import { z } from "zod";
import { FILTER_FIELDS, type AnalyticsFilter as Values, type FilterField } from "./filterFields";
import { filterValues, filterWire } from "./filterParams";

type Field = (typeof FILTER_FIELDS)[number];
type ZodOf<F> = F extends { kind: "list" }
  ? z.ZodDefault<z.ZodArray<z.ZodString>>
  : F extends { kind: "flag" }
    ? z.ZodDefault<z.ZodBoolean>
    : F extends { kind: "boolean" }
      ? z.ZodOptional<z.ZodBoolean>
      : F extends { kind: "enum"; options: readonly (infer O extends string)[] }
        ? z.ZodOptional<z.ZodEnum<{ [V in O]: V }>>
        : z.ZodOptional<z.ZodString>;

function schemaOf(f: FilterField): z.ZodType {
  switch (f.kind) {
    case "list":
      return z.array(z.string().min(1).max(f.itemMax)).max(f.max).default([]);
    case "flag":
      return z.boolean().default(false);
    case "boolean":
      return z.boolean().optional();
    case "enum":
      return z.enum(f.options).optional();
    case "text":
      return z.string().min(1).max(f.max).optional();
  }
}

/**
 * The filters every analytics view, export and API call share (protocol.md §5), as the field list
 * declares them (filterFields.ts). With no session named, exports take every session and
 * analytics the newest one unless `allSessions` pools them all on purpose
 * (server/analytics/resolveSelection.ts).
 */
export const AnalyticsFilter = z.object(
  Object.fromEntries(FILTER_FIELDS.map((f) => [f.key, schemaOf(f)])) as { [F in Field as F["key"]]: ZodOf<F> },
);
export type AnalyticsFilter = Values;

// The schema's output is the field list's type, both ways: a kind read differently fails to compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameType: Same<z.output<typeof AnalyticsFilter>, Values> = true;

/** Reads a filter from a query string; returns every problem when it cannot. */
export function parseFilter(params: URLSearchParams) {
  return AnalyticsFilter.safeParse(filterValues(filterWire(params)));
}
