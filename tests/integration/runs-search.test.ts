import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dashboardPerTest, runQueue, type TestDashboard, TEST_ENGINE } from "../support/server";

/**
 * The runs explorer's text search (issue 34.8) on both engines: a run's id, final reply, tool
 * calls' arguments and error text (end detail, failed calls' results) are found; a successful
 * call's result is not; words are ANDed, case is ignored, the last word may be a prefix; nothing
 * typed is read as FTS5 or tsquery syntax; the search narrows the explorer's filters.
 */
let dash: TestDashboard;
let token: string;
dashboardPerTest((d, t) => {
  dash = d;
  token = t;
});

const turn = (toolCalls: unknown[]) => [
  { promptTokens: 45, contextTokens: 380, ttftMs: 320, outputTokens: 40, decodeMs: 2000, text: "…", toolCalls },
];
/** Four runs, each saying one thing: a reply, a tool argument, a failed call's error, a crash's detail. */
const SHAPES = [
  { reply: "The appointment is BOOKED for Tuesday. Café déjà vu, 日本語 too." },
  {
    reply: "Done.",
    turns: turn([
      { name: "write_file", args: { path: "notes/zebra_list.txt", content: "two lines" }, ok: true, result: "wrote" },
    ]),
  },
  {
    reply: "",
    turns: turn([
      { name: "read_file", args: { path: "gone.txt" }, ok: false, result: "ENOENT: quokka not found" },
      { name: "list_files", args: {}, ok: true, result: "wallaby.md" },
    ]),
  },
  { reply: "Tuesday", end: { reason: "crash", detail: "llama-server segfault near pangolin" } },
];

async function session(name: string) {
  const r = await dash.call("POST", "/api/sessions", {
    json: { name, suite: "mini", tasks: ["dentist-todo"], configs: ["files"], repeats: 4, order: "blocked" },
  });
  expect(r.status).toBe(201);
  await runQueue(dash, token, (_job, i) => SHAPES[i]);
  return r.body.session.id as string;
}

/** The explorer's answer for a search (and other query parameters), as run ids in received order. */
async function search(q: string, more = "") {
  const r = await dash.call("GET", `/api/runs?q=${encodeURIComponent(q)}&sort=received&dir=asc${more}`);
  expect(r.status, `q=${q}: ${JSON.stringify(r.body)}`).toBe(200);
  expect(r.body.runs).toHaveLength(r.body.total);
  return (r.body.runs as { id: string }[]).map((x) => x.id);
}

