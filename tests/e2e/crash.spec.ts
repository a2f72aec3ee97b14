import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { runFaultTest } from "../../scripts/lib/fault";
import { formatFigures } from "../../scripts/lib/fault-check";

// API only: these tests start their own servers, so they neither need nor disturb the shared one.

test("SIGKILLed twice under load: every job completed once, every acknowledged trace stored", async () => {
  test.setTimeout(90_000);
  const report = await runFaultTest({ jobs: 60, phones: 4, kills: 2, seed: 20_251, timeoutMs: 75_000 });
  try {
    console.log(formatFigures(report.figures));
    expect(report.violations).toEqual([]);
    expect(report.figures.jobs).toBeGreaterThanOrEqual(60);
    expect(report.figures.kills).toBe(2);
    expect(report.figures.stored).toBe(report.figures.acknowledged);
    // The kills were felt: phones saw the server go away and came back.
    expect(report.figures.networkErrors).toBeGreaterThan(0);
  } finally {
    fs.rmSync(report.dir, { recursive: true, force: true });
  }
});
