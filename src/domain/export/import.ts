import { z } from "zod";
import { SafeId, Thermal } from "../protocol/common";
import { EndReason } from "../protocol/trace";
import { TaskGroup } from "../suite/schema";
import { OUTCOMES } from "../scoring/types";
import { JsonValue, MAX_TOOL_CALLS } from "../protocol/tool";

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
      if (r.turns.length !== r.turnCount)
        ctx.addIssue({
          code: "custom",
          path: ["runs", i, "turns"],
          message: `turnCount is ${r.turnCount} but ${r.turns.length} turns are listed`,
        });
    });
  });
export type ImportFile = z.infer<typeof ImportFile>;
