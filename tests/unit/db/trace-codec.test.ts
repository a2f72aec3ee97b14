/**
 * How SQLite stores trace bodies (db/traceCodec.mjs, issue 35.5): the format of a stored body, its
 * round trip, the SQL function every connection reads bodies through, and the dictionary trainer.
 * The blobs are also read by Python's zlib (tests/integration/trace-compaction.test.ts), an
 * implementation of deflate other than Node's.
 */
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import {
  DEFLATE,
  DICT_DEFLATE,
  MAX_DICTIONARY_BYTES,
  TraceCodecError,
  addDictionary,
  currentDictionary,
  decodeTrace,
  dictionaryId,
  encodeTrace,
  installTraceCodec,
  storedBody,
  traceEncoding,
} from "@db/traceCodec.mjs";
import { trainDictionary } from "@db/traceDictionary.mjs";

/** Bodies shaped like traces of one suite: shared structure, per-run values. */
function bodies(n: number, seed = 1): string[] {
  let x = seed;
  const rand = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const tasks = ["add-dentist", "bank-letter-copy", "rename-photos", "grocery-merge"];
  return Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      leaseToken: `lease_${Math.floor(rand() * 1e15).toString(36)}`,
      attempt: 1,
      device: { id: `sim-pixel-${i % 3}`, model: "Pixel 8", os: "Android 16" },
      startedAt: new Date(Date.UTC(2026, 8, 1) + i * 61_000).toISOString(),
      turns: Array.from({ length: 2 + (i % 3) }, (_, t) => ({
        promptTokens: 40 + t,
        ttftMs: Math.round(250 + rand() * 100),
        text: `I will read the file first, because the rules say to read before editing. Step ${t} of ${tasks[i % 4]}.`,
        toolCalls: [
          {
            name: "read_file",
            args: { path: `/notes/${tasks[i % 4]}.md` },
            ok: true,
            result: "# Notes\n- dentist on Tuesday\n",
          },
        ],
      })),
      workspace: { files: { [`/notes/${tasks[i % 4]}.md`]: "# Notes\n- dentist on Tuesday\n- call the bank\n" } },
      reply: i % 2 ? "Done: the appointment is in your list." : "I could not find the file.",
    }),
  );
}

describe("a stored trace body", () => {
  const text = bodies(1)[0];

  it("without a dictionary is byte 1 then raw deflate of the UTF-8 text", () => {
    const blob = encodeTrace(text);
    expect(blob[0]).toBe(DEFLATE);
    expect(traceEncoding(blob)).toBe("deflate");
    expect(zlib.inflateRawSync(blob.subarray(1)).toString("utf8")).toBe(text);
    expect(decodeTrace(blob, () => undefined)).toBe(text);
  });

  it("with a dictionary is byte 2, the dictionary's id, then raw deflate with it preset", () => {
    const bytes = Buffer.from(bodies(3, 7).join(""));
    const dict = { id: dictionaryId(bytes), bytes };
    const blob = encodeTrace(text, dict);
    expect(blob[0]).toBe(DICT_DEFLATE);
    expect(blob.subarray(1, 9).toString("hex")).toBe(dict.id);
    expect(traceEncoding(blob)).toBe(dict.id);
    expect(zlib.inflateRawSync(blob.subarray(9), { dictionary: bytes }).toString("utf8")).toBe(text);
    expect(decodeTrace(blob, (id) => (id === dict.id ? bytes : undefined))).toBe(text);
    expect(blob.length).toBeLessThan(encodeTrace(text).length);
  });

  it("names a dictionary by the first 8 bytes of its SHA-256", () => {
    // SHA-256("abc") = ba7816bf 8f01cfea 414140de … (FIPS 180-2, appendix B.1).
    expect(dictionaryId(Buffer.from("abc"))).toBe("ba7816bf8f01cfea");
  });

  it("is read as it is when it is text (a database from before compression)", () => {
    expect(traceEncoding(text)).toBe("text");
    expect(decodeTrace(text, () => undefined)).toBe(text);
  });

  it("keeps every character, including astral ones and escapes", () => {
    const odd = JSON.stringify({ reply: 'Café 🦷 \u2028 \\ud800 "quoted"', turns: [] });
    expect(decodeTrace(encodeTrace(odd), () => undefined)).toBe(odd);
  });

  it("says which dictionary is missing rather than returning something else", () => {
    const bytes = Buffer.from("dictionary");
    const blob = encodeTrace(text, { id: dictionaryId(bytes), bytes });
    expect(() => decodeTrace(blob, () => undefined)).toThrow(TraceCodecError);
    expect(() => decodeTrace(blob, () => undefined)).toThrow(/needs the compression dictionary [0-9a-f]{16}/);
    expect(() => decodeTrace(Buffer.of(9, 1, 2), () => undefined)).toThrow(/starts with byte 9/);
  });
});

