// How SQLite stores a trace's body (issue 35.5, ADR 20): the phone's JSON text, deflated, per row,
// with a preset dictionary trained on the database's own traces when one pays. PostgreSQL keeps
// the text and lets TOAST compress it. Plain JavaScript (with traceCodec.d.mts beside it): the
// rescoring worker loads it before tsx's hook is registered.
//
// A stored body is either
//   - TEXT: the JSON as the phone sent it (databases written before this encoding, until the
//     dashboard's background compaction has converted them), or
//   - a BLOB whose first byte says how it was written:
//       1  raw deflate of the UTF-8 text, no dictionary;
//       2  the dictionary's id (8 bytes: the start of its SHA-256), then raw deflate with that
//          dictionary preset. Dictionaries are kept in `trace_dicts` and never change or go away,
//          so an id names one dictionary in every database and every copy of it.
// Every reader gets the text back: SQL through `CAST(trace_utf8(body) AS TEXT)` (trace_utf8 is
// registered on each connection by installTraceCodec), JavaScript through decodeTrace / traceText.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import zlib from "node:zlib";

const require = createRequire(import.meta.url);

export const DEFLATE = 1;
export const DICT_DEFLATE = 2;
const ID_BYTES = 8;
/** Deflate looks back 32 KiB: a longer preset dictionary is never used past its last 32 KiB. */
export const MAX_DICTIONARY_BYTES = 32768;
/** The same level for every row, so equal texts are equal blobs (level 9 is ~15% slower than 6 and ~3% smaller here). */
const LEVEL = 9;

export const DICTIONARY_TABLE = `CREATE TABLE IF NOT EXISTS trace_dicts (
  id TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  samples INTEGER NOT NULL,
  bytes BLOB NOT NULL
)`;

/**
 * Where the background compaction stands (src/server/store/sqlite/compactTraces.ts), one row:
 * `encoding` is what new bodies are written in ("deflate" or the current dictionary's id), every
 * row past `start_rowid` was written in it, the rows up to `converted_through` have been rewritten
 * in it, and `trained_at` is the traces' largest rowid when a dictionary was last trained.
 */
export const COMPACTION_TABLE = `CREATE TABLE IF NOT EXISTS trace_compaction (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  encoding TEXT NOT NULL,
  start_rowid INTEGER NOT NULL,
  converted_through INTEGER NOT NULL,
  trained_at INTEGER NOT NULL
)`;

/** A dictionary's id: the first 8 bytes of its SHA-256, in hex. */
export function dictionaryId(bytes) {
  return createHash("sha256").update(bytes).digest().subarray(0, ID_BYTES).toString("hex");
}

/** `text` as the blob stored for it, with `dict` ({ id, bytes }) when given. */
export function encodeTrace(text, dict) {
  const raw = Buffer.from(text, "utf8");
  if (!dict) return Buffer.concat([Buffer.of(DEFLATE), zlib.deflateRawSync(raw, { level: LEVEL })]);
  return Buffer.concat([
    Buffer.of(DICT_DEFLATE),
    Buffer.from(dict.id, "hex"),
    zlib.deflateRawSync(raw, { level: LEVEL, dictionary: dict.bytes }),
  ]);
}

/** How a stored body is written: "text", "deflate", or the id of the dictionary it needs. */
export function traceEncoding(value) {
  if (typeof value === "string") return "text";
  const b = asBuffer(value);
  if (b[0] === DEFLATE) return "deflate";
  if (b[0] === DICT_DEFLATE && b.length > ID_BYTES) return b.subarray(1, 1 + ID_BYTES).toString("hex");
  throw new TraceCodecError(`a stored trace starts with byte ${b[0]}, which no version of Harness Lab writes`);
}

/** The JSON text of a stored body; `lookup(id)` gives a dictionary's bytes (undefined when unknown). */
export function decodeTrace(value, lookup) {
  return typeof value === "string" ? value : inflateTrace(value, lookup).toString("utf8");
}

/** A compressed body's UTF-8 bytes. */
function inflateTrace(value, lookup) {
  const b = asBuffer(value);
  const encoding = traceEncoding(b);
  if (encoding === "text") throw new TraceCodecError("inflateTrace was given text");
  if (encoding === "deflate") return zlib.inflateRawSync(b.subarray(1));
  const dictionary = lookup(encoding);
  if (!dictionary)
    throw new TraceCodecError(
      `a stored trace needs the compression dictionary ${encoding}, which this database does not hold (was trace_dicts left out of a copy?)`,
    );
  return zlib.inflateRawSync(b.subarray(1 + ID_BYTES), { dictionary });
}

export class TraceCodecError extends Error {
  name = "TraceCodecError";
}

const asBuffer = (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength));

/**
 * Dictionaries by id, for the whole process: an id is its content's hash, so one map serves every
 * database. With each connection's current dictionary ({ id, bytes } or null), kept on globalThis:
 * a bundler may load this module more than once in one process (Next.js bundles per route), and
 * every copy must see the dictionary another one added.
 */
