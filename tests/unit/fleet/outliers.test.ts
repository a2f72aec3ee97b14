import { describe, expect, it } from "vitest";
import { timingOutliers, type TimingPoint } from "@/domain/fleet";

/** Three runs of six turns on near-exact lines, each run's slope a little off, so each fit has a small, non-zero interval. */
const line = (deviceId: string, slope: number, configId = "c", buildCommit = "b1"): TimingPoint[] =>
  [0, 1, 2].flatMap((r) =>
    [100, 200, 300, 400, 500, 600].map((x, i) => ({
      runId: `${deviceId}-${buildCommit}-${configId}-${r}`,
      deviceId,
      buildCommit,
      configId,
      promptTokens: x,
      ttftMs: 50 + slope * (1 + (r - 1) * 0.01) * x + (i % 2 ? 3 : -3),
    })),
  );

describe("timingOutliers", () => {
  it("marks a device whose slope interval lies clear of the rest of the fleet's, with the reason", () => {
    const out = timingOutliers([...line("p1", 1), ...line("p2", 1.01), ...line("p3", 0.99), ...line("slow", 2)]);
    expect(out.map((o) => o.deviceId)).toEqual(["slow"]);
    expect(out[0].reason).toMatch(
      /^Slower than the rest of the fleet on build b1, config c: TTFT rises 1\.\d\d–2\.\d\d ms per prompt token here against/,
    );
    expect(out[0].slopeCi[0]).toBeGreaterThan(out[0].fleetSlopeCi[1]);
  });

  it("compares only within one build and config, and needs another device there", () => {
    expect(timingOutliers([...line("p1", 1), ...line("p2", 1), ...line("other", 2, "c", "b2")])).toEqual([]);
    expect(timingOutliers(line("alone", 5))).toEqual([]);
  });

  it("does not mark devices whose intervals overlap", () => {
    expect(timingOutliers([...line("p1", 1), ...line("p2", 1.001)])).toEqual([]);
  });

  it("takes runs, not turns, as the unit: one run per device is not enough to mark it", () => {
    const oneRun = (deviceId: string, slope: number) => line(deviceId, slope).filter((p) => p.runId.endsWith("-1"));
    // 6 turns each on clearly different lines, but a single run: the phone's state that run explains it.
    expect(timingOutliers([...oneRun("p1", 1), ...oneRun("p2", 1), ...oneRun("slow", 2)])).toEqual([]);
  });
});
