import {
  absent,
  fileRe,
  firstThen,
  fixture,
  globRe,
  newLine,
  readFile,
  reply,
  searched,
  sh,
  task,
  todoKeeps,
  unchanged,
} from "./dsl";
import type { Check } from "@/domain/suite/check";
import { dated } from "./tasks-multi-step";
import type { SuiteTask } from "./types";
import { appended, seedContent } from "./workspace";

/*
 * Held-out tasks, written after the worked-example prompt was fixed and in a different voice:
 * terse, chatty shorthand, other verbs ("dup", "scrap", "stick it on"). They test whether gains
 * from the examples carry over to requests the prompt was not tuned on.
 */

const VET_TOPIC = "biscuit|booster|vaccin|vet|jab";
const VET_DATE = "\\b11(th)?\\s*(?:of\\s)?\\s*nov|\\bnov\\w*\\.?\\s+11(th)?\\b|2026-11-11|\\b11/11\\b";
const VET_TIME = "\\b16[:.]15\\b|\\b4[:.]15\\s*pm\\b|quarter past (four|4)";
const vetReminder: Check = globRe("reminder_has_date", "/reminders/**", dated(VET_TOPIC, VET_DATE, VET_TIME), "i");
const vetTodo: Check = newLine("todo_item", "/todo.md", `^- \\[ \\] .*(${VET_TOPIC})`, "i");
const VET_REMINDER =
  "Biscuit's booster vaccination at Hillside Vets\nWednesday 11 November 2026 at 16:15\nNo food after breakfast that day.\n";
const VET_TODO_LINE = "- [ ] Take Biscuit to Hillside Vets for his booster, Wed 11 Nov 16:15\n";
const BANK = seedContent("/letters/bank-2026-09.md");

