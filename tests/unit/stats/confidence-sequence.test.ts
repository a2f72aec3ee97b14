import { describe, expect, it } from "vitest";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import ref from "../../fixtures/stats/sequence_reference.json";
import {
  ANYTIME_GRID,
  ANYTIME_TRUNCATION,
  AnytimeMonitor,
  anytimeInterval,
  anytimeSequence,
  sequentialDecision,
  stillInformative,
  taskDifference,
} from "@/domain/stats/confidence-sequence";
import { uniform } from "@/domain/stats/random";

// One grid step of the TypeScript interval, in units of d (b's pass share − a's).
const STEP = 2 / ANYTIME_GRID;

describe("anytimeSequence", () => {
  it("equals an independent NumPy version of Waudby-Smith & Ramdas's hedged betting sequence at every look", () => {
    // tests/fixtures/stats/sequence_reference.py: the paper's formulas on a grid 128 times finer, no
    // widening; ours is the hull of a coarser grid widened by one step, so it lies within one step outside.
    for (const c of ref.cases) {
      const seq = anytimeSequence(c.diffs, c.alpha, { truncation: c.truncation });
      expect(seq).toHaveLength(c.intervals.length);
      seq.forEach((r, k) => {
        const [lo, hi] = c.intervals[k];
        expect(r.conflict).toBe(false);
        expect(r.n).toBe(k + 1);
        expect(r.lo).toBeLessThanOrEqual(lo + 1e-9);
        expect(r.lo).toBeGreaterThanOrEqual(lo - STEP - 1e-9);
        expect(r.hi).toBeGreaterThanOrEqual(hi - 1e-9);
        expect(r.hi).toBeLessThanOrEqual(hi + STEP + 1e-9);
      });
    }
  });

  it("matches the formula solved by hand for two tasks that both went from fail to pass", () => {
    // x = (d + 1)/2 = 1, 1. λ̇₁ = √(2 log(2/α) / (¼ · 1 · log 2)); μ̂₁ = (½ + 1)/2 = ¾,
    // σ̂²₁ = (¼ + (1 − ¾)²)/2 = 5/32, λ̇₂ = √(2 log(2/α) / (5/32 · 2 · log 3)). Near m = 0 the + bets
    // are λ̇ᵢ (below c/m) and the − bets c/(1 − m), so K⁻ = (1 − c)² and
    // K(m) = ½(1 + λ̇₁u)(1 + λ̇₂u) + ½(1 − c)², u = 1 − m: the lower end solves K = 1/α, a quadratic in u.
    const alpha = 0.05;
    const c = ANYTIME_TRUNCATION;
    const l1 = Math.sqrt((2 * Math.log(2 / alpha)) / (0.25 * Math.log(2)));
    const l2 = Math.sqrt((2 * Math.log(2 / alpha)) / ((5 / 32) * 2 * Math.log(3)));
    const rhs = 2 / alpha - (1 - c) ** 2;
    // l1·l2·u² + (l1 + l2)·u + 1 − rhs = 0
    const u = (-(l1 + l2) + Math.sqrt((l1 + l2) ** 2 - 4 * l1 * l2 * (1 - rhs))) / (2 * l1 * l2);
    const m = 1 - u;
    expect(m).toBeLessThan(c / l1); // the case assumed: the + bets are not capped at m
    const lo = 2 * m - 1;
    const r = anytimeInterval([1, 1], alpha);
    expect(r.lo).toBeLessThanOrEqual(lo);
    expect(r.lo).toBeGreaterThan(lo - STEP);
    expect(r.hi).toBe(1);
    // One task alone never excludes anything at α = 0.05: ½(1 + λ̇₁) + ½(1 − c) < 20 at m = 0.
    expect(0.5 * (1 + l1) + 0.5 * (1 - c)).toBeLessThan(1 / alpha);
    expect(anytimeInterval([1], alpha)).toMatchObject({ lo: -1, hi: 1, n: 1 });
  });

  it("only shrinks, stays symmetric when nothing differs, and adapts to the spread of the tasks", () => {
    const zeros = anytimeSequence(Array(200).fill(0));
    for (let k = 1; k < zeros.length; k++) {
      expect(zeros[k].lo).toBeGreaterThanOrEqual(zeros[k - 1].lo);
      expect(zeros[k].hi).toBeLessThanOrEqual(zeros[k - 1].hi);
      expect(zeros[k].lo).toBeCloseTo(-zeros[k].hi, 9);
    }
    expect(zeros.at(-1)!.mean).toBe(0);
    // Tasks that all agree (d = 0) give an interval far narrower than tasks split ±1 with the same
    // mean (empirical Bernstein: the bets grow as the observed variance shrinks).
    const split = anytimeSequence(Array.from({ length: 800 }, (_, i) => (i % 2 ? 1 : -1)));
    const w = (seq: typeof split, k: number) => seq[k - 1].hi - seq[k - 1].lo;
    expect(w(zeros, 200)).toBeLessThan(w(split, 200) / 5);
    // At a fixed spread the width falls roughly as √(log n / n): ×4 the tasks, ×0.6 the width.
    for (const [k1, k2] of [
      [50, 200],
      [200, 800],
    ]) {
      expect(w(split, k2) / w(split, k1)).toBeGreaterThan(0.5);
      expect(w(split, k2) / w(split, k1)).toBeLessThan(0.7);
    }
  });

  it("covers the true mean at every look at once in at least 1 − α of long simulated sequences", () => {
    // d takes the values of a task with 3 repeats per side: −1, −⅔, …, 1, with a mean of 0.2.
    const values = [-1, -2 / 3, -1 / 3, 0, 1 / 3, 2 / 3, 1];
    const weights = [0.04, 0.04, 0.08, 0.4, 0.14, 0.1, 0.2];
    const mean = values.reduce((s, v, i) => s + v * weights[i], 0);
    const g = xoroshiro128plus(3601);
    const draw = () => {
      let u = uniform(g);
      for (let i = 0; i < values.length; i++) if ((u -= weights[i]) < 0) return values[i];
      return values[values.length - 1];
    };
    const sequences = 200;
    let missed = 0;
    let finalWidth = 0;
    for (let s = 0; s < sequences; s++) {
      const mon = new AnytimeMonitor(0.1);
      let out = false;
      for (let t = 0; t < 80; t++) {
        mon.push(draw());
        const r = mon.interval();
        if (r.lo > mean || r.hi < mean) out = true;
      }
      if (out) missed++;
      finalWidth += mon.interval().hi - mon.interval().lo;
    }
    // α = 0.1: a sequence that ever misses, at any of its 80 looks, counts once.
    expect(missed / sequences).toBeLessThanOrEqual(0.1 + 2 * Math.sqrt((0.1 * 0.9) / sequences));
    expect(finalWidth / sequences).toBeLessThan(0.55);
  });

  it("says so when the data contradict the assumptions: a later look's set misses every earlier one", () => {
    // 30 tasks all better on b, then 300 all better on a: no single mean fits both stretches.
    const seq = anytimeSequence([...Array(30).fill(1), ...Array(300).fill(-1)]);
    expect(seq[29]).toMatchObject({ conflict: false });
    expect(seq[29].lo).toBeGreaterThan(0);
    // From the first look whose set misses the intersection so far, every look says so and shows
    // its own set, not intersected.
    const k = seq.findIndex((r) => r.conflict);
    expect(k).toBeGreaterThan(29);
    expect(seq.slice(k).every((r) => r.conflict)).toBe(true);
    expect(seq[k].hi < seq[k - 1].lo || seq[k].lo > seq[k - 1].hi).toBe(true);
    const task = (aPassed: number, bPassed: number) => ({ aRuns: 1, aPassed, bRuns: 1, bPassed });
    const r = sequentialDecision([...Array(30).fill(task(0, 1)), ...Array(300).fill(task(1, 0))]);
    expect(r).toMatchObject({ state: "undecided", direction: null, conflict: true });
  });

  it("refuses values outside −1…1 and α outside (0, 1)", () => {
    expect(() => anytimeInterval([1.5])).toThrow(RangeError);
    expect(() => anytimeInterval([Number.NaN])).toThrow(RangeError);
    expect(() => anytimeInterval([0], 0)).toThrow(RangeError);
    expect(() => anytimeInterval([0], 0.05, { truncation: 1 })).toThrow(RangeError);
    expect(anytimeInterval([])).toMatchObject({ lo: -1, hi: 1, n: 0, mean: 0, conflict: false });
  });
});