const shared = (globalThis.__harnessLabTraceCodec ??= { known: new Map(), current: new WeakMap() });
const known = shared.known;
const current = shared.current;

const tableExists = (db) =>
  !!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'trace_dicts'").get();

function loadAll(db) {
  if (!tableExists(db)) return [];
  const rows = db.prepare("SELECT id, bytes FROM trace_dicts ORDER BY created_at, rowid").all();
  for (const r of rows) known.set(r.id, Buffer.from(r.bytes));
  return rows;
}

/**
 * A dictionary this process has not seen, read through a connection of its own: trace_utf8 runs
 * inside a statement of `db`, which cannot run another. A database in memory has no second
 * connection, but every dictionary it holds was made by this process, so it is known already.
 */
function fetchDictionary(db, id) {
  if (db.memory) return undefined;
  const Database = require("better-sqlite3");
  const other = new Database(db.name, { readonly: true, fileMustExist: true });
  try {
    other.pragma("busy_timeout = 5000");
    if (!tableExists(other)) return undefined;
    const row = other.prepare("SELECT bytes FROM trace_dicts WHERE id = ?").get(id);
    if (row) known.set(id, Buffer.from(row.bytes));
    return known.get(id);
  } finally {
    other.close();
  }
}

/**
 * Registers trace_utf8(body) on `db`: a stored body's JSON as UTF-8 bytes (a BLOB: read it as
 * `CAST(trace_utf8(body) AS TEXT)`), a TEXT body as it is, NULL as NULL. Bytes rather than text:
 * handing SQLite a JavaScript string re-encodes the whole body on every call, which made reading
 * bodies in SQL 2.5× slower. Creates trace_dicts and trace_compaction on a writable connection and
 * loads the dictionaries. Call it on every connection that reads bodies in SQL or writes traces
 * (the facts and search triggers read NEW.body through it).
 */
export function installTraceCodec(db) {
  const lookup = (id) => known.get(id) ?? fetchDictionary(db, id);
  // A statement that reads several values of one body calls trace_utf8 once for each: the last
  // answer is kept, so the body is inflated once.
  let lastIn = null;
  let lastOut = null;
  db.function("trace_utf8", { deterministic: true }, (value) => {
    if (value === null || typeof value === "string") return value;
    if (lastIn && lastIn.equals(value)) return lastOut;
    const out = inflateTrace(value, lookup);
    lastIn = Buffer.from(value);
    lastOut = out;
    return out;
  });
  const rows = db.readonly
    ? loadAll(db)
    : db.transaction(() => {
        db.exec(DICTIONARY_TABLE);
        db.exec(COMPACTION_TABLE);
        const all = loadAll(db);
        // A database without the row: every trace so far is to be looked at (none, before the first migration).
        const traces = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'traces'").get();
        const last = traces ? db.prepare("SELECT COALESCE(MAX(rowid), 0) FROM traces").pluck().get() : 0;
        db.prepare(
          `INSERT OR IGNORE INTO trace_compaction (id, encoding, start_rowid, converted_through, trained_at)
       VALUES (1, ?, ?, 0, 0)`,
        ).run(all.at(-1)?.id ?? "deflate", last);
        return all;
      })();
  const newest = rows.at(-1);
  current.set(db, newest ? { id: newest.id, bytes: known.get(newest.id) } : null);
}

/** The text of a stored body read on `db` (whose dictionaries it looks up as trace_utf8 does). */
export function traceText(db, value) {
  return decodeTrace(value, (id) => known.get(id) ?? fetchDictionary(db, id));
}

/** The dictionary new bodies on `db` are written with, or null (plain deflate). */
export function currentDictionary(db) {
  return current.get(db) ?? null;
}

/**
 * Stores `bytes` as a new dictionary on `db` and makes it the current one: bodies written from
 * now on use it, and the compaction rewrites the ones before. Commit it before writing rows with
 * it (call it outside their transaction), so that other connections can find it. Returns it.
 */
export function addDictionary(db, bytes, { samples, now }) {
  const dict = { id: dictionaryId(bytes), bytes: Buffer.from(bytes) };
  db.transaction(() => {
    db.prepare("INSERT OR IGNORE INTO trace_dicts (id, created_at, samples, bytes) VALUES (?, ?, ?, ?)").run(
      dict.id,
      now,
      samples,
      dict.bytes,
    );
    db.prepare(
      `UPDATE trace_compaction SET encoding = ?, start_rowid = (SELECT COALESCE(MAX(rowid), 0) FROM traces),
              converted_through = 0, trained_at = (SELECT COALESCE(MAX(rowid), 0) FROM traces)`,
    ).run(dict.id);
  })();
  known.set(dict.id, dict.bytes);
  current.set(db, dict);
  return dict;
}

/**
 * The body to store for `text` on `db`: compressed with the current dictionary, after checking
 * that it reads back as `text` exactly (else the text itself is stored: nothing is ever lost).
 */
export function storedBody(db, text) {
  const dict = currentDictionary(db);
  const blob = encodeTrace(text, dict);
  return decodeTrace(blob, (id) => known.get(id)) === text ? blob : text;
}
