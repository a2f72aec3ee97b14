import { z } from "zod";
import { CALIBRATION_REPEATS } from "../sessions/calibration";
import { TaskGroup } from "../suite/schema";
import { PlanRequest } from "../study/plan";

/** Body of `POST /api/sessions` (protocol.md §5). */
export const CreateSessionRequest = z
  .object({
    name: z.string().trim().min(1, "give the session a name").max(200),
    suite: z.string().min(1).optional(),
    tasks: z
      .union([z.literal("all"), z.array(z.string().min(1)).min(1), z.object({ groups: z.array(TaskGroup).min(1) })])
      .default("all"),
    configs: z.array(z.string().min(1)).min(1, "pick at least one config"),
    repeats: z.number().int().min(1).max(100).optional(),
    trial: z.boolean().default(false),
    // An A/A calibration: one config, an even number of repeats, two arms by repeat parity
    // (src/domain/sessions/calibration.ts); createSession refuses anything else.
    calibration: z.boolean().default(false),
    order: z.enum(["interleaved", "blocked"]).default("interleaved"),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .optional(),
    leaseSeconds: z.number().int().min(1).max(86_400).default(120),
    maxAttempts: z.number().int().min(1).max(20).default(3),
    notes: z.string().max(10_000).optional(),
    // Issue 20.4: pin the session to these devices (dashboard device ids); only they lease its jobs.
    devices: z
      .array(z.string().min(1).max(200))
      .min(1, "pin to at least one device, or leave `devices` out")
      .max(100)
      .optional(),
    // Issue 36.3: the pre-registered plan (src/domain/study/plan.ts); its configs must be the session's.
    plan: PlanRequest.optional(),
    // Issue 36.2: adaptive repeats between these bounds for the plan's a and b (`repeats` is then the maximum).
    adaptive: z
      .object({
        minRepeats: z.number().int().min(1).max(100),
        maxRepeats: z.number().int().min(1).max(100),
      })
      .optional(),
  })
  .superRefine((r, ctx) => {
    if (!r.adaptive) return;
    if (r.adaptive.minRepeats > r.adaptive.maxRepeats)
      ctx.addIssue({
        code: "custom",
        path: ["adaptive", "maxRepeats"],
        message: "the maximum repeats must be at least the minimum",
      });
    if (r.repeats !== undefined && r.repeats !== r.adaptive.maxRepeats)
      ctx.addIssue({
        code: "custom",
        path: ["repeats"],
        message: `an adaptive session's repeats is its maximum: leave repeats out or make it ${r.adaptive.maxRepeats}`,
      });
  })
  // A trial is a single-repeat dry run unless the caller says otherwise; a calibration fills two arms;
  // an adaptive session's repeats is its maximum.
  .transform((r) => ({
    ...r,
    repeats: r.adaptive?.maxRepeats ?? r.repeats ?? (r.calibration ? CALIBRATION_REPEATS : r.trial ? 1 : 3),
  }));
export type CreateSessionRequest = z.input<typeof CreateSessionRequest>;
export type CreateSession = z.output<typeof CreateSessionRequest>;

/** Body of `POST /api/sessions/{id}/plan` (issue 36.3): the plan, saved only before the session's first lease. */
export const SavePlanRequest = z.object({ plan: PlanRequest });

export const CreateDeviceRequest = z.object({ name: z.string().trim().min(1, "name the device").max(100) });