describe("sequentialDecision", () => {
  const task = (aPassed: number, bPassed: number, runs = 3) => ({ aRuns: runs, aPassed, bRuns: runs, bPassed });

  it("decides for b once the whole interval lies above 0, in pass-rate points", () => {
    const settled = Array.from({ length: 14 }, (_, i) => (i % 2 ? task(0, 3) : task(3, 3)));
    const r = sequentialDecision(settled, 0.05);
    const raw = anytimeInterval(
      settled.map((t) => taskDifference(t)!),
      0.05,
    );
    expect(r.state).toBe("decided");
    expect(r.direction).toBe("b");
    expect(r.interval[0]).toBeGreaterThan(0);
    expect(r.interval[0]).toBeCloseTo(raw.lo * 100, 6);
    expect(r.interval[1]).toBeCloseTo(raw.hi * 100, 6);
    expect(r.mean).toBe(50);
    expect(r.tasks).toBe(14);
    expect(r.tasksDisagreeing).toBe(7);
  });

  it("decides for a the other way round, and stays undecided on a few disagreeing tasks", () => {
    const worse = Array.from({ length: 14 }, (_, i) => (i % 2 ? task(3, 0) : task(3, 3)));
    expect(sequentialDecision(worse)).toMatchObject({ state: "decided", direction: "a" });
    const few = [task(3, 0), task(0, 3), task(3, 0), task(1, 3), task(3, 3)];
    const r = sequentialDecision(few, 0.05, [
      task(0, 2, 2),
      task(1, 1, 1),
      { aRuns: 1, aPassed: 1, bRuns: 0, bPassed: 0 },
    ]);
    expect(r).toMatchObject({ state: "undecided", direction: null, tasks: 5 });
    // 4 settled tasks and 1 pending one differ; a task run on one side only is not counted.
    expect(r.tasksDisagreeing).toBe(5);
    expect(r.interval[0]).toBeLessThan(0);
    expect(r.interval[1]).toBeGreaterThan(0);
  });

  it("leaves out settled tasks that one side never ran", () => {
    expect(taskDifference({ aRuns: 0, aPassed: 0, bRuns: 2, bPassed: 1 })).toBeNull();
    expect(taskDifference(task(1, 2))).toBeCloseTo(1 / 3, 15);
    expect(sequentialDecision([{ aRuns: 0, aPassed: 0, bRuns: 2, bPassed: 1 }]).tasks).toBe(0);
  });
});

