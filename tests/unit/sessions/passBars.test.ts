import { describe, expect, it } from "vitest";
import { passBars } from "@/domain/sessions";
import { wilson } from "@/domain/stats/wilson";
import { configColors } from "@/components/analytics/configColors";

describe("passBars", () => {
  const ids = ["files", "bash", "bash-plan"];
  const colors = configColors(ids);
  it("one bar per config in the session's order, empty until the config has a scored run", () => {
    const bars = passBars(ids, [{ configId: "bash", runs: 5, passed: 3, wilson: wilson(3, 5) }], colors);
    expect(bars.map((b) => b.configId)).toEqual(ids);
    expect(bars[0]).toMatchObject({ rate: null, err: null, runs: 0, label: "no runs scored yet" });
    const [lo, hi] = wilson(3, 5)!;
    expect(bars[1].rate).toBeCloseTo(0.6, 12);
    expect(bars[1].err![0]).toBeCloseTo(0.6 - lo, 12);
    expect(bars[1].err![1]).toBeCloseTo(hi - 0.6, 12);
    expect(bars[1].label).toBe("3/5 passed · 60% (Wilson 95% 23–88%)");
  });
  it("colours each config as configColors does, so it matches the analytics pages", () => {
    const bars = passBars(ids, [], colors);
    expect(bars.map((b) => b.color)).toEqual(ids.map((id) => colors[id]));
    expect(new Set(bars.map((b) => b.color)).size).toBe(3);
  });
  it("still draws a config that has runs but is not in the session's list", () => {
    const bars = passBars(["files"], [{ configId: "zeta", runs: 1, passed: 1, wilson: wilson(1, 1) }], {});
    expect(bars.map((b) => b.configId)).toEqual(["files", "zeta"]);
    expect(bars[1].color).toMatch(/^#/);
  });
});
