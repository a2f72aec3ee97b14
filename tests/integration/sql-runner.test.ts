import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { toPgPlaceholders } from "@/server/store/sql";
import { dialectOf } from "@/server/store/dialect";
import { flag, int, num, numOrNull } from "@/server/store/columns";
import { ENGINES, engineMissing, makeStore, type QueueHarness } from "../support/queue-engines";

describe("toPgPlaceholders", () => {
  it("numbers each ? in order and leaves those in literals, identifiers and comments", () => {
    expect(toPgPlaceholders(`SELECT '?' AS "a?", x FROM t WHERE a = ? AND b IN (?, ?) -- why?\nAND c = ?`)).toBe(
      `SELECT '?' AS "a?", x FROM t WHERE a = $1 AND b IN ($2, $3) -- why?\nAND c = $4`,
    );
    expect(toPgPlaceholders(`SELECT 'it''s ?' WHERE a = ?`)).toBe(`SELECT 'it''s ?' WHERE a = $1`);
  });
});

const Row = z.object({ n: int, total: num, ok: flag, missing: numOrNull, joined: z.string(), j: z.string() });

describe.each(ENGINES)("the SQL runner on %s", (engine) => {
  let h: QueueHarness | undefined;
  afterEach(async () => h?.close());

  it.skipIf(engineMissing(engine))("gives the same parsed row for the same query", async () => {
    h = await makeStore(engine);
    const { sql } = h.ctx.store;
    const d = dialectOf(sql);
    const [device] = await Promise.all([h.device("dev_a"), h.device("dev_b")]);
    expect(device).toBe("dev_a");
    const row = await sql.get(
      Row,
      `SELECT COUNT(*) AS "n", SUM(CASE WHEN d.id = ? THEN 2.5 ELSE 1 END) AS "total",
              MAX(${d.oneIf("d.id = ?")}) = 1 AS "ok", NULL AS "missing",
              ${d.stringAgg("d.id", ";", "d.id")} AS "joined", ${d.jsonText('\'{"a":{"b":"x"}}\'', "$.a.b")} AS "j"
         FROM (SELECT id FROM devices WHERE id IN (?, ?)) d`,
      ["dev_a", "dev_b", "dev_a", "dev_b"],
    );
    expect(row).toEqual({ n: 2, total: 3.5, ok: true, missing: null, joined: "dev_a;dev_b", j: "x" });
    expect(
      await sql.all(z.object({ id: z.string() }), `SELECT id AS "id" FROM devices WHERE id = ?`, ["nope"]),
    ).toEqual([]);
  });

  it.skipIf(engineMissing(engine))("says which query gave a row of the wrong shape", async () => {
    h = await makeStore(engine);
    await expect(h.ctx.store.sql.all(z.object({ n: z.string() }), `SELECT 1 AS "n"`)).rejects.toThrow(
      /SELECT 1 AS "n".*n: /,
    );
  });
});
