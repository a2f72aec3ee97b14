import type { APIRequestContext, Page } from "@playwright/test";
import { expect, startPhones, test } from "./fixtures";

/** Page object for the per-run trace viewer. */
class RunPage {
  constructor(readonly page: Page) {}
  async open(id: string) {
    await this.page.goto(`/runs/${id}`);
    await this.ready();
  }
  /** Keys work once the page has hydrated. */
  async ready() {
    await expect(this.page.locator("html[data-trace-keys=ready]")).toHaveCount(1);
  }
  turn(n: number) {
    return this.page.getByTestId(`turn-${n}`);
  }
  current() {
    return this.page.locator("[data-turn][aria-current]");
  }
  async noHorizontalOverflow() {
    const { scroll, client } = await this.page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(client);
  }
}

const phone = {
  device: { id: "e2e-hostile", model: "Pixel 9", os: "Android 16" },
  build: { commit: "abc1234", app: "0.7.0", runtime: "llama.rn 0.6", model: "gemma-4-e2b" },
};

async function createSession(
  request: APIRequestContext,
  name: string,
  tasks: string[],
  configs: string[],
  repeats: number,
): Promise<string> {
  const r = await request.post("/api/sessions", { data: { name, tasks, configs, repeats } });
  expect(r.status()).toBe(201);
  return (await r.json()).session.id;
}

async function newDevice(request: APIRequestContext, name: string): Promise<string> {
  const r = await request.post("/api/devices", { data: { name } });
  expect(r.status()).toBe(201);
  return (await r.json()).token;
}

type Job = {
  id: string;
  attempt: number;
  lease: { token: string };
  task: { workspace: { files: { path: string; content: string }[] } };
};

/** Leases one job as a phone would and submits the trace `build` makes for it; returns the run id. */
async function submitOne(request: APIRequestContext, token: string, build: (job: Job) => object): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const poll = await request.post("/api/device/v1/poll", {
    headers,
    data: { ...phone, state: { thermal: "nominal", battery: 0.8, charging: false } },
  });
  expect(poll.status()).toBe(200);
  const job = (await poll.json()).job as Job;
  const res = await request.post(`/api/device/v1/jobs/${job.id}/result`, { headers, data: build(job) });
  expect(res.status()).toBe(201);
  return (await res.json()).runId;
}

function traceFor(job: Job, over: Record<string, unknown>) {
  return {
    leaseToken: job.lease.token,
    attempt: job.attempt,
    ...phone,
    startedAt: "2026-10-14T09:00:01Z",
    endedAt: "2026-10-14T09:00:09Z",
    conditions: { thermalAtStart: "nominal", thermalAtEnd: "fair", charging: false, battery: 0.8, restMs: 1000 },
    load: { startupTokens: 300, ms: 2200 },
    turns: [],
    reply: "",
    end: { reason: "stop" },
    peakContextTokens: 420,
    workspace: { files: job.task.workspace.files },
    ...over,
  };
}

