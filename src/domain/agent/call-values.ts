/**
 * A lenient reader for the argument syntax small models write in tool calls: Gemma's native
 * `{key:<|"|>value<|"|>}`, JSON, and the Python-ish `key="value"` / `key: 'value'` forms,
 * with bare numbers, booleans, nested objects and arrays. It never throws: a problem is
 * reported as a CallSyntaxError with the offset, so the caller can tell the model what to fix.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export const GEMMA_QUOTE = '<|"|>';

export class CallSyntaxError extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
  }
}

const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const IDENT = /[A-Za-z_][\w.-]*/y;
const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", "0": "\0" };

export class ValueReader {
  constructor(
    readonly s: string,
    public i = 0,
  ) {}

  fail(message: string): never {
    throw new CallSyntaxError(message, this.i);
  }

  ws(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i])) this.i++;
  }

  peek(text: string): boolean {
    return this.s.startsWith(text, this.i);
  }

  /** `key sep value` pairs up to `close` (`}` or `)`), separated by commas or whitespace. */
  pairs(close: string): { [key: string]: JsonValue } {
    const out: { [key: string]: JsonValue } = {};
    for (;;) {
      this.ws();
      if (this.peek(close)) {
        this.i += close.length;
        return out;
      }
      if (this.i >= this.s.length) this.fail(`the arguments are not closed with ${close}`);
      const key = this.key();
      this.ws();
      if (this.s[this.i] !== ":" && this.s[this.i] !== "=") this.fail(`expected : or = after the argument name ${key}`);
      this.i++;
      this.ws();
      // defineProperty: a model-written "__proto__" key must stay a plain key.
      Object.defineProperty(out, key, {
        value: this.value(close),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      this.ws();
      if (this.s[this.i] === ",") this.i++;
    }
  }

  key(): string {
    if (this.peek(GEMMA_QUOTE)) return this.gemmaString();
    const q = this.s[this.i];
    if (q === '"' || q === "'") return this.quoted(q);
    IDENT.lastIndex = this.i;
    const m = IDENT.exec(this.s);
    if (!m) this.fail(`expected an argument name, found ${JSON.stringify(this.s.slice(this.i, this.i + 12))}`);
    this.i += m[0].length;
    return m[0];
  }

  /** One value; `close` is the enclosing closer, which ends a bare word. */
  value(close: string): JsonValue {
    this.ws();
    if (this.peek(GEMMA_QUOTE)) return this.gemmaString();
    const c = this.s[this.i];
    if (c === undefined) this.fail("a value is missing at the end of the call");
    if (c === '"' || c === "'") return this.quoted(c);
    if (c === "{") {
      this.i++;
      return this.pairs("}");
    }
    if (c === "[") {
      this.i++;
      return this.list();
    }
    return this.bare(close);
  }

  list(): JsonValue[] {
    const out: JsonValue[] = [];
    for (;;) {
      this.ws();
      if (this.s[this.i] === "]") {
        this.i++;
        return out;
      }
      if (this.i >= this.s.length) this.fail("a list is not closed with ]");
      out.push(this.value("]"));
      this.ws();
      if (this.s[this.i] === ",") this.i++;
    }
  }

  gemmaString(): string {
    const start = this.i + GEMMA_QUOTE.length;
    const end = this.s.indexOf(GEMMA_QUOTE, start);
    if (end < 0) this.fail(`a text value opened with ${GEMMA_QUOTE} is never closed`);
    this.i = end + GEMMA_QUOTE.length;
    return this.s.slice(start, end);
  }

  /** A "…" or '…' string with backslash escapes (JSON's, plus \' and unknown ones kept as the character). */
  quoted(q: string): string {
    let out = "";
    for (let j = this.i + 1; j < this.s.length; j++) {
      const c = this.s[j];
      if (c === q) {
        this.i = j + 1;
        return out;
      }
      if (c !== "\\") {
        out += c;
        continue;
      }
      const e = this.s[++j];
      if (e === "u" && /^[0-9a-fA-F]{4}$/.test(this.s.slice(j + 1, j + 5))) {
        out += String.fromCharCode(parseInt(this.s.slice(j + 1, j + 5), 16));
        j += 4;
      } else if (e !== undefined) {
        out += ESCAPES[e] ?? e;
      }
    }
    this.fail(`a text value opened with ${q} is never closed`);
  }

  /** A number, true/false/null (also Python's True/False/None), or an unquoted word taken as text. */
  bare(close: string): JsonValue {
    const start = this.i;
    while (this.i < this.s.length && !",}])\n".includes(this.s[this.i]) && !this.peek(close)) this.i++;
    const word = this.s.slice(start, this.i).trim();
    if (word === "") this.fail(`expected a value, found ${JSON.stringify(this.s.slice(start, start + 12))}`);
    if (NUMBER.test(word)) return Number(word);
    if (word === "true" || word === "True") return true;
    if (word === "false" || word === "False") return false;
    if (word === "null" || word === "None") return null;
    return word;
  }
}

/** Renders a value in Gemma's native syntax (strings between `<|"|>` marks, unquoted keys). */
export function gemmaValue(v: unknown): string {
  if (typeof v === "string") return `${GEMMA_QUOTE}${v}${GEMMA_QUOTE}`;
  if (Array.isArray(v)) return `[${v.map(gemmaValue).join(",")}]`;
  if (v !== null && typeof v === "object") {
    return `{${Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${k}:${gemmaValue(x)}`)
      .join(",")}}`;
  }
  return String(v);
}
