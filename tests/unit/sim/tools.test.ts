import { describe, expect, it } from "vitest";
import { Workspace, WorkspaceSeedError } from "@/harness/tools/workspace";
import { runFileTool } from "@/harness/tools/files";
import { runBash } from "@/harness/tools/bash";
import { runTool } from "@/harness/tools";

const seed = () =>
  Workspace.fromFiles([
    { path: "/notes/health.md", content: "Dentist: Tuesday 14 May at 9:30 with Dr Ortiz\n" },
    { path: "/notes/shopping.md", content: "milk\neggs\n" },
    { path: "/todo.md", content: "# Todo\n- [ ] call mum\n" },
  ]);

describe("file tools", () => {
  it("list_files lists children with folders marked, and errors on files and missing paths", () => {
    const ws = seed();
    expect(runFileTool(ws, "list_files", { path: "/" })).toEqual({ ok: true, result: "notes/\ntodo.md", changes: [] });
    expect(runFileTool(ws, "list_files", { path: "/notes" }).result).toBe("health.md\nshopping.md");
    const f = runFileTool(ws, "list_files", { path: "/todo.md" });
    expect(f.ok).toBe(false);
    expect(f.result).toMatch(/Not a directory\. Use read_file/);
    expect(runFileTool(ws, "list_files", { path: "/nope" }).result).toMatch(
      /^list_files: \/nope: No such file or directory\. Use/,
    );
  });

  it("find_files matches names with * and without", () => {
    const ws = seed();
    expect(runFileTool(ws, "find_files", { name: "*.md" }).result.split("\n")).toHaveLength(3);
    expect(runFileTool(ws, "find_files", { name: "health" }).result).toBe("/notes/health.md");
    expect(runFileTool(ws, "find_files", { name: "dentist*" }).result).toMatch(
      /No files named dentist\* below \/\. Try search_files/,
    );
  });

  it("search_files finds lines case-insensitively", () => {
    const ws = seed();
    expect(runFileTool(ws, "search_files", { text: "dentist" }).result).toBe(
      "/notes/health.md:1: Dentist: Tuesday 14 May at 9:30 with Dr Ortiz",
    );
    expect(runFileTool(ws, "search_files", { text: "zebra", path: "/notes" }).result).toMatch(/No matches/);
  });

  it("read_file reads, and errors like bash on folders and missing files", () => {
    const ws = seed();
    expect(runFileTool(ws, "read_file", { path: "/notes/health.md" }).result).toMatch(/Dr Ortiz/);
    expect(ws.read.has("/notes/health.md")).toBe(true);
    const dir = runFileTool(ws, "read_file", { path: "/notes" });
    expect(dir).toMatchObject({ ok: false, changes: [] });
    expect(dir.result).toBe(
      "read_file: /notes: Is a directory. Use list_files with path /notes to see what is inside.",
    );
    expect(runFileTool(ws, "read_file", { path: "/notes/dentist.md" }).result).toBe(
      "read_file: /notes/dentist.md: No such file or directory. Use list_files with path /notes to see what is there.",
    );
    expect(runFileTool(ws, "read_file", {}).result).toMatch(/missing required argument "path"/);
    expect(runFileTool(ws, "read_file", "oops").ok).toBe(false);
  });

  it("write_file creates, refuses to overwrite unread files, appends, and records changes", () => {
    const ws = seed();
    const created = runFileTool(ws, "write_file", { path: "/reminders/dentist.md", content: "Tue 9:30" });
    expect(created).toMatchObject({ ok: true, changes: [{ path: "/reminders/dentist.md", content: "Tue 9:30" }] });
    const refused = runFileTool(ws, "write_file", { path: "/todo.md", content: "oops" });
    expect(refused.ok).toBe(false);
    expect(refused.result).toMatch(/refusing to overwrite a file you have not read\. Read it first with read_file/);
    expect(refused.changes).toEqual([]);
    expect(ws.files.get("/todo.md")).toBe("# Todo\n- [ ] call mum\n");
    const appended = runFileTool(ws, "write_file", { path: "/todo.md", content: "- [ ] dentist\n", append: true });
    expect(appended.changes).toEqual([{ path: "/todo.md", content: "# Todo\n- [ ] call mum\n- [ ] dentist\n" }]);
    // Own writes may be overwritten.
    expect(runFileTool(ws, "write_file", { path: "/reminders/dentist.md", content: "x" }).ok).toBe(true);
    runFileTool(ws, "read_file", { path: "/notes/shopping.md" });
    expect(runFileTool(ws, "write_file", { path: "/notes/shopping.md", content: "bread\n" }).ok).toBe(true);
    expect(runFileTool(ws, "write_file", { path: "/notes", content: "x" }).result).toMatch(/Is a directory/);
  });

  it("edit_file needs a prior read and exact unique text", () => {
    const ws = seed();
    expect(
      runFileTool(ws, "edit_file", { path: "/todo.md", old_text: "- [ ] call mum", new_text: "- [x] call mum" }).result,
    ).toBe("edit_file: /todo.md: read the file with read_file before editing it.");
    runFileTool(ws, "read_file", { path: "/todo.md" });
    expect(runFileTool(ws, "edit_file", { path: "/todo.md", old_text: "call dad", new_text: "x" }).result).toMatch(
      /not found\. Read the file again/,
    );
    const edited = runFileTool(ws, "edit_file", {
      path: "/todo.md",
      old_text: "- [ ] call mum",
      new_text: "- [x] call mum",
    });
    expect(edited).toEqual({
      ok: true,
      result: "Edited /todo.md.",
      changes: [{ path: "/todo.md", content: "# Todo\n- [x] call mum\n" }],
    });
  });

  it("manage_file copies, moves and deletes with ordered changes", () => {
    const ws = seed();
    expect(runFileTool(ws, "manage_file", { action: "copy", path: "/todo.md", to: "/backup" }).changes).toEqual([
      { path: "/backup", content: "# Todo\n- [ ] call mum\n" },
    ]);
    expect(
      runFileTool(ws, "manage_file", { action: "move", path: "/notes/shopping.md", to: "/archive/shopping.md" })
        .changes,
    ).toEqual([
      { path: "/archive/shopping.md", content: "milk\neggs\n" },
      { path: "/notes/shopping.md", deleted: true },
    ]);
    expect(runFileTool(ws, "manage_file", { action: "delete", path: "/backup" }).changes).toEqual([
      { path: "/backup", deleted: true },
    ]);
    expect(runFileTool(ws, "manage_file", { action: "move", path: "/todo.md", to: "/notes/health.md" }).result).toMatch(
      /refusing to overwrite/,
    );
    expect(runFileTool(ws, "manage_file", { action: "delete", path: "/notes" }).result).toMatch(/Is a directory/);
    expect(runFileTool(ws, "manage_file", { action: "shred", path: "/todo.md" }).ok).toBe(false);
    expect(ws.toFiles().map((f) => f.path)).toEqual(["/archive/shopping.md", "/notes/health.md", "/todo.md"]);
  });

  it("update_plan shows the plan back and rejects malformed steps", () => {
    const ws = seed();
    const r = runFileTool(ws, "update_plan", {
      steps: [
        { step: "Find the note", done: true },
        { step: "Add todo", done: false },
      ],
    });
    expect(r).toEqual({ ok: true, result: "Plan updated:\n1. [x] Find the note\n2. [ ] Add todo", changes: [] });
    expect(runFileTool(ws, "update_plan", { steps: "do it" }).ok).toBe(false);
  });

  it("unknown tools fail with a next step", () => {
    expect(runFileTool(seed(), "open_file", { path: "/todo.md" }).result).toMatch(/unknown tool/);
  });

  it("refuses to seed a workspace where a file is also a folder", () => {
    expect(() =>
      Workspace.fromFiles([
        { path: "/a", content: "" },
        { path: "/a/b", content: "" },
      ]),
    ).toThrow(WorkspaceSeedError);
  });
});