describe("runs explorer text search", () => {
  it("finds a run by its reply, a tool call's argument, a failed call's error, its end detail and its id", async () => {
    await session("one");
    const ids = await search("");
    expect(ids).toHaveLength(4);
    const [reply, arg, failed, crash] = ids;
    expect(await search("booked")).toEqual([reply]);
    expect(await search("Booked TUESDAY")).toEqual([reply]); // words ANDed, case ignored
    expect(await search("tuesday")).toEqual([reply, crash]);
    expect(await search("zebra")).toEqual([arg]); // inside a tool call's arguments
    expect(await search("notes/zebra_list.txt")).toEqual([arg]); // a path, as its words in a row
    expect(await search("zebra_li")).toEqual([arg]); // the last word may be the start of a word
    expect(await search("write_file")).toEqual([arg]); // the tool's name
    expect(await search("quokka")).toEqual([failed]); // a failed call's result
    expect(await search("wallaby")).toEqual([]); // a successful call's result is not searched
    expect(await search("pangolin segfault")).toEqual([crash]); // the end detail
    expect(await search(crash)).toEqual([crash]); // the run id, whole
    expect(await search(crash.slice(0, -1))).toContain(crash); // or its start
    expect(await search("CAFÉ déjà")).toEqual([reply]);
    expect(await search("日本語")).toEqual([reply]);
    expect(await search("booked pangolin")).toEqual([]); // no run says both
  });

  it("reads nothing typed as search syntax: quotes, stars, minus, NEAR, column filters, unicode", async () => {
    await session("one");
    const all = await search("");
    const [reply, arg, failed, crash] = all;
    // Punctuation alone has no word to find: the search is ignored, every run is listed.
    for (const q of ['"', "*", "-", ":", "^", "()", '"*"', "%", "_", "\\", "'", "😀"])
      expect(await search(q), q).toEqual(all);
    expect(await search("NOT:")).toEqual([arg, failed]); // the word "not", as a prefix: notes/…, "not found"
    expect(await search('booked"')).toEqual([reply]);
    expect(await search('"booked')).toEqual([reply]);
    expect(await search("booked*")).toEqual([reply]);
    expect(await search("-booked")).toEqual([reply]); // a minus is not NOT
    expect(await search("booked OR pangolin")).toEqual([]); // OR is a word, not an operator
    expect(await search("NEAR(booked tuesday)")).toEqual([]);
    expect(await search("NEAR")).toEqual([crash]); // the word "near" ("segfault near pangolin"), not an operator
    expect(await search("pangolin near")).toEqual([crash]);
    expect(await search("doc:booked")).toEqual([]); // no column filter: the words `doc booked` in a row
    expect(await search("booked AND")).toEqual([]);
    expect(await search("tuesday & !booked | x <-> y:*")).toEqual([]);
    expect(await search("' OR 1=1 --")).toEqual([]);
    expect(await search("x".repeat(200))).toEqual([]);
    expect((await dash.call("GET", `/api/runs?q=${"x".repeat(201)}`)).status).toBe(400);
  });

  it("answers every mix of syntax characters, keywords and scripts without an error", async () => {
    await session("one");
    const pieces = ['"', "*", "-", ":", "^", "(", ")", "{", "}", "+", "!", "&", "|", "<->", "'", "\\", "NEAR", "AND"];
    pieces.push("OR", "NOT", "é", "日本", "😀", "booked", "x1", " ", "  ", "%", "_", "/", ".", "\u0301", "ß");
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % pieces.length;
    for (let i = 0; i < 60; i++) {
      const q = Array.from({ length: 1 + (i % 9) }, () => pieces[next()]).join("");
      await search(q); // 200, each page's rows all counted
    }
  });

  it("narrows the explorer's filters and pages", async () => {
    const a = await session("first");
    const b = await session("second");
    expect(await search("pangolin")).toHaveLength(2);
    const inB = await search("pangolin", `&session=${b}`);
    expect(inB).toHaveLength(1);
    expect((await search("", `&session=${b}`)).includes(inB[0])).toBe(true);
    expect(await search("pangolin", `&session=${a}&outcome=finished`)).toEqual([]);
    const page = (await dash.call("GET", `/api/runs?q=tuesday&pageSize=10&page=1`)).body;
    expect(page).toMatchObject({ total: 4, pages: 1, first: 1, last: 4 });
  });

  it("finds imported runs too: the index is kept by every path that stores a trace", async () => {
    const id = await session("one");
    const file = await (await dash.fetch(new URL(`http://127.0.0.1:3000/api/export/runs.json?session=${id}`))).text();
    const imp = await dash.call("POST", "/api/import/runs", {
      body: file,
      headers: { "content-type": "application/json" },
    });
    expect(imp.status).toBe(201);
    const imported = imp.body.session.id as string;
    // What runs.json carries of a trace is found in the copy: its reply (not the calls' arguments
    // nor the end's detail, which the file does not hold: protocol.md §4), and its new run id.
    expect(await search("booked")).toHaveLength(2);
    const copy = await search("booked", `&session=${imported}`);
    expect(copy).toHaveLength(1);
    expect(await search(copy[0])).toEqual(copy);
    expect(await search("tuesday", `&session=${imported}`)).toHaveLength(2);
  });

  it("the migration fills the index for runs stored before it", async () => {
    await session("one");
    const before = await search("quokka");
    expect(before).toHaveLength(1);
    const { sql } = dash.ctx.store;
    // Emptied as before the migration (SQLite's contentless table is emptied by its 'delete-all' command).
    await sql.run(
      TEST_ENGINE === "postgres"
        ? "DELETE FROM runs_search"
        : "INSERT INTO runs_search (runs_search) VALUES ('delete-all')",
      [],
    );
    expect(await search("quokka")).toEqual([]);
    const file =
      TEST_ENGINE === "postgres"
        ? path.join("db", "migrations-pg", "0015_runs-search.sql")
        : path.join("db", "migrations", "0016_runs-search.sql");
    const statements = fs.readFileSync(file, "utf8").split("--> statement-breakpoint");
    const backfill = statements[statements.length - 1].trim();
    expect(backfill).toMatch(/^INSERT INTO runs_search/);
    await sql.run(backfill, []);
    expect(await search("quokka")).toEqual(before);
    expect(await search("")).toHaveLength(4);
  });
});
