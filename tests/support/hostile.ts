import fc from "fast-check";

/**
 * Generators of hostile HTTP input for tests/integration/hostile-input.test.ts: bodies built by
 * mutating a valid template (so they reach deep validation and service code, not just the first
 * type check), raw bodies no JSON encoder would write, hostile path ids and query strings.
 */

/** JSON text spliced verbatim into a body: numbers JSON.stringify cannot write (1e999), deep nesting. */
export class Raw {
  constructor(readonly text: string) {}
}
const MARK = "\u0000hostile-raw:";

/** Serialises a value whose leaves may be `Raw` (spliced in as written). Built as text, so depth costs no stack. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v) => (v instanceof Raw ? `${MARK}${raws.push(v.text) - 1}` : v)) ?? "null";
  return text.replace(/"\\u0000hostile-raw:(\d+)"/g, (_m, i: string) => raws[Number(i)]);
}

export const DEPTHS = [65, 1_000, 10_000, 20_000] as const;
/** Nesting as JSON text: JSON.parse copes with it, anything recursive on the server may not. */
export const deep = fc
  .tuple(fc.constantFrom(...DEPTHS), fc.constantFrom("array", "object", "not", "all"))
  .map(([n, shape]) => {
    const [open, leaf, close] = {
      array: ["[", "1", "]"],
      object: ['{"a":', "1", "}"],
      not: ['{"kind":"not","check":', '{"kind":"reply_regex","pattern":"x"}', "}"],
      all: ['{"kind":"all","of":[', '{"kind":"reply_regex","pattern":"x"}', "]}"],
    }[shape];
    return new Raw(open.repeat(n) + leaf + close.repeat(n));
  });

/** Strings up to ~1 MB, of one- to four-byte characters, NUL and markup. */
export const huge = fc
  .tuple(
    fc.constantFrom(1_000, 70_000, 300_000, 1_048_576),
    fc.constantFrom("x", "é", "\u0000", "😀", "<script>", "../"),
  )
  .map(([n, c]) => c.repeat(Math.ceil(n / c.length / (c === "😀" ? 2 : 1))));

export const nastyStrings = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "../../../../etc/passwd",
  "/notes/../../etc/passwd",
  "/a/\u0000/b",
  "/./x",
  "//x",
  "C:\\Windows",
  "%00",
  "%2e%2e%2f",
  "\ud800",
  "\udfff\ud800",
  "\u202e\u2066",
  "\uFEFF",
  "NaN",
  "Infinity",
  "-Infinity",
  "-1",
  "1e308",
  "0x10",
  "true",
  "null",
  "undefined",
  "[object Object]",
  "__proto__",
  "constructor",
  "prototype",
  "'; DROP TABLE runs; --",
  "$(reboot)",
  "<img src=x onerror=alert(1)>",
  "=cmd|' /C calc'!A0",
  "\r\n\r\nHTTP/1.1 200 OK",
  "a".repeat(201),
  "unknown_enum_value",
);

/** Numbers the schemas must refuse or bound; `Raw` ones parse to ±Infinity or underflow to 0. */
export const nastyNumbers = fc.constantFrom<unknown>(
  -1,
  -0.5,
  0.5,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  2 ** 63,
  -(2 ** 31),
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER,
  new Raw("1e999"),
  new Raw("-1e999"),
  new Raw("1E400"),
  new Raw("-0"),
  new Raw("1e-400"),
  new Raw("100000000000000000000000000000"),
  "NaN",
  "Infinity",
  "-Infinity",
  "1",
  "",
);

