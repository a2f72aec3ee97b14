import { describe, expect, it } from "vitest";
import { mcnemarExact, pairRuns } from "@/domain/stats/mcnemar";

describe("mcnemarExact", () => {
  it("b = 12, c = 2 gives the published exact P = 0.0129 (Armitage & Berry 1994, p. 127, culture media)", () => {
    // As reported by StatsDirect's exact matched-pairs example; by hand: n = 14,
    // 2·P(X ≤ 2) = 2·(1 + 14 + 91)/16384 = 212/16384 = 0.01294
    expect(mcnemarExact(12, 2)).toBeCloseTo(212 / 16384, 15);
    expect(mcnemarExact(12, 2)).toBeCloseTo(0.0129, 4);
  });

  it("b = 1, c = 7: 2·(1 + 8)/256 = 0.0703125", () => {
    expect(mcnemarExact(1, 7)).toBeCloseTo(18 / 256, 15);
  });

  it("equals the sign test on the discordant pairs: b = 2, c = 10 → 0.0385742", () => {
    expect(mcnemarExact(2, 10)).toBeCloseTo(158 / 4096, 14);
  });

  it("is 1 with no discordant pairs, however many concordant ones", () => {
    expect(mcnemarExact(0, 0)).toBe(1);
  });
});

describe("pairRuns", () => {
  type Run = { session: string; task: string; repeat: number; passed: boolean };
  const key = (r: Run) => `${r.session}/${r.task}/${r.repeat}`;
  const run = (task: string, repeat: number, passed: boolean): Run => ({ session: "s1", task, repeat, passed });

  it("counts the 2×2 table and the runs without a partner", () => {
    const a = [run("t1", 1, true), run("t1", 2, true), run("t2", 1, true), run("t3", 1, false), run("t4", 1, true)];
    const b = [run("t1", 1, true), run("t1", 2, false), run("t2", 1, false), run("t3", 1, true), run("t5", 1, true)];
    // t1/1 both; t1/2 a only; t2/1 a only; t3/1 b only; t4 unpaired in a; t5 unpaired in b
    expect(pairRuns(a, b, key)).toEqual({ both: 1, aOnly: 2, bOnly: 1, neither: 0, unpairedA: 1, unpairedB: 1 });
  });

  it("counts pairs where neither passed", () => {
    expect(pairRuns([run("t", 1, false)], [run("t", 1, false)], key)).toMatchObject({ neither: 1 });
  });

  it("refuses a key that occurs twice on one side", () => {
    expect(() => pairRuns([run("t", 1, true), run("t", 1, false)], [], key)).toThrow(RangeError);
  });
});
