import { z } from "zod";

/** Non-negative integer (token counts, durations in ms). zod's int() already caps at the safe-integer range. */
export const count = () => z.number().int().nonnegative();

/** ISO-8601 timestamp; offsets are accepted so a phone whose clock is set to a zone still parses. */
export const isoTime = () => z.iso.datetime({ offset: true });

export const Thermal = z.enum(["nominal", "fair", "serious", "critical"]);
export type Thermal = z.infer<typeof Thermal>;
export const THERMAL_ORDER: readonly Thermal[] = Thermal.options;

/**
 * An absolute workspace path: starts with `/`, no NUL, no `.`/`..` segments, no empty segments.
 * The device presents its private workspace to the model as `/`, so every path is absolute.
 */
export const WorkspacePath = z
  .string()
  .min(2, "a path names a file under `/`, e.g. `/notes/health.md`")
  .max(1024)
  .refine((p) => p.startsWith("/"), "paths are absolute: start them with `/`")
  .refine((p) => !p.includes("\0"), "paths may not contain NUL")
  .refine(
    (p) =>
      p
        .slice(1)
        .split("/")
        .every((seg) => seg !== "" && seg !== "." && seg !== ".."),
    "paths may not contain empty, `.` or `..` segments",
  );

export const WorkspaceFile = z.object({ path: WorkspacePath, content: z.string() });
export type WorkspaceFile = z.infer<typeof WorkspaceFile>;

export const Workspace = z.object({ files: z.array(WorkspaceFile) }).superRefine((ws, ctx) => {
  const seen = new Set<string>();
  ws.files.forEach((f, i) => {
    if (seen.has(f.path)) {
      ctx.addIssue({ code: "custom", path: ["files", i, "path"], message: `duplicate path ${f.path}` });
    }
    seen.add(f.path);
  });
});
export type Workspace = z.infer<typeof Workspace>;

export const Device = z.object({
  id: z.string().min(1).max(200),
  model: z.string().min(1).max(200),
  os: z.string().min(1).max(200),
});
export type Device = z.infer<typeof Device>;

export const Build = z.object({
  commit: z.string().min(1).max(100),
  app: z.string().min(1).max(100),
  runtime: z.string().min(1).max(200),
  model: z.string().min(1).max(200),
  quantization: z.string().max(100).optional(),
});
export type Build = z.infer<typeof Build>;

export const DeviceState = z.object({
  thermal: Thermal,
  battery: z.number().min(0).max(1).optional(),
  charging: z.boolean().optional(),
});
export type DeviceState = z.infer<typeof DeviceState>;
