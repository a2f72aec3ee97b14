import { z } from "zod";
import { WorkspacePath } from "../protocol/common";

/** Check tree of protocol.md §2. Regexes are JavaScript syntax; flags take letters from `imsu`. */
export type Check =
  | { kind: "file_exists" | "file_absent"; id?: string; path?: string; glob?: string }
  | { kind: "file_regex"; id?: string; path?: string; glob?: string; pattern: string; flags?: string }
  | { kind: "file_unchanged"; id?: string; path: string }
  | { kind: "new_line"; id?: string; path: string; pattern: string; flags?: string }
  | { kind: "reply_regex"; id?: string; pattern: string; flags?: string }
  | { kind: "word_count"; id?: string; of: "reply" | "file"; path?: string; min?: number; max?: number }
  | { kind: "call_regex"; id?: string; tool?: string; pattern: string; flags?: string; ok?: boolean }
  | { kind: "all" | "any"; id?: string; of: Check[] }
  | { kind: "not"; id?: string; check: Check };

export type CheckKind = Check["kind"];
export const CHECK_KINDS: readonly CheckKind[] = [
  "file_exists",
  "file_absent",
  "file_regex",
  "file_unchanged",
  "new_line",
  "reply_regex",
  "word_count",
  "call_regex",
  "all",
  "any",
  "not",
];

const id = z.string().min(1).max(80).optional();
const flags = z
  .string()
  .regex(/^[imsu]*$/, "flags take letters from `imsu`")
  .optional();
const pattern = z.string().min(1).max(2000);
const glob = z
  .string()
  .min(2)
  .max(1024)
  .refine((g) => g.startsWith("/"), "globs are absolute: start them with `/`");

const target = { path: WorkspacePath.optional(), glob: glob.optional() };

export const CheckSchema: z.ZodType<Check> = z.lazy(() =>
  z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("file_exists"), id, ...target }),
    z.strictObject({ kind: z.literal("file_absent"), id, ...target }),
    z.strictObject({ kind: z.literal("file_regex"), id, ...target, pattern, flags }),
    z.strictObject({ kind: z.literal("file_unchanged"), id, path: WorkspacePath }),
    z.strictObject({ kind: z.literal("new_line"), id, path: WorkspacePath, pattern, flags }),
    z.strictObject({ kind: z.literal("reply_regex"), id, pattern, flags }),
    z.strictObject({
      kind: z.literal("word_count"),
      id,
      of: z.enum(["reply", "file"]),
      path: WorkspacePath.optional(),
      min: z.number().int().nonnegative().optional(),
      max: z.number().int().nonnegative().optional(),
    }),
    z.strictObject({
      kind: z.literal("call_regex"),
      id,
      tool: z.string().min(1).optional(),
      pattern,
      flags,
      ok: z.boolean().optional(),
    }),
    z.strictObject({ kind: z.literal("all"), id, of: z.array(CheckSchema).min(1) }),
    z.strictObject({ kind: z.literal("any"), id, of: z.array(CheckSchema).min(1) }),
    z.strictObject({ kind: z.literal("not"), id, check: CheckSchema }),
  ]),
);
