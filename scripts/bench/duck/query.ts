/**
 * The comparison of two answers to one analytics call (the service on one engine against another,
 * or against its statements replayed in DuckDB) before anything is timed.
 */

/**
 * Numbers agree when equal as integers, or within 1e-6 relative or 1e-6 absolute: the two engines
 * sum doubles in other orders (DuckDB's `regr_sxx` is not SQLite's two-pass centred sum), and some
 * figures subtract nearly equal values (a build's slope minus the previous build's: at 1M runs
 * 5.5e-6 ms/token out of 5.2, where the engines' last-digit differences become the third digit).
 * Counts and other integers must be exact.
 */
const TOL = 1e-6;
const sameNumber = (a: number, b: number) =>
  Number.isInteger(a) && Number.isInteger(b)
    ? a === b
    : a === b || Math.abs(a - b) <= TOL * Math.max(1, Math.abs(a), Math.abs(b));

/** A coarse text of a value (numbers to 3 significant digits) to put unordered rows of both sides in one order. */
function coarse(v: unknown): string {
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : v.toPrecision(3);
  if (v === null || v === undefined || typeof v !== "object") return JSON.stringify(v ?? null);
  if (v instanceof Map) return coarse(Object.fromEntries(v));
  if (Array.isArray(v)) return `[${v.map(coarse).sort().join(",")}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${k}:${coarse(o[k])}`)
    .join(",")}}`;
}

/**
 * Null when the two answers carry the same numbers (see `sameNumber`; arrays compare as multisets,
 * since rows whose order neither engine defines may come in either order), else where they differ.
 */
export function differ(service: unknown, duck: unknown, at = "$"): string | null {
  if (typeof service === "number" && typeof duck === "number")
    return sameNumber(service, duck) ? null : `${at}: service ${service}, DuckDB ${duck}`;
  if (service instanceof Map || duck instanceof Map)
    return differ(
      service instanceof Map ? Object.fromEntries(service) : service,
      duck instanceof Map ? Object.fromEntries(duck) : duck,
      at,
    );
  if (Array.isArray(service) && Array.isArray(duck)) {
    if (service.length !== duck.length)
      return `${at}: ${service.length} items from the service, ${duck.length} from DuckDB`;
    const order = (xs: unknown[]) =>
      xs.map((x) => [coarse(x), x] as const).sort(([p], [q]) => (p < q ? -1 : p > q ? 1 : 0));
    const a = order(service);
    const b = order(duck);
    for (let i = 0; i < a.length; i++) {
      const d = differ(a[i][1], b[i][1], `${at}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  const isObj = (x: unknown): x is Record<string, unknown> => !!x && typeof x === "object" && !Array.isArray(x);
  if (isObj(service) && isObj(duck)) {
    const keys = new Set([...Object.keys(service), ...Object.keys(duck)]);
    for (const k of [...keys].sort()) {
      const d = differ(service[k] ?? null, duck[k] ?? null, `${at}.${k}`);
      if (d) return d;
    }
    return null;
  }
  const norm = (x: unknown) => JSON.stringify(x ?? null);
  return norm(service) === norm(duck)
    ? null
    : `${at}: service ${norm(service).slice(0, 200)}, DuckDB ${norm(duck).slice(0, 200)}`;
}