describe("bash tool (just-bash)", () => {
  it("reads, greps and reports bash-style errors with hints", async () => {
    const ws = seed();
    const grep = await runBash(ws, "grep -ril dentist /");
    expect(grep).toEqual({ ok: true, result: "/notes/health.md", changes: [] });
    const dir = await runBash(ws, "cat /notes");
    expect(dir.ok).toBe(false);
    expect(dir.result).toMatch(/^cat: \/notes: Is a directory/);
    expect(dir.result).toMatch(/Hint: run `ls \/notes`/);
    const missing = await runBash(ws, "cat /notes/dentist.md");
    expect(missing.result).toMatch(/cat: \/notes\/dentist\.md: No such file or directory/);
    expect(missing.result).toMatch(/Hint: run `ls \/`/);
  });

  it("records writes and deletions from the filesystem diff, in order", async () => {
    const ws = seed();
    const r = await runBash(
      ws,
      "mkdir -p /reminders && printf 'Dentist Tue 9:30\\n' > /reminders/dentist.md && echo '- [ ] dentist' >> /todo.md && rm /notes/shopping.md",
    );
    expect(r.ok).toBe(true);
    expect(r.changes).toEqual([
      { path: "/reminders/dentist.md", content: "Dentist Tue 9:30\n" },
      { path: "/todo.md", content: "# Todo\n- [ ] call mum\n- [ ] dentist\n" },
      { path: "/notes/shopping.md", deleted: true },
    ]);
    expect(ws.files.has("/notes/shopping.md")).toBe(false);
    expect(ws.files.get("/todo.md")).toMatch(/dentist/);
    const mv = await runBash(ws, "mv /reminders/dentist.md /reminders/appointments.md");
    expect(mv.changes).toEqual([
      { path: "/reminders/dentist.md", deleted: true },
      { path: "/reminders/appointments.md", content: "Dentist Tue 9:30\n" },
    ]);
  });

  it("refuses to overwrite an unread file and changes nothing, until the file is read", async () => {
    const ws = seed();
    const r = await runBash(ws, "echo '- [ ] dentist' > /todo.md");
    expect(r.ok).toBe(false);
    expect(r.result).toMatch(
      /refusing to overwrite a file you have not read \(nothing was changed\)\. Run `cat \/todo.md` first/,
    );
    expect(r.changes).toEqual([]);
    expect(ws.files.get("/todo.md")).toBe("# Todo\n- [ ] call mum\n");
    expect((await runBash(ws, "sed -i 's/call mum/call dad/' /todo.md")).ok).toBe(false);
    await runBash(ws, "cat /todo.md");
    const sed = await runBash(ws, "sed -i 's/call mum/call dad/' /todo.md");
    expect(sed).toMatchObject({ ok: true, changes: [{ path: "/todo.md", content: "# Todo\n- [ ] call dad\n" }] });
  });

  it("keeps empty folders between calls and shares the workspace with file tools", async () => {
    const ws = seed();
    await runBash(ws, "mkdir /drafts");
    expect((await runBash(ws, "ls /drafts")).ok).toBe(true);
    expect(runFileTool(ws, "list_files", { path: "/" }).result).toBe("drafts/\nnotes/\ntodo.md");
    const viaDispatch = await runTool(ws, "bash", { command: "cat /notes/health.md | wc -l" });
    expect(viaDispatch.result.trim()).toBe("1");
    expect((await runTool(ws, "bash", { cmd: "ls" })).ok).toBe(false);
  });
});

describe("bash tool paths", () => {
  it("keeps only workspace files: files under /home or /tmp count, just-bash's /bin and /dev do not", async () => {
    const ws = Workspace.fromFiles([{ path: "/home/network.md", content: "wifi: maple\n" }]);
    const r = await runBash(ws, "echo hi > /tmp/x.txt && cat /home/network.md");
    expect(r.changes).toEqual([{ path: "/tmp/x.txt", content: "hi\n" }]);
    expect(ws.toFiles().map((f) => f.path)).toEqual(["/home/network.md", "/tmp/x.txt"]);
  });
});
