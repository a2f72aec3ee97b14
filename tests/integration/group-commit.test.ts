import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sqliteDatabase } from "@/server/store/sqlite";
import { groupCommit } from "@/server/store/sqlite/groupCommit";
import { testDashboard, type TestDashboard } from "../support/server";

let dash: TestDashboard;
const db = () => sqliteDatabase(dash.ctx.store);
let other: Database.Database;
beforeEach(async () => {
  dash = await testDashboard();
  db().exec("CREATE TABLE gc (v TEXT NOT NULL)");
  other = new Database(db().name); // a second connection sees only committed data
});
afterEach(() => {
  other.close();
  dash.close();
});

const insert = (v: string) => db().prepare("INSERT INTO gc (v) VALUES (?)").run(v);
const committed = () => other.prepare("SELECT v FROM gc ORDER BY rowid").pluck().all() as string[];

describe("groupCommit", () => {
  it("runs writes requested together in one transaction and answers after its commit", async () => {
    const seenByOthers: string[][] = [];
    const writes = ["a", "b", "c"].map((v) =>
      groupCommit(db(), () => {
        insert(v);
        seenByOthers.push(committed());
        return v.toUpperCase();
      }),
    );
    expect(committed()).toEqual([]); // nothing runs before the next turn of the event loop
    expect(await Promise.all(writes)).toEqual(["A", "B", "C"]);
    // While the batch ran, no other connection saw any of it: a single commit at the end.
    expect(seenByOthers).toEqual([[], [], []]);
    expect(committed()).toEqual(["a", "b", "c"]);
  });

  it("undoes only the write that threw; the others commit", async () => {
    const results = await Promise.allSettled([
      groupCommit(db(), () => insert("kept 1")),
      groupCommit(db(), () => {
        insert("undone");
        throw new Error("refused");
      }),
      groupCommit(db(), () => insert("kept 2")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe("refused");
    expect(committed()).toEqual(["kept 1", "kept 2"]);
  });

  it("rejects every write of a batch whose transaction cannot start, and stores none", async () => {
    db().pragma("busy_timeout = 0");
    other.exec("BEGIN IMMEDIATE"); // another writer holds the lock
    const results = await Promise.allSettled([
      groupCommit(db(), () => insert("x")),
      groupCommit(db(), () => insert("y")),
    ]);
    other.exec("ROLLBACK");
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(committed()).toEqual([]);
    // The next batch works again.
    await groupCommit(db(), () => insert("z"));
    expect(committed()).toEqual(["z"]);
  });

  it("starts a new batch for writes requested after a flush", async () => {
    await groupCommit(db(), () => insert("first"));
    expect(committed()).toEqual(["first"]);
    await groupCommit(db(), () => insert("second"));
    expect(committed()).toEqual(["first", "second"]);
  });
});