test("a multi-step run opens from its session: header, verdicts, j/k through turns, n to the next repeat", async ({
  page,
  request,
  baseURL,
}) => {
  const token = await newDevice(request, "trace phones");
  const session = await createSession(
    request,
    "E2E: trace viewer",
    ["dentist-todo-reminder"],
    ["bash-plan-examples"],
    3,
  );
  const phones = startPhones(baseURL!, token, 2, 5);
  try {
    await expect
      .poll(async () => (await (await request.get(`/api/sessions/${session}`)).json()).session.counts.completed, {
        timeout: 60_000,
      })
      .toBe(3);
  } finally {
    phones.kill();
  }
  // the simulated model may crash or answer at once in a repeat: step through the longest run that has a next repeat
  const runs = (await (await request.get(`/api/sessions/${session}/runs`)).json()).runs as { id: string }[];
  const details = await Promise.all(runs.map(async (r) => (await request.get(`/api/runs/${r.id}`)).json()));
  const api = details.filter((d) => d.neighbours.next).sort((a, b) => b.trace.turns.length - a.trace.turns.length)[0];
  const first = { id: api.run.runId as string, repeat: api.run.repeat as number };
  const second = { id: api.neighbours.next as string };

  await page.goto(`/sessions/${session}`);
  await page.locator(`[data-testid=run-row] a[href="/runs/${first.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${first.id}$`));
  const run = new RunPage(page);
  await run.ready();

  await expect(page.getByTestId("task")).toContainText("dentist-todo-reminder");
  await expect(page.getByTestId("config")).toContainText("bash-plan-examples");
  await expect(page.getByTestId("repeat")).toContainText(`repeat ${first.repeat} · attempt 1`);
  await expect(page.getByTestId("prompt")).toContainText(api.task.prompt.slice(0, 40));
  await expect(page.getByTestId("outcome")).toHaveText(api.score.outcome.replace("_", " "));
  await expect(page.getByTestId("outcome-reason")).toHaveText(api.score.outcomeReason);
  await expect(page.getByTestId("passed")).toHaveText(api.score.passed ? "passed" : "failed");
  for (const c of api.score.checks as { id: string; passed: boolean; reason: string }[]) {
    const row = page.getByTestId(`check-${c.id}`);
    await expect(row).toContainText(c.passed ? "pass" : "fail");
    await expect(row).toContainText(c.reason);
  }

  const turns = api.trace.turns.length as number;
  expect(turns).toBeGreaterThanOrEqual(2);
  await expect(page.locator("[data-turn]")).toHaveCount(turns);
  await expect(run.current()).toHaveCount(0);
  await page.keyboard.press("j");
  await expect(run.turn(1)).toHaveAttribute("aria-current", "step");
  for (let i = 0; i < turns; i++) await page.keyboard.press("j"); // stops at the last turn
  await expect(run.turn(turns)).toHaveAttribute("aria-current", "step");
  await expect(run.current()).toHaveCount(1);
  await expect(run.turn(turns)).toBeInViewport();
  await page.keyboard.press("k");
  await expect(run.turn(turns - 1)).toHaveAttribute("aria-current", "step");
  await expect(run.turn(turns)).not.toHaveAttribute("aria-current", /.*/);
  await expect(run.turn(turns - 1)).toBeInViewport();

  // each milestone is labelled once, at the call that first reached it
  await expect(page.getByTestId("milestone")).toHaveCount(api.score.milestonesReached);
  await expect(page.getByTestId("workspace-summary")).toContainText("added");

  await page.keyboard.press("n");
  await expect(page).toHaveURL(new RegExp(`/runs/${second.id}$`));
  await expect(page.getByTestId("repeat")).toContainText(`repeat ${first.repeat + 1}`);
  await run.ready();
  await page.keyboard.press("p");
  await expect(page).toHaveURL(new RegExp(`/runs/${first.id}$`));
});

const HOSTILE = [
  "<script>window.__pwned=1</script>",
  '<img src=x onerror="window.__pwned=1">',
  "\u001b[31mRED\u001b[0m",
  "abc\u202Eevil\u202Cdef \u2066iso\u2069",
  "zero\u200Bwidth\u200D\uFEFF",
].join("\n");

