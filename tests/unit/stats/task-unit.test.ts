import { describe, expect, it } from "vitest";
import ref from "../../fixtures/stats/reference.json";
import { denominatorOf, signFlipNull, signFlipTest } from "@/domain/stats/sign-flip";
import { taskPairedMcnemar } from "@/domain/stats/task-mcnemar";
import {
  CLUSTER_SUMS,
  PRODUCT_KEYS,
  clusterRobustFromProducts,
  clusterRobustSlope,
  slopeChangeVsMargin,
  verdictOf,
  type ProductKey,
} from "@/domain/stats/robust-slope";
import { medianBootstrapCdf, sampleMedian, stratifiedMedianChange } from "@/domain/stats/bootstrap-median";
import { nullRejection, nullRejectionSentence } from "@/domain/stats/null-calibration";

// Every expected value below was computed by SciPy / statsmodels (tests/fixtures/stats/reference.py).

describe("signFlipTest", () => {
  it("is the exact binomial sign test when every difference is −1, 0 or +1 (scipy.stats.binomtest)", () => {
    for (const [k, n, p] of ref.binom as [number, number, number][]) {
      const values = [...Array(k).fill(1), ...Array(n - k).fill(-1), 0, 0];
      const r = signFlipTest(values);
      expect(r.method).toBe("exact");
      expect(r.n).toBe(n);
      expect(r.p).toBeCloseTo(p, 12);
    }
  });

  it("equals scipy.stats.permutation_test's full sign-flip enumeration on pass-share differences", () => {
    for (const [values, p] of ref.flip as [number[], number][]) {
      expect(signFlipTest(values).p).toBeCloseTo(p, 12);
    }
  });

  it("falls back to a seeded Monte Carlo when the differences share no small denominator, close to the exact p", () => {
    const [values, p] = ref.flipIrrational as [number[], number];
    const r = signFlipTest(values, { seed: 5, draws: 200_000 });
    expect(r.method).toBe("monte_carlo");
    expect(r.seed).toBe(5);
    expect(r.draws).toBe(200_000);
    // The binomial standard error of a Monte Carlo p near 0.062 with 200k draws is 0.00054.
    expect(Math.abs(r.p - p)).toBeLessThan(0.0025);
    expect(signFlipTest(values, { seed: 5, draws: 200_000 }).p).toBe(r.p);
  });

  it("gives p = 1 with no task that changed, and reuses one null for flipped statistics", () => {
    expect(signFlipTest([0, 0, 0]).p).toBe(1);
    const nul = signFlipNull([1, 1, 1, 1, 1]);
    expect(nul.pFor(5)).toBeCloseTo(0.0625, 15);
    expect(nul.pFor(-5)).toBeCloseTo(0.0625, 15);
    expect(nul.pFor(1)).toBe(1);
  });

  it("finds common denominators of pass shares", () => {
    expect(denominatorOf(2 / 3)).toBe(3);
    expect(denominatorOf(0.25)).toBe(4);
    expect(denominatorOf(1)).toBe(1);
    expect(denominatorOf(Math.PI)).toBeNull();
  });
});

describe("taskPairedMcnemar", () => {
  it("equals statsmodels' mcnemar(exact=True) on the task-paired table", () => {
    for (const [[[both, aOnly], [bOnly, neither]], p] of ref.mcnemar as [number[][], number][]) {
      const tasks = [
        ...Array.from({ length: both }, () => ({ aRuns: 3, aPassed: 3, bRuns: 3, bPassed: 2 })),
        ...Array.from({ length: aOnly }, () => ({ aRuns: 3, aPassed: 2, bRuns: 3, bPassed: 0 })),
        ...Array.from({ length: bOnly }, () => ({ aRuns: 3, aPassed: 1, bRuns: 3, bPassed: 3 })),
        ...Array.from({ length: neither }, () => ({ aRuns: 3, aPassed: 0, bRuns: 3, bPassed: 1 })),
      ];
      const r = taskPairedMcnemar(tasks);
      expect(r).toMatchObject({ both, aOnly, bOnly, neither, undecided: 0 });
      expect(r.p).toBeCloseTo(p, 12);
    }
  });

  it("leaves a task out when its repeats split in half on a side", () => {
    const r = taskPairedMcnemar([
      { aRuns: 2, aPassed: 1, bRuns: 2, bPassed: 2 },
      { aRuns: 4, aPassed: 4, bRuns: 4, bPassed: 2 },
      { aRuns: 3, aPassed: 3, bRuns: 0, bPassed: 0 },
    ]);
    expect(r).toMatchObject({ both: 0, aOnly: 0, bOnly: 0, neither: 0, undecided: 2, p: 1 });
  });
});