/** Any one hostile value: wrong types, nasty strings and numbers, huge, deep. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyStrings },
  { weight: 3, arbitrary: nastyNumbers },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { kind: "nope" }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: huge },
  { weight: 1, arbitrary: deep },
);

type Op = { op: "delete" | "replace" | "extra" | "flood"; at: number; key: string; value: unknown };
const op: fc.Arbitrary<Op> = fc.record({
  op: fc.constantFrom("delete", "replace", "replace", "extra", "flood"),
  at: fc.nat(),
  key: fc.oneof(
    fc.constantFrom("__proto__", "constructor", "extra", "id", "kind", "version"),
    fc.string({ maxLength: 8 }),
  ),
  value: hostileValue,
});

/** Every value in `root` with its parent slot; an object shared by many slots (a flood) is entered once. */
function containers(root: unknown): { parent: any; key: string | number; node: any }[] {
  const out: { parent: any; key: string | number; node: any }[] = [];
  const stack: { parent: any; key: string | number; node: any }[] = [{ parent: null, key: "", node: root }];
  const seen = new Set<object>();
  while (stack.length) {
    const c = stack.pop()!;
    out.push(c);
    if (c.node && typeof c.node === "object" && !(c.node instanceof Raw) && !seen.has(c.node)) {
      seen.add(c.node);
      for (const [k, v] of Object.entries(c.node))
        stack.push({ parent: c.node, key: Array.isArray(c.node) ? Number(k) : k, node: v });
    }
  }
  return out;
}

/**
 * Applies mutations to a copy of `template`: delete a field, replace it, add an unknown one, or
 * repeat an array's first item up to 10,000 times (one flood, applied last, capped at ~4 MB of
 * JSON so the body stays near the 5 MiB trace limit instead of exhausting the test's memory).
 */
export function mutate(template: unknown, ops: Op[]): unknown {
  let root = structuredClone(template);
  const flood = ops.find((o) => o.op === "flood");
  for (const { value: shared, ...o } of [...ops.filter((x) => x.op !== "flood"), ...(flood ? [flood] : [])]) {
    // fast-check may hand out one instance many times (constantFrom's `[]`): insert a copy, never it.
    const value = shared instanceof Raw ? shared : structuredClone(shared);
    const all = containers(root);
    const { parent, key, node } = all[o.at % all.length];
    if (o.op === "extra" && node && typeof node === "object") {
      if (Array.isArray(node)) node.push(value);
      else Object.defineProperty(node, o.key, { value, enumerable: true, writable: true, configurable: true });
    } else if (o.op === "flood" && Array.isArray(node) && node.length) {
      const copies = Math.min(10_000, Math.floor(4e6 / Math.max(1, toJsonText(node[0]).length)));
      node.push(...Array(Math.max(0, copies - node.length)).fill(node[0]));
    } else if (parent === null) {
      root = o.op === "delete" ? undefined : value;
    } else if (o.op === "delete") {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
    } else {
      parent[key] = value;
    }
  }
  return root;
}

export interface Body {
  bytes?: Uint8Array<ArrayBuffer>;
  type?: string;
  length?: string;
  label: string;
}

const enc = new TextEncoder();
const INVALID_UTF8 = [
  [0xff],
  [0xc3, 0x28],
  [0xed, 0xa0, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xe2, 0x82],
  [0xc0, 0xaf],
];
/**
 * Non-JSON media types whose text a pattern match took for JSON (issue 14): a form or plain text
 * with `+json` or `json` somewhere in a parameter, or JSON-looking subtypes that are not JSON.
 */
export const BYPASS_TYPES = [
  "application/x-www-form-urlencoded; x=a+json",
  "application/x-www-form-urlencoded;+json",
  "text/plain; charset=application/json",
  "multipart/form-data; boundary=a+json",
  "application/json-seq",
  "application/+json",
  "application/json, text/plain",
  "application/json x",
  'text/plain; x="application/json"',
];
const WRONG_TYPES = [
  "text/plain",
  "multipart/form-data; boundary=x",
  "application/x-www-form-urlencoded",
  "application/jsonx",
  "image/png",
  "",
  ";;;",
  ...BYPASS_TYPES,
];
const JSON_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "application/vnd.api+json",
  "application/json; charset=latin1",
];
const BAD_JSON = [
  "",
  " ",
  "{",
  "}",
  '{"a":}',
  "[1,]",
  "NaN",
  "undefined",
  "{'a':1}",
  "\uFEFF{}",
  "}{",
  "null null",
  "{} []",
  '"unterminated',
  '{"a":1}garbage',
  "[".repeat(5000),
];

