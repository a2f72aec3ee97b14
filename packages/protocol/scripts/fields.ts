import { z } from "zod";

/** One field of a message as its schema declares it: where it is, what it holds, whether it must be there. */
export interface FieldRow {
  /** `turns[].toolCalls[].args`: `[]` steps into a list's items. */
  path: string;
  type: string;
  required: boolean;
  /** Bounds and formats the schema checks: `1–200 chars`, `≥ 0`, `ISO 8601 with offset`. */
  rule: string;
}

type Json = {
  type?: string | string[];
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  anyOf?: Json[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: Json | boolean;
};

function typeOf(j: Json): string {
  if (j.enum) return j.enum.map((v) => `\`${JSON.stringify(v)}\``).join(" \\| ");
  if (j.const !== undefined) return `\`${JSON.stringify(j.const)}\``;
  if (j.anyOf) {
    const types = j.anyOf.map(typeOf);
    return [...new Set(types)].join(" \\| ");
  }
  if (j.type === "array") return `list of ${j.items ? typeOf(j.items) : "any"}`;
  if (j.type === "object" && !j.properties && j.additionalProperties) return "object (any keys)";
  if (Array.isArray(j.type)) return j.type.join(" \\| ");
  return j.type ?? "any JSON value";
}

const SAFE = Number.MAX_SAFE_INTEGER;

function ruleOf(j: Json): string {
  const out: string[] = [];
  // zod's int() bounds are ±2^53−1: no bound a reader needs to see.
  const min = j.minimum === -SAFE ? undefined : j.minimum;
  const max = j.maximum === SAFE ? undefined : j.maximum;
  if (j.format === "date-time") out.push("ISO 8601 time with offset");

  if (j.minLength !== undefined || j.maxLength !== undefined)
    out.push(`${j.minLength ?? 0}–${j.maxLength ?? "∞"} chars`);
  if (min !== undefined && max !== undefined) out.push(`${min}–${max}`);
  else if (min !== undefined) out.push(`≥ ${min}`);
  else if (j.exclusiveMinimum !== undefined) out.push(`> ${j.exclusiveMinimum}`);
  else if (max !== undefined) out.push(`≤ ${max}`);
  if (j.minItems !== undefined || j.maxItems !== undefined) out.push(`${j.minItems ?? 0}–${j.maxItems ?? "∞"} items`);
  return out.join(", ");
}

/**
 * Every field of `schema`, depth first in declaration order. A union of objects (a file change:
 * a write or a deletion) lists the fields of each; a field is required where every option needs it.
 */
export function fieldRows(schema: z.ZodType, io: "input" | "output" = "input"): FieldRow[] {
  const root = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Json;
  const rows: FieldRow[] = [];
  const walk = (j: Json, prefix: string) => {
    const objects = j.anyOf?.filter((o) => o.properties) ?? (j.properties ? [j] : []);
    const seen = new Map<string, { schema: Json; requiredIn: number }>();
    for (const o of objects)
      for (const [k, v] of Object.entries(o.properties ?? {})) {
        const e = seen.get(k) ?? { schema: v, requiredIn: 0 };
        if (o.required?.includes(k)) e.requiredIn++;
        seen.set(k, e);
      }
    for (const [k, { schema: v, requiredIn }] of seen) {
      const path = prefix ? `${prefix}.${k}` : k;
      rows.push({ path, type: typeOf(v), required: requiredIn === objects.length, rule: ruleOf(v) });
      if (v.properties || v.anyOf?.some((o) => o.properties)) walk(v, path);
      else if (v.type === "array" && v.items && (v.items.properties || v.items.anyOf?.some((o) => o.properties)))
        walk(v.items, `${path}[]`);
    }
  };
  walk(root, "");
  return rows;
}
