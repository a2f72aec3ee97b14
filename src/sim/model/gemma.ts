/** Gemma's native tool-call syntax: `<|tool_call>call:name{key:<|"|>value<|"|>}<tool_call|>`. */
export function gemmaValue(v: unknown): string {
  if (typeof v === "string") return `<|"|>${v}<|"|>`;
  if (Array.isArray(v)) return `[${v.map(gemmaValue).join(",")}]`;
  if (v !== null && typeof v === "object") {
    return `{${Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${k}:${gemmaValue(x)}`)
      .join(",")}}`;
  }
  return String(v);
}

export function formatToolCall(name: string, args: unknown): string {
  const body =
    args !== null && typeof args === "object" && !Array.isArray(args) ? gemmaValue(args) : `{${gemmaValue(args)}}`;
  return `<|tool_call>call:${name}${body}<tool_call|>`;
}
