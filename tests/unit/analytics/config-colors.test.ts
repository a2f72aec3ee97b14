import { describe, expect, it } from "vitest";
import { CONFIG_PALETTE, colorOf, configColors } from "@/components/analytics/configColors";

type Lab = [number, number, number];

/** sRGB (IEC 61966-2-1) → linear → XYZ (D65, the sRGB matrix) → CIELAB with the D65 white. */
function hexToLab(hex: string): Lab {
  const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = [1, 3, 5].map((i) => lin(parseInt(hex.slice(i, i + 2), 16) / 255));
  const x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = 0.0193339 * r + 0.119192 * g + 0.9503041 * b;
  const f = (t: number) => (t > (6 / 29) ** 3 ? Math.cbrt(t) : t / (3 * (6 / 29) ** 2) + 4 / 29);
  const [fx, fy, fz] = [f(x / 0.95047), f(y / 1), f(z / 1.08883)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

const deltaE76 = (p: Lab, q: Lab) => Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);

/** CIEDE2000 (Sharma, Wu & Dalal 2005, eqs. 1–22), kL = kC = kH = 1. */
function deltaE00([L1, a1, b1]: Lab, [L2, a2, b2]: Lab): number {
  const rad = Math.PI / 180;
  const Cbar = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cbar ** 7 / (Cbar ** 7 + 25 ** 7)));
  const [ap1, ap2] = [(1 + G) * a1, (1 + G) * a2];
  const [Cp1, Cp2] = [Math.hypot(ap1, b1), Math.hypot(ap2, b2)];
  const hue = (b: number, a: number) => (b === 0 && a === 0 ? 0 : (Math.atan2(b, a) / rad + 360) % 360);
  const [hp1, hp2] = [hue(b1, ap1), hue(b2, ap2)];
  const dL = L2 - L1;
  const dC = Cp2 - Cp1;
  let dh = 0;
  if (Cp1 * Cp2 !== 0)
    dh = Math.abs(hp2 - hp1) <= 180 ? hp2 - hp1 : hp2 - hp1 > 180 ? hp2 - hp1 - 360 : hp2 - hp1 + 360;
  const dH = 2 * Math.sqrt(Cp1 * Cp2) * Math.sin((dh / 2) * rad);
  const Lbar = (L1 + L2) / 2;
  const Cpbar = (Cp1 + Cp2) / 2;
  let hbar = hp1 + hp2;
  if (Cp1 * Cp2 !== 0)
    hbar =
      Math.abs(hp1 - hp2) <= 180 ? (hp1 + hp2) / 2 : hp1 + hp2 < 360 ? (hp1 + hp2 + 360) / 2 : (hp1 + hp2 - 360) / 2;
  const T =
    1 -
    0.17 * Math.cos((hbar - 30) * rad) +
    0.24 * Math.cos(2 * hbar * rad) +
    0.32 * Math.cos((3 * hbar + 6) * rad) -
    0.2 * Math.cos((4 * hbar - 63) * rad);
  const dTheta = 30 * Math.exp(-(((hbar - 275) / 25) ** 2));
  const RC = 2 * Math.sqrt(Cpbar ** 7 / (Cpbar ** 7 + 25 ** 7));
  const SL = 1 + (0.015 * (Lbar - 50) ** 2) / Math.sqrt(20 + (Lbar - 50) ** 2);
  const SC = 1 + 0.045 * Cpbar;
  const SH = 1 + 0.015 * Cpbar * T;
  const RT = -Math.sin(2 * dTheta * rad) * RC;
  return Math.sqrt((dL / SL) ** 2 + (dC / SC) ** 2 + (dH / SH) ** 2 + RT * (dC / SC) * (dH / SH));
}

const pairs = <T>(xs: readonly T[]) => xs.flatMap((x, i) => xs.slice(i + 1).map((y) => [x, y] as const));
const minDelta = (palette: readonly string[], d: (p: Lab, q: Lab) => number) =>
  Math.min(...pairs(palette).map(([x, y]) => d(hexToLab(x), hexToLab(y))));

describe("colour conversion (known values)", () => {
  it("pure red is Lab (53.24, 80.09, 67.20); white is (100, 0, 0)", () => {
    const [L, a, b] = hexToLab("#FF0000");
    expect(L).toBeCloseTo(53.24, 2);
    expect(a).toBeCloseTo(80.09, 2);
    expect(b).toBeCloseTo(67.2, 2);
    const w = hexToLab("#FFFFFF");
    expect(w[0]).toBeCloseTo(100, 3);
    expect(Math.abs(w[1]) + Math.abs(w[2])).toBeLessThan(0.01);
  });

  it("CIEDE2000 gives Sharma et al.'s test pairs 1 and 17: 2.0425 and 27.1492", () => {
    expect(deltaE00([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 4);
    expect(deltaE00([50, 2.5, 0], [73, 25, -18])).toBeCloseTo(27.1492, 4);
  });
});

describe("config palette", () => {
  it("has ten colours, every pair at least ΔE*76 25 and ΔE00 20 apart (measured: 26.4 and 20.6)", () => {
    expect(CONFIG_PALETTE).toHaveLength(10);
    expect(minDelta(CONFIG_PALETTE, deltaE76)).toBeGreaterThanOrEqual(25);
    expect(minDelta(CONFIG_PALETTE, deltaE00)).toBeGreaterThanOrEqual(20);
  });

  it("the palette it replaces fails that bar (files #2f5bd3 and bash-plan-examples #6a3fb5, ΔE*76 20.1)", () => {
    const old = ["#62666d", "#2f5bd3", "#a3245e", "#d08a1f", "#1d7a46", "#24628a", "#6a3fb5"];
    expect(deltaE76(hexToLab("#2f5bd3"), hexToLab("#6a3fb5"))).toBeCloseTo(20.1, 1);
    expect(minDelta(old, deltaE76)).toBeLessThan(25);
  });

  it("colours a config by its place in the dashboard's config list, whatever the selection holds or a chart draws first", () => {
    // The default suite's configs in the order it lists them (what configUniverse returns for it).
    const universe = ["bare", "files", "files-plan", "bash", "bash-plan", "files-plan-examples", "bash-plan-examples"];
    const colors = configColors(universe);
    expect(colors.bare).toBe(CONFIG_PALETTE[0]);
    expect(colors.files).toBe(CONFIG_PALETTE[1]);
    expect(colors["bash-plan-examples"]).toBe(CONFIG_PALETTE[6]);
    // A page that shows only `files` and `bash-plan-examples` still colours them from the list, not as
    // the first and second of its own two (which made `files` blue here and orange on the next page).
    expect(colorOf(colors, "files")).toBe(CONFIG_PALETTE[1]);
    expect(new Set(Object.values(colors)).size).toBe(universe.length);
    // An id outside the list still gets one fixed colour.
    expect(colorOf(colors, "other")).toBe(colorOf({}, "other"));
    expect(CONFIG_PALETTE).toContain(colorOf(colors, "other"));
  });
});
