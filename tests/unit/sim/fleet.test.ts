import { describe, expect, it } from "vitest";
import { FLEET_MIX, fleetPhone, nextCharging } from "@/sim/fleet";

describe("nextCharging (simulated charging sessions)", () => {
  const plan = { plugBelow: 0.2, unplugAbove: 0.8 };
  it("plugs in at or below the low mark, stays plugged until the high mark, then unplugs", () => {
    expect(nextCharging(plan, 0.21, false)).toBe(false);
    expect(nextCharging(plan, 0.2, false)).toBe(true);
    expect(nextCharging(plan, 0.79, true)).toBe(true);
    expect(nextCharging(plan, 0.8, true)).toBe(false);
    expect(nextCharging(plan, 0.5, false)).toBe(false);
  });
  it("keeps the phone's state without a plan", () => {
    expect(nextCharging(undefined, 0.01, false)).toBe(false);
    expect(nextCharging(undefined, 1, true)).toBe(true);
  });
});

describe("the --fleet mix", () => {
  it("cycles over phones on battery, on the charger, unrested and with a charger plan", () => {
    expect([0, 1, 2, 3, 4].map((i) => fleetPhone(i))).toEqual([...FLEET_MIX, FLEET_MIX[0]]);
    expect(FLEET_MIX.map((p) => [p.charging, p.skipRest, !!p.charger])).toEqual([
      [false, false, false],
      [true, false, false],
      [false, true, false],
      [false, false, true],
    ]);
  });
});
