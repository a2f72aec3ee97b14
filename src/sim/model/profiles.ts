import type { Components, Job } from "@/domain/protocol";
import type { TaskGroup } from "@/domain/suite/schema";
import { type Rng, createRng, hashSeed, weightedChoice } from "../rng";
import type { ToolResult } from "@/harness/tools";
import type { SimCall, SimSolution } from "./solution";

/** Named behaviours of the scripted model, after the failure patterns observed in the study. */
export const PROFILES = [
  "solves",
  "quits_after_failure",
  "asks_user",
  "loops",
  "placeholder",
  "context_full",
  "crash",
  "no_tools_answer",
  "wrong_answer",
] as const;
export type Profile = (typeof PROFILES)[number];

/** What the model does next: call a tool, give its final reply, or crash the runtime. */
export type Action =
  | { kind: "call"; name: string; args: unknown; say?: string }
  | { kind: "reply"; text: string }
  | { kind: "crash"; detail: string };

/** A behaviour: yields actions, receives each call's result. */
export type Policy = Generator<Action, void, ToolResult>;

export interface PolicyContext {
  job: Job;
  solution: SimSolution | undefined;
  group: TaskGroup;
  rng: Rng;
}

const STOP = new Set(
  "the a an and or of to in on at for with my your me i it is are be this that from into about please can could would you what which when where who how do does did add find make save write create tell give all any each there their them then than have has had will just also some file files note notes folder".split(
    " ",
  ),
);

