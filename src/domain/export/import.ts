import { z } from "zod";
import { SafeId, Thermal } from "../protocol/common";
import { EndReason } from "../protocol/trace";
import { TaskGroup } from "../suite/schema";
import { OUTCOMES } from "../scoring/types";
import { JsonValue, MAX_TOOL_CALLS } from "../protocol/tool";
import { failedChecks } from "./columns";

const n = () => z.number().int().nonnegative();
const nn = () => z.number().nonnegative().nullable();

/** One run of a runs.json (protocol.md §4) as another dashboard exported it. */
export const ImportedRun = z.object({
  runId: SafeId(),
  sessionId: SafeId(),
  sessionName: z.string().max(200),
  trial: z.boolean(),
  taskId: z.string().min(1).max(80),
  taskVersion: z.number().int().min(1),
  taskGroup: TaskGroup,
  heldOut: z.boolean(),
  configId: z.string().min(1).max(80),
  configVersion: z.number().int().min(1),
  repeat: z.number().int().min(1),
  attempt: z.number().int().min(1),
  deviceId: z.string().min(1).max(200),
  deviceModel: z.string().max(200),
  buildCommit: z.string().max(100),
  model: z.string().max(200),
  startedAt: z.string().max(40),
  passed: z.boolean(),
  outcome: z.enum(OUTCOMES),
  looping: z.boolean(),
  milestonesReached: n(),
  milestonesTotal: n(),
  startupTokens: n(),
  loadMs: n(),
  firstTtftMs: nn(),
  medianTurnMs: nn(),
  turnCount: n(),
  toolCallCount: n(),
  failedToolCallCount: n(),
  repatches: n(),
  peakContextTokens: n(),
  contextWindow: z.number().int().positive(),
  outputTokens: n(),
  thermalAtStart: Thermal.nullable(),
  charging: z.boolean().nullable(),
  superseded: z.boolean(),
  checks: z.array(z.object({ id: z.string(), passed: z.boolean() })),
  // A run makes at most MAX_TOOL_CALLS calls; longer lists would only be stored to break the views.
  progress: z.array(n()).max(MAX_TOOL_CALLS),
  toolCalls: z
    .array(z.object({ name: z.string(), args: JsonValue, ok: z.boolean(), ms: n().nullable() }))
    .max(MAX_TOOL_CALLS),
  turns: z.array(z.object({ promptTokens: n(), contextTokens: n(), ttftMs: n(), outputTokens: n(), decodeMs: n() })),
  endReason: EndReason,
  // v1.1 columns (protocol.md §4) and issue 20.2's runs.json fields: optional, since files
  // exported before them lack them; an import keeps them, and re-exports them unchanged.
  failedChecks: z.string().optional(),
  wallMs: z.number().int().nullable().optional(),
  reply: z.string().nullable().optional(),
  thermalAtEnd: Thermal.nullable().optional(),
  batteryAtStart: z.number().min(0).max(1).nullable().optional(),
});
export type ImportedRun = z.infer<typeof ImportedRun>;

export const ImportFile = z
  .object({ version: z.literal(1), runs: z.array(ImportedRun).min(1, "the file has no runs") })
  .superRefine((f, ctx) => {
    const seen = new Set<string>();
    f.runs.forEach((r, i) => {
      if (seen.has(r.runId))
        ctx.addIssue({ code: "custom", path: ["runs", i, "runId"], message: `run id ${r.runId} appears twice` });
      seen.add(r.runId);
      if (r.milestonesReached > r.milestonesTotal)
        ctx.addIssue({
          code: "custom",
          path: ["runs", i, "milestonesReached"],
          message: "more milestones reached than the task has",
        });
      if (r.failedToolCallCount > r.toolCallCount)
        ctx.addIssue({
          code: "custom",
          path: ["runs", i, "failedToolCallCount"],
          message: "more failed calls than calls",
        });
      const failed = failedChecks(r.checks);
      if (r.failedChecks !== undefined && r.failedChecks !== failed)
        ctx.addIssue({
          code: "custom",
          path: ["runs", i, "failedChecks"],
          message: `lists "${r.failedChecks}" but the checks that failed are "${failed}"`,
        });
      if (r.turns.length !== r.turnCount)
        ctx.addIssue({
          code: "custom",
          path: ["runs", i, "turns"],
          message: `turnCount is ${r.turnCount} but ${r.turns.length} turns are listed`,
        });
    });
  });
export type ImportFile = z.infer<typeof ImportFile>;

/**
 * What a runs.json cannot carry, so an imported run lacks it (shown on the import page and
 * returned by the import). The scores, checks, per-turn timings, tool calls (name, arguments,
 * ok, time), progress, end reason, wall time and final reply all survive.
 */
export const IMPORT_CANNOT_CARRY = [
  "the model's text of each turn and what each tool call returned, so the trace viewer shows timings and calls but no texts",
  "which turn made which tool call and which files each call changed, so turns.csv and calls.csv leave those cells empty",
  "the workspace the agent left behind, so imported runs cannot be rescored and the trace viewer shows no workspace diffs",
  "the task and config documents (prompt, seed files, milestones), so the trace viewer cannot mark per-call milestones",
  "each check's reason and the outcome's reason, so only pass or fail per check is shown",
  "the device's extra v1.1 facts (tools dropped by the template, prompt-cache tokens, context events, memory, warm-up and rest times)",
] as const;