describe("clusterRobustSlope", () => {
  const rows = ref.cluster.rows as [number, number, number][];
  const sums = new Map<number, { n: number; sx: number; sy: number; sxx: number; sxy: number }>();
  for (const [g, x, y] of rows) {
    const s = sums.get(g) ?? { n: 0, sx: 0, sy: 0, sxx: 0, sxy: 0 };
    s.n++;
    s.sx += x;
    s.sy += y;
    s.sxx += x * x;
    s.sxy += x * y;
    sums.set(g, s);
  }

  it("equals statsmodels OLS with cov_type='cluster' (CR1) from per-cluster sums", () => {
    const fit = clusterRobustSlope([...sums.values()])!;
    expect(fit.n).toBe(rows.length);
    expect(fit.clusters).toBe(12);
    expect(fit.df).toBe(11);
    expect(fit.slope).toBeCloseTo(ref.cluster.slope, 9);
    expect(fit.intercept).toBeCloseTo(ref.cluster.intercept, 6);
    expect(fit.se / ref.cluster.se).toBeCloseTo(1, 9);
  });

  it("gives the same from the 15 products a database aggregates per group", () => {
    const cs = [...sums.values()];
    const products = Object.fromEntries(
      PRODUCT_KEYS.map((k) => {
        const [x, y] = k.split("*") as [(typeof CLUSTER_SUMS)[number], (typeof CLUSTER_SUMS)[number]];
        return [k, cs.reduce((t, c) => t + c[x] * c[y], 0)];
      }),
    ) as Record<ProductKey, number>;
    const totals = { n: 0, sx: 0, sy: 0, sxx: 0, sxy: 0 };
    for (const c of cs) for (const k of CLUSTER_SUMS) totals[k] += c[k];
    const fit = clusterRobustFromProducts({ clusters: cs.length, totals, products })!;
    expect(PRODUCT_KEYS).toHaveLength(15);
    expect(fit.slope).toBeCloseTo(ref.cluster.slope, 9);
    expect(fit.se / ref.cluster.se).toBeCloseTo(1, 8);
    expect(fit.df).toBe(11);
  });

  it("judges a slope change against its margin", () => {
    const base = { n: 300, clusters: 30, slope: 5, intercept: 300, se: 0.05, df: 29 };
    // 4% steeper, clearly real (se of the difference 0.07): real but within a 5% margin.
    const small = slopeChangeVsMargin(base, { ...base, slope: 5.2 }, 0.05)!;
    expect(small.verdict).toBe("within_margin");
    expect(small.change).toBeCloseTo(0.04, 12);
    // 40% steeper: the whole interval is beyond 5%.
    const big = slopeChangeVsMargin(base, { ...base, slope: 7 }, 0.05)!;
    expect(big.verdict).toBe("regression");
    expect(big.p).toBeLessThan(0.001);
    // Equal standard errors and degrees of freedom: Welch–Satterthwaite gives 2·df = 58, t(0.975, 58) = 2.0017.
    expect(big.ci[0]).toBeCloseTo((2 - 2.001717468 * Math.sqrt(2) * 0.05) / 5, 6);
    expect(slopeChangeVsMargin({ ...base, slope: 0 }, base, 0.05)).toBeNull();
  });

  it("names the four verdicts", () => {
    expect(verdictOf([0.12, 0.3], 0.1)).toBe("regression");
    expect(verdictOf([0.01, 0.3], 0.1)).toBe("within_margin");
    expect(verdictOf([-0.01, 0.3], 0.1)).toBe("no_change");
    expect(verdictOf([-0.3, -0.01], 0.1)).toBe("faster");
  });
});

