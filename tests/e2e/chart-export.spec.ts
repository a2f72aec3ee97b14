import fs from "node:fs";
import { once } from "node:events";
import { expect, startPhones, test } from "./fixtures";

/** Width and height from a PNG's IHDR chunk (bytes 16–23). */
function pngSize(file: string) {
  const b = fs.readFileSync(file);
  expect(b.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

test("a chart downloads as SVG with its axis labels and legend, and as PNG at twice its size on screen", async ({
  page,
  request,
  baseURL,
}) => {
  const { token } = await (await request.post("/api/devices", { data: { name: "e2e chart export phones" } })).json();
  const created = await request.post("/api/sessions", {
    data: {
      name: "E2E: chart export",
      configs: ["bare", "files"],
      tasks: ["bakery-give-number", "miles-to-km", "warranty-find-read", "dentist-todo-reminder"],
      repeats: 1,
      seed: 3,
    },
  });
  const { id } = (await created.json()).session;
  const phones = startPhones(baseURL!, token, 2, 8);
  await once(phones, "exit");

  await page.goto(`/analytics?session=${id}`);
  const chart = page.getByTestId("pass-by-group-chart");
  await expect(chart.locator(".recharts-wrapper > svg.recharts-surface")).toBeVisible();

  const [svgDownload] = await Promise.all([
    page.waitForEvent("download"),
    chart.getByTestId("pass-by-group-chart-svg").click(),
  ]);
  expect(svgDownload.suggestedFilename()).toBe("pass-rate-by-group.svg");
  const svg = fs.readFileSync((await svgDownload.path())!, "utf8");
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  // The axis label, the x-axis ticks (configs) and every legend entry, as text in the file.
  for (const text of [
    "pass rate (%)",
    "bare",
    "files",
    "Tasks that need files (multi-step included)",
    "Tasks that need no files",
    "Held-out tasks",
  ])
    expect(svg).toContain(`>${text}<`);
  // Styles are written onto the elements, so the file draws the same without the page's CSS.
  expect(svg).toMatch(/style="[^"]*font-family:/);

  const box = await chart.locator(".recharts-wrapper > svg.recharts-surface").boundingBox();
  expect(svg).toContain(`width="${Math.round(box!.width)}" height="${Math.round(box!.height)}"`);
  const [pngDownload] = await Promise.all([
    page.waitForEvent("download"),
    chart.getByTestId("pass-by-group-chart-png").click(),
  ]);
  expect(pngDownload.suggestedFilename()).toBe("pass-rate-by-group@2x.png");
  // The file is the chart plus its caption above it (title, n, sessions, date): twice its size.
  const [w, h] = /^<svg [^>]*width="(\d+)" height="(\d+)"/.exec(svg)!.slice(1).map(Number);
  expect(w).toBe(Math.round(box!.width));
  expect(h).toBeGreaterThan(Math.round(box!.height));
  expect(svg).toContain("<title>Pass rate per config and task group, Wilson 95% intervals</title>");
  expect(pngSize((await pngDownload.path())!)).toEqual({ width: 2 * w, height: 2 * h });

  // A chart whose legend the page draws once for several charts carries it in its file.
  await page.goto(`/analytics/progress?session=${id}`);
  const progress = page.getByTestId("progress-chart-dentist-todo-reminder");
  await expect(progress.locator(".recharts-line").first()).toBeAttached();
  const [p] = await Promise.all([
    page.waitForEvent("download"),
    progress.getByTestId("progress-chart-dentist-todo-reminder-svg").click(),
  ]);
  const progressSvg = fs.readFileSync((await p.path())!, "utf8");
  for (const text of ["milestones", "tool call", "files"]) expect(progressSvg).toContain(`>${text}<`);
  expect(progressSvg).toContain("<title>Progress per tool call on dentist-todo-reminder</title>");
});
