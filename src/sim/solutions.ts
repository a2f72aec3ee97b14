import type { SimSolution } from "./model/solution";
import phone20 from "../../suites/src/sim-solutions.json";

export type { SimCall, SimSolution } from "./model/solution";

/**
 * Scripted solutions of the simulated model, by task id (data only). A task without an entry is
 * "solved" by the generic fallback: search for a word from the prompt, read the first hit, reply.
 * The `sim-*` entries belong to the simulator's own test tasks (tests/unit/sim/fixtures.ts).
 */
export const SIM_SOLUTIONS: Record<string, SimSolution> = {
  // Solutions for the default suite, written beside it (suites/src) and regenerated with it.
  ...(phone20 as Record<string, SimSolution>),
  "sim-dentist-todo": {
    group: "multi_step",
    keyword: "dentist",
    guessPath: "/notes/dentist.md",
    files: [
      { name: "search_files", args: { text: "dentist" }, say: "Let me search for the appointment." },
      { name: "read_file", args: { path: "/notes/health.md" } },
      {
        name: "write_file",
        args: { path: "/reminders/dentist.md", content: "Reminder: dentist, Tuesday 14 May at 9:30 with Dr Ortiz\n" },
      },
      {
        name: "write_file",
        args: { path: "/todo.md", content: "- [ ] Dentist, Tuesday 14 May at 9:30\n", append: true },
      },
    ],
    bash: [
      "grep -ril dentist /",
      "cat /notes/health.md",
      "mkdir -p /reminders && echo 'Reminder: dentist, Tuesday 14 May at 9:30 with Dr Ortiz' > /reminders/dentist.md",
      "echo '- [ ] Dentist, Tuesday 14 May at 9:30' >> /todo.md",
    ],
    reply:
      "Your dentist appointment is on Tuesday 14 May at 9:30 with Dr Ortiz. I saved a reminder in /reminders/dentist.md and added it to /todo.md.",
  },
  "sim-wifi-password": {
    group: "files",
    keyword: "wifi",
    guessPath: "/wifi.txt",
    files: [
      { name: "search_files", args: { text: "wifi" } },
      { name: "read_file", args: { path: "/home/network.md" } },
    ],
    bash: ["grep -ril wifi /", "cat /home/network.md"],
    reply: "The Wi-Fi password is maple-river-42.",
  },
  "sim-tick-milk": {
    group: "files",
    keyword: "milk",
    guessPath: "/shopping.md",
    files: [
      { name: "read_file", args: { path: "/todo.md" } },
      { name: "edit_file", args: { path: "/todo.md", old_text: "- [ ] buy milk", new_text: "- [x] buy milk" } },
    ],
    bash: ["cat /todo.md", "sed -i 's/- \\[ \\] buy milk/- [x] buy milk/' /todo.md"],
    reply: 'Done: I ticked off "buy milk" in /todo.md.',
  },
  "sim-apples": {
    group: "no_files",
    reply: "Mia starts with 12 apples, gives away 5 (7 left) and buys 3 bags of 8 (24 more), so she has 31 apples.",
    wrongReply: "29",
  },
};
