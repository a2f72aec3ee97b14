import type { Components, Job } from "@/domain/protocol";
import { BASH_TOOL, FILE_TOOLS, PLAN_TOOL } from "@/domain/suite/harness-tools";

export const DEVICE = { id: "sim-test-1", model: "iPhone 15 Pro", os: "iOS 26.1" };
export const BUILD = { commit: "abc1234", app: "sim", runtime: "harness-lab simulator", model: "gemma-4-e2b" };

export const TASKS = {
  "sim-dentist-todo": {
    prompt: "Find my dentist appointment, add it to /todo.md and save a reminder in /reminders/dentist.md.",
    files: [
      {
        path: "/notes/health.md",
        content: "# Health\nDentist: Tuesday 14 May at 9:30 with Dr Ortiz\nGP: annual check in June\n",
      },
      { path: "/todo.md", content: "# Todo\n- [ ] call mum\n" },
    ],
  },
  "sim-wifi-password": {
    prompt: "What is the wifi password? It's somewhere in my notes.",
    files: [{ path: "/home/network.md", content: "Router: attic\nWifi password: maple-river-42\n" }],
  },
  "sim-tick-milk": {
    prompt: "I bought the milk, tick it off my todo list.",
    files: [{ path: "/todo.md", content: "# Todo\n- [ ] buy milk\n- [ ] call mum\n" }],
  },
  "sim-apples": {
    prompt: "Mia has 12 apples, gives away 5 and buys 3 bags of 8. How many apples does she have?",
    files: [],
  },
} as const;

export function makeJob(
  taskId: keyof typeof TASKS | string,
  components: Partial<Components> = {},
  extra: {
    repeat?: number;
    maxToolCalls?: number;
    id?: string;
    files?: { path: string; content: string }[];
    prompt?: string;
  } = {},
): Job {
  const c: Components = { actions: "files", planning: false, examples: true, context: "none", ...components };
  const tools = [
    ...(c.actions === "files" ? FILE_TOOLS : c.actions === "bash" ? [BASH_TOOL] : []),
    ...(c.planning ? [PLAN_TOOL] : []),
  ];
  const task = (TASKS as Record<string, { prompt: string; files: readonly { path: string; content: string }[] }>)[
    taskId
  ];
  return {
    id: extra.id ?? `job_${taskId}`,
    attempt: 1,
    repeat: extra.repeat ?? 1,
    lease: { token: "lease-1", expiresAt: "2026-10-14T10:00:00.000Z", heartbeatSeconds: 30 },
    session: { id: "ses_1", name: "sim test" },
    task: {
      id: taskId,
      version: 1,
      prompt: extra.prompt ?? task?.prompt ?? "Find my passport renewal notes.",
      workspace: { files: [...(extra.files ?? task?.files ?? [])] },
    },
    config: {
      id: `cfg-${c.actions}${c.planning ? "-plan" : ""}${c.examples ? "-ex" : ""}`,
      version: 1,
      systemPrompt: "You are a helpful assistant on the user's phone. Use the tools to work with the user's files.",
      tools,
      components: c,
      contextWindow: 2048,
      temperature: 0.2,
      maxToolCalls: extra.maxToolCalls ?? 12,
    },
    protocol: { warmup: true, rest: { untilThermal: "nominal", maxSeconds: 180 } },
  };
}
