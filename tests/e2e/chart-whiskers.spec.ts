import fs from "node:fs";
import { once } from "node:events";
import { expect, startPhones, test } from "./fixtures";

/** Width and height from a PNG's IHDR chunk (bytes 16–23). */
function pngSize(file: string) {
  const b = fs.readFileSync(file);
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** The whisker's stem (the dark line over the halo) of a bar: its length along the value axis. */
const stemLength = (el: Element) => {
  const l = el.querySelectorAll("g")[1].querySelector("line")!;
  const n = (a: string) => Number(l.getAttribute(a));
  return Math.hypot(n("x2") - n("x1"), n("y2") - n("y1"));
};

test("a 0% config keeps its Wilson whisker and a 0/n mark, and its exported figure carries title, n, session and date", async ({
  page,
  request,
  baseURL,
}) => {
  const { token } = await (await request.post("/api/devices", { data: { name: "e2e whisker phones" } })).json();
  const name = "E2E: zero config";
  const created = await request.post("/api/sessions", {
    data: {
      name,
      configs: ["bare"],
      tasks: ["bakery-give-number", "miles-to-km", "warranty-find-read", "dentist-todo-reminder"],
      repeats: 1,
      seed: 5,
    },
  });
  const { id } = (await created.json()).session;
  // Phones whose model always loops: every run fails, so "bare" is 0/4.
  const phones = startPhones(baseURL!, token, 2, 11, ["--profile", "loops", "--session", id]);
  await once(phones, "exit");
  const { configs } = (await (await request.get(`/api/analytics/configs?session=${id}`)).json()) as {
    configs: { configId: string; runs: number; passed: number }[];
  };
  expect(configs).toMatchObject([{ configId: "bare", runs: 4, passed: 0 }]);

  // The overview: the 0% bar draws its whisker (0 to ~49% for 0/4) and a baseline mark "0/4".
  await page.goto(`/analytics?session=${id}`);
  const chart = page.getByTestId("pass-rate-chart");
  const whisker = chart.locator('[data-whisker="bare"]');
  await expect(whisker).toBeAttached();
  expect(await whisker.evaluate(stemLength)).toBeGreaterThan(20);
  await expect(chart.locator('[data-zero-mark="0/4"]')).toContainText("0/4");
  await expect(page.getByTestId("pass-by-group-chart").locator("[data-whisker]").first()).toBeAttached();

  const [svgDownload] = await Promise.all([
    page.waitForEvent("download"),
    chart.getByTestId("pass-rate-chart-svg").click(),
  ]);
  const svg = fs.readFileSync((await svgDownload.path())!, "utf8");
  expect(svg).toContain('data-whisker="bare"');
  expect(svg).toContain('data-zero-mark="0/4"');
  const title = "Pass rate per config, Wilson 95% intervals over runs";
  expect(svg).toContain(`<title>${title}</title>`);
  expect(svg).toMatch(/<desc>[^<]*n = 4 runs, 4 tasks[^<]*Session: E2E: zero config[^<]*<\/desc>/);
  // Visible lines too, so the PNG drawn from the SVG carries them.
  for (const text of [title, "n = 4 runs, 4 tasks", `Session: ${name}`]) expect(svg).toContain(`>${text}</text>`);
  const date = /Runs up to (\d{4}-\d{2}-\d{2}) \(UTC\)<\/text>/.exec(svg);
  expect(date).not.toBeNull();
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  expect([today, yesterday]).toContain(date![1]);

  const [w, h] = /^<svg [^>]*width="(\d+)" height="(\d+)"/.exec(svg)!.slice(1).map(Number);
  const [pngDownload] = await Promise.all([
    page.waitForEvent("download"),
    chart.getByTestId("pass-rate-chart-png").click(),
  ]);
  expect(pngSize((await pngDownload.path())!)).toEqual({ width: 2 * w, height: 2 * h });

  // The session page's bars: the same whisker at 0%, and its export carries the session's caption.
  await page.goto(`/sessions/${id}`);
  const live = page.getByTestId("live-pass-chart");
  const liveWhisker = live.locator('[data-whisker="bare"]');
  await expect(liveWhisker).toBeAttached();
  expect(await liveWhisker.evaluate(stemLength)).toBeGreaterThan(20);
  await expect(live.locator("[data-zero-mark]")).toBeAttached();
  const [liveDownload] = await Promise.all([
    page.waitForEvent("download"),
    live.getByTestId("live-pass-chart-svg").click(),
  ]);
  const liveSvg = fs.readFileSync((await liveDownload.path())!, "utf8");
  expect(liveSvg).toContain('data-whisker="bare"');
  for (const text of ["n = 4 runs, 4 tasks", `Session: ${name}`]) expect(liveSvg).toContain(`>${text}</text>`);
  expect(liveSvg).toMatch(/Runs up to \d{4}-\d{2}-\d{2} \(UTC\)/);
});
