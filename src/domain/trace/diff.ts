export type DiffOp = "same" | "add" | "del";
export interface DiffLine {
  op: DiffOp;
  text: string;
}

/** Lines of a file; a trailing newline ends the last line rather than starting an empty one. */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** Above this many LCS cells (rows × columns) the middle is shown as removed-then-added. */
export const MAX_CELLS = 4_000_000;

/**
 * Line diff by longest common subsequence, after trimming the common head and tail (most edits
 * touch a few lines of a file). The table is bounded by MAX_CELLS so a huge rewrite degrades to
 * "all old lines out, all new lines in" instead of freezing the page.
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head = a.slice(0, start).map((text) => ({ op: "same" as const, text }));
  const tail = a.slice(endA).map((text) => ({ op: "same" as const, text }));
  return [...head, ...middle(a.slice(start, endA), b.slice(start, endB)), ...tail];
}

function middle(a: string[], b: string[]): DiffLine[] {
  const n = a.length;
  const m = b.length;
  if (n * m > MAX_CELLS || n === 0 || m === 0) {
    return [...a.map((text) => ({ op: "del" as const, text })), ...b.map((text) => ({ op: "add" as const, text }))];
  }
  // lcs[i][j] = LCS length of a[i..] and b[j..], flattened
  const w = m + 1;
  const lcs = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * w + j] =
        a[i] === b[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: "same", text: a[i] });
      i++;
      j++;
    } else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) out.push({ op: "del", text: a[i++] });
    else out.push({ op: "add", text: b[j++] });
  }
  while (i < n) out.push({ op: "del", text: a[i++] });
  while (j < m) out.push({ op: "add", text: b[j++] });
  return out;
}

/** Lines added and removed. */
export function diffCounts(lines: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const l of lines) {
    if (l.op === "add") added++;
    else if (l.op === "del") removed++;
  }
  return { added, removed };
}

export type HunkRow = DiffLine | { op: "skip"; count: number };

/** Unchanged stretches longer than 2 × context shrink to a "N unchanged lines" row. */
export function hunks(lines: readonly DiffLine[], context = 3): HunkRow[] {
  const out: HunkRow[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i].op !== "same") {
      out.push(lines[i++]);
      continue;
    }
    let j = i;
    while (j < lines.length && lines[j].op === "same") j++;
    const keepHead = i === 0 ? 0 : context;
    const keepTail = j === lines.length ? 0 : context;
    if (j - i > keepHead + keepTail) {
      out.push(
        ...lines.slice(i, i + keepHead),
        { op: "skip", count: j - i - keepHead - keepTail },
        ...lines.slice(j - keepTail, j),
      );
    } else out.push(...lines.slice(i, j));
    i = j;
  }
  return out;
}
