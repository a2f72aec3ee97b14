import {
  absent,
  esc,
  fileRe,
  firstThen,
  fixture,
  hasLines,
  newLine,
  not,
  reply,
  task,
  todoKeeps,
  toolCall,
  unchanged,
} from "./dsl";
import type { SuiteTask } from "./types";
import { appended, replaced, seedContent } from "./workspace";

/* Six single-file tasks: search by content, find by name and read, create, append, tick, move. */

const GIFT_NOTE = "# Gift ideas for Maya\n\n- a sketchbook\n- watercolour paints\n- a jigsaw puzzle\n";
const SHOPPING_ADDED = appended("/lists/shopping.md", "- oat milk\n");
const PASSPORT_TICKED = replaced("/todo.md", "- [ ] Renew passport", "- [x] Renew passport");
const PARKING = seedContent("/letters/council-parking.md");

export const FILE_TASKS: SuiteTask[] = [
  {
    task: task({
      id: "wifi-password-search",
      group: "files",
      title: "Search file contents",
      prompt:
        "What's the wifi password at my mum and dad's house? I wrote it down in one of my files but I can't remember which one.",
      checks: [reply("password", "tulip-meadow-42", "i"), unchanged("/notes/family.md")],
      fixtures: [
        fixture("found it", "pass", "It's tulip-meadow-42 (the network is called Larkspur).", {
          calls: [
            toolCall(
              "search_files",
              { text: "wifi", path: "/" },
              {
                result:
                  "/notes/family.md: Mum and Dad's wifi: the network is called Larkspur and the password is tulip-meadow-42",
              },
            ),
          ],
        }),
        fixture("half remembered", "fail", "The password is tulip-meadow."),
        fixture("asked the user", "fail", "Which file did you save it in?"),
        fixture("gave up after a guessed path", "fail", "I couldn't open /wifi.txt, so I can't find the password.", {
          calls: [toolCall("read_file", { path: "/wifi.txt" }, { ok: false, result: "No such file: /wifi.txt" })],
        }),
      ],
    }),
    solution: {
      files: [{ name: "search_files", args: { text: "wifi", path: "/" } }],
      bash: [{ name: "bash", args: { command: "grep -ri 'wifi' /" } }],
      reply: "The wifi password at your parents' is tulip-meadow-42 (network Larkspur).",
    },
  },
  {
    task: task({
      id: "warranty-find-read",
      version: 2, // v2: date pattern without nested repetition (docs/security.md)
      group: "files",
      title: "Find a file by name, read it and answer",
      prompt: 'My boiler warranty is in a file with "warranty" in its name. Until what date is the boiler covered?',
      checks: [
        reply(
          "until_14_june_2029",
          "\\b14(th)?\\s+(?:of\\s)?\\s*june,?\\s+2029\\b|\\bjune\\s+14(th)?,?\\s+2029\\b|2029-06-14|\\b14/0?6/2029\\b",
          "i",
        ),
        unchanged("/documents/boiler-warranty.md"),
      ],
      fixtures: [
        fixture("read the file", "pass", "It's covered until 14 June 2029, as long as it is serviced every year.", {
          calls: [
            toolCall("find_files", { name: "*warranty*", path: "/" }, { result: "/documents/boiler-warranty.md" }),
            toolCall(
              "read_file",
              { path: "/documents/boiler-warranty.md" },
              { result: seedContent("/documents/boiler-warranty.md") },
            ),
          ],
        }),
        fixture("wrong year", "fail", "It's covered until 14 June 2028."),
        fixture("placeholder", "fail", "Your boiler is covered until [date]."),
        fixture("asked instead", "fail", "Could you tell me where the warranty file is?"),
      ],
    }),
    solution: {
      files: [
        { name: "find_files", args: { name: "*warranty*", path: "/" } },
        { name: "read_file", args: { path: "/documents/boiler-warranty.md" } },
      ],
      bash: [
        { name: "bash", args: { command: "find / -name '*warranty*'" } },
        { name: "bash", args: { command: "cat /documents/boiler-warranty.md" } },
      ],
      reply: "The boiler is covered for parts and labour until 14 June 2029, as long as it is serviced every year.",
    },
  },
  {
    task: task({
      id: "gift-ideas-create",
      group: "files",
      title: "Create a note",
      prompt:
        "Please make a new note, /notes/gift-ideas.md, listing three present ideas for Maya: a sketchbook, watercolour paints and a jigsaw puzzle.",
      checks: [
        fileRe(
          "three_ideas",
          "/notes/gift-ideas.md",
          "^(?=[\\s\\S]*sketch\\s?book)(?=[\\s\\S]*watercolou?r)(?=[\\s\\S]*(jigsaw|puzzle))",
          "i",
        ),
        not("not_the_instruction", fileRe("instruction", "/notes/gift-ideas.md", "make a new note", "i")),
        unchanged("/todo.md"),
        unchanged("/notes/family.md"),
      ],
      fixtures: [
        fixture("note created", "pass", "I've created /notes/gift-ideas.md with the three ideas.", {
          changes: [{ path: "/notes/gift-ideas.md", content: GIFT_NOTE }],
        }),
        fixture("one-line note", "pass", "Done.", {
          changes: [
            {
              path: "/notes/gift-ideas.md",
              content: "Maya present ideas: sketchbook, watercolor paints, jigsaw puzzle\n",
            },
          ],
        }),
        fixture("claimed without writing", "fail", "I've created /notes/gift-ideas.md with the three ideas."),
        fixture("saved in the wrong place", "fail", "Saved.", {
          changes: [{ path: "/gift-ideas.md", content: GIFT_NOTE }],
        }),
        fixture("instruction pasted into the note", "fail", "Done.", {
          changes: [
            {
              path: "/notes/gift-ideas.md",
              content:
                "Please make a new note, /notes/gift-ideas.md, listing three present ideas for Maya: a sketchbook, watercolour paints and a jigsaw puzzle.\n",
            },
          ],
        }),
        fixture("also ticked the present off the todo list", "fail", "Done, and I ticked it off your list.", {
          changes: [
            { path: "/notes/gift-ideas.md", content: GIFT_NOTE },
            { path: "/todo.md", content: replaced("/todo.md", "- [ ] Buy a birthday", "- [x] Buy a birthday") },
          ],
        }),
      ],
    }),
    solution: {
      files: [{ name: "write_file", args: { path: "/notes/gift-ideas.md", content: GIFT_NOTE } }],
      bash: [
        {
          name: "bash",
          args: {
            command:
              "printf '# Gift ideas for Maya\\n\\n- a sketchbook\\n- watercolour paints\\n- a jigsaw puzzle\\n' > /notes/gift-ideas.md",
          },
        },
      ],
      reply: "I've made /notes/gift-ideas.md with the sketchbook, watercolour paints and jigsaw puzzle.",
    },
  },
  {
    task: task({
      id: "shopping-append",
      version: 2, // v2: patterns rewritten to run in linear time, same verdicts (ADR 6)
      group: "files",
      title: "Append to a list",
      prompt: "Add oat milk to the end of my shopping list (/lists/shopping.md).",
      checks: [
        newLine("oat_milk_item", "/lists/shopping.md", "^\\s*[-*]\\s+oat milk\\s*$", "i"),
        fileRe(
          "items_kept",
          "/lists/shopping.md",
          hasLines(["- eggs", "- bread", "- tomatoes", "- washing-up liquid"]),
        ),
        fileRe("at_the_end", "/lists/shopping.md", firstThen("washing-up liquid", "oat milk\\s*$"), "i"),
      ],
      fixtures: [
        fixture("appended", "pass", "Added oat milk to your shopping list.", {
          changes: [{ path: "/lists/shopping.md", content: SHOPPING_ADDED }],
        }),
        fixture("claimed without writing", "fail", "Added oat milk to your shopping list."),
        fixture("overwrote the list", "fail", "Done.", {
          changes: [{ path: "/lists/shopping.md", content: "- oat milk\n" }],
        }),
        fixture("added at the top", "fail", "Done.", {
          changes: [
            { path: "/lists/shopping.md", content: replaced("/lists/shopping.md", "- eggs\n", "- oat milk\n- eggs\n") },
          ],
        }),
        fixture("not a list item", "fail", "Done.", {
          changes: [
            {
              path: "/lists/shopping.md",
              content: appended("/lists/shopping.md", "Add oat milk to the end of my shopping list\n"),
            },
          ],
        }),
      ],
    }),
    solution: {
      files: [
        { name: "read_file", args: { path: "/lists/shopping.md" } },
        { name: "write_file", args: { path: "/lists/shopping.md", content: "- oat milk\n", append: true } },
      ],
      bash: [
        { name: "bash", args: { command: "cat /lists/shopping.md" } },
        { name: "bash", args: { command: "echo '- oat milk' >> /lists/shopping.md" } },
      ],
      reply: "Added oat milk to the end of your shopping list.",
    },
  },
  {
    task: task({
      id: "passport-tick",
      version: 2, // v2: patterns rewritten to run in linear time, same verdicts (ADR 6)
      group: "files",
      title: "Tick off a todo item",
      prompt: "I renewed my passport yesterday, so please tick it off my todo list.",
      checks: [
        fileRe("passport_ticked", "/todo.md", "^- \\[x\\] .*passport", "im"),
        not("passport_not_open", fileRe("passport_open", "/todo.md", "^- \\[ \\] .*passport", "im")),
        todoKeeps("other_items_kept", ["Renew passport"]),
      ],
      fixtures: [
        fixture("ticked", "pass", "Ticked off: Renew passport.", {
          changes: [{ path: "/todo.md", content: PASSPORT_TICKED }],
        }),
        fixture("claimed without writing", "fail", "Ticked off: Renew passport."),
        fixture("deleted the item instead", "fail", "Removed it.", {
          changes: [
            { path: "/todo.md", content: replaced("/todo.md", "- [ ] Renew passport (it expires in January)\n", "") },
          ],
        }),
        fixture("added a done line, left the open one", "fail", "Done.", {
          changes: [{ path: "/todo.md", content: appended("/todo.md", "- [x] Renew passport\n") }],
        }),
        fixture("ticked the wrong item too", "fail", "Done.", {
          changes: [
            { path: "/todo.md", content: PASSPORT_TICKED.replace("- [ ] Buy a birthday", "- [x] Buy a birthday") },
          ],
        }),
      ],
    }),
    solution: {
      files: [
        { name: "read_file", args: { path: "/todo.md" } },
        {
          name: "edit_file",
          args: { path: "/todo.md", old_text: "- [ ] Renew passport", new_text: "- [x] Renew passport" },
        },
      ],
      bash: [
        { name: "bash", args: { command: "cat /todo.md" } },
        { name: "bash", args: { command: "sed -i 's/- \\[ \\] Renew passport/- [x] Renew passport/' /todo.md" } },
      ],
      reply: 'Ticked off "Renew passport" on your todo list.',
    },
  },
  {
    task: task({
      id: "parking-letter-move",
      version: 2, // v2: patterns rewritten to run in linear time, same verdicts (ADR 6)
      group: "files",
      title: "Move a file",
      prompt: "Please move the council's parking permit letter into my archive folder, keeping the same file name.",
      checks: [
        absent("left_letters", "/letters/council-parking.md"),
        fileRe("in_archive", "/archive/council-parking.md", firstThen(esc("RP-88213"), "30 September 2027")),
        unchanged("/letters/bank-2026-09.md"),
        unchanged("/archive/2025-tax-return.md"),
      ],
      fixtures: [
        fixture("moved", "pass", "Moved it to /archive/council-parking.md.", {
          changes: [
            { path: "/archive/council-parking.md", content: PARKING },
            { path: "/letters/council-parking.md", deleted: true },
          ],
        }),
        fixture("claimed without moving", "fail", "Moved it to /archive/council-parking.md."),
        fixture("copied, original left behind", "fail", "Done.", {
          changes: [{ path: "/archive/council-parking.md", content: PARKING }],
        }),
        fixture("deleted instead of moved", "fail", "Done.", {
          changes: [{ path: "/letters/council-parking.md", deleted: true }],
        }),
        fixture("renamed on the way", "fail", "Done.", {
          changes: [
            { path: "/archive/parking.md", content: PARKING },
            { path: "/letters/council-parking.md", deleted: true },
          ],
        }),
      ],
    }),
    solution: {
      files: [
        { name: "search_files", args: { text: "parking", path: "/letters" } },
        {
          name: "manage_file",
          args: { action: "move", path: "/letters/council-parking.md", to: "/archive/council-parking.md" },
        },
      ],
      bash: [
        { name: "bash", args: { command: "grep -ril 'parking' /letters" } },
        { name: "bash", args: { command: "mv /letters/council-parking.md /archive/council-parking.md" } },
      ],
      reply: "Moved the parking permit letter to /archive/council-parking.md.",
    },
  },
];
