import { z } from "zod";
import { Build, Device, DeviceState, Thermal, Workspace, isoTime } from "./common.ts";
import { ToolDefinition } from "./tool.ts";

/** The most session ids one poll may name: a device works for a study or two, not a whole history. */
export const MAX_POLL_SESSIONS = 100;

/**
 * Body of `POST /api/device/v1/poll`. `sessions` (v1.1) limits the lease to jobs of those sessions;
 * an empty list would lease nothing forever, so it is refused rather than taken to mean "none".
 */
export const PollRequest = z.object({
  device: Device,
  build: Build,
  state: DeviceState,
  sessions: z
    .array(z.string().min(1).max(200))
    .min(1, "list at least one session id, or leave `sessions` out to take jobs of any session")
    .max(MAX_POLL_SESSIONS, `name at most ${MAX_POLL_SESSIONS} sessions in one poll`)
    .optional(),
});
export type PollRequest = z.infer<typeof PollRequest>;

export const HeartbeatRequest = z.object({
  leaseToken: z.string().min(1).max(200),
  turn: z.number().int().nonnegative().optional(),
});
export type HeartbeatRequest = z.infer<typeof HeartbeatRequest>;

export const FailRequest = z.object({
  leaseToken: z.string().min(1).max(200),
  reason: z.string().min(1).max(200),
  detail: z.string().max(10_000).optional(),
});
export type FailRequest = z.infer<typeof FailRequest>;

export const Components = z.object({
  actions: z.enum(["none", "files", "bash"]),
  planning: z.boolean(),
  examples: z.boolean(),
  context: z.enum(["none", "elide", "summarize", "staged"]),
});
export type Components = z.infer<typeof Components>;

export const JobConfig = z.object({
  id: z.string(),
  version: z.number().int(),
  systemPrompt: z.string(),
  tools: z.array(ToolDefinition),
  components: Components,
  contextWindow: z.number().int().positive(),
  temperature: z.number(),
  maxToolCalls: z.number().int().nonnegative(),
});
export type JobConfig = z.infer<typeof JobConfig>;

/** A leased job as the phone receives it from `/poll` (protocol.md §1). */
export const Job = z.object({
  id: z.string(),
  attempt: z.number().int().min(1),
  repeat: z.number().int().min(1),
  lease: z.object({ token: z.string(), expiresAt: isoTime(), heartbeatSeconds: z.number().int().positive() }),
  session: z.object({ id: z.string(), name: z.string() }),
  task: z.object({ id: z.string(), version: z.number().int(), prompt: z.string(), workspace: Workspace }),
  config: JobConfig,
  protocol: z.object({
    warmup: z.boolean(),
    rest: z.object({ untilThermal: Thermal, maxSeconds: z.number().int().nonnegative() }),
  }),
});
export type Job = z.infer<typeof Job>;

export const PollResponse = z.object({ job: Job });
export const HeartbeatResponse = z.object({ expiresAt: isoTime() });
export const ResultResponse = z.object({
  runId: z.string(),
  passed: z.boolean(),
  outcome: z.string(),
  superseded: z.boolean(),
});
export type ResultResponse = z.infer<typeof ResultResponse>;
export const FailResponse = z.object({
  job: z.object({ state: z.enum(["queued", "leased", "completed", "failed", "cancelled"]), attempt: z.number().int() }),
});
