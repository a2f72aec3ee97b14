/**
 * JSON with object keys sorted at every depth, so two values that differ only in key order
 * (a model emitting `{"b":1,"a":2}` then `{"a":2,"b":1}`, or a suite re-serialised by an editor)
 * compare equal as strings. Follows JSON.stringify otherwise: undefined object fields vanish.
 */
export function stableJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? "undefined";
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/** True when two JSON-like values have the same content regardless of key order. */
export function sameContent(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}
