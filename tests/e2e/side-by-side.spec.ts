import { expect, test } from "./fixtures";
import { Phone, queueSession, type LeasedJob } from "./pages/phone";
import { screenshots } from "./pages/sessions";

// Issue 34.9: from a Compare row (or the trajectory diff) open the two configs' runs of one task
// side by side, turn n of a beside turn n of b, the first turn where their tool calls differ marked.

const TASK = "dentist-todo-reminder";

function turn(i: number, text: string, ...toolCalls: object[]) {
  return {
    promptTokens: 40 + i,
    contextTokens: 400 + 30 * i,
    ttftMs: 300 + i,
    outputTokens: 30,
    decodeMs: 1500,
    text,
    toolCalls,
  };
}
const ls = { name: "bash", args: { command: "ls /notes" }, ok: true, result: "health.md\nfamily.md" };
const cat = {
  name: "bash",
  args: { command: "cat /notes/health.md" },
  ok: true,
  result: "- Dentist: Tuesday 3 November",
};
const write = {
  name: "write_file",
  args: { path: "/reminders/dentist.md", content: "Dentist, Dr Okafor, Tuesday 3 November 2026 at 10:30" },
  ok: true,
  result: "wrote /reminders/dentist.md",
  changes: [{ path: "/reminders/dentist.md", content: "Dentist, Dr Okafor, Tuesday 3 November 2026 at 10:30" }],
};
const read = { name: "read_file", args: { path: "/todo.md" }, ok: true, result: "# To do" };

/**
 * a (files) and b (bash) look around alike for two turns; on repeat 1 they part at turn 3 (a writes
 * the reminder, b reads the todo list and stops a turn earlier); on repeat 2 they part at turn 1.
 * Texts differ from turn 1 (they do not count) and one text is a long unbroken line (it must wrap).
 */
function traceFor(job: LeasedJob & { repeat: number }) {
  const files = job.config.id === "files";
  const first = job.repeat === 2 && !files ? { ...ls, args: { command: "ls /" } } : ls;
  const turns = files
    ? [
        turn(1, "Let me find the appointment.", first),
        turn(2, `Reading the notes. ${"x".repeat(600)}`, cat),
        turn(3, "Writing the reminder.", write),
        turn(4, "Done: the reminder is in /reminders/dentist.md."),
      ]
    : [turn(1, "Looking around.", first), turn(2, "Reading.", cat), turn(3, "Now the todo list.", read)];
  return {
    turns,
    reply: files ? "Done." : "",
    workspace: {
      files: [
        ...job.task.workspace.files,
        ...(files ? [{ path: "/reminders/dentist.md", content: write.args.content }] : []),
      ],
    },
  };
}

test("a Compare row opens both configs' runs side by side with the first divergent turn marked", async ({
  page,
  request,
}) => {
  const phone = await Phone.pair(request, "side-by-side phone");
  const sid = await queueSession(request, {
    name: "E2E: side by side",
    tasks: [TASK],
    configs: ["files", "bash"],
    repeats: 2,
  });
  for (let i = 0; i < 4; i++) {
    const job = (await phone.lease(sid)) as LeasedJob & { repeat: number };
    await phone.submit(job, traceFor(job));
  }

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/analytics/compare?session=${sid}&a=files&b=bash`);
  const link = page.getByTestId(`compare-task-${TASK}`).getByTestId("side-by-side-link");
  await expect(link).toHaveCount(1);
  // The trajectory diff links to the same view.
  await expect(page.getByTestId("trajectory-side-by-side")).toHaveAttribute(
    "href",
    (await link.getAttribute("href")) as string,
  );
  await link.click();
  await page.waitForURL(/\/runs\/side-by-side\?/);

  // Two headers, two columns: turn n of a beside turn n of b.
  await expect(page.getByTestId("side-a")).toContainText("a: files");
  await expect(page.getByTestId("side-b")).toContainText("b: bash");
  await expect(page.getByTestId("repeat-current")).toHaveText("1");
  const pair1 = page.getByTestId("pair-1");
  const [left, right] = [
    await pair1.getByTestId("cell-a").boundingBox(),
    await pair1.getByTestId("cell-b").boundingBox(),
  ];
  expect(left && right).toBeTruthy();
  expect(right!.x).toBeGreaterThanOrEqual(left!.x + left!.width);
  expect(Math.abs(right!.y - left!.y)).toBeLessThan(1);
  await expect(pair1.getByTestId("cell-a").getByTestId("turn-text")).toHaveText("Let me find the appointment.");
  await expect(pair1.getByTestId("cell-b").getByTestId("turn-text")).toHaveText("Looking around.");

  // They part at turn 3: a writes the reminder, b reads the todo list; b has ended at turn 4.
  const marker = page.getByTestId("divergence");
  await expect(marker).toHaveAttribute("data-turn", "3");
  await expect(marker).toContainText(
    'They diverge at turn 3: a calls write_file {"content":"Dentist, Dr Okafor, Tuesday 3 November 2026 at 10:30","path":"/reminders/dentist.md"}, b calls read_file {"path":"/todo.md"}.',
  );
  await expect(page.getByTestId("pair-3")).toHaveAttribute("data-diverges", "true");
  await expect(page.locator("[data-diverges]")).toHaveCount(1);
  await expect(page.getByTestId("pair-4").getByTestId("ended-b")).toHaveText("b has ended: 3 turns in all.");
  await page.getByTestId("divergence-jump").click();
  await expect(page).toHaveURL(/#turn-3$/);

  await screenshots(page, "side-by-side", (n) => test.info().outputPath(n));
  // At 1024 px the long line wraps inside its column: the page does not scroll sideways.
  await page.setViewportSize({ width: 1024, height: 768 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);

  // Repeat 2 parts at turn 1 (other arguments to the same tool).
  await page.getByTestId("repeat-picker").getByRole("link", { name: "2" }).click();
  await expect(page.getByTestId("repeat-current")).toHaveText("2");
  await expect(marker).toHaveAttribute("data-turn", "1");
  await expect(marker).toContainText(
    'They diverge at turn 1: a calls bash {"command":"ls /notes"}, b calls bash {"command":"ls /"}.',
  );

  // Back to Compare with the same sides, the trajectory diff on this task.
  await page.getByTestId("back-to-compare").click();
  await page.waitForURL(/\/analytics\/compare\?/);
  const back = new URL(page.url()).searchParams;
  expect([back.get("a"), back.get("b"), back.get("diffTask"), back.get("task")]).toEqual(["files", "bash", TASK, null]);
});

test("the side-by-side view says what to do when the address names no runs", async ({ page }) => {
  await page.goto("/runs/side-by-side");
  await expect(page.getByTestId("side-by-side-empty")).toContainText("Name two runs (aRun and bRun)");
});
