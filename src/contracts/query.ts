import { z } from "zod";
import { AnalyticsFilter } from "@/domain/analytics/filter";
import { FILTER_FIELDS, type FilterField } from "@/domain/analytics/filterFields";
import { filterValues, type FilterWire } from "@/domain/analytics/filterParams";

/** The object a query schema reads: a pipe's input side, down to the z.object of strings. */
export function queryShape(schema: z.ZodType): Record<string, z.ZodType> {
  let s: z.ZodType = schema;
  while (s instanceof z.ZodPipe) s = s.in as z.ZodType;
  if (!(s instanceof z.ZodObject)) throw new Error("a query schema must start from a z.object of strings");
  return s.shape as Record<string, z.ZodType>;
}

const isArray = (s: z.ZodType): boolean => {
  let t: z.ZodType = s;
  while (t instanceof z.ZodOptional || t instanceof z.ZodDefault) t = t.unwrap() as z.ZodType;
  return t instanceof z.ZodArray;
};

/**
 * The raw values of a query string for `schema`: repeatable keys as arrays, the rest as their
 * first value; empty values count as absent (as every hand-written reader did before).
 */
export function queryValues(schema: z.ZodType, params: URLSearchParams): Record<string, string | string[] | undefined> {
  const out: Record<string, string | string[] | undefined> = {};
  for (const [key, field] of Object.entries(queryShape(schema))) {
    out[key] = isArray(field) ? params.getAll(key).filter(Boolean) : params.get(key) || undefined;
  }
  return out;
}

const text = (description: string) => z.string().optional().meta({ description });
const flag = (description: string) => text(`${description}: \`1\`/\`true\` or \`0\`/\`false\`.`);

type Field = (typeof FILTER_FIELDS)[number];
type Wire<F> = F extends { kind: "list" } ? z.ZodOptional<z.ZodArray<z.ZodString>> : z.ZodOptional<z.ZodString>;
const wireOf = (f: FilterField) =>
  f.kind === "list"
    ? z.array(z.string()).optional().meta({ description: f.doc })
    : f.kind === "flag" || f.kind === "boolean"
      ? flag(f.doc)
      : text(f.doc);

/** The shared analytics filter as it appears on the wire (protocol.md §5), from its field list. */
export const FILTER_PARAMS = Object.fromEntries(FILTER_FIELDS.map((f) => [f.param, wireOf(f)])) as {
  [F in Field as F["param"]]: Wire<F>;
};

/**
 * A query of the analytics filter plus `extra` parameters: `extra` maps each wire parameter to
 * the schema its value must then satisfy. The result is `{ filter, ...extra values }`.
 */
export function filterQuery<E extends Record<string, { wire: z.ZodType; value: z.ZodType }>>(extra: E) {
  const wire = z.object({
    ...FILTER_PARAMS,
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, v.wire])),
  });
  const values = z.object({
    ...AnalyticsFilter.shape,
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, v.value])),
  });
  return wire
    .transform((w): unknown => {
      const e: Record<string, unknown> = w;
      return { ...filterValues(w as FilterWire), ...Object.fromEntries(Object.keys(extra).map((k) => [k, e[k]])) };
    })
    .pipe(values)
    .transform((v) => {
      const rec = v as Record<string, unknown>;
      const filter = Object.fromEntries(Object.keys(AnalyticsFilter.shape).map((k) => [k, rec[k]])) as AnalyticsFilter;
      return {
        filter,
        ...(Object.fromEntries(Object.keys(extra).map((k) => [k, rec[k]])) as {
          [K in keyof E]: z.output<E[K]["value"]>;
        }),
      };
    });
}

/**
 * The two sides of a comparison, `?a=&b=[&aSession=&bSession=]`, as `filterQuery` extras: both
 * configs required, each 400 issue naming the missing one.
 */
export const SIDES = {
  a: { wire: text("The baseline config (required)."), value: z.string({ error: "name the baseline config" }) },
  b: {
    wire: text("The config to compare with it (required)."),
    value: z.string({ error: "name the config to compare with it" }),
  },
  aSession: { wire: text("Only this session's runs for a."), value: z.string().optional() },
  bSession: { wire: text("Only this session's runs for b."), value: z.string().optional() },
};
export const SIDES_ERROR = "Give two configs to compare as `?a=<configId>&b=<configId>`.";

/** The sides of a `SIDES` query as the services take them. */
export const sidesOf = (q: { a: string; b: string; aSession?: string; bSession?: string }) => ({
  a: { config: q.a, session: q.aSession },
  b: { config: q.b, session: q.bSession },
});