describe("trace_utf8 on a connection", () => {
  it("gives the text of any stored body, and NULL for NULL", () => {
    const db = new Database(":memory:");
    installTraceCodec(db);
    const [a, b] = bodies(2);
    expect(currentDictionary(db)).toBeNull();
    db.exec("CREATE TABLE traces (run_id TEXT PRIMARY KEY, body TEXT NOT NULL)");
    db.prepare("INSERT INTO traces VALUES (?, ?), (?, ?)").run("r1", a, "r2", storedBody(db, b));
    const rows = db
      .prepare("SELECT run_id, typeof(body) AS t, CAST(trace_utf8(body) AS TEXT) AS text FROM traces ORDER BY run_id")
      .all();
    expect(rows).toEqual([
      { run_id: "r1", t: "text", text: a },
      { run_id: "r2", t: "blob", text: b },
    ]);
    expect(db.prepare("SELECT CAST(trace_utf8(NULL) AS TEXT)").pluck().get()).toBeNull();
    expect(
      db
        .prepare("SELECT json_extract(CAST(trace_utf8(body) AS TEXT), '$.attempt') FROM traces WHERE run_id = 'r2'")
        .pluck()
        .get(),
    ).toBe(1);
  });

  it("writes new bodies with the dictionary added last", () => {
    const db = new Database(":memory:");
    db.exec("CREATE TABLE traces (run_id TEXT PRIMARY KEY, body TEXT NOT NULL)");
    installTraceCodec(db);
    const trained = trainDictionary(bodies(60, 3));
    expect(trained).not.toBeNull();
    const dict = addDictionary(db, trained!.bytes, { samples: 60, now: 1 });
    expect(currentDictionary(db)?.id).toBe(dict.id);
    const body = bodies(1, 99)[0];
    const stored = storedBody(db, body) as Buffer;
    expect(traceEncoding(stored)).toBe(dict.id);
    expect(db.prepare("SELECT CAST(trace_utf8(?) AS TEXT)").pluck().get(stored)).toBe(body);
    expect(db.prepare("SELECT COUNT(*) FROM trace_dicts").pluck().get()).toBe(1);
  });
});

describe("the dictionary trainer", () => {
  it("keeps a dictionary only when it saves at least a tenth on bodies it has not seen", () => {
    const samples = bodies(90, 11);
    const d = trainDictionary(samples)!;
    expect(d.bytes.length).toBeGreaterThan(0);
    expect(d.bytes.length).toBeLessThanOrEqual(MAX_DICTIONARY_BYTES);
    expect(d.relativeSize).toBeLessThanOrEqual(0.9);
    // Measured again here on the held-out third, independently of the trainer's own sums.
    const heldOut = samples.slice(60).map((s) => Buffer.from(s));
    const size = (o: zlib.ZlibOptions) => heldOut.reduce((a, b) => a + zlib.deflateRawSync(b, o).length, 0);
    expect(size({ level: 9, dictionary: d.bytes }) / size({ level: 9 })).toBeCloseTo(d.relativeSize, 10);
    expect(d.ratio.with).toBeGreaterThan(d.ratio.without);
  });

  it("declines when the bodies share nothing, or are too few to measure", () => {
    let x = 5;
    const noise = Array.from({ length: 30 }, () =>
      Buffer.from(Array.from({ length: 2000 }, () => (x = (x * 48271) % 2147483647) & 255)).toString("base64"),
    );
    expect(trainDictionary(noise)).toBeNull();
    expect(trainDictionary(bodies(5))).toBeNull();
  });

  it("is deterministic: the same samples give the same dictionary", () => {
    const s = bodies(48, 2);
    expect(dictionaryId(trainDictionary(s)!.bytes)).toBe(dictionaryId(trainDictionary(s)!.bytes));
  });
});
