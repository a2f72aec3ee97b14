import { describe, expect, it } from "vitest";
import { listWords, methodsParagraph, type MethodsFacts } from "@/domain/report/methods";

const study: MethodsFacts = {
  sessions: [
    {
      id: "ses_1",
      name: "Step 2: planning",
      suiteId: "default",
      suiteVersion: 3,
      repeats: 3,
      trial: false,
      cancelled: false,
    },
    {
      id: "ses_2",
      name: "Step 3a: bash",
      suiteId: "default",
      suiteVersion: 3,
      repeats: 3,
      trial: false,
      cancelled: false,
    },
  ],
  configs: [
    { configId: "files-plan", versions: [1], runs: 60, medianStartupTokens: 1351, contextWindows: [2048] },
    { configId: "bash", versions: [1, 2], runs: 59, medianStartupTokens: 300, contextWindows: [2048] },
  ],
  tasks: { byGroup: { no_files: 6, files: 10, multi_step: 4 }, heldOut: 0 },
  devices: [{ model: "iPhone 15 Pro", devices: 1, runs: 119 }],
  models: ["gemma-4-e2b"],
  builds: ["abc1234"],
  firstRunAt: "2026-11-02T09:00:00.000Z",
  lastRunAt: "2026-11-04T18:30:00.000Z",
  scoredRuns: 119,
  excluded: {
    trialRuns: 3,
    supersededRuns: 2,
    filteredRuns: 0,
    filters: [],
    failedJobs: [{ reason: "model_load_failed", jobs: 1 }],
    unfinishedJobs: 0,
    cancelledJobs: 0,
  },
};

describe("methodsParagraph", () => {
  it("names the suite, sessions, dates, repeats, configs with start-up tokens, devices and builds", () => {
    const text = methodsParagraph(study).join(" ");
    expect(text).toContain("suite default v3");
    // Counted as the overview and the Suite page count: "need files" includes the multi-step tasks.
    expect(text).toContain(
      "Tasks come from the suite default v3. 20 tasks with runs in this selection: 6 need no files and 14 need files (4 of them multi-step)",
    );
    expect(text).toContain(
      "2 sessions (“Step 2: planning” and “Step 3a: bash”), run between 2026-11-02 and 2026-11-04",
    );
    expect(text).toContain("3 repeats of every task and config");
    expect(text).toContain("files-plan v1 (1,351 start-up tokens, 60 runs)");
    expect(text).toContain("bash v1/v2 (300 start-up tokens, 59 runs)");
    expect(text).toContain("The context window was 2,048 tokens.");
    expect(text).toContain("iPhone 15 Pro (119 runs) running gemma-4-e2b, app build abc1234");
  });

  it("says what was left out and why", () => {
    // The unit and the test of every comparison, in plain words, just before the exclusions.
    expect(methodsParagraph(study).at(-2)).toMatch(
      /^Comparisons count each task once: .* sign-flip permutation test over tasks/,
    );
    const last = methodsParagraph(study).at(-1)!;
    expect(last).toBe(
      "119 runs were scored from the workspace files left on the device; left out: 3 runs of trial sessions (marked as trials when queued), " +
        "2 superseded runs (replaced by a later attempt of the same job) and 1 job that never produced a trace (model_load_failed × 1).",
    );
    const clean = methodsParagraph({
      ...study,
      excluded: { ...study.excluded, trialRuns: 0, supersededRuns: 0, failedJobs: [] },
    }).at(-1);
    expect(clean).toBe("119 runs were scored from the workspace files left on the device; nothing was left out.");
  });

  it("mentions filters, unfinished and cancelled jobs, mixed repeats, several devices of a model and one day", () => {
    const text = methodsParagraph({
      ...study,
      sessions: [study.sessions[0], { ...study.sessions[1], repeats: 1, trial: true, cancelled: true }],
      devices: [{ model: "Pixel 8", devices: 2, runs: 119 }],
      lastRunAt: "2026-11-02T23:00:00.000Z",
      excluded: { ...study.excluded, filteredRuns: 7, filters: ["build abc1234"], unfinishedJobs: 4, cancelledJobs: 2 },
    }).join(" ");
    expect(text).toContain("run on 2026-11-02");
    expect(text).toContain("“Step 3a: bash” (a trial) (cancelled)");
    expect(text).toContain("1 and 3 repeats per task and config, depending on the session");
    expect(text).toContain("Pixel 8 × 2 (119 runs)");
    expect(text).toContain("7 runs outside the filters build abc1234");
    expect(text).toContain("4 jobs still queued or running when the report was made");
    expect(text).toContain("2 jobs cancelled before they ran");
  });

  it("says so when nothing is selected, and joins lists in English", () => {
    expect(methodsParagraph({ ...study, sessions: [] })).toEqual([
      "No session is selected, so there is nothing to describe.",
    ]);
    expect([listWords([]), listWords(["a"]), listWords(["a", "b"]), listWords(["a", "b", "c"])]).toEqual([
      "",
      "a",
      "a and b",
      "a, b and c",
    ]);
  });
});
