const utf8 = new TextEncoder();

/**
 * Compares two strings by their UTF-8 bytes, the order every engine here sorts text in
 * (`collateC`: SQLite's BINARY, PostgreSQL's "C", DuckDB's default), for rows sorted in code after
 * a join the database no longer does (ADR 12). JavaScript's `<` compares UTF-16 code units, which
 * differ from byte order where a character above U+FFFF meets one from U+E000 to U+FFFF.
 */
export function byteOrder(a: string, b: string): number {
  if (a === b) return 0;
  // Both below U+D800 (every id and name in practice): code units order as bytes do.
  if (!/[\uD800-\uFFFF]/.test(a + b)) return a < b ? -1 : 1;
  const x = utf8.encode(a);
  const y = utf8.encode(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}