/** A body for a route whose valid body is `template`: mostly mutated templates, plus raw garbage. */
export function bodyFor(template: unknown): fc.Arbitrary<Body> {
  const asJson = (type: fc.Arbitrary<string | undefined>) => (v: fc.Arbitrary<unknown>, label: string) =>
    fc.tuple(v, type).map(([value, t]): Body => ({ bytes: enc.encode(toJsonText(value)), type: t, label }));
  const json = asJson(fc.constantFrom(...JSON_TYPES));
  return fc.oneof(
    {
      weight: 8,
      arbitrary: json(
        fc.array(op, { minLength: 1, maxLength: 4 }).map((ops) => mutate(template, ops)),
        "mutated template",
      ),
    },
    { weight: 1, arbitrary: json(fc.constant(template), "valid template") },
    { weight: 2, arbitrary: json(hostileValue, "JSON that is not an object") },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...BAD_JSON), fc.constantFrom(...JSON_TYPES))
        .map(([t, type]): Body => ({ bytes: enc.encode(t), type, label: "invalid JSON" })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...INVALID_UTF8), fc.nat(), fc.constantFrom(...JSON_TYPES))
        .map(([bad, at, type]): Body => {
          const ok = enc.encode(toJsonText(template));
          const i = at % (ok.length + 1);
          return {
            bytes: new Uint8Array([...ok.subarray(0, i), ...bad, ...ok.subarray(i)]),
            type,
            label: "invalid UTF-8",
          };
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 512 })
        .map((bytes): Body => ({ bytes, type: "application/json", label: "random bytes" })),
    },
    {
      weight: 2,
      arbitrary: asJson(fc.constantFrom(...WRONG_TYPES, undefined))(fc.constant(template), "wrong content type"),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>({ label: "no body", type: "application/json" }, { label: "no body, no type" }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom("abc", "-5", "1e308", "99999999999", "0").map((length): Body => ({
        bytes: enc.encode(toJsonText(template)),
        type: "application/json",
        length,
        label: "bogus content-length",
      })),
    },
  );
}

/** Path ids: real ones, unknown ones, traversal, NUL, escapes, very long. Encoded as one path segment. */
/** Lone surrogates cannot be percent-encoded; they become U+FFFD as a browser would send them. */
const encode = (s: string) =>
  encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"));

export function idFrom(real: string[]): fc.Arbitrary<string> {
  return fc
    .oneof(
      { weight: 2, arbitrary: fc.constantFrom(...real) },
      { weight: 3, arbitrary: nastyStrings.map(encode) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          "%00",
          "%ZZ",
          "%E0%A4%A",
          "..%2F..%2Fetc%2Fpasswd",
          "%2F",
          "job_%00",
          "a%20b",
          "x".repeat(10_000),
          "%F0%9F%98%80",
        ),
      },
      { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 30 }).map(encode) },
    )
    .filter((s) => s !== "" && !/^(\.|%2e){1,2}$/i.test(s)); // dot segments are resolved away by the URL parser
}

const QUERY_KEYS = [
  "session",
  "build",
  "device",
  "thermal",
  "charging",
  "includeTrial",
  "includeSuperseded",
  "task",
  "group",
  "config",
  "outcome",
  "passed",
  "looping",
  "points",
  "max",
  "a",
  "b",
  "aSession",
  "bSession",
  "mode",
  "baseline",
  "pick",
  "sort",
  "dir",
  "page",
  "pageSize",
  "name",
  "wait",
];
const PLAUSIBLE = [
  "nominal",
  "critical",
  "1",
  "0",
  "true",
  "files",
  "bash",
  "multi_step",
  "finished",
  "turns",
  "loads",
  "all",
  "asc",
  "consecutive",
  "dentist-todo",
  "files:bash",
];
const queryValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PLAUSIBLE) },
  { weight: 3, arbitrary: nastyStrings },
  { weight: 2, arbitrary: nastyNumbers.map((v) => (v instanceof Raw ? v.text : String(v))) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom(1_000, 70_000).map((n) => "q".repeat(n)) },
);

