import { describe, expect, it } from "vitest";
import { dashboardPerTest, runQueue, traceFor, type TestDashboard } from "../support/server";

let dash: TestDashboard;
let token: string;
dashboardPerTest((d, t) => ((dash = d), (token = t)));

type Opts = Parameters<typeof traceFor>[1];
/** Runs every queued job with hand-built calls, reply and end, in queue order. */
const runAll = (shape: (job: any) => Opts) => runQueue(dash, token, (job) => traceFor(job, shape(job)));

const bash = (command: string, ok: boolean, changes?: unknown[]) => ({
  name: "bash",
  args: { command },
  ok,
  ...(changes ? { changes } : {}),
});
const readFile = (path: string, ok: boolean) => ({ name: "read_file", args: { path }, ok });
const seedFiles = [
  { path: "/notes/health.md", content: "Dentist: Tuesday 14 March at 10:30, Dr. Lee.\n" },
  { path: "/todo.md", content: "- [ ] buy milk\n" },
];
const todoDone = "- [ ] buy milk\n- [ ] Dentist 14 March\n";

/**
 * dentist-todo (milestones: read the note, added the todo), three repeats each:
 * bash: two guess a path and stop, one reads the note and adds the todo (passes);
 * files: two fail a read, succeed the next and run out of context; one fails a read and asks.
 * sum (no milestones): files answers 31, bash says it can't.
 */
function shape(job: any): Opts {
  const { id: task } = job.task;
  const config = job.config.id;
  if (task === "sum") return config === "files" ? { reply: "31" } : { reply: "I can't do arithmetic." };
  if (config === "bash") {
    if (job.repeat === 3) {
      return {
        calls: [
          bash("cat /notes/health.md", true),
          bash("echo '- [ ] Dentist 14 March' >> /todo.md", true, [{ path: "/todo.md", content: todoDone }]),
        ],
        files: [seedFiles[0], { path: "/todo.md", content: todoDone }],
        reply: "Added.",
      };
    }
    return { calls: [bash(job.repeat === 1 ? "cat /notes/dentist.md" : "cat '/appointments.md'", false)], reply: "" };
  }
  if (job.repeat === 3) return { calls: [readFile("/dentist.md", false)], reply: "Could you tell me which file?" };
  return { calls: [readFile("/dentist.md", false), readFile("/notes/health.md", true)], end: "context_full" };
}

async function seed() {
  const s = await dash.call("POST", "/api/sessions", {
    json: { name: "p", suite: "mini", configs: ["files", "bash"], tasks: "all", repeats: 3, order: "blocked" },
  });
  expect(s.status).toBe(201);
  await runAll(shape);
  return s.body.session.id as string;
}

describe("GET /api/analytics/progress", () => {
  it("gives each config's majority path over the tasks with milestones, with failed calls and how runs ended", async () => {
    await seed();
    const r = await dash.call("GET", "/api/analytics/progress");
    expect(r.status).toBe(200);
    expect(r.body.tasks.map((t: { taskId: string }) => t.taskId)).toEqual(["dentist-todo"]);
    const [t] = r.body.tasks;
    expect(t).toMatchObject({ group: "files", milestonesTotal: 2 });
    const pts = (c: any) => c.points.map((p: any) => [p.call, p.milestones, p.failed, p.following, p.running]);
    const [b, f] = t.configs;
    // bash: calls made 1, 1, 2 → the path covers call 1, where 2 of 3 failed with 0 milestones
    expect(b).toMatchObject({ configId: "bash", runs: 3, end: "early_stop", ends: { early_stop: 2, complete: 1 } });
    expect(pts(b)).toEqual([
      [0, 0, false, 3, 3],
      [1, 0, true, 2, 3],
    ]);
    // files: calls made 2, 2, 1 → calls 1 and 2; the note read at call 2 reaches the first milestone
    expect(f).toMatchObject({
      configId: "files",
      runs: 3,
      end: "context_full",
      ends: { context_full: 2, early_stop: 1 },
    });
    expect(pts(f)).toEqual([
      [0, 0, false, 3, 3],
      [1, 0, true, 3, 3],
      [2, 1, false, 2, 2],
    ]);
  });

  it("is empty for a selection without tasks with milestones, and rejects a bad filter", async () => {
    await seed();
    expect((await dash.call("GET", "/api/analytics/progress?session=ses_none")).body).toEqual({ tasks: [] });
    const bad = await dash.call("GET", "/api/analytics/progress?charging=maybe");
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues[0].path).toBe("charging");
  });
});

describe("GET /api/analytics/failures", () => {
  it("gives the most common abstracted call pattern of each task × config's failing runs, k of n", async () => {
    const session = await seed();
    const r = await dash.call("GET", `/api/analytics/failures?session=${session}`);
    expect(r.status).toBe(200);
    expect(r.body.runs).toBe(12);
    expect(r.body.failures).toEqual([
      {
        taskId: "sum",
        group: "no_files",
        configId: "bash",
        runs: 3,
        failing: 3,
        pattern: "give up",
        following: 3,
        patterns: 1,
      },
      {
        taskId: "dentist-todo",
        group: "files",
        configId: "bash",
        runs: 3,
        failing: 2,
        pattern: "cat <guessed path> ✗ → stop",
        following: 2,
        patterns: 1,
      },
      {
        taskId: "dentist-todo",
        group: "files",
        configId: "files",
        runs: 3,
        failing: 3,
        pattern: "read_file ✗ → read_file ✓ → context full",
        following: 2,
        patterns: 2,
      },
    ]);
  });

  it("keeps the patterns after a rescore", async () => {
    const session = await seed();
    const before = (await dash.call("GET", "/api/analytics/failures")).body;
    expect((await dash.call("POST", `/api/sessions/${session}/rescore`)).status).toBe(200);
    expect((await dash.call("GET", "/api/analytics/failures")).body).toEqual(before);
  });
});
