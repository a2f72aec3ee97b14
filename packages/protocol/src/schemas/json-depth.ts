/**
 * Whether a parsed JSON value nests arrays and objects more than `limit` levels deep, found with
 * an explicit stack (no recursion), stopping as soon as it passes `limit`. V8's JSON.parse copes
 * with any depth, but zod's `z.json()`, JSON.stringify and every other recursive walk overflow
 * the stack a few thousand levels down, so bodies are bounded right after they are parsed.
 * Walking the parsed value costs one step per array element or object property, far less than a
 * pass over the text, whose length is mostly string content.
 */
export function jsonDepthExceeds(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== "object") return false;
  const stack: unknown[] = [value];
  const depths: number[] = [1];
  while (stack.length) {
    const v = stack.pop() as object;
    const d = depths.pop()!;
    if (d > limit) return true;
    const children = Array.isArray(v) ? v : Object.values(v);
    for (const c of children) {
      if (c !== null && typeof c === "object") {
        stack.push(c);
        depths.push(d + 1);
      }
    }
  }
  return false;
}

/**
 * Whether `value` is a JSON value (null, boolean, finite number, string, array or plain object of
 * JSON values), checked without recursion. Bodies parsed by JSON.parse always are; this guards
 * objects built in code (the simulator, tests) as `z.json()` did, at a fraction of its cost.
 */
export function isJsonValue(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v === "string" || typeof v === "boolean") continue;
    if (typeof v === "number") {
      if (!Number.isFinite(v)) return false;
      continue;
    }
    if (typeof v !== "object") return false;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push(v[i]);
      continue;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return false;
    for (const k in v) stack.push((v as Record<string, unknown>)[k]);
  }
  return true;
}
