/**
 * Model output is hostile input: ANSI escapes, bidi overrides and zero-width characters can
 * recolour, reorder or hide what a reader sees. The viewer renders text as React text (never as
 * HTML) and turns each such character into a visible marker, so the page shows what the model
 * actually produced.
 */
export type InertPiece = string | { mark: string; title: string };

// C0 control names (ASCII); shown as ⟨ESC⟩ rather than control pictures (␛) because many
// monospace fonts lack the U+2400 block and would draw an ambiguous empty box.
const C0 =
  "NUL SOH STX ETX EOT ENQ ACK BEL BS HT LF VT FF CR SO SI DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB ESC FS GS RS US".split(
    " ",
  );

const NAMES: Record<number, string> = {
  0x7f: "⟨DEL⟩",
  0x061c: "⟨ALM⟩",
  0x200e: "⟨LRM⟩",
  0x200f: "⟨RLM⟩",
  0x202a: "⟨LRE⟩",
  0x202b: "⟨RLE⟩",
  0x202c: "⟨PDF⟩",
  0x202d: "⟨LRO⟩",
  0x202e: "⟨RLO⟩",
  0x2066: "⟨LRI⟩",
  0x2067: "⟨RLI⟩",
  0x2068: "⟨FSI⟩",
  0x2069: "⟨PDI⟩",
  0x200b: "⟨ZWSP⟩",
  0x200c: "⟨ZWNJ⟩",
  0x200d: "⟨ZWJ⟩",
  0x2060: "⟨WJ⟩",
  0xfeff: "⟨BOM⟩",
  0x00ad: "⟨SHY⟩",
  0x2028: "⟨LS⟩",
  0x2029: "⟨PS⟩",
};

// C0 controls except tab and newline, a CR not followed by LF, DEL, C1 controls (0x9b is the
// one-byte CSI), and the format characters above. Matching control characters is the point here.
const HIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060\u2066-\u2069\ufeff]|\r(?!\n)/g;

function hex(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** The visible stand-in for one hidden character: ⟨ESC⟩, ⟨RLO⟩, ⟨ZWSP⟩…, else its code point. */
export function markerFor(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code < 0x20) return `⟨${C0[code]}⟩`;
  return NAMES[code] ?? `⟨${hex(code)}⟩`;
}

/** Text split into plain runs and markers, in order; plain text is untouched. */
export function inertPieces(text: string): InertPiece[] {
  const out: InertPiece[] = [];
  let last = 0;
  HIDDEN.lastIndex = 0;
  for (let m = HIDDEN.exec(text); m; m = HIDDEN.exec(text)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push({ mark: markerFor(m[0]), title: hex(m[0].charCodeAt(0)) });
    last = m.index + 1;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** The same as one string, for attributes and titles. */
export function inertString(text: string): string {
  return inertPieces(text)
    .map((p) => (typeof p === "string" ? p : p.mark))
    .join("");
}