export const HELD_OUT_TASKS: SuiteTask[] = [
  {
    task: task({
      id: "crates-of-apples",
      group: "no_files",
      heldOut: true,
      title: "Held out: quick multiplication",
      prompt: "quick sum: 7 crates, 18 apples in each, 23 went mouldy. how many good ones?",
      checks: [reply("answer_103", "\\b103\\b")],
      fixtures: [
        fixture("right", "pass", "103"),
        fixture("forgot the mouldy ones", "fail", "126"),
        fixture("slip", "fail", "7 × 18 = 116, minus 23 is 93."),
      ],
    }),
    solution: { files: [], bash: [], reply: "7 × 18 = 126, minus 23 = 103 good apples." },
  },
  {
    task: task({
      id: "bank-letter-copy",
      version: 2, // v2: patterns rewritten to run in linear time, same verdicts (ADR 6)
      group: "files",
      heldOut: true,
      title: "Held out: copy a file",
      prompt: "dup the Sept bank letter into /archive, same filename. original stays put.",
      checks: [
        unchanged("/letters/bank-2026-09.md"),
        fileRe("copy_in_archive", "/archive/bank-2026-09.md", firstThen("ending 4471", "21\\.9%")),
        unchanged("/archive/2025-tax-return.md"),
      ],
      fixtures: [
        fixture("copied", "pass", "copied to /archive/bank-2026-09.md", {
          changes: [{ path: "/archive/bank-2026-09.md", content: BANK }],
        }),
        fixture("moved instead", "fail", "done", {
          changes: [
            { path: "/archive/bank-2026-09.md", content: BANK },
            { path: "/letters/bank-2026-09.md", deleted: true },
          ],
        }),
        fixture("other name", "fail", "done", { changes: [{ path: "/archive/bank.md", content: BANK }] }),
        fixture("claimed, nothing copied", "fail", "copied to /archive/bank-2026-09.md"),
      ],
    }),
    solution: {
      files: [
        { name: "list_files", args: { path: "/letters" } },
        {
          name: "manage_file",
          args: { action: "copy", path: "/letters/bank-2026-09.md", to: "/archive/bank-2026-09.md" },
        },
      ],
      bash: [
        { name: "bash", args: { command: "ls /letters" } },
        { name: "bash", args: { command: "cp /letters/bank-2026-09.md /archive/bank-2026-09.md" } },
      ],
      reply: "Copied to /archive/bank-2026-09.md; the original is still in /letters.",
    },
  },
  {
    task: task({
      id: "car-reminder-scrap",
      group: "files",
      heldOut: true,
      title: "Held out: delete a file",
      prompt: "car's had its service now. scrap that reminder.",
      checks: [
        absent("reminder_gone", "/reminders/car-service.md"),
        unchanged("/reminders/library-talk.md"),
        unchanged("/todo.md"),
      ],
      fixtures: [
        fixture("deleted", "pass", "deleted /reminders/car-service.md", {
          changes: [{ path: "/reminders/car-service.md", deleted: true }],
        }),
        fixture("emptied, not deleted", "fail", "done", {
          changes: [{ path: "/reminders/car-service.md", content: "" }],
        }),
        fixture("deleted every reminder", "fail", "done", {
          changes: [
            { path: "/reminders/car-service.md", deleted: true },
            { path: "/reminders/library-talk.md", deleted: true },
          ],
        }),
        fixture("also ticked the tyres", "fail", "done", {
          changes: [
            { path: "/reminders/car-service.md", deleted: true },
            {
              path: "/todo.md",
              content: seedContent("/todo.md").replace("- [ ] Book winter tyres", "- [x] Book winter tyres"),
            },
          ],
        }),
        fixture("claimed, nothing deleted", "fail", "deleted the car service reminder"),
      ],
    }),
    solution: {
      files: [
        { name: "list_files", args: { path: "/reminders" } },
        { name: "manage_file", args: { action: "delete", path: "/reminders/car-service.md" } },
      ],
      bash: [
        { name: "bash", args: { command: "ls /reminders" } },
        { name: "bash", args: { command: "rm /reminders/car-service.md" } },
      ],
      reply: "Deleted /reminders/car-service.md.",
    },
  },
  {
    task: task({
      id: "vet-booster",
      version: 3, // v3: patterns rewritten to run in linear time, same verdicts (ADR 6); v2: date pattern without nested repetition
      group: "multi_step",
      heldOut: true,
      title: "Held out: vet appointment to todo and reminder",
      prompt:
        "Biscuit's booster jab is in my notes somewhere. stick it on the todo list + make a reminder file for it in /reminders pls",
      checks: [
        vetTodo,
        vetReminder,
        todoKeeps("todo_items_kept"),
        unchanged("/notes/pets.md"),
        unchanged("/reminders/library-talk.md"),
      ],
      milestones: [
        { id: "searched", label: "looked for the appointment", check: searched("biscuit|booster|jab|vet|pets|notes") },
        { id: "read_note", label: "read the pets note", check: readFile("/notes/pets.md") },
        { id: "reminder", label: "saved a reminder with the real date and time", check: vetReminder },
        { id: "todo", label: "added the todo item", check: vetTodo },
      ],
      fixtures: [
        fixture("bash, both files", "pass", "added to todo + reminder saved", {
          calls: [
            sh("grep -ril biscuit /", { result: "/notes/pets.md" }),
            sh("cat /notes/pets.md", { result: seedContent("/notes/pets.md") }),
            sh("cat > /reminders/biscuit-vet.md <<'EOF'\n" + VET_REMINDER + "EOF", {
              changes: [{ path: "/reminders/biscuit-vet.md", content: VET_REMINDER }],
            }),
            sh("cat /todo.md", { result: seedContent("/todo.md") }),
            sh(`echo '${VET_TODO_LINE.trimEnd()}' >> /todo.md`, {
              changes: [{ path: "/todo.md", content: appended("/todo.md", VET_TODO_LINE) }],
            }),
          ],
        }),
        fixture("placeholder date", "fail", "done", {
          changes: [
            { path: "/reminders/biscuit-vet.md", content: "Biscuit booster at the vet on [date] at [time]\n" },
            { path: "/todo.md", content: appended("/todo.md", "- [ ] Biscuit booster\n") },
          ],
        }),
        fixture("took the flea treatment date", "fail", "done", {
          changes: [
            { path: "/reminders/biscuit-vet.md", content: "Biscuit vet visit, 1 November 2026\n" },
            { path: "/todo.md", content: appended("/todo.md", "- [ ] Biscuit vet visit 1 Nov\n") },
          ],
        }),
        fixture("todo line is not a checkbox", "fail", "done", {
          changes: [
            { path: "/reminders/biscuit-vet.md", content: VET_REMINDER },
            { path: "/todo.md", content: appended("/todo.md", "Biscuit booster, 11 Nov 16:15\n") },
          ],
        }),
        fixture("claimed, changed nothing", "fail", "added it to your todo list and made a reminder"),
      ],
    }),
    solution: {
      files: [
        { name: "search_files", args: { text: "Biscuit", path: "/" } },
        { name: "read_file", args: { path: "/notes/pets.md" } },
        { name: "write_file", args: { path: "/reminders/biscuit-vet.md", content: VET_REMINDER } },
        { name: "read_file", args: { path: "/todo.md" } },
        { name: "write_file", args: { path: "/todo.md", content: VET_TODO_LINE, append: true } },
      ],
      bash: [
        { name: "bash", args: { command: "grep -ril biscuit /" } },
        { name: "bash", args: { command: "cat /notes/pets.md" } },
        {
          name: "bash",
          args: {
            command:
              'printf "Biscuit\'s booster vaccination at Hillside Vets\\nWednesday 11 November 2026 at 16:15\\n" > /reminders/biscuit-vet.md',
          },
        },
        { name: "bash", args: { command: "cat /todo.md" } },
        { name: "bash", args: { command: `echo '${VET_TODO_LINE.trimEnd()}' >> /todo.md` } },
      ],
      reply:
        "Biscuit's booster is on Wednesday 11 November 2026 at 16:15 at Hillside Vets. I added it to your todo list and saved /reminders/biscuit-vet.md.",
    },
  },
];
