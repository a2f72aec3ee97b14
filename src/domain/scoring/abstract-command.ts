import type { Workspace } from "../protocol";

/**
 * Which operands of a shell program are paths. Patterns, scripts and text are dropped from the
 * abstraction because they differ between repeats; what stays is the program and what kind of
 * path it touched, which is the behaviour (the study's "cat on a guessed path").
 * `all`: every operand; `after1`: all but the first (grep's pattern, sed's script);
 * `leading`: operands before the first expression (find).
 */
const PATH_OPERANDS: Record<string, "all" | "after1" | "leading"> = {
  cat: "all",
  head: "all",
  tail: "all",
  wc: "all",
  ls: "all",
  rm: "all",
  mkdir: "all",
  touch: "all",
  cp: "all",
  mv: "all",
  sort: "all",
  grep: "after1",
  sed: "after1",
  find: "leading",
};
/** Programs whose last operand (or every operand, for mkdir/touch) is created, so absent is new, not guessed. */
const CREATES_LAST = new Set(["cp", "mv"]);
const CREATES_ALL = new Set(["mkdir", "touch"]);

type Token = { op: string } | { word: string };

/** Splits one command line into words and operators, honouring single and double quotes. */
export function tokenize(line: string): Token[] {
  const out: Token[] = [];
  let word: string | null = null;
  let quote: string | null = null;
  const flush = () => {
    if (word !== null) out.push({ word });
    word = null;
  };
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === quote) quote = null;
      else word += ch;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      word ??= "";
      continue;
    }
    if (/\s/.test(ch)) {
      flush();
      continue;
    }
    const two = line.slice(i, i + 2);
    if (["&&", "||", ">>", "<<"].includes(two)) {
      flush();
      out.push({ op: two });
      i++;
      continue;
    }
    if ("|;><&".includes(ch)) {
      flush();
      out.push({ op: ch });
      continue;
    }
    word = (word ?? "") + ch;
  }
  flush();
  return out;
}

const isPathLike = (w: string) => w.startsWith("/") || w.startsWith("./") || w.startsWith("../") || w.startsWith("~");

/** `/notes/` and `./notes` → `/notes`: the model is shown the workspace as `/`. */
function normalise(p: string): string {
  let s = p.replace(/^~\/?/, "/").replace(/^\.\.?\//, "/");
  if (!s.startsWith("/")) s = `/${s}`;
  return s.length > 1 ? s.replace(/\/+$/, "") : s;
}

/** The kind of path an operand names in the workspace as it was when the call ran. */
export function pathKind(p: string, ws: Workspace, creates: boolean): string {
  const path = normalise(p);
  if (ws.files.some((f) => f.path === path)) return "<path>";
  if (path === "/" || ws.files.some((f) => f.path.startsWith(`${path}/`))) return "<dir>";
  return creates ? "<new path>" : "<guessed path>";
}

interface Stage {
  /** The operator that joins this stage to the previous one (`|`, `&&`, `;`…), none for the first. */
  sep: string | null;
  program: string | null;
  operands: string[];
  redirects: { op: string; target: string }[];
}

/** Splits tokens into pipeline/list stages; a here-document's delimiter word is dropped. */
function stagesOf(tokens: Token[]): Stage[] {
  const stages: Stage[] = [{ sep: null, program: null, operands: [], redirects: [] }];
  let pending: string | null = null;
  for (const t of tokens) {
    const cur = stages[stages.length - 1];
    if ("op" in t) {
      if (t.op === ">" || t.op === ">>" || t.op === "<" || t.op === "<<") pending = t.op;
      else if (t.op !== "&") stages.push({ sep: t.op, program: null, operands: [], redirects: [] });
      continue;
    }
    if (pending === "<<") pending = null;
    else if (pending) {
      cur.redirects.push({ op: pending, target: t.word });
      pending = null;
    } else if (cur.program === null) cur.program = t.word.split("/").pop() || t.word;
    else cur.operands.push(t.word);
  }
  return stages.filter((s) => s.program !== null || s.redirects.length);
}

/** The operands of a program that name paths, by the table above; others only when they look like paths. */
function pathOperands(program: string, operands: string[]): string[] {
  const rule = PATH_OPERANDS[program];
  const plain = operands.filter((w) => !w.startsWith("-") && !/^\d+$/.test(w));
  if (rule === "all") return plain;
  if (rule === "after1") return plain.slice(1);
  if (rule === "leading") {
    const firstExpr = operands.findIndex((w) => w.startsWith("-"));
    return firstExpr === -1 ? operands : operands.slice(0, firstExpr);
  }
  return plain.filter(isPathLike);
}

/**
 * The most characters of a command's first line abstracted. Real command lines are far shorter
 * (a here-document's body is on later lines); a 20,000-character line of `cat cat cat …` made a
 * 5,000-operand pattern and took ~50 ms per call to build (6 s for the worst trace: ADR 6).
 */
export const COMMAND_LINE_LIMIT = 1_000;

function firstLine(command: string): string {
  const end = command.indexOf("\n");
  const line = end === -1 ? command : command.slice(0, end);
  return line.length > COMMAND_LINE_LIMIT ? line.slice(0, COMMAND_LINE_LIMIT) : line;
}

/**
 * A shell command reduced to its programs and path kinds, e.g. `cat /notes/dentist.md` on a
 * workspace without that file → `cat <guessed path>`; `grep -ril dentist / | head` → `grep <dir> | head`;
 * `echo '- [ ] x' >> /todo.md` → `echo >> <path>`. Only the first line counts (its first
 * COMMAND_LINE_LIMIT characters): later lines are a here-document's body. Flags, numbers,
 * patterns and text are dropped: they differ between repeats.
 */
export function abstractCommand(command: string, ws: Workspace): string {
  const parts: string[] = [];
  for (const st of stagesOf(tokenize(firstLine(command)))) {
    if (st.sep) parts.push(st.sep);
    const program = st.program ?? "";
    if (program) parts.push(program);
    const paths = pathOperands(program, st.operands);
    paths.forEach((p, i) => {
      const creates = CREATES_ALL.has(program) || (CREATES_LAST.has(program) && i > 0 && i === paths.length - 1);
      parts.push(pathKind(p, ws, creates));
    });
    for (const r of st.redirects) parts.push(r.op, pathKind(r.target, ws, r.op !== "<"));
  }
  return parts.join(" ");
}
