/**
 * The same runs on either engine, written through the queue services (createSession, claimJob,
 * submitResult, expireLeases, cancelSession), for tests that compare analytics and `run_facts`
 * between SQLite and PostgreSQL. Every trace is shaped by its index (turns, timings, battery,
 * reply) so sums, medians and pass counts differ per config and task.
 */
import { PollRequest, Trace, type Job } from "@/domain/protocol";
import { CreateSessionRequest } from "@/domain/protocol/api";
import { claimJob } from "@/server/queue/claimJob";
import { expireLeases } from "@/server/queue/expireLeases";
import { submitResult } from "@/server/queue/submitResult";
import { cancelSession } from "@/server/sessions/cancelSession";
import { createSession } from "@/server/sessions/createSession";
import type { QueueHarness } from "./queue-engines";
import { pollBody, traceFor } from "./server";

export const poll = PollRequest.parse(pollBody);

/** A trace with `1 + i % 3` turns of distinct timings, a battery reading, and a right answer when `i % 2`. */
export function shapedTrace(job: Job, i: number) {
  return Trace.parse({
    ...traceFor(job, { reply: i % 2 ? "31" : "It is 29." }),
    conditions: { thermalAtStart: i % 4 === 3 ? "fair" : "nominal", charging: i % 2 === 0, battery: 0.9 - i / 100 },
    load: { startupTokens: 300 + 10 * (i % 5), ms: 2000 + 37 * i },
    turns: Array.from({ length: 1 + (i % 3) }, (_, k) => ({
      promptTokens: 40 + 7 * k + i,
      contextTokens: 380 + k,
      ttftMs: 300 + 11 * k + i,
      outputTokens: 20 + k,
      decodeMs: 900 + 13 * k + i,
      text: "",
      toolCalls: [],
    })),
  });
}

export async function submitShaped(h: QueueHarness, job: Job, deviceId: string, i: number) {
  const trace = shapedTrace(job, i);
  return submitResult(h.ctx, job.id, deviceId, trace, JSON.stringify(trace));
}

/** Claims and submits every queued job, alternating two phones; returns how many runs were stored. */
export async function drain(h: QueueHarness, from = 0): Promise<number> {
  let i = from;
  for (let job; (job = await claimJob(h.ctx, i % 2 ? "dev_b" : "dev_a", poll)); i++)
    await submitShaped(h, job, i % 2 ? "dev_b" : "dev_a", i);
  return i - from;
}

/**
 * A lab's worth of writes: 12 runs over two configs × two tasks × three repeats on two phones, a
 * late result that supersedes a re-leased job's, and a session cancelled half-way (its queued jobs
 * go; its one stored run stays). Returns the session ids.
 */
export async function seedLab(h: QueueHarness): Promise<{ main: string; late: string; cancelled: string }> {
  await h.device("dev_a");
  await h.device("dev_b");
  const req = (name: string, extra: object) =>
    CreateSessionRequest.parse({ name, suite: "mini", order: "blocked", ...extra });
  const main = (
    await createSession(h.ctx, req("Main", { tasks: ["dentist-todo", "sum"], configs: ["files", "bash"], repeats: 3 }))
  ).session.id;
  if ((await drain(h)) !== 12) throw new Error("the main session should store 12 runs");

  // A lease that expires while its phone still works: the job is re-leased, both phones answer,
  // the first answer completes the job and the second is stored as superseded.
  h.advance(1000);
  const late = (
    await createSession(h.ctx, req("Late", { tasks: ["sum"], configs: ["files"], repeats: 1, leaseSeconds: 10 }))
  ).session.id;
  const first = await claimJob(h.ctx, "dev_a", poll);
  h.advance(10_001);
  await expireLeases(h.ctx);
  const second = await claimJob(h.ctx, "dev_b", poll);
  if (!first || !second) throw new Error("the late session's job should be leased twice");
  await submitShaped(h, first, "dev_a", 20);
  await submitShaped(h, second, "dev_b", 21);

  h.advance(1000);
  const cancelled = (await createSession(h.ctx, req("Cancelled", { tasks: ["sum"], configs: ["bash"], repeats: 3 })))
    .session.id;
  const one = await claimJob(h.ctx, "dev_a", poll);
  if (!one) throw new Error("the cancelled session should lease a job");
  await submitShaped(h, one, "dev_a", 30);
  await cancelSession(h.ctx, cancelled);
  return { main, late, cancelled };
}
