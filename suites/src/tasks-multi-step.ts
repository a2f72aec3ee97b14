import {
  all,
  any,
  called,
  fileRe,
  fixture,
  inOneArg,
  sameLine,
  globRe,
  newLine,
  not,
  readFile,
  searched,
  sh,
  task,
  todoKeeps,
  toolCall,
  unchanged,
  wordCount,
} from "./dsl";
import type { Check } from "@/domain/suite/check";
import type { SuiteTask } from "./types";
import { appended, replaced, seedContent } from "./workspace";

/*
 * Four multi-step tasks. Each needs changes to two different files, and each has three or four
 * milestones (found the source, read it, wrote the first file, wrote the second) scored after
 * every tool call. A milestone counts only when its content is right.
 */

/** The file holds `topic`, a date and a time (all case-insensitive, in any order). */
export function dated(topic: string, date: string, time: string): string {
  return `^(?=[\\s\\S]*(${topic}))(?=[\\s\\S]*(${date}))(?=[\\s\\S]*(${time}))`;
}

const read = (path: string) => toolCall("read_file", { path }, { result: seedContent(path) });

/* ---------------------------------------------------------------- dentist */

const DENTIST_DATE =
  "\\b0?3(rd)?\\s*(?:of\\s)?\\s*nov|\\bnov\\w*\\.?\\s+0?3(rd)?\\b|2026-11-03|\\b0?3/11\\b|\\b11/0?3\\b";
const DENTIST_TIME = "\\b10[:.]30\\b|\\bhalf past ten\\b";
const dentistReminder: Check = globRe(
  "reminder_has_date",
  "/reminders/**",
  dated("dentist", DENTIST_DATE, DENTIST_TIME),
  "i",
);
const dentistTodo: Check = newLine("todo_item", "/todo.md", "^- \\[ \\] .*dentist", "i");
const DENTIST_REMINDER =
  "Dentist check-up with Dr Okafor at Riverside Dental\nTuesday 3 November 2026 at 10:30\nBring the insurance card and get there ten minutes early.\n";
const DENTIST_TODO_LINE = "- [ ] Dentist check-up, Tuesday 3 November 2026 at 10:30 (Riverside Dental)\n";
const DENTIST_TODO = appended("/todo.md", DENTIST_TODO_LINE);
const dentistSearch = toolCall(
  "search_files",
  { text: "dentist", path: "/" },
  {
    result:
      "/notes/health.md: - Dentist: check-up with Dr Okafor at Riverside Dental on Tuesday 3 November 2026 at 10:30.",
  },
);

/* ---------------------------------------------------------------- committee */

const MEETING = "/notes/2026-10-08.md";
const SUMMARY_PATH = "/notes/committee-summary.md";
const summaryFacts: Check = fileRe(
  "summary_facts",
  SUMMARY_PATH,
  "^(?=[\\s\\S]*plant sale)(?=[\\s\\S]*(18(th)?\\s+(?:of\\s)?\\s*april|april\\s+18))(?=[\\s\\S]*hoses?\\b)",
  "i",
);
const committeeTodo: Check = newLine("todo_item", "/todo.md", "^- \\[ \\] .*(council|water meter)", "i");
const SUMMARY =
  "Garden committee, Thursday 8 October\n- The spring plant sale moves to Saturday 18 April 2027.\n- Up to £120 agreed for new hoses for the allotment plots.\n- The compost bins are full; Ines will arrange a collection.\n- Actions: Tom fixes the shed lock, Priya prints the flyers, I email the council about the water meter.\n";
const COMMITTEE_TODO = appended(
  "/todo.md",
  "- [ ] Email the council about the broken water meter (garden committee)\n",
);

/* ---------------------------------------------------------------- landlord */

const LETTER_PATH = "/letters/washing-machine.md";
const letterContent: Check = fileRe(
  "letter_content",
  LETTER_PATH,
  "^(?=[\\s\\S]*haddad)(?=[\\s\\S]*3 quarry lane)(?=[\\s\\S]*washing machine)(?=[\\s\\S]*(repair|fix|mend|replace))",
  "i",
);
const letterNoPlaceholder: Check = not("no_placeholders", fileRe("placeholder", LETTER_PATH, "\\[[^\\]\\n]*\\]"));
const landlordTodo: Check = newLine("todo_item", "/todo.md", "^- \\[ \\] .*(landlord|haddad|washing machine)", "i");
const LETTER =
  "Mr Haddad\n3 Quarry Lane\nBristol BS7 8AX\n\nDear Mr Haddad,\n\nThe washing machine in the flat has broken down: it no longer drains and stops halfway through every wash. Could you please arrange for it to be repaired or replaced as soon as you can?\n\nThank you,\nYour tenant\n";
