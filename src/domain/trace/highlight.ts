/** A stretch of model text: prose, or tool-call syntax the model emitted. */
export interface TextSpan {
  kind: "text" | "call";
  text: string;
}

const OPEN = "<|tool_call>";
const CLOSE = "<tool_call|>";
const GEMMA_QUOTE = '<|"|>';
// Gemma's token-wrapped call, or a bare `call:name{` a model writes without the token
const START = /<\|tool_call>|\bcall:[A-Za-z_][\w.-]*\s*\{/g;

/** End (exclusive) of a `{…}` body starting at `open`, skipping Gemma and JSON strings; text end if unbalanced. */
function braceEnd(text: string, open: number): number {
  let depth = 0;
  let i = open;
  while (i < text.length) {
    if (text.startsWith(GEMMA_QUOTE, i)) {
      const close = text.indexOf(GEMMA_QUOTE, i + GEMMA_QUOTE.length);
      if (close === -1) return text.length;
      i = close + GEMMA_QUOTE.length;
      continue;
    }
    const c = text[i];
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    } else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i + 1;
    i++;
  }
  return text.length;
}

/**
 * Splits model text into prose and tool-call spans: `<|tool_call>…<tool_call|>` (to the end of
 * the text when never closed) and bare `call:name{…}` with balanced braces. Linear in the text,
 * so a 1 MB line costs one pass.
 */
export function toolCallSpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  let last = 0;
  START.lastIndex = 0;
  for (let m = START.exec(text); m; m = START.exec(text)) {
    let end: number;
    if (m[0] === OPEN) {
      const close = text.indexOf(CLOSE, m.index + OPEN.length);
      end = close === -1 ? text.length : close + CLOSE.length;
    } else {
      end = braceEnd(text, m.index + m[0].length - 1);
    }
    if (m.index > last) spans.push({ kind: "text", text: text.slice(last, m.index) });
    spans.push({ kind: "call", text: text.slice(m.index, end) });
    last = end;
    START.lastIndex = end;
  }
  if (last < text.length) spans.push({ kind: "text", text: text.slice(last) });
  return spans;
}
