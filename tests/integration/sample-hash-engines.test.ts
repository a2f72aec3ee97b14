/**
 * The TTFT scatter's sample order (ttftPoints.ts): Knuth's hash of each point's key, computed in
 * SQL on both engines. Keys pass 2³² at lab scale (score id × 4096 + turn index: a score id past
 * ~1M), where the plain product key × 2654435761 leaves 64-bit integers; the expression must
 * still give (key × 2654435761) mod 2³² exactly, checked here against BigInt arithmetic.
 */
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { knuthHashSql } from "@/server/analytics/ttftPoints";
import { ENGINES, engineMissing, makeStore, type QueueHarness } from "../support/queue-engines";

const KEYS = [0, 1, 12_345, 2 ** 32 - 1, 2 ** 32, 3_600_000_000, 4096 * 1_000_000 + 7, 4096 * 250_000_000 + 4095];
const knuth = (k: number) => Number((BigInt(k) * 2654435761n) % 2n ** 32n);

describe.each(ENGINES)("the scatter's sample hash on %s", (engine) => {
  let h: QueueHarness | undefined;
  afterEach(async () => h?.close());

  it.skipIf(engineMissing(engine))("equals (key × 2654435761) mod 2³² beyond 64-bit products", async () => {
    h = await makeStore(engine);
    const got: number[] = [];
    for (const k of KEYS) {
      const row = await h.ctx.store.sql.get(
        z.object({ h: z.coerce.number() }),
        `SELECT ${knuthHashSql("k.v")} AS "h" FROM (SELECT CAST(? AS BIGINT) AS v) k`,
        [k],
      );
      got.push(row!.h);
    }
    expect(got).toEqual(KEYS.map(knuth));
    // The last two keys are where the plain product overflows: 64-bit integers end at 9.2·10¹⁸.
    expect(KEYS.slice(-2).every((k) => k * 2654435761 > 2 ** 63)).toBe(true);
  });
});