/** A query string: known and unknown keys, repeated params (up to 300 times), raw bad escapes. */
export function queryFor(real: string[]): fc.Arbitrary<string> {
  const pair = fc.tuple(
    fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 6 })),
    fc.oneof(queryValue, fc.constantFrom(...real)),
  );
  return fc
    .tuple(
      fc.array(pair, { maxLength: 12 }),
      fc.option(
        fc.tuple(
          fc.tuple(fc.constantFrom(...QUERY_KEYS), fc.constantFrom(...PLAUSIBLE, ...real)),
          fc.constantFrom(2, 201, 300),
        ),
      ),
      fc.option(fc.constantFrom("%ZZ=%E0%A4%A", "=&&=", "session", "a=1=2", "%00=%00")),
    )
    .map(([pairs, repeated, junk]) => {
      const q = new URLSearchParams(pairs);
      if (repeated) for (let i = 0; i < repeated[1]; i++) q.append(...repeated[0]);
      return [q.toString(), junk].filter(Boolean).join("&");
    });
}

/** fast-check's report with every line cut to 300 characters: counterexamples here hold megabyte strings. */
export async function shortReport<T>(details: fc.RunDetails<T>): Promise<void> {
  if (!details.failed) return;
  const cut = (fc.defaultReportMessage(details) ?? "")
    .split("\n")
    .map((l) => (l.length > 300 ? `${l.slice(0, 300)}… (${l.length} chars)` : l));
  throw new Error(cut.join("\n"), { cause: details.errorInstance });
}

/** `bytes` with every occurrence of `from` replaced by `to` (bytes, since the body may be invalid UTF-8). */
export function swapBytes(bytes: Uint8Array<ArrayBuffer>, from: string, to: string): Uint8Array<ArrayBuffer> {
  const f = Buffer.from(from);
  const parts: Buffer[] = [];
  let buf = Buffer.from(bytes);
  for (let i = buf.indexOf(f); i >= 0; i = buf.indexOf(f)) {
    parts.push(buf.subarray(0, i), Buffer.from(to));
    buf = buf.subarray(i + f.length);
  }
  return new Uint8Array(Buffer.concat([...parts, buf]));
}

/** Strings that are valid JSON (as `\u` escapes) but not Unicode: lone high and low surrogates. */
export const LONE_SURROGATES = ["\ud800", "phone\ud800x", "\udfff", "x\ud83d", "\udfff\ud800"] as const;

/**
 * `template` with its `at`-th string leaf (in a fixed walk order) replaced by `bad`, or, with
 * `asKey`, with a key holding `bad` added to the object around it; also the dotted path the
 * server's 400 must name (a bad key is named by its object's path).
 */
export function withIllFormed(
  template: unknown,
  at: number,
  bad: string,
  asKey: boolean,
): { body: unknown; path: string } {
  const body = structuredClone(template);
  const leaves: { parent: any; key: string | number; path: (string | number)[] }[] = [];
  const stack: { node: any; path: (string | number)[] }[] = [{ node: body, path: [] }];
  while (stack.length) {
    const { node, path } = stack.pop()!;
    for (const [k, v] of Object.entries(node)) {
      const key = Array.isArray(node) ? Number(k) : k;
      if (typeof v === "string") leaves.push({ parent: node, key, path: [...path, key] });
      else if (v && typeof v === "object") stack.push({ node: v, path: [...path, key] });
    }
  }
  const leaf = leaves[at % leaves.length];
  if (!asKey) {
    leaf.parent[leaf.key] = bad;
    return { body, path: leaf.path.join(".") };
  }
  const objectPath = leaf.path.slice(0, -1);
  if (Array.isArray(leaf.parent)) leaf.parent[leaf.key as number] = { [bad]: 1 };
  else leaf.parent[bad] = 1;
  return { body, path: (Array.isArray(leaf.parent) ? leaf.path : objectPath).join(".") || "(body)" };
}
