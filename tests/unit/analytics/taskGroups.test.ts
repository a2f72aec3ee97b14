import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tallyTaskGroups, tallyTasks, taskTallySentence } from "@/domain/analytics/taskGroups";
import type { Suite } from "@/domain/suite/schema";

const suite = JSON.parse(
  readFileSync(path.resolve(__dirname, "..", "..", "..", "suites", "phone-20.json"), "utf8"),
) as Suite;

describe("one task tally for Methods, the overview and the Suite page (issue 34.11)", () => {
  it("counts multi-step tasks inside 'need files', as the charts' series do", () => {
    const tasks = [
      { group: "no_files", heldOut: false },
      { group: "no_files", heldOut: true },
      { group: "files", heldOut: false },
      { group: "multi_step", heldOut: false },
      { group: "multi_step", heldOut: true },
    ];
    expect(tallyTasks(tasks)).toEqual({ total: 5, noFiles: 2, needsFiles: 3, multiStep: 2, heldOut: 2, other: 0 });
    expect(taskTallySentence(tallyTasks(tasks), "suite")).toBe(
      "5 tasks in the suite: 2 need no files and 3 need files (2 of them multi-step); 2 of these are held out.",
    );
    expect(taskTallySentence(tallyTasks(tasks.slice(0, 3)), "selection")).toBe(
      "3 tasks with runs in this selection: 2 need no files and 1 needs files; 1 of these is held out.",
    );
    expect(taskTallySentence(tallyTasks([]), "selection")).toBe("No tasks with runs in this selection.");
    expect(taskTallySentence(tallyTasks([{ group: "odd" }]), "suite")).toBe(
      "1 task in the suite: 0 need no files, 0 need files and 1 is in other groups.",
    );
  });
  it("a list of tasks and counts per group (what Methods reads) tally alike", () => {
    const byGroup: Record<string, number> = {};
    for (const t of suite.tasks) byGroup[t.group] = (byGroup[t.group] ?? 0) + 1;
    const held = suite.tasks.filter((t) => t.heldOut).length;
    expect(tallyTaskGroups(byGroup, held)).toEqual(tallyTasks(suite.tasks));
    // The default suite, by hand: its groups sum to its tasks, with nothing counted twice or left out.
    const t = tallyTasks(suite.tasks);
    expect(t.total).toBe(suite.tasks.length);
    expect(t.noFiles + t.needsFiles + t.other).toBe(t.total);
    expect(t.multiStep).toBe(suite.tasks.filter((x) => x.group === "multi_step").length);
    expect(t.needsFiles).toBe(suite.tasks.filter((x) => x.group === "files" || x.group === "multi_step").length);
  });
});
