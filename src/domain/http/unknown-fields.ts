import type { z } from "zod";

/**
 * Unknown fields in what a caller sent: a typo (`repeat` for `repeats`, `trail` for `trial`) that
 * zod's default object would drop in silence, leaving the default in its place (issue 35.7).
 */

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: readonly z.ZodType[];
  element?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
};
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The field names an object schema knows at this level, or null when it takes any name (loose, record). */
function knownAt(schema: z.ZodType): Set<string> | null {
  const def = defOf(schema);
  if (def.type !== "object") return null;
  if (def.catchall && defOf(def.catchall).type !== "never") return null;
  return new Set(Object.keys(def.shape ?? {}));
}

/** What a schema is under its wrappers (optional, default, pipe…): `object`, `array` or another type. */
function coreType(schema: z.ZodType): string {
  const def = defOf(schema);
  const inner = def.innerType ?? def.in ?? (def.type === "lazy" ? def.getter?.() : undefined);
  return inner ? coreType(inner) : def.type;
}

export interface UnknownField {
  /** Dotted path of the field (`tasks.grops`, `configs.0.x`). */
  path: string;
  /** The names the schema knows beside it, to suggest from. */
  known: string[];
}

/**
 * Every key of `value` that `schema` does not declare, walking objects, arrays, optional,
 * nullable, defaulted and piped schemas. A union is read through the option that leaves the
 * fewest unknown keys (the one the caller most likely meant); `z.unknown()`, records and loose
 * objects take any key.
 */
export function unknownFields(schema: z.ZodType, value: unknown, path: string[] = []): UnknownField[] {
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return def.innerType ? unknownFields(def.innerType, value, path) : [];
    case "pipe":
      return def.in ? unknownFields(def.in, value, path) : [];
    case "lazy":
      return def.getter ? unknownFields(def.getter(), value, path) : [];
    case "intersection": {
      // A key is unknown only when neither side knows it.
      const left = def.left ? unknownFields(def.left, value, path) : [];
      const right = new Set((def.right ? unknownFields(def.right, value, path) : []).map((u) => u.path));
      return left.filter((u) => right.has(u.path));
    }
    case "union": {
      // Read through the options that accept the value (else those of its kind: an object for an
      // object), so `"all" | [ids] | {groups}` reads `{grop: …}` through `{groups}`.
      const options = def.options ?? [];
      const accepting = options.filter((o) => o.safeParse(value).success);
      const kind = Array.isArray(value) ? "array" : isRecord(value) ? "object" : "other";
      const candidates = accepting.length ? accepting : options.filter((o) => coreType(o) === kind);
      let best: UnknownField[] | null = null;
      for (const option of candidates) {
        const found = unknownFields(option, value, path);
        if (best === null || found.length < best.length) best = found;
        if (!found.length) break;
      }
      return best ?? [];
    }
    case "array":
      return Array.isArray(value) && def.element
        ? value.flatMap((v, i) => unknownFields(def.element!, v, [...path, String(i)]))
        : [];
    case "record":
      return isRecord(value) && def.valueType
        ? Object.entries(value).flatMap(([k, v]) => unknownFields(def.valueType!, v, [...path, k]))
        : [];
    case "object": {
      if (!isRecord(value)) return [];
      const known = knownAt(schema);
      const out: UnknownField[] = [];
      for (const [k, v] of Object.entries(value)) {
        // Own keys only: `constructor` or `__proto__` in a body must not find Object's.
        const field = def.shape && Object.hasOwn(def.shape, k) ? def.shape[k] : undefined;
        if (field) out.push(...unknownFields(field, v, [...path, k]));
        else if (known) out.push({ path: [...path, k].join("."), known: [...known] });
      }
      return out;
    }
    default:
      return [];
  }
}

/**
 * Optimal string alignment distance (Damerau–Levenshtein without repeated edits of one
 * substring): insertions, deletions, substitutions and swaps of neighbours each cost 1.
 */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

/**
 * The known name the caller most likely meant: the closest by edit distance (case ignored) when
 * it is at most 2 edits and fewer than half the name's letters away; ties go to the earlier name.
 */
export function nearestName(name: string, known: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const k of known) {
    const distance = editDistance(name.toLowerCase(), k.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [k, distance];
  }
  return best !== null && bestDistance <= 2 && bestDistance * 2 < Math.max(name.length, 2) ? best : null;
}

/** One issue per unknown field, in the `issues` shape of a 400: "`repeat` is not a field: did you mean `repeats`?" */
export function unknownFieldIssues(
  fields: readonly UnknownField[],
  noun = "field",
): { path: string; message: string }[] {
  return fields.map(({ path, known }) => {
    const name = path.split(".").at(-1)!;
    const near = nearestName(name, known);
    const list = known.length
      ? `the ${noun}s here are ${known.map((k) => `\`${k}\``).join(", ")}`
      : `none are taken here`;
    return {
      path,
      message: near
        ? `\`${name}\` is not a ${noun}: did you mean \`${near}\`?`
        : `\`${name}\` is not a ${noun}: ${list}.`,
    };
  });
}