test("hostile model output stays inert and legible, and never widens the page", async ({ page, request }) => {
  const token = await newDevice(request, "hostile phone");
  await createSession(request, "E2E: hostile trace", ["dentist-todo-reminder"], ["files"], 1);
  const longLine = "X".repeat(1_000_000);
  const runId = await submitOne(request, token, (job) =>
    traceFor(job, {
      turns: [
        {
          promptTokens: 45,
          contextTokens: 380,
          ttftMs: 320,
          outputTokens: 40,
          decodeMs: 2000,
          text: `${HOSTILE}\n<|tool_call>call:write_file{path:<|"|>/evil.md<|"|>,content:<|"|><script>window.__pwned=1</script><|"|>}<tool_call|>\n${longLine}`,
          toolCalls: [
            {
              name: "write_file",
              args: { path: "/evil.md", content: HOSTILE },
              ok: true,
              result: "wrote /evil.md",
              ms: 3,
              changes: [{ path: "/evil.md", content: HOSTILE }],
            },
            { name: "bash", args: { command: "cat /evil.md" }, ok: false, result: `${HOSTILE}\n${longLine}`, ms: 9 },
          ],
        },
      ],
      reply: `${HOSTILE}\n${longLine}`,
      workspace: { files: [...job.task.workspace.files, { path: "/evil.md", content: HOSTILE }] },
    }),
  );

  const run = new RunPage(page);
  await run.open(runId);
  const reply = page.getByTestId("reply");
  await expect(reply).toContainText("<script>window.__pwned=1</script>");
  await expect(reply).toContainText('<img src=x onerror="window.__pwned=1">');
  await expect(reply).toContainText("⟨ESC⟩[31mRED⟨ESC⟩[0m");
  await expect(reply).toContainText("abc⟨RLO⟩evil⟨PDF⟩def ⟨LRI⟩iso⟨PDI⟩");
  await expect(reply).toContainText("zero⟨ZWSP⟩width⟨ZWJ⟩⟨BOM⟩");
  await expect(page.getByTestId("call-2").getByTestId("call-result")).toContainText(
    "<script>window.__pwned=1</script>",
  );
  await expect(page.getByTestId("call-2").locator("pre.err").first()).toBeVisible();
  await expect(page.locator(".tc").first()).toContainText("<|tool_call>call:write_file");
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => [...document.scripts].some((s) => s.textContent === "window.__pwned=1"))).toBe(
    false,
  );
  await run.noHorizontalOverflow();

  // the 1 MB line, opened in full, wraps instead of widening the page
  await reply.locator("summary").click();
  await expect(reply.locator("details[open]")).toHaveCount(1);
  await run.noHorizontalOverflow();
  // the new file's diff shows the hostile lines as text
  await page.getByTestId("file-added").locator("summary").click();
  await expect(page.getByTestId("file-added").getByTestId("diff")).toContainText("+ <img src=x onerror=");
  await run.noHorizontalOverflow();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test("a 200-turn trace loads and its keys respond", async ({ page, request }) => {
  const token = await newDevice(request, "long phone");
  await createSession(request, "E2E: long trace", ["dentist-todo-reminder"], ["bash"], 1);
  const runId = await submitOne(request, token, (job) =>
    traceFor(job, {
      turns: Array.from({ length: 200 }, (_, i) => ({
        promptTokens: 40,
        contextTokens: 400 + i * 8,
        ttftMs: 300,
        outputTokens: 30,
        decodeMs: 1500,
        text: `step ${i + 1}\n${"log line ".repeat(400)}`,
        toolCalls: [
          {
            name: "bash",
            args: { command: `cat /notes/${i % 7}.md` },
            ok: i % 3 !== 0,
            result: `${"output\n".repeat(60)}`,
            ms: 5,
          },
        ],
      })),
      end: { reason: "tool_limit" },
      peakContextTokens: 2000,
    }),
  );
  const run = new RunPage(page);
  await run.open(runId);
  await expect(page.locator("[data-turn]")).toHaveCount(200);
  await expect(page.getByTestId("loop-flag").first()).toBeAttached();
  for (let i = 0; i < 3; i++) await page.keyboard.press("k");
  await expect(run.turn(198)).toHaveAttribute("aria-current", "step");
  await expect(run.turn(198)).toBeInViewport();
});

test("a long run shows one page of turns in full and the others as lines that open their page", async ({
  page,
  request,
}) => {
  const token = await newDevice(request, "paging phone");
  await createSession(request, "E2E: paged trace", ["dentist-todo-reminder"], ["bash"], 1);
  const runId = await submitOne(request, token, (job) =>
    traceFor(job, {
      turns: Array.from({ length: 60 }, (_, i) => ({
        promptTokens: 40 + i,
        contextTokens: 400,
        ttftMs: 300,
        outputTokens: 30,
        decodeMs: 1500,
        text: `step ${i + 1}`,
        toolCalls: [{ name: "bash", args: { command: `cat /notes/${i}.md` }, ok: true, result: "ok", ms: 5 }],
      })),
    }),
  );
  const run = new RunPage(page);
  await run.open(runId);
  await expect(page.locator("[data-turn]")).toHaveCount(60);
  await expect(page.getByTestId("turn-pages")).toContainText("1–25");
  await expect(run.turn(25).getByTestId("turn-text")).toHaveText("step 25");
  await expect(run.turn(26).getByTestId("turn-text")).toHaveCount(0);
  await expect(run.turn(26)).toContainText("prompt 65 tok · TTFT 300 ms · out 30 tok · bash");

  await run.turn(30).locator("a").click();
  await expect(page).toHaveURL(new RegExp(`/runs/${runId}\\?turns=2#turn-30$`));
  await expect(run.turn(30).getByTestId("turn-text")).toHaveText("step 30");
  await expect(run.turn(1).getByTestId("turn-text")).toHaveCount(0);

  await page.getByTestId("all-turns").click();
  await expect(page.getByTestId("turn-text")).toHaveCount(60);
});
