// Plain JavaScript (types in traceDictionary.d.mts): it runs in a worker thread of its own
// (traceTrainer.mjs), as training takes a few hundred milliseconds the server must not wait through.
import zlib from "node:zlib";
import { MAX_DICTIONARY_BYTES } from "./traceCodec.mjs";

/**
 * Choosing a preset dictionary for the trace bodies of one database (issue 35.5, ADR 20).
 *
 * Traces of one suite share most of their bytes across runs: the protocol's keys, the tools'
 * names and arguments, the task's workspace files, the harness's prompts. Deflate finds repeats
 * within one body only; a preset dictionary of what the bodies share lets it point into that too.
 * Deflate looks back 32 KiB, so a dictionary is at most that long, and what is nearer its end is
 * cheaper to point at.
 *
 * Rather than trust one recipe, a few candidates are built from two thirds of the samples and
 * each is measured on the remaining third (what it has not seen): the one that compresses those
 * smallest wins, and only when it saves at least `minGain` over deflate alone.
 */
export function trainDictionary(samples, opts = {}) {
  if (samples.length < 6) return null;
  const cut = Math.ceil((samples.length * 2) / 3);
  const train = samples.slice(0, cut);
  const heldOut = samples.slice(cut).map((s) => Buffer.from(s, "utf8"));
  const textBytes = heldOut.reduce((a, b) => a + b.length, 0);
  const size = (dictionary) =>
    heldOut.reduce(
      (a, b) => a + zlib.deflateRawSync(b, dictionary ? { level: 9, dictionary } : { level: 9 }).length,
      0,
    );
  const without = size();
  const candidates = [
    { recipe: "shared segments", bytes: sharedSegments(train) },
    { recipe: "recent bodies", bytes: recentBodies(train) },
  ].filter((c) => c.bytes.length > 0);
  let best = null;
  for (const c of candidates) {
    const withDict = size(c.bytes);
    const relativeSize = withDict / without;
    if (!best || relativeSize < best.relativeSize)
      best = { ...c, relativeSize, ratio: { with: textBytes / withDict, without: textBytes / without } };
  }
  return best && best.relativeSize <= 1 - (opts.minGain ?? 0.1) ? best : null;
}

/**
 * The ends of the training bodies, newest last, up to 32 KiB: a trace ends with its workspace
 * and reply, the part most like other runs of the same suite.
 */
function recentBodies(train) {
  return Buffer.concat(train.map((s) => Buffer.from(s, "utf8"))).subarray(-MAX_DICTIONARY_BYTES);
}

const SHINGLE = 32;
const STEP = 4;

/**
 * Stretches of text that recur across bodies: each body is cut into 32-character windows (every
 * 4th position); windows found in at least 5% of the bodies (and 3) are frequent, and each
 * maximal run of frequent windows is a segment. Segments are ranked by how many bytes they would
 * cover (occurrences × length), packed up to 32 KiB without one already inside another, and laid
 * out with the most valuable last.
 */
function sharedSegments(train) {
  const bodies = train;
  const docFreq = new Map();
  for (const b of bodies) {
    const seen = new Set();
    for (let i = 0; i + SHINGLE <= b.length; i += STEP) seen.add(b.substr(i, SHINGLE));
    for (const g of seen) docFreq.set(g, (docFreq.get(g) ?? 0) + 1);
  }
  const threshold = Math.max(3, bodies.length * 0.05);
  const segments = new Map();
  for (const b of bodies) {
    let start = -1;
    for (let i = 0; i <= b.length - SHINGLE + STEP; i += STEP) {
      const frequent = i + SHINGLE <= b.length && (docFreq.get(b.substr(i, SHINGLE)) ?? 0) >= threshold;
      if (frequent && start < 0) start = i;
      if (!frequent && start >= 0) {
        const seg = b.slice(start, i + SHINGLE - STEP);
        segments.set(seg, (segments.get(seg) ?? 0) + 1);
        start = -1;
      }
    }
  }
  const ranked = [...segments].map(([s, n]) => ({ s, value: n * s.length })).sort((a, b) => b.value - a.value);
  const taken = [];
  let bytes = 0;
  for (const { s } of ranked) {
    const n = Buffer.byteLength(s);
    if (bytes + n > MAX_DICTIONARY_BYTES || taken.some((t) => t.includes(s))) continue;
    taken.push(s);
    bytes += n;
  }
  return Buffer.from(taken.reverse().join(""), "utf8");
}
