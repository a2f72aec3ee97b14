/**
 * Issue 22, ADR 12: a read waits for at most one reload of the columnar copy. A source whose log
 * always asks for a reload (as PostgreSQL's did while a transaction elsewhere held the snapshot's
 * xmin below a rebuild it had loaded past) made every read reload and wait again, for ever.
 */
import { afterEach, expect, it } from "vitest";
import { createFactsMirror } from "@/server/store/columnar/mirror";
import type { FactsSource } from "@/server/store/columnar/source";

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

it("answers null (the database reads) after one waited reload when the log keeps asking for another", async () => {
  let loads = 0;
  const source: FactsSource = {
    engine: "postgres",
    position: async () => `p${++loads}`,
    batch: async () => null,
    delta: async () => "reload",
    runs: async () => 0,
    usable: () => true,
  };
  const mirror = createFactsMirror(source, { waitBelowRuns: 100, log: () => undefined });
  close = mirror.close;
  expect(await mirror.reader()).toBeNull();
  // The first load, the reload this read waited for, and the one it left to run in the background.
  expect(mirror.status().reloads).toBe(2);
  expect(loads).toBeLessThanOrEqual(3);

  // A source that asks once and then has nothing new: the read waits for that reload and is served.
  let asked = false;
  const once: FactsSource = { ...source, delta: async () => (asked ? null : ((asked = true), "reload")) };
  const other = createFactsMirror(once, { waitBelowRuns: 100, log: () => undefined });
  const closeFirst = close;
  close = async () => {
    await closeFirst();
    await other.close();
  };
  const runner = await other.reader();
  expect(runner?.dialect).toBe("duckdb");
  expect(other.status()).toMatchObject({ state: "ready", reloads: 1 });
});
