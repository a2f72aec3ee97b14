import { describe, expect, it } from "vitest";
import {
  devicesText,
  devicesTitle,
  importedSource,
  importedSourceText,
  passRateText,
  type ImportedRunFacts,
} from "@/domain/sessions";

describe("passRateText", () => {
  it("shows the rate with its n, and says when nothing is scored", () => {
    expect(passRateText(5, 8)).toBe("63% (5/8)");
    expect(passRateText(1, 1)).toBe("100% (1/1)");
    expect(passRateText(0, 0)).toBe("no runs yet");
  });
});

describe("devicesText", () => {
  const devices = [
    { id: "sim-1", model: "iPhone 15 Pro", runs: 4, label: "Lab phone A · sim-1" },
    { id: "sim-2", model: "iPhone 15 Pro", runs: 3, label: "Lab phone B · sim-2" },
    { id: "px", model: "Pixel 9", runs: 9, label: "px" },
  ];
  it("counts phones of one model and orders models by runs", () => {
    expect(devicesText(devices)).toBe("Pixel 9, iPhone 15 Pro ×2");
    expect(devicesText([])).toBe("–");
  });
  it("lists every phone by its token's name and reported id for the tooltip (issue 34.2)", () => {
    expect(devicesTitle(devices.slice(0, 1))).toBe("Lab phone A · sim-1 (iPhone 15 Pro, 4 runs)");
  });
});

describe("importedSource", () => {
  const run = (over: Partial<ImportedRunFacts>): ImportedRunFacts => ({
    taskId: "a",
    configId: "files",
    repeat: 1,
    model: "gemma-4-e2b",
    buildCommit: "3f2c1e9",
    startedAt: "2026-10-14T09:00:01Z",
    ...over,
  });
  it("counts runs, tasks, configs and repeats and spans the start times the runs carried", () => {
    const s = importedSource([
      run({}),
      run({ taskId: "b", repeat: 3, startedAt: "2026-10-14T09:40:00Z" }),
      run({ configId: "bash", buildCommit: "aaaa111", startedAt: "2026-10-14T09:05:00Z" }),
    ]);
    expect(s).toEqual({
      runs: 3,
      tasks: 2,
      configs: 2,
      repeats: 3,
      models: ["gemma-4-e2b"],
      builds: ["3f2c1e9", "aaaa111"],
      from: "2026-10-14T09:00:01Z",
      to: "2026-10-14T09:40:00Z",
    });
    expect(importedSourceText(s)).toBe(
      "3 runs · 2 tasks × 2 configs · up to 3 repeats · gemma-4-e2b · builds 3f2c1e9, aaaa111 · run 2026-10-14 09:00–09:40 UTC",
    );
  });
  it("spans days when the runs did, and says nothing of times it does not have", () => {
    const s = importedSource([run({ startedAt: "2026-10-14T23:50:00Z" }), run({ startedAt: "2026-10-15T00:10:00Z" })]);
    expect(importedSourceText(s)).toBe(
      "2 runs · 1 task × 1 config · 1 repeat · gemma-4-e2b · build 3f2c1e9 · run 2026-10-14 23:50 – 2026-10-15 00:10 UTC",
    );
    expect(importedSourceText(importedSource([]))).toBe("0 runs · 0 tasks × 0 configs · 1 repeat");
  });
});