const LANDLORD_TODO = appended("/todo.md", "- [ ] Chase Mr Haddad about the washing machine if no reply by Friday\n");
const contactsSearch = toolCall(
  "search_files",
  { text: "landlord", path: "/" },
  { result: "/contacts.md: - Mr Haddad (landlord): 3 Quarry Lane, Bristol BS7 8AX, phone 07700 900213" },
);

/* ---------------------------------------------------------------- drafts index */

const INDEX_PATH = "/drafts/index.md";
const HIKE = "hik|walk|climb|helvellyn|striding|blog|mountain|ridge|fell|lake";
const TOAST = "wedding|speech|toast|sam\\b|leah|best man";
const indexDraft1: Check = fileRe("index_draft_1", INDEX_PATH, sameLine("draft-1\\b", `(${HIKE})`), "i");
const indexDraft2: Check = fileRe("index_draft_2", INDEX_PATH, sameLine("draft-2\\b", `(${TOAST})`), "i");
const draftsTicked: Check = fileRe("drafts_ticked", "/todo.md", "^- \\[x\\] .*drafts", "im");
const draftsNotOpen: Check = not("drafts_not_open", fileRe("drafts_open", "/todo.md", "^- \\[ \\] .*drafts", "im"));
const INDEX =
  "# Drafts\n\n- draft-1.md: blog post about climbing Helvellyn by Striding Edge\n- draft-2.md: best man's toast for Sam and Leah's wedding\n";
const DRAFTS_TICKED = replaced("/todo.md", "- [ ] Sort out the drafts folder", "- [x] Sort out the drafts folder");

