import { describe, expect, it } from "vitest";
import { pageTasks, parseTaskPageRequest, TASKS_PER_PAGE } from "@/domain/suite/page";

const task = (i: number, group: "no_files" | "files" | "multi_step" = "files") => ({
  id: `t${i}`,
  group,
  prompt: `Prompt ${i}`,
  title: i === 7 ? "Dentist" : undefined,
});
const many = (n: number) => Array.from({ length: n }, (_, i) => task(i + 1));

describe("parseTaskPageRequest", () => {
  it("takes a positive integer page and a trimmed query, defaulting the rest", () => {
    expect(parseTaskPageRequest({ page: "3", q: "  dentist " })).toEqual({ page: 3, query: "dentist" });
    for (const page of [undefined, "", "0", "-1", "1.5", "abc", "1e999"])
      expect(parseTaskPageRequest({ page }).page, String(page)).toBe(1);
    expect(parseTaskPageRequest({ page: ["2", "9"], q: ["a", "b"] })).toEqual({ page: 2, query: "a" });
    expect(parseTaskPageRequest({ q: "x".repeat(10_000) }).query).toHaveLength(200);
  });
});

describe("pageTasks", () => {
  it("shows 50 tasks a page, with the range and page count", () => {
    const p = pageTasks(many(1_000), { page: 2, query: "" });
    expect(TASKS_PER_PAGE).toBe(50);
    expect(p).toMatchObject({ page: 2, pages: 20, matching: 1_000, first: 51, last: 100 });
    expect(p.tasks.map((t) => t.id)).toEqual(Array.from({ length: 50 }, (_, i) => `t${51 + i}`));
  });
  it("clamps a page past the end to the last one, and an empty result to page 1 of 1", () => {
    expect(pageTasks(many(120), { page: 99, query: "" })).toMatchObject({ page: 3, pages: 3, first: 101, last: 120 });
    expect(pageTasks(many(3), { page: 1, query: "nothing matches" })).toMatchObject({
      page: 1,
      pages: 1,
      matching: 0,
      first: 0,
      last: 0,
      tasks: [],
    });
  });
  it("orders by group, then suite order, so a group stays together", () => {
    const tasks = [task(1, "multi_step"), task(2, "files"), task(3, "no_files"), task(4, "files")];
    expect(pageTasks(tasks, { page: 1, query: "" }).tasks.map((t) => t.id)).toEqual(["t3", "t2", "t4", "t1"]);
  });
  it("finds the query in id, title or prompt, ignoring case", () => {
    expect(pageTasks(many(100), { page: 1, query: "T10" }).tasks.map((t) => t.id)).toEqual(["t10", "t100"]);
    expect(pageTasks(many(100), { page: 1, query: "dentist" }).tasks.map((t) => t.id)).toEqual(["t7"]);
    expect(pageTasks(many(100), { page: 1, query: "prompt 42" }).tasks.map((t) => t.id)).toEqual(["t42"]);
  });
});