describe("stillInformative", () => {
  const opts = { minRepeats: 2, maxRepeats: 4, decided: false };
  it("asks for the minimum, then for repeats that disagree or sides that differ, up to the maximum", () => {
    expect(stillInformative({ aRuns: 1, aPassed: 1, bRuns: 1, bPassed: 1 }, opts)).toEqual({
      informative: true,
      reason: "minimum",
    });
    expect(stillInformative({ aRuns: 2, aPassed: 2, bRuns: 2, bPassed: 2 }, opts)).toEqual({
      informative: false,
      reason: "settled",
    });
    expect(stillInformative({ aRuns: 2, aPassed: 0, bRuns: 2, bPassed: 0 }, opts).informative).toBe(false);
    expect(stillInformative({ aRuns: 2, aPassed: 1, bRuns: 2, bPassed: 2 }, opts)).toEqual({
      informative: true,
      reason: "repeats_disagree",
    });
    expect(stillInformative({ aRuns: 2, aPassed: 0, bRuns: 2, bPassed: 2 }, opts)).toEqual({
      informative: true,
      reason: "discordant",
    });
    expect(stillInformative({ aRuns: 4, aPassed: 1, bRuns: 4, bPassed: 4 }, opts)).toEqual({
      informative: false,
      reason: "maximum",
    });
    expect(stillInformative({ aRuns: 1, aPassed: 0, bRuns: 1, bPassed: 1 }, { ...opts, decided: true })).toEqual({
      informative: false,
      reason: "decided",
    });
  });

  it("refuses a minimum below 1 or above the maximum", () => {
    const t = { aRuns: 0, aPassed: 0, bRuns: 0, bPassed: 0 };
    expect(() => stillInformative(t, { minRepeats: 0, maxRepeats: 3, decided: false })).toThrow(RangeError);
    expect(() => stillInformative(t, { minRepeats: 3, maxRepeats: 2, decided: false })).toThrow(RangeError);
  });

  it("treats a and b alike: swapping them never changes the answer", () => {
    for (let ar = 0; ar <= 4; ar++)
      for (let br = 0; br <= 4; br++)
        for (let ap = 0; ap <= ar; ap++)
          for (let bp = 0; bp <= br; bp++)
            for (const decided of [false, true]) {
              const o = { ...opts, decided };
              expect(stillInformative({ aRuns: br, aPassed: bp, bRuns: ar, bPassed: ap }, o)).toEqual(
                stillInformative({ aRuns: ar, aPassed: ap, bRuns: br, bPassed: bp }, o),
              );
            }
  });
});