/** The word the model latches on to: the solution's keyword, else the prompt's longest uncommon word. */
export function keywordOf(prompt: string, solution?: SimSolution): string {
  if (solution?.keyword) return solution.keyword;
  const words = prompt.toLowerCase().match(/[a-z][a-z'-]+/g) ?? [];
  let best = "";
  for (const w of words) if (!STOP.has(w) && w.length > best.length) best = w;
  return best || "notes";
}

/** Task group: the solution says, else no workspace → no_files, two or more writes → multi_step, else files. */
export function groupOf(job: Job, solution?: SimSolution): TaskGroup {
  if (solution?.group) return solution.group;
  if (job.task.workspace.files.length === 0 && !solution?.files && !solution?.bash) return "no_files";
  const writes = (solution?.files ?? []).filter(
    (c) => c.name === "write_file" || c.name === "edit_file" || c.name === "manage_file",
  );
  return writes.length >= 2 ? "multi_step" : "files";
}

/**
 * Weights of the profiles for a config × task group. Mirrors the study: the bare model answers
 * no-file tasks and asks for file tasks; tools enable some file tasks but the model mostly quits
 * after the first failed call or asks the user; planning stops the quitting but fills a tight
 * context on multi-step tasks; bash invites placeholders; worked examples make `solves` common.
 */
export function profileWeights(
  c: Components,
  group: TaskGroup,
  startupTokens: number,
  contextWindow: number,
): Partial<Record<Profile, number>> {
  if (c.actions === "none") {
    return group === "no_files" ? { no_tools_answer: 9, wrong_answer: 1 } : { asks_user: 7, no_tools_answer: 3 };
  }
  if (group === "no_files") {
    return c.examples
      ? { no_tools_answer: 8, wrong_answer: 1.5, quits_after_failure: 0.3 }
      : { no_tools_answer: 8, wrong_answer: 1, quits_after_failure: 1.5 };
  }
  const w: Partial<Record<Profile, number>> =
    group === "files"
      ? {
          solves: 4,
          quits_after_failure: 3,
          asks_user: 3,
          placeholder: c.actions === "bash" ? 2 : 1,
          loops: 0.5,
          crash: 0.15,
        }
      : {
          solves: 1.5,
          quits_after_failure: 3,
          asks_user: 3,
          placeholder: c.actions === "bash" ? 3 : 2,
          loops: 0.5,
          crash: 0.15,
        };
  const scale = (p: Profile, f: number) => (w[p] = (w[p] ?? 0) * f);
  if (c.planning) {
    scale("asks_user", 0.25);
    scale("quits_after_failure", 0.4);
    w.loops = (w.loops ?? 0) + 0.3;
    const tight = startupTokens > 0.55 * contextWindow;
    w.context_full = group === "multi_step" ? (tight ? 6 : 0.4) : tight ? 1 : 0.1;
  }
  if (c.examples) {
    scale("solves", 2.5);
    scale("quits_after_failure", 0.5);
    scale("asks_user", 0.5);
    scale("placeholder", 0.5);
    scale("loops", 0.5);
    scale("context_full", 0.4);
  }
  return w;
}

/** Profiles from best to worst; the weighted choice walks them in this order. */
const ORDER: readonly Profile[] = [
  "solves",
  "no_tools_answer",
  "placeholder",
  "context_full",
  "loops",
  "quits_after_failure",
  "asks_user",
  "wrong_answer",
];

/**
 * The profile of one run. Outcomes are near-deterministic per task at temperature 0.2, so each
 * task gets one uniform draw per seed (its "difficulty"), shared by every config and mapped through
 * the config's weights in best-to-worst order: a config that favours `solves` more solves a
 * superset of the tasks a weaker one solves. A repeat deviates (fresh draw) with a probability
 * that grows with temperature, and crashes are drawn per run.
 */
export function chooseProfile(job: Job, seed: number, weights: Partial<Record<Profile, number>>): Profile {
  const rep = createRng(hashSeed(seed, "repeat", job.task.id, job.config.id, job.repeat));
  const crash = weights.crash ?? 0;
  const rest: Partial<Record<Profile, number>> = { ...weights, crash: 0 };
  const total = Object.values(rest).reduce<number>((s, w) => s + (w ?? 0), 0) + crash;
  if (rep.float() < crash / total) return "crash";
  const ordered: Partial<Record<Profile, number>> = {};
  for (const p of ORDER) if (rest[p]) ordered[p] = rest[p];
  const difficulty = createRng(hashSeed(seed, "profile", job.task.id)).float();
  return rep.float() < 0.05 + 0.25 * job.config.temperature
    ? weightedChoice(rep, ordered)
    : weightedChoice(difficulty, ordered);
}

// ---------------------------------------------------------------- behaviours

const bashCall = (command: string, say?: string): Action => ({ kind: "call", name: "bash", args: { command }, say });

function scriptedCalls(ctx: PolicyContext): SimCall[] | undefined {
  const s = ctx.solution;
  if (!s) return undefined;
  const actions = ctx.job.config.components.actions;
  if (actions === "bash")
    return s.bash?.map((c) => (typeof c === "string" ? { name: "bash", args: { command: c } } : c));
  if (actions === "files") return s.files;
  return undefined;
}

function describe(call: SimCall): string {
  const a = call.args;
  switch (call.name) {
    case "search_files":
      return `Search the files for "${String(a.text)}"`;
    case "find_files":
      return `Find files named ${String(a.name)}`;
    case "list_files":
      return `List ${String(a.path ?? "/")}`;
    case "read_file":
      return `Read ${String(a.path)}`;
    case "write_file":
      return a.append ? `Add to ${String(a.path)}` : `Write ${String(a.path)}`;
    case "edit_file":
      return `Update ${String(a.path)}`;
    case "manage_file":
      return `${String(a.action)} ${String(a.path)}`;
    case "bash":
      return `Run ${String(a.command).split(/\s+/)[0]} ${String(a.command).split(/\s+/).slice(1).join(" ").slice(0, 40)}`.trim();
    default:
      return call.name;
  }
}

const explore = (ctx: PolicyContext): Action =>
  ctx.job.config.components.actions === "bash"
    ? bashCall("ls /", "Let me look at the files first.")
    : { kind: "call", name: "list_files", args: { path: "/" }, say: "Let me look at the files first." };

function* plan(steps: string[], done: number): Generator<Action, void, ToolResult> {
  yield {
    kind: "call",
    name: "update_plan",
    args: { steps: steps.map((step, i) => ({ step, done: i < done })) },
    say: done === 0 ? "I'll make a plan." : undefined,
  };
}

/** The generic fallback for a task without a solution: search a prompt word, read the first hit, reply. */
function* generic(ctx: PolicyContext): Policy {
  const word = keywordOf(ctx.job.task.prompt, ctx.solution);
  const bash = ctx.job.config.components.actions === "bash";
  const found: ToolResult = yield bash
    ? bashCall(`grep -ril ${word} /`, `Let me search for "${word}".`)
    : { kind: "call", name: "search_files", args: { text: word }, say: `Let me search for "${word}".` };
  const path = found.ok ? /(\/[^\s:]+)/.exec(found.result)?.[1] : undefined;
  if (!path) {
    yield { kind: "reply", text: `I couldn't find anything about ${word} in your files.` };
    return;
  }
  const read: ToolResult = yield bash ? bashCall(`cat ${path}`) : { kind: "call", name: "read_file", args: { path } };
  const first = read.ok
    ? read.result
        .split("\n")
        .find((l) => l.trim() !== "")
        ?.trim()
    : undefined;
  yield { kind: "reply", text: first ? `Here is what I found in ${path}: ${first}` : `I couldn't read ${path}.` };
}

function* solves(ctx: PolicyContext): Policy {
  const calls = scriptedCalls(ctx);
  if (ctx.job.config.components.actions === "none" || (ctx.solution && !calls)) {
    yield { kind: "reply", text: ctx.solution?.reply ?? "Here is my answer." };
    return;
  }
  if (!calls) {
    yield* generic(ctx);
    return;
  }
  const { planning, examples } = ctx.job.config.components;
  const steps = calls.map(describe);
  if (planning) yield* plan(steps, 0);
  // Without worked examples the model looks around before it acts (about twice the calls).
  if (!examples) yield explore(ctx);
  // Without examples the model sometimes re-reads a file it just wrote and saves it again: a re-patch.
  const resave = !examples && ctx.rng.float() < 0.35 ? calls.findIndex(isOverwrite) : -1;
  for (const [i, call] of calls.entries()) {
    yield { kind: "call", name: call.name, args: call.args, say: call.say };
    if (i === resave) {
      const path = writtenPath(call);
      if (path)
        yield call.name === "bash"
          ? bashCall(`cat ${path}`, "Let me check what I wrote.")
          : { kind: "call", name: "read_file", args: { path }, say: "Let me check what I wrote." };
      yield { kind: "call", name: call.name, args: call.args };
    }
    if (planning && !examples && i === Math.floor(calls.length / 2) && calls.length > 2) yield* plan(steps, i + 1);
  }
  if (planning) yield* plan(steps, steps.length);
  yield { kind: "reply", text: ctx.solution!.reply };
}

/** A call that replaces a file's content (so doing it again is harmless but counts as a re-patch). */
function isOverwrite(call: SimCall): boolean {
  if (call.name === "write_file") return call.args.append !== true;
  if (call.name === "bash") {
    const cmd = String(call.args.command ?? "");
    return /[^>]>\s*\/\S+\s*$/.test(cmd) && !cmd.includes(">>");
  }
  return false;
}

function writtenPath(call: SimCall): string | undefined {
  if (call.name === "write_file") return typeof call.args.path === "string" ? call.args.path : undefined;
  return /\s(\/\S+)\s*$/.exec(String(call.args.command ?? ""))?.[1];
}

function guessedPath(ctx: PolicyContext): string {
  return ctx.solution?.guessPath ?? `/notes/${keywordOf(ctx.job.task.prompt, ctx.solution)}.md`;
}

function* quitsAfterFailure(ctx: PolicyContext): Policy {
  const word = keywordOf(ctx.job.task.prompt, ctx.solution);
  const path = guessedPath(ctx);
  const r: ToolResult = yield ctx.job.config.components.actions === "bash"
    ? bashCall(`cat ${path}`)
    : { kind: "call", name: "read_file", args: { path } };
  yield {
    kind: "reply",
    text: r.ok
      ? `I looked in ${path} but couldn't find what you asked for.`
      : `I couldn't find the ${word} information. The file ${path} doesn't exist.`,
  };
}

function* asksUser(ctx: PolicyContext): Policy {
  const word = keywordOf(ctx.job.task.prompt, ctx.solution);
  yield { kind: "reply", text: `Could you tell me which file has the ${word} details, or paste them here?` };
}

function* loops(ctx: PolicyContext): Policy {
  const path = guessedPath(ctx);
  const action: Action =
    ctx.job.config.components.actions === "bash"
      ? bashCall(`cat ${path}`)
      : { kind: "call", name: "read_file", args: { path } };
  for (let i = 0; i < 200; i++) yield action;
  yield { kind: "reply", text: "" };
}

function placeholderWrites(ctx: PolicyContext): { path: string; content: string }[] {
  if (ctx.solution?.placeholder) return ctx.solution.placeholder;
  const word = keywordOf(ctx.job.task.prompt, ctx.solution);
  const Word = word.charAt(0).toUpperCase() + word.slice(1);
  const targets = new Set<string>();
  for (const c of ctx.solution?.files ?? []) {
    if ((c.name === "write_file" || c.name === "edit_file") && typeof c.args.path === "string")
      targets.add(c.args.path);
  }
  if (targets.size === 0) targets.add(`/reminders/${word}.md`);
  return [...targets].map((path) => ({
    path,
    content: `Reminder: ${Word} appointment on [Date and Time] at [Location]\n`,
  }));
}

function* placeholder(ctx: PolicyContext): Policy {
  const ws = new Set(ctx.job.task.workspace.files.map((f) => f.path));
  for (const w of placeholderWrites(ctx)) {
    const exists = ws.has(w.path);
    if (ctx.job.config.components.actions === "bash") {
      const dir = w.path.slice(0, w.path.lastIndexOf("/"));
      const text = w.content.replace(/\n$/, "").replace(/'/g, "'\\''");
      yield bashCall(`${dir ? `mkdir -p ${dir} && ` : ""}echo '${text}' ${exists ? ">>" : ">"} ${w.path}`);
    } else {
      yield {
        kind: "call",
        name: "write_file",
        args: exists ? { path: w.path, content: w.content, append: true } : { path: w.path, content: w.content },
      };
    }
  }
  yield { kind: "reply", text: "Done! I've saved it for you." };
}

function* contextFull(ctx: PolicyContext): Policy {
  const word = keywordOf(ctx.job.task.prompt, ctx.solution);
  const bash = ctx.job.config.components.actions === "bash";
  const steps = [
    `Understand the request about ${word} and decide which files matter`,
    `Look through the folders to find every note that mentions ${word}`,
    `Read each relevant note carefully and extract the exact details`,
    `Write the requested output with the correct details and no placeholders`,
    `Update any related lists so that nothing from the request is missed`,
    `Check the results against the request before replying to the user`,
  ];
  const files = ctx.job.task.workspace.files.map((f) => f.path);
  const planning = ctx.job.config.components.planning;
  for (let i = 0; ; i++) {
    if (planning) yield* plan(steps, Math.min(i, 2));
    const thinking = planning
      ? undefined
      : `Let me think about this step by step. ${steps.slice(0, 3 + i).join(". ")}.`;
    steps.push(`Double-check step ${steps.length - 5} again in case a detail about ${word} was missed`);
    const path = files.length ? files[i % files.length] : "/";
    const again: Action = bash
      ? bashCall(files.length ? `cat ${path}` : "ls /")
      : files.length
        ? { kind: "call", name: "read_file", args: { path } }
        : explore(ctx);
    yield thinking && again.kind === "call" ? { ...again, say: thinking } : again;
  }
}

function* crash(ctx: PolicyContext): Policy {
  const calls = scriptedCalls(ctx) ?? [];
  const n = Math.min(calls.length, ctx.rng.int(0, 2));
  for (const c of calls.slice(0, n)) yield { kind: "call", name: c.name, args: c.args, say: c.say };
  yield {
    kind: "crash",
    detail: ctx.rng.pick([
      "ExecuTorch: memory allocation failed during decode",
      "react-native-executorch: generate() threw RuntimeError (status 0x12)",
    ]),
  };
}

function* noToolsAnswer(ctx: PolicyContext): Policy {
  if (ctx.group !== "no_files") {
    yield { kind: "reply", text: "I don't have access to your files, so I can't do that from here." };
    return;
  }
  yield {
    kind: "reply",
    text: ctx.solution?.reply ?? `Here is my answer: ${ctx.job.task.prompt.split(/[.?!]/)[0].trim()}.`,
  };
}

function* wrongAnswer(ctx: PolicyContext): Policy {
  yield { kind: "reply", text: ctx.solution?.wrongReply ?? "I think it is 29." };
}

export const POLICIES: Record<Profile, (ctx: PolicyContext) => Policy> = {
  solves,
  quits_after_failure: quitsAfterFailure,
  asks_user: asksUser,
  loops,
  placeholder,
  context_full: contextFull,
  crash,
  no_tools_answer: noToolsAnswer,
  wrong_answer: wrongAnswer,
};