export const MULTI_STEP_TASKS: SuiteTask[] = [
  {
    task: task({
      id: "dentist-todo-reminder",
      version: 3, // v3: patterns rewritten to run in linear time, same verdicts (ADR 6); v2: date pattern without nested repetition
      group: "multi_step",
      title: "Appointment to todo item and reminder",
      prompt:
        "Can you look up my dentist appointment in my notes, put it on my todo list in /todo.md, and save a reminder for it as a new file in /reminders/?",
      checks: [
        dentistTodo,
        not(
          "todo_not_the_instruction",
          newLine("instruction", "/todo.md", "look up my dentist|in my notes|put it on my todo", "i"),
        ),
        dentistReminder,
        todoKeeps("todo_items_kept"),
        unchanged("/notes/health.md"),
        unchanged("/reminders/car-service.md"),
      ],
      milestones: [
        { id: "searched", label: "looked for the appointment", check: searched("dentist|appointment|health|notes") },
        { id: "read_note", label: "read the health note", check: readFile("/notes/health.md") },
        { id: "reminder", label: "saved a reminder with the real date and time", check: dentistReminder },
        { id: "todo", label: "added the todo item", check: dentistTodo },
      ],
      fixtures: [
        fixture(
          "file tools, both files",
          "pass",
          "I saved a reminder in /reminders/dentist.md and added the check-up to your todo list.",
          {
            calls: [
              dentistSearch,
              read("/notes/health.md"),
              toolCall(
                "write_file",
                { path: "/reminders/dentist.md", content: DENTIST_REMINDER },
                { changes: [{ path: "/reminders/dentist.md", content: DENTIST_REMINDER }] },
              ),
              read("/todo.md"),
              toolCall(
                "write_file",
                { path: "/todo.md", content: DENTIST_TODO_LINE, append: true },
                { changes: [{ path: "/todo.md", content: DENTIST_TODO }] },
              ),
            ],
          },
        ),
        fixture("bash, both files", "pass", "Done: reminder saved and todo item added.", {
          calls: [
            sh("grep -ril dentist /", { result: "/notes/health.md" }),
            sh("cat /notes/health.md", { result: seedContent("/notes/health.md") }),
            sh(
              "printf 'Dentist check-up, Riverside Dental\\nTuesday 3 November 2026 at 10:30\\n' > /reminders/dentist.md",
              {
                changes: [
                  {
                    path: "/reminders/dentist.md",
                    content: "Dentist check-up, Riverside Dental\nTuesday 3 November 2026 at 10:30\n",
                  },
                ],
              },
            ),
            sh("cat /todo.md", { result: seedContent("/todo.md") }),
            sh("echo '- [ ] Dentist 3 Nov 10:30' >> /todo.md", {
              changes: [{ path: "/todo.md", content: appended("/todo.md", "- [ ] Dentist 3 Nov 10:30\n") }],
            }),
          ],
        }),
        fixture("placeholder date", "fail", "Reminder saved and todo added.", {
          calls: [
            toolCall(
              "write_file",
              { path: "/reminders/dentist.md", content: "Reminder: Dentist appointment on [Date] at [Time]\n" },
              {
                changes: [
                  { path: "/reminders/dentist.md", content: "Reminder: Dentist appointment on [Date] at [Time]\n" },
                ],
              },
            ),
            toolCall(
              "write_file",
              { path: "/todo.md", content: "- [ ] Dentist appointment\n", append: true },
              {
                changes: [{ path: "/todo.md", content: appended("/todo.md", "- [ ] Dentist appointment\n") }],
              },
            ),
          ],
        }),
        fixture("todo line is not a checkbox", "fail", "Done.", {
          changes: [
            { path: "/reminders/dentist.md", content: DENTIST_REMINDER },
            { path: "/todo.md", content: appended("/todo.md", "Dentist check-up, Tuesday 3 November 2026 at 10:30\n") },
          ],
        }),
        fixture("instruction pasted as the todo item", "fail", "Done.", {
          changes: [
            { path: "/reminders/dentist.md", content: DENTIST_REMINDER },
            { path: "/todo.md", content: appended("/todo.md", "- [ ] Look up my dentist appointment in my notes\n") },
          ],
        }),
        fixture("stopped after the reminder", "fail", "I've saved a reminder for your dentist appointment.", {
          calls: [
            dentistSearch,
            read("/notes/health.md"),
            toolCall(
              "write_file",
              { path: "/reminders/dentist.md", content: DENTIST_REMINDER },
              { changes: [{ path: "/reminders/dentist.md", content: DENTIST_REMINDER }] },
            ),
          ],
        }),
        fixture("wrong month", "fail", "Done.", {
          changes: [
            { path: "/reminders/dentist.md", content: "Dentist, 3 October 2026 at 10:30\n" },
            { path: "/todo.md", content: DENTIST_TODO },
          ],
        }),
        fixture(
          "claimed success, changed nothing",
          "fail",
          "I've added the appointment to your todo list and saved a reminder.",
        ),
      ],
    }),
    solution: {
      files: [
        { name: "search_files", args: { text: "dentist", path: "/" } },
        { name: "read_file", args: { path: "/notes/health.md" } },
        { name: "write_file", args: { path: "/reminders/dentist.md", content: DENTIST_REMINDER } },
        { name: "read_file", args: { path: "/todo.md" } },
        { name: "write_file", args: { path: "/todo.md", content: DENTIST_TODO_LINE, append: true } },
      ],
      bash: [
        { name: "bash", args: { command: "grep -ril dentist /" } },
        { name: "bash", args: { command: "cat /notes/health.md" } },
        {
          name: "bash",
          args: {
            command:
              "printf 'Dentist check-up with Dr Okafor at Riverside Dental\\nTuesday 3 November 2026 at 10:30\\n' > /reminders/dentist.md",
          },
        },
        { name: "bash", args: { command: "cat /todo.md" } },
        {
          name: "bash",
          args: {
            command: "echo '- [ ] Dentist check-up, Tuesday 3 November 2026 at 10:30 (Riverside Dental)' >> /todo.md",
          },
        },
      ],
      reply:
        "Your dentist check-up is on Tuesday 3 November 2026 at 10:30. I saved a reminder in /reminders/dentist.md and added it to your todo list.",
    },
  },
  {
    task: task({
      id: "committee-summary-todo",
      version: 3, // v3: patterns rewritten to run in linear time, same verdicts (ADR 6); v2: date pattern without nested repetition
      group: "multi_step",
      title: "Meeting notes to summary and todo item",
      prompt:
        "I took notes at last Thursday's garden committee meeting. Please write a short summary of them to /notes/committee-summary.md, and add the action that was given to me to my todo list.",
      checks: [
        summaryFacts,
        wordCount("summary_length", 8, 150, SUMMARY_PATH),
        not(
          "summary_not_the_instruction",
          fileRe("instruction", SUMMARY_PATH, "write a short summary|summary of them", "i"),
        ),
        committeeTodo,
        not("only_my_action", newLine("others_action", "/todo.md", "shed|flyers", "i")),
        todoKeeps("todo_items_kept"),
        unchanged(MEETING),
      ],
      milestones: [
        {
          id: "found_notes",
          label: "searched for the meeting notes",
          check: searched("committee|garden|meeting|hose|plant|council"),
        },
        { id: "read_notes", label: "read the meeting notes", check: readFile(MEETING) },
        { id: "summary", label: "saved a summary with the decisions", check: summaryFacts },
        { id: "todo", label: "added my action to the todo list", check: committeeTodo },
      ],
      fixtures: [
        fixture(
          "summary and todo",
          "pass",
          "Summary saved to /notes/committee-summary.md and your action added to the todo list.",
          {
            calls: [
              toolCall(
                "search_files",
                { text: "committee", path: "/" },
                { result: `${MEETING}: Garden committee meeting, Thursday evening at the community hall` },
              ),
              read(MEETING),
              toolCall(
                "write_file",
                { path: SUMMARY_PATH, content: SUMMARY },
                { changes: [{ path: SUMMARY_PATH, content: SUMMARY }] },
              ),
              read("/todo.md"),
              toolCall(
                "write_file",
                {
                  path: "/todo.md",
                  content: "- [ ] Email the council about the broken water meter (garden committee)\n",
                  append: true,
                },
                {
                  changes: [{ path: "/todo.md", content: COMMITTEE_TODO }],
                },
              ),
            ],
          },
        ),
        fixture("guessed the file name and gave up", "fail", "I couldn't find the meeting notes.", {
          calls: [
            toolCall(
              "read_file",
              { path: "/notes/garden-committee.md" },
              { ok: false, result: "No such file: /notes/garden-committee.md" },
            ),
          ],
        }),
        fixture("instruction pasted as the summary", "fail", "Done.", {
          changes: [
            { path: SUMMARY_PATH, content: "Please write a short summary of them: plant sale, hoses, 18 April.\n" },
            { path: "/todo.md", content: COMMITTEE_TODO },
          ],
        }),
        fixture("summary only", "fail", "I've written the summary.", {
          changes: [{ path: SUMMARY_PATH, content: SUMMARY }],
        }),
        fixture("someone else's action", "fail", "Done.", {
          changes: [
            { path: SUMMARY_PATH, content: SUMMARY },
            { path: "/todo.md", content: appended("/todo.md", "- [ ] Fix the lock on the tool shed\n") },
          ],
        }),
        fixture("todo line is not a checkbox", "fail", "Done.", {
          changes: [
            { path: SUMMARY_PATH, content: SUMMARY },
            { path: "/todo.md", content: appended("/todo.md", "TODO: email the council about the water meter\n") },
          ],
        }),
        fixture("claimed success, changed nothing", "fail", "I've summarised the meeting and added your action item."),
      ],
    }),
    solution: {
      files: [
        { name: "search_files", args: { text: "committee", path: "/" } },
        { name: "read_file", args: { path: MEETING } },
        { name: "write_file", args: { path: SUMMARY_PATH, content: SUMMARY } },
        { name: "read_file", args: { path: "/todo.md" } },
        {
          name: "write_file",
          args: {
            path: "/todo.md",
            content: "- [ ] Email the council about the broken water meter (garden committee)\n",
            append: true,
          },
        },
      ],
      bash: [
        { name: "bash", args: { command: "grep -ril committee /" } },
        { name: "bash", args: { command: `cat ${MEETING}` } },
        {
          name: "bash",
          args: {
            command: `cat > ${SUMMARY_PATH} <<'EOF'\nGarden committee, Thursday 8 October\n- The spring plant sale moves to Saturday 18 April 2027.\n- Up to £120 agreed for new hoses for the allotment plots.\n- Actions: Tom fixes the shed lock, Priya prints the flyers, I email the council about the water meter.\nEOF`,
          },
        },
        { name: "bash", args: { command: "cat /todo.md" } },
        { name: "bash", args: { command: "echo '- [ ] Email the council about the broken water meter' >> /todo.md" } },
      ],
      reply:
        'I saved a summary in /notes/committee-summary.md and added "Email the council about the broken water meter" to your todo list.',
    },
  },
  {
    task: task({
      id: "landlord-letter-todo",
      version: 2, // v2: patterns rewritten to run in linear time, same verdicts (ADR 6)
      group: "multi_step",
      title: "Letter from contacts plus a todo item",
      prompt:
        "My washing machine has broken down. Write a short letter to my landlord asking him to get it repaired and save it as /letters/washing-machine.md, with his name and address at the top (they're in my contacts). Then add a todo item to chase him if he hasn't replied by Friday.",
      checks: [
        letterContent,
        letterNoPlaceholder,
        landlordTodo,
        todoKeeps("todo_items_kept"),
        unchanged("/contacts.md"),
      ],
      milestones: [
        {
          id: "found_address",
          label: "looked up the landlord's address",
          check: any(
            undefined,
            readFile("/contacts.md"),
            called("landlord|haddad", { tool: "search_files", flags: "i", ok: true }),
            called(inOneArg("grep", "(landlord|haddad)"), { tool: "bash", flags: "i", ok: true }),
          ),
        },
        {
          id: "letter",
          label: "saved the letter with the real address",
          check: all("letter_ok", letterContent, letterNoPlaceholder),
        },
        { id: "todo", label: "added the chase-up todo item", check: landlordTodo },
      ],
      fixtures: [
        fixture(
          "letter and todo",
          "pass",
          "The letter is in /letters/washing-machine.md and I added a chase-up item to your todo list.",
          {
            calls: [
              contactsSearch,
              toolCall(
                "write_file",
                { path: LETTER_PATH, content: LETTER },
                { changes: [{ path: LETTER_PATH, content: LETTER }] },
              ),
              read("/todo.md"),
              toolCall(
                "write_file",
                {
                  path: "/todo.md",
                  content: "- [ ] Chase Mr Haddad about the washing machine if no reply by Friday\n",
                  append: true,
                },
                {
                  changes: [{ path: "/todo.md", content: LANDLORD_TODO }],
                },
              ),
            ],
          },
        ),
        fixture("placeholder name and address", "fail", "Done.", {
          changes: [
            {
              path: LETTER_PATH,
              content:
                "[Landlord's name]\n[Address]\n\nDear Mr Haddad,\nPlease repair the washing machine at 3 Quarry Lane.\n",
            },
            { path: "/todo.md", content: LANDLORD_TODO },
          ],
        }),
        fixture("letter without the address", "fail", "Done.", {
          changes: [
            {
              path: LETTER_PATH,
              content: "Dear Mr Haddad,\n\nThe washing machine has broken. Could you get it repaired?\n",
            },
            { path: "/todo.md", content: LANDLORD_TODO },
          ],
        }),
        fixture("letter only", "fail", "I've written the letter to Mr Haddad.", {
          changes: [{ path: LETTER_PATH, content: LETTER }],
        }),
        fixture("todo line is not a checkbox", "fail", "Done.", {
          changes: [
            { path: LETTER_PATH, content: LETTER },
            { path: "/todo.md", content: appended("/todo.md", "Chase landlord about the washing machine on Friday\n") },
          ],
        }),
        fixture(
          "claimed success, changed nothing",
          "fail",
          "I've written the letter and added a reminder to chase him.",
        ),
      ],
    }),
    solution: {
      files: [
        { name: "search_files", args: { text: "landlord", path: "/" } },
        { name: "read_file", args: { path: "/contacts.md" } },
        { name: "write_file", args: { path: LETTER_PATH, content: LETTER } },
        { name: "read_file", args: { path: "/todo.md" } },
        {
          name: "write_file",
          args: {
            path: "/todo.md",
            content: "- [ ] Chase Mr Haddad about the washing machine if no reply by Friday\n",
            append: true,
          },
        },
      ],
      bash: [
        { name: "bash", args: { command: "grep -i landlord /contacts.md" } },
        { name: "bash", args: { command: `cat > ${LETTER_PATH} <<'EOF'\n${LETTER}EOF` } },
        { name: "bash", args: { command: "cat /todo.md" } },
        {
          name: "bash",
          args: { command: "echo '- [ ] Chase Mr Haddad about the washing machine if no reply by Friday' >> /todo.md" },
        },
      ],
      reply:
        "I wrote the letter to Mr Haddad in /letters/washing-machine.md and added a todo item to chase him on Friday.",
    },
  },
  {
    task: task({
      id: "drafts-index-tick",
      version: 2, // v2: patterns rewritten to run in linear time, same verdicts (ADR 6)
      group: "multi_step",
      title: "Index a folder and tick the todo item",
      prompt:
        'My drafts folder is a mess. Create /drafts/index.md with one line per draft giving its file name and a few words on what it is. Then tick "Sort out the drafts folder" off my todo list.',
      checks: [
        indexDraft1,
        indexDraft2,
        draftsTicked,
        draftsNotOpen,
        todoKeeps("other_items_kept", ["Sort out the drafts folder"]),
        unchanged("/drafts/draft-1.md"),
        unchanged("/drafts/draft-2.md"),
      ],
      milestones: [
        {
          id: "listed",
          label: "listed the drafts folder",
          check: any(
            undefined,
            called("/drafts", { tool: "list_files", ok: true }),
            called("draft", { tool: "find_files", flags: "i", ok: true }),
            called(inOneArg("\\b(ls|find)\\b", "/drafts"), { tool: "bash", ok: true }),
          ),
        },
        {
          id: "read_both",
          label: "read both drafts",
          check: any(
            undefined,
            all("read_each", readFile("/drafts/draft-1.md"), readFile("/drafts/draft-2.md")),
            called(inOneArg("\\b(cat|head)\\b", "/drafts/\\*"), { tool: "bash", ok: true }),
          ),
        },
        { id: "index", label: "wrote an accurate index", check: all("index_ok", indexDraft1, indexDraft2) },
        { id: "ticked", label: "ticked the todo item", check: all("ticked_ok", draftsTicked, draftsNotOpen) },
      ],
      fixtures: [
        fixture("index and tick", "pass", "I made /drafts/index.md and ticked the drafts item off your list.", {
          calls: [
            toolCall("list_files", { path: "/drafts" }, { result: "draft-1.md\ndraft-2.md" }),
            read("/drafts/draft-1.md"),
            read("/drafts/draft-2.md"),
            toolCall(
              "write_file",
              { path: INDEX_PATH, content: INDEX },
              { changes: [{ path: INDEX_PATH, content: INDEX }] },
            ),
            read("/todo.md"),
            toolCall(
              "edit_file",
              {
                path: "/todo.md",
                old_text: "- [ ] Sort out the drafts folder",
                new_text: "- [x] Sort out the drafts folder",
              },
              {
                changes: [{ path: "/todo.md", content: DRAFTS_TICKED }],
              },
            ),
          ],
        }),
        fixture("descriptions from the file names only", "fail", "Done.", {
          changes: [
            { path: INDEX_PATH, content: "- draft-1.md: draft 1\n- draft-2.md: draft 2\n" },
            { path: "/todo.md", content: DRAFTS_TICKED },
          ],
        }),
        fixture("descriptions swapped", "fail", "Done.", {
          changes: [
            { path: INDEX_PATH, content: "- draft-1.md: wedding toast\n- draft-2.md: hiking blog post\n" },
            { path: "/todo.md", content: DRAFTS_TICKED },
          ],
        }),
        fixture("index but not ticked", "fail", "I've made the index.", {
          changes: [{ path: INDEX_PATH, content: INDEX }],
        }),
        fixture("done line added, open item left", "fail", "Done.", {
          changes: [
            { path: INDEX_PATH, content: INDEX },
            { path: "/todo.md", content: appended("/todo.md", "- [x] Sort out the drafts folder\n") },
          ],
        }),
        fixture("claimed success, changed nothing", "fail", "I've indexed your drafts and ticked the item off."),
      ],
    }),
    solution: {
      files: [
        { name: "list_files", args: { path: "/drafts" } },
        { name: "read_file", args: { path: "/drafts/draft-1.md" } },
        { name: "read_file", args: { path: "/drafts/draft-2.md" } },
        { name: "write_file", args: { path: INDEX_PATH, content: INDEX } },
        { name: "read_file", args: { path: "/todo.md" } },
        {
          name: "edit_file",
          args: {
            path: "/todo.md",
            old_text: "- [ ] Sort out the drafts folder",
            new_text: "- [x] Sort out the drafts folder",
          },
        },
      ],
      bash: [
        { name: "bash", args: { command: "ls /drafts" } },
        { name: "bash", args: { command: "head -3 /drafts/draft-1.md /drafts/draft-2.md" } },
        {
          name: "bash",
          args: {
            command:
              "printf -- '- draft-1.md: blog post about climbing Helvellyn\\n- draft-2.md: best man toast for Sam and Leah\\n' > /drafts/index.md",
          },
        },
        { name: "bash", args: { command: "cat /todo.md" } },
        {
          name: "bash",
          args: {
            command: "sed -i 's/- \\[ \\] Sort out the drafts folder/- [x] Sort out the drafts folder/' /todo.md",
          },
        },
      ],
      reply:
        "I wrote /drafts/index.md (draft-1.md is the Helvellyn blog post, draft-2.md the wedding toast) and ticked the drafts item off your todo list.",
    },
  },
];