describe("stratifiedMedianChange", () => {
  it("matches SciPy's percentile bootstrap of a ratio of medians (odd sample sizes)", () => {
    const r = stratifiedMedianChange([{ a: ref.median.a, b: ref.median.b }], 0.1, { draws: 200_000 })!;
    expect(r.change).toBeCloseTo(ref.median.change, 12);
    // Both are Monte Carlo estimates of the same percentiles (200k draws each).
    expect(Math.abs(r.ci[0] - ref.median.ci[0])).toBeLessThan(0.004);
    expect(Math.abs(r.ci[1] - ref.median.ci[1])).toBeLessThan(0.004);
    expect(r.verdict).toBe("regression");
  });

  it("draws medians from their exact bootstrap distribution (checked against brute-force resampling)", () => {
    const values = [3, 9, 1, 7, 5, 5, 2];
    const { values: v, cdf } = medianBootstrapCdf(values);
    expect(v).toEqual([1, 2, 3, 5, 7, 9]);
    // By enumeration of all 7⁷ resamples, the 4th smallest's distribution.
    const counts = new Map<number, number>();
    const idx = new Array(7).fill(0);
    for (let it = 0; it < 7 ** 7; it++) {
      let r = it;
      for (let j = 0; j < 7; j++) {
        idx[j] = values[r % 7];
        r = Math.floor(r / 7);
      }
      const m = [...idx].sort((a, b) => a - b)[3];
      counts.set(m, (counts.get(m) ?? 0) + 1);
    }
    let acc = 0;
    v.forEach((x, i) => {
      acc += counts.get(x) ?? 0;
      expect(cdf[i]).toBeCloseTo(acc / 7 ** 7, 12);
    });
  });

  it("compares medians within configs, so two configs' different loads do not blur a 40% slowdown", () => {
    // Config x loads near 2,000 ms, config y near 8,000 ms; the candidate is 1.4× slower in both.
    const spread = (m: number, n: number) => Array.from({ length: n }, (_, i) => m * (1 + ((i % 7) - 3) / 100));
    const strata = [
      { a: spread(2000, 41), b: spread(2800, 41) },
      { a: spread(8000, 41), b: spread(11200, 41) },
    ];
    const r = stratifiedMedianChange(strata, 0.1)!;
    expect(r.strata).toBe(2);
    expect(r.change).toBeCloseTo(0.4, 12);
    expect(r.ci[0]).toBeGreaterThan(0.3);
    expect(r.verdict).toBe("regression");
    // Pooled, the median of each side sits between the two configs and the interval spans both.
    const pooled = stratifiedMedianChange([{ a: strata.flatMap((s) => s.a), b: strata.flatMap((s) => s.b) }], 0.1)!;
    expect(pooled.ci[1] - pooled.ci[0]).toBeGreaterThan(1);
  });

  it("is the ordinary median and null without runs", () => {
    expect(sampleMedian([4, 1, 3, 2])).toBe(2.5);
    expect(sampleMedian([])).toBeNull();
    expect(stratifiedMedianChange([{ a: [], b: [1] }], 0.1)).toBeNull();
  });
});

describe("nullRejection", () => {
  it("rejects at most α of sign-flipped comparisons for the sign-flip test itself", () => {
    const d = [1, 1, 1, 1, 1, 1, 1, 1, 0.5, -1 / 3, 2 / 3, 1];
    const nul = signFlipNull(d);
    const r = nullRejection(d.length, (f) => nul.pFor(d.reduce((s, v, i) => s + f[i] * v, 0)) < 0.05, 0.05);
    expect(r.draws).toBe(1000);
    expect(r.rate).toBeLessThanOrEqual(0.05 + 2 * Math.sqrt((0.05 * 0.95) / 1000));
    expect(r.ci[0]).toBeLessThanOrEqual(r.rate);
  });

  it("says the rate in one sentence with its interval", () => {
    expect(
      nullRejectionSentence({ draws: 1000, rejected: 46, rate: 0.046, ci: [0.0346, 0.0609], seed: 31, alpha: 0.05 }),
    ).toBe(
      "On this data the test rejects 4.6% of A/A comparisons at α 0.05 (95% CI 3.5–6.1%; a and b swapped at random within each task, 1,000 draws, seed 31).",
    );
  });
});
