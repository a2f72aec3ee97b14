import { expect, test } from "./fixtures";
import { Phone, queueSession, type LeasedJob } from "./pages/phone";
import { screenshots } from "./pages/sessions";
import { TracePage } from "./pages/trace";

// Issue 16.4: identical looping turns fold into "×12, identical", a crash or timeout is marked at
// the turn where it happened, the checks fold below a one-line verdict, and the whole trace renders
// for print (every fold open, long texts in full).

const LOOP_TEXT = `<|tool_call>call:bash{command:<|"|>cat /todo.md<|"|>}<tool_call|>`;

function turn(text: string, call: object | null, i: number) {
  return {
    promptTokens: 40 + i,
    contextTokens: 400 + 30 * i,
    ttftMs: 300 + i,
    outputTokens: 30,
    decodeMs: 1500,
    text,
    toolCalls: call ? [call] : [],
  };
}

/** A run that reads a file, loops on the same call 12 times, writes a wrong file, then crashes. */
function loopingCrash(job: LeasedJob) {
  const cat = { name: "bash", args: { command: "cat /todo.md" }, ok: false, result: "cat: /todo.md: No such file" };
  const write = {
    name: "write_file",
    args: { path: "/out.md", content: "wrong" },
    ok: true,
    result: "wrote /out.md",
    changes: [{ path: "/out.md", content: "wrong" }],
  };
  return {
    turns: [
      turn("Let me look around first.\n" + "thinking line\n".repeat(40), { ...cat, args: { command: "ls /" } }, 0),
      ...Array.from({ length: 12 }, (_, i) => turn(LOOP_TEXT, cat, i + 1)),
      turn("Writing it down.", write, 13),
    ],
    reply: "",
    end: { reason: "crash", detail: "llama runtime: context lost (SIGSEGV)" },
    workspace: { files: [...job.task.workspace.files, { path: "/out.md", content: "wrong" }] },
  };
}

test("identical looping turns fold into ×12 with a way to open them; the crash is marked at its turn; the checks fold", async ({
  page,
  request,
}) => {
  const phone = await Phone.pair(request, "loop phone");
  const sid = await queueSession(request, { name: "E2E: loops", tasks: ["dentist-todo-reminder"], configs: ["bash"] });
  const job = await phone.lease(sid);
  const runId = await phone.submit(job, loopingCrash(job));
  const api = await (await request.get(`/api/runs/${runId}`)).json();
  const failed = (api.score.checks as { id: string; passed: boolean }[]).filter((c) => !c.passed);
  expect(failed.length).toBeGreaterThan(0);

  const run = new TracePage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await run.open(runId);
  // every turn is still there (j/k and links count them), turns 3–13 folded behind turn 2
  await expect(page.locator("[data-turn]")).toHaveCount(14);
  await expect(run.turn(2).getByTestId("loop-badge")).toHaveText("×12, identical");
  const fold = run.fold(2);
  await expect(fold.getByTestId("loop-fold-toggle")).toContainText("×12, identical");
  await expect(fold.getByTestId("loop-fold-toggle")).toContainText("turns 3–13 repeat turn 2 exactly");
  for (const n of [3, 8, 13]) await expect(run.turn(n)).toBeHidden();
  await expect(run.turn(14)).toBeVisible();
  await run.openFold(2);
  for (const n of [3, 8, 13]) await expect(run.turn(n)).toBeVisible();
  await fold.getByTestId("loop-fold-toggle").click();
  await expect(run.turn(8)).toBeHidden();

  // the crash: marked inside the last turn, where it happened
  await expect(run.endMarker()).toHaveCount(1);
  await expect(run.turn(14).getByTestId("end-marker")).toHaveText(
    "⚠ Crashed after turn 14: llama runtime: context lost (SIGSEGV)",
  );

  // the checks: one line naming the failed ones; the table with reasons opens below it
  await expect(run.checksSummary()).toContainText(
    `Failed ${failed.length} of ${api.score.checks.length} check${api.score.checks.length === 1 ? "" : "s"}: ${failed[0].id}`,
  );
  await expect(run.check(failed[0].id)).toBeHidden();
  // a full-page capture draws every turn: none is left to content-visibility to skip off screen
  expect(await run.skippedTurns()).toBe(0);
  await screenshots(page, "trace-folded", (n) => test.info().outputPath(n));
  await run.checksSummary().click();
  await expect(run.check(failed[0].id)).toBeVisible();

  // j/k walk into the fold and open it, so the highlighted turn is never hidden
  await page.reload();
  await run.open(runId);
  for (let i = 0; i < 5; i++) await page.keyboard.press("j");
  await expect(run.turn(5)).toHaveAttribute("aria-current", "step");
  await expect(run.turn(5)).toBeVisible();
});

test("a timeout before the first turn is marked where the timeline starts", async ({ page, request }) => {
  const phone = await Phone.pair(request, "timeout phone");
  const sid = await queueSession(request, {
    name: "E2E: timeout",
    tasks: ["dentist-todo-reminder"],
    configs: ["bash"],
  });
  const job = await phone.lease(sid);
  const runId = await phone.submit(job, { end: { reason: "timeout", detail: "model load took over 120 s" } });
  const run = new TracePage(page);
  await run.open(runId);
  await expect(run.endMarker()).toHaveText("⚠ Timed out before the first turn: model load took over 120 s");
});

test("printing shows every turn, fold, check, long text and diff in full", async ({ page, request }) => {
  const phone = await Phone.pair(request, "print phone");
  const sid = await queueSession(request, { name: "E2E: print", tasks: ["dentist-todo-reminder"], configs: ["bash"] });
  const job = await phone.lease(sid);
  const runId = await phone.submit(job, loopingCrash(job));
  const run = new TracePage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await run.open(runId);
  const firstCheck = page.locator("[data-testid^=check-]").first();
  await expect(firstCheck).toBeHidden();
  // the first turn's 41-line text shows its first 20 lines on screen
  await expect(run.turn(1).getByTestId("turn-text").locator("details pre")).toBeHidden();

  await page.emulateMedia({ media: "print" });
  for (const n of [3, 8, 13]) await expect(run.turn(n)).toBeVisible();
  await expect(firstCheck).toBeVisible();
  await expect(run.turn(1).getByTestId("turn-text").locator("details pre")).toBeVisible();
  await expect(run.turn(1).getByTestId("turn-text").locator("pre.head")).toBeHidden();
  // the written file's diff, drawn only when opened on screen, is drawn for print
  await expect(run.turn(14).getByTestId("diff")).toBeVisible();
  await expect(run.turn(14).getByTestId("diff")).toContainText("+ wrong");
  // nothing is skipped by content-visibility: every turn has its content laid out
  expect(await run.skippedTurns()).toBe(0);
  await screenshots(page, "trace-print", (n) => test.info().outputPath(n));
  const pdf = await page.pdf({ path: test.info().outputPath("trace.pdf") });
  expect(pdf.byteLength).toBeGreaterThan(10_000);
});
